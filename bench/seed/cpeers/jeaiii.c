/* A C reference for integer output by James Anhalt's (jeaiii) method, as
   Junekey Jeon explains it ("Faster integer formatting - James Anhalt
   (jeaiii)'s algorithm", 2022), written here from that description: a
   value's magnitude (a few comparisons) picks a constant that turns it,
   with one multiplication, into a fixed-point number whose integer part is
   its leading one or two digits; each further pair of digits is the integer
   part of the fraction times 100, read from a 2-digit table. No digit
   count is computed in advance, and no division is made but the splits of
   values of nine digits and more into 8-digit blocks (by constants, which
   the compiler makes multiplications). Lines go into a 1 MiB buffer
   drained with write(2), as the other integer references do.
     jeaiii ints N OUT   the integers 0..N-1, one a line
     jeaiii check N      N random 64-bit values and the edges against
                         snprintf; prints "ok" or the first difference
     jeaiii check-all    every 32-bit value against a division loop (a
                         minute or more) */
#include "gen.h"

static const char pairs[] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* lead writes the leading part f < 100 as one digit or two: the two bytes
   are stored whatever the length (the second is overwritten by what
   follows when f < 10) and the pointer advances by the length. */
static inline char *lead(char *p, uint32_t f) {
	const char *s = f < 10 ? pairs + 2 * f + 1 : pairs + 2 * f;
	memcpy(p, s, 2);
	return p + 1 + (f >= 10);
}

/* next writes the pair in the integer part of y (a 32.32 fixed-point
   number below 100) and returns the fraction times 100. */
static inline uint64_t next(char **p, uint64_t y) {
	y = (uint64_t)(uint32_t)y * 100;
	memcpy(*p, pairs + 2 * (y >> 32), 2);
	*p += 2;
	return y;
}

/* The constants are ceil(2^32 / 10^m) for m = 2 and 4, and
   ceil(2^47 / 10^6) for six digits after the leading part (shifted down by
   15 to a 32-bit fraction) and for the eight-digit blocks (whose 47-bit
   fraction keeps the digits of the values below 10^6 that a 32-bit one
   loses). check-all confirms them on every 32-bit value. */

/* put8 writes exactly eight digits of v < 10^8, leading zeros included,
   from a 17.47 fixed-point number. */
static inline char *put8(char *p, uint32_t v) {
	const uint64_t mask = ((uint64_t)1 << 47) - 1;
	uint64_t y = (uint64_t)v * 140737489u;
	for (int i = 0; i < 4; i++) {
		memcpy(p, pairs + 2 * (y >> 47), 2);
		p += 2;
		y = (y & mask) * 100;
	}
	return p;
}

static inline char *put32(char *p, uint32_t v) {
	uint64_t y;
	if (v < 100) return lead(p, v);
	if (v < 10000) {
		y = (uint64_t)v * 42949673u;
		p = lead(p, (uint32_t)(y >> 32));
		next(&p, y);
		return p;
	}
	if (v < 1000000) {
		y = (uint64_t)v * 429497u;
		p = lead(p, (uint32_t)(y >> 32));
		y = next(&p, y);
		next(&p, y);
		return p;
	}
	if (v < 100000000) {
		y = (uint64_t)v * 140737489u >> 15;
		p = lead(p, (uint32_t)(y >> 32));
		y = next(&p, y);
		y = next(&p, y);
		next(&p, y);
		return p;
	}
	uint32_t hi = v / 100000000; /* 1..42 */
	p = lead(p, hi);
	return put8(p, v - hi * 100000000);
}

static inline char *put64(char *p, uint64_t v) {
	if (v >> 32 == 0) return put32(p, (uint32_t)v);
	if (v < 10000000000000000ull) {
		uint64_t hi = v / 100000000;
		p = put32(p, (uint32_t)hi);
		return put8(p, (uint32_t)(v - hi * 100000000));
	}
	uint64_t top = v / 10000000000000000ull, rest = v - top * 10000000000000000ull;
	uint64_t mid = rest / 100000000;
	p = put32(p, (uint32_t)top);
	p = put8(p, (uint32_t)mid);
	return put8(p, (uint32_t)(rest - mid * 100000000));
}

static int check1(uint64_t v) {
	char got[32], want[32];
	char *e = put64(got, v);
	*e = 0;
	snprintf(want, sizeof want, "%llu", (unsigned long long)v);
	if (strcmp(got, want) != 0) {
		printf("jeaiii %s, want %s\n", got, want);
		return 0;
	}
	return 1;
}

static int check(long n) {
	uint64_t p = 1;
	for (int i = 0; i < 20; i++, p *= 10)
		for (uint64_t d = 0; d < 3; d++)
			if (!check1(p - 1 + d) || (p > 1 && !check1(p - 2))) return 1;
	for (int i = 0; i < 64; i++) {
		uint64_t b = (uint64_t)1 << i;
		if (!check1(b - 1) || !check1(b) || !check1(b + 1)) return 1;
	}
	if (!check1(~(uint64_t)0)) return 1;
	uint64_t s = 29;
	for (long i = 0; i < n; i++) {
		uint64_t z = seed_splitmix(&s);
		if (!check1(z >> (z & 63))) return 1;
	}
	printf("ok\n");
	return 0;
}

static int check_all(void) {
	for (uint64_t v = 0; v >> 32 == 0; v++) {
		char got[16], want[16], *q = want + sizeof want;
		*--q = 0;
		uint64_t x = v;
		do {
			*--q = (char)('0' + x % 10);
			x /= 10;
		} while (x);
		*put32(got, (uint32_t)v) = 0;
		if (strcmp(got, q) != 0) {
			printf("jeaiii %s, want %s\n", got, q);
			return 1;
		}
	}
	printf("ok\n");
	return 0;
}

int main(int argc, char **argv) {
	if (argc == 3 && !strcmp(argv[1], "check")) return check(atol(argv[2]));
	if (argc == 2 && !strcmp(argv[1], "check-all")) return check_all();
	if (argc != 4 || strcmp(argv[1], "ints") != 0) {
		fprintf(stderr, "usage: jeaiii ints N OUT | jeaiii check N\n");
		return 2;
	}
	long n = atol(argv[2]);
	int fd = seed_create(argv[3]);
	char *buf = malloc(SEED_BUF);
	if (!buf) seed_die("malloc");
	char *p = buf, *end = buf + SEED_BUF - 32;
	for (long i = 0; i < n; i++) {
		if (p > end) {
			seed_write_all(fd, buf, (size_t)(p - buf));
			p = buf;
		}
		p = put64(p, (uint64_t)i);
		*p++ = '\n';
	}
	seed_write_all(fd, buf, (size_t)(p - buf));
	if (close(fd) != 0) seed_die("close");
	return 0;
}
