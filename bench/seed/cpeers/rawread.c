/* read(2) of a whole file in chunks of the given size into one buffer: the
   floor for large reads.   rawread CHUNK IN   prints the byte count, and
   in seedbench's check round (FASTIO_SEEDBENCH_CHECK set) the FNV-1a of
   the bytes. */
#include "gen.h"

int main(int argc, char **argv) {
	if (argc != 3) {
		fprintf(stderr, "usage: rawread CHUNK IN\n");
		return 2;
	}
	size_t chunk = (size_t)atol(argv[1]);
	int fd = open(argv[2], O_RDONLY);
	if (fd < 0) seed_die(argv[2]);
	char *buf = malloc(chunk);
	if (!buf) seed_die("malloc");
	long long total = 0;
	int check = getenv("FASTIO_SEEDBENCH_CHECK") != NULL;
	uint64_t h = SEED_FOLD_INIT;
	for (;;) {
		ssize_t k = read(fd, buf, chunk);
		if (k < 0) seed_die("read");
		if (k == 0) break;
		total += k;
		if (check)
			for (ssize_t i = 0; i < k; i++) h = (h ^ (unsigned char)buf[i]) * 0x100000001b3ull;
	}
	if (check)
		printf("%lld %016llx\n", total, (unsigned long long)h);
	else
		printf("%lld\n", total);
	return 0;
}
