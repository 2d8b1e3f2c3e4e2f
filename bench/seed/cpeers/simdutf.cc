// simdutf (Lemire and Keiser) UTF-8 to UTF-16LE, with validation, of a
// whole file read into memory: the C++ reference for Latin text. Built only
// where the library is installed (simdutf.h and -lsimdutf).
//   simdutf IN OUT
#include <simdutf.h>
extern "C" {
#include "gen.h"
}
#include <sys/stat.h>

int main(int argc, char **argv) {
	if (argc != 3) {
		fprintf(stderr, "usage: simdutf IN OUT\n");
		return 2;
	}
	int fd = open(argv[1], O_RDONLY);
	if (fd < 0) seed_die(argv[1]);
	struct stat st;
	if (fstat(fd, &st) != 0) seed_die("fstat");
	size_t n = static_cast<size_t>(st.st_size);
	char *in = static_cast<char *>(malloc(n + 1));
	size_t have = 0;
	while (have < n) {
		ssize_t k = read(fd, in + have, n - have);
		if (k <= 0) seed_die("read");
		have += static_cast<size_t>(k);
	}
	size_t units = simdutf::utf16_length_from_utf8(in, n);
	char16_t *out = static_cast<char16_t *>(malloc(2 * units + 2));
	size_t got = simdutf::convert_utf8_to_utf16le(in, n, out);
	if (got == 0 && n > 0) {
		fprintf(stderr, "simdutf: invalid UTF-8 in %s\n", argv[1]);
		return 1;
	}
	int o = seed_create(argv[2]);
	seed_write_all(o, reinterpret_cast<const char *>(out), 2 * got);
	if (close(o) != 0) seed_die("close");
	return 0;
}
