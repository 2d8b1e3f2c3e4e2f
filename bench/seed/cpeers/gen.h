/* Shared by the C and C++ references: the same generated doubles as the Go
   side (splitmix64 bits, a 53-bit mantissa scaled by one of 16 powers of
   ten; one multiplication, so every IEEE-754 implementation rounds alike),
   and a 1 MiB output buffer drained with write(2). */
#ifndef SEEDBENCH_GEN_H
#define SEEDBENCH_GEN_H
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <stdlib.h>
#include <stdio.h>
#include <fcntl.h>

static const double seed_scale[16] = {1e-10, 1e-5, 1e-3, 0.01, 0.1, 1, 10, 100,
	1000, 1e4, 1e5, 1e6, 1e7, 1e9, 1e15, 1e20};

static inline uint64_t seed_splitmix(uint64_t *s) {
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static inline double seed_double(uint64_t *s) {
	uint64_t z = seed_splitmix(s);
	double v = (double)(z >> 11) * 0x1p-53 * seed_scale[z & 15];
	return (z >> 4) & 1 ? -v : v;
}

/* seed_fold mixes the bits of parsed doubles into the fingerprint the Go
   side computes (FNV-1a style over 64-bit words). */
static inline uint64_t seed_fold(uint64_t h, uint64_t bits) {
	return (h ^ bits) * 0x100000001b3ull;
}
#define SEED_FOLD_INIT 0xcbf29ce484222325ull

#define SEED_BUF (1 << 20)

static inline void seed_die(const char *what) {
	perror(what);
	exit(1);
}

static inline int seed_create(const char *path) {
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) seed_die(path);
	return fd;
}

static inline void seed_write_all(int fd, const char *p, size_t n) {
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0) seed_die("write");
		p += k;
		n -= (size_t)k;
	}
}
#endif
