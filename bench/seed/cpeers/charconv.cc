// C++17 <charconv> references: std::to_chars (shortest round-trip doubles,
// general or scientific; integers) into a 1 MiB buffer drained with
// write(2); std::from_chars or fast_float::from_chars over 1 MiB reads.
//   charconv ints-write N OUT | ints-read IN | doubles-write N OUT [sci] |
//   doubles-read IN | fastfloat-read IN
#include <charconv>
#include <system_error>
#include <fast_float/fast_float.h>
extern "C" {
#include "gen.h"
}

namespace {

struct Out {
	int fd;
	char *buf = static_cast<char *>(malloc(SEED_BUF));
	size_t n = 0;
	explicit Out(const char *path) : fd(seed_create(path)) {}
	char *room(size_t k) {
		if (n + k > SEED_BUF) {
			seed_write_all(fd, buf, n);
			n = 0;
		}
		return buf + n;
	}
	void close() {
		seed_write_all(fd, buf, n);
		if (::close(fd) != 0) seed_die("close");
	}
};

// each calls f(first, last) for every line of the file, in 1 MiB reads.
template <class F> long each(const char *path, F f) {
	int fd = open(path, O_RDONLY);
	if (fd < 0) seed_die(path);
	char *buf = static_cast<char *>(malloc(2 * SEED_BUF));
	size_t have = 0;
	long lines = 0;
	for (;;) {
		ssize_t k = read(fd, buf + have, SEED_BUF);
		if (k < 0) seed_die("read");
		have += static_cast<size_t>(k);
		char *p = buf, *end = buf + have;
		for (;;) {
			char *nl = static_cast<char *>(memchr(p, '\n', static_cast<size_t>(end - p)));
			if (!nl) break;
			f(p, nl);
			lines++;
			p = nl + 1;
		}
		have = static_cast<size_t>(end - p);
		memmove(buf, p, have);
		if (k == 0) break;
	}
	if (have > 0) {
		f(buf, buf + have);
		lines++;
	}
	return lines;
}

void bad(const char *p, const char *q) {
	fprintf(stderr, "charconv: bad number %.*s\n", static_cast<int>(q - p), p);
	exit(1);
}

} // namespace

int main(int argc, char **argv) {
	if (argc < 3) {
		fprintf(stderr, "usage: charconv mode args\n");
		return 2;
	}
	std::string_view mode = argv[1];
	if (mode == "ints-write" || mode == "doubles-write") {
		long n = atol(argv[2]);
		Out o(argv[3]);
		if (mode == "ints-write") {
			for (long i = 0; i < n; i++) {
				char *p = o.room(24);
				auto r = std::to_chars(p, p + 24, i);
				*r.ptr = '\n';
				o.n += static_cast<size_t>(r.ptr + 1 - p);
			}
		} else {
			bool sci = argc > 4 && std::string_view(argv[4]) == "sci";
			uint64_t s = 1;
			for (long i = 0; i < n; i++) {
				char *p = o.room(32);
				double v = seed_double(&s);
				auto r = sci ? std::to_chars(p, p + 32, v, std::chars_format::scientific)
				             : std::to_chars(p, p + 32, v);
				*r.ptr = '\n';
				o.n += static_cast<size_t>(r.ptr + 1 - p);
			}
		}
		o.close();
		return 0;
	}
	if (mode == "ints-read") {
		long sum = 0;
		long n = each(argv[2], [&](const char *p, const char *q) {
			long v;
			auto r = std::from_chars(p, q, v);
			if (r.ec != std::errc() || r.ptr != q) bad(p, q);
			sum += v;
		});
		printf("%ld %ld\n", n, sum);
		return 0;
	}
	if (mode == "doubles-read" || mode == "fastfloat-read") {
		bool ff = mode == "fastfloat-read";
		uint64_t h = SEED_FOLD_INIT;
		long n = each(argv[2], [&](const char *p, const char *q) {
			double v;
			const char *end;
			bool ok;
			if (ff) {
				auto r = fast_float::from_chars(p, q, v);
				end = r.ptr;
				ok = r.ec == std::errc();
			} else {
				auto r = std::from_chars(p, q, v);
				end = r.ptr;
				ok = r.ec == std::errc();
			}
			if (!ok || end != q) bad(p, q);
			uint64_t bits;
			memcpy(&bits, &v, 8);
			h = seed_fold(h, bits);
		});
		printf("%ld %016llx\n", n, static_cast<unsigned long long>(h));
		return 0;
	}
	fprintf(stderr, "charconv: unknown mode %s\n", argv[1]);
	return 2;
}
