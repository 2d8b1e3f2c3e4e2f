/* read(2) of a whole file in chunks of the given size into one buffer: the
   floor for large reads.   rawread CHUNK IN   prints the byte count. */
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
	for (;;) {
		ssize_t k = read(fd, buf, chunk);
		if (k < 0) seed_die("read");
		if (k == 0) break;
		total += k;
	}
	printf("%lld\n", total);
	return 0;
}
