/* Hello world for the binary-size table. */
#include <stdio.h>

int main(void) {
	fputs("Hello World\n", stdout);
	return 0;
}
