/* Plain C references: integers formatted with a 2-digit table (a division
   by 100 per two digits), or "Hello World\n" copied, into a 1 MiB buffer
   drained with write(2).
     table ints N OUT | hello N OUT */
#include "gen.h"

static const char digits2[] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* put writes v and a newline at p, returning the end. */
static inline char *put(char *p, unsigned long v) {
	char tmp[24];
	char *e = tmp + sizeof tmp, *q = e;
	*--q = '\n';
	while (v >= 100) {
		unsigned long r = v % 100;
		v /= 100;
		q -= 2;
		memcpy(q, digits2 + 2 * r, 2);
	}
	if (v >= 10) {
		q -= 2;
		memcpy(q, digits2 + 2 * v, 2);
	} else {
		*--q = (char)('0' + v);
	}
	size_t n = (size_t)(e - q);
	memcpy(p, q, n);
	return p + n;
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: table ints|hello N OUT\n");
		return 2;
	}
	long n = atol(argv[2]);
	int fd = seed_create(argv[3]);
	char *buf = malloc(SEED_BUF);
	if (!buf) seed_die("malloc");
	char *p = buf, *end = buf + SEED_BUF - 32;
	int ints = !strcmp(argv[1], "ints");
	for (long i = 0; i < n; i++) {
		if (p > end) {
			seed_write_all(fd, buf, (size_t)(p - buf));
			p = buf;
		}
		if (ints) {
			p = put(p, (unsigned long)i);
		} else {
			memcpy(p, "Hello World\n", 12);
			p += 12;
		}
	}
	seed_write_all(fd, buf, (size_t)(p - buf));
	if (close(fd) != 0) seed_die("close");
	return 0;
}
