/* C stdio references: fprintf/fscanf of integers and doubles, fwrite of
   "Hello World\n" lines, with glibc's default FILE buffer.
     stdio ints-write N OUT | ints-read IN | doubles-write N OUT |
     doubles-read IN | hello N OUT */
#include "gen.h"

int main(int argc, char **argv) {
	if (argc < 3) {
		fprintf(stderr, "usage: stdio mode args\n");
		return 2;
	}
	const char *mode = argv[1];
	if (!strcmp(mode, "ints-write") || !strcmp(mode, "doubles-write") || !strcmp(mode, "hello")) {
		long n = atol(argv[2]);
		FILE *f = fopen(argv[3], "wb");
		if (!f) seed_die(argv[3]);
		if (!strcmp(mode, "ints-write")) {
			for (long i = 0; i < n; i++) fprintf(f, "%ld\n", i);
		} else if (!strcmp(mode, "doubles-write")) {
			uint64_t s = 1;
			for (long i = 0; i < n; i++) fprintf(f, "%.17g\n", seed_double(&s));
		} else {
			for (long i = 0; i < n; i++) fwrite("Hello World\n", 1, 12, f);
		}
		if (fclose(f) != 0) seed_die("fclose");
		return 0;
	}
	FILE *f = fopen(argv[2], "rb");
	if (!f) seed_die(argv[2]);
	if (!strcmp(mode, "ints-read")) {
		long v, sum = 0, n = 0;
		while (fscanf(f, "%ld", &v) == 1) {
			sum += v;
			n++;
		}
		printf("%ld %ld\n", n, sum);
	} else if (!strcmp(mode, "doubles-read")) {
		double v;
		long n = 0;
		uint64_t h = SEED_FOLD_INIT, bits;
		while (fscanf(f, "%lf", &v) == 1) {
			memcpy(&bits, &v, 8);
			h = seed_fold(h, bits);
			n++;
		}
		printf("%ld %016llx\n", n, (unsigned long long)h);
	} else {
		fprintf(stderr, "stdio: unknown mode %s\n", mode);
		return 2;
	}
	if (ferror(f)) seed_die("read");
	return 0;
}
