/* OpenSSL's one-shot SHA1()/SHA256()/SHA512() over many short messages (the
   messages the Go side generates: message i is len bytes of (i*31+j)&0xff),
   folding the digests by XOR.   sha ALG LEN COUNT */
#include "gen.h"
#include <openssl/sha.h>

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: sha 1|256|512 LEN COUNT\n");
		return 2;
	}
	int alg = atoi(argv[1]);
	size_t len = (size_t)atol(argv[2]);
	long count = atol(argv[3]);
	unsigned char *msgs = malloc(len * 64);
	for (size_t k = 0; k < 64; k++)
		for (size_t j = 0; j < len; j++) msgs[k * len + j] = (unsigned char)((k * 31 + j) & 0xff);
	unsigned char fold[64] = {0}, d[64];
	size_t dn = alg == 1 ? 20 : alg == 256 ? 32 : 64;
	for (long i = 0; i < count; i++) {
		const unsigned char *m = msgs + (size_t)(i & 63) * len;
		if (alg == 1) SHA1(m, len, d);
		else if (alg == 256) SHA256(m, len, d);
		else SHA512(m, len, d);
		for (size_t j = 0; j < dn; j++) fold[j] ^= d[j];
	}
	for (size_t j = 0; j < dn; j++) printf("%02x", fold[j]);
	printf("\n");
	return 0;
}
