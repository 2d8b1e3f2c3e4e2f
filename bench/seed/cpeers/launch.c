/* launch [-cpus N] PROG ARGS...: runs PROG as a child of this small
   process and writes "wall_ns user_us sys_us maxrss_kb" for it to file
   descriptor 3. With -cpus N the child is pinned to N of the CPUs this
   process may use, starting with the one it runs on (so that the kernel's
   choice of the least busy CPU is kept), and fails if there are fewer.
   seedbench starts every measured program through it because Linux
   carries the peak RSS of a process across execve: a program started
   straight from the (large) Go parent would report the parent's RSS as its
   own peak. Forked from this small process, the child's peak is its own.
   The exit status is the child's. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* pin restricts this process (and so the child it forks) to n of the
   CPUs it may use. */
static int pin(int n) {
	cpu_set_t allowed, set;
	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) {
		perror("launch: sched_getaffinity");
		return -1;
	}
	if (n < 1 || n > CPU_COUNT(&allowed)) {
		fprintf(stderr, "launch: -cpus %d: this process may use %d CPUs\n", n, CPU_COUNT(&allowed));
		return -1;
	}
	int first = sched_getcpu();
	if (first < 0 || first >= CPU_SETSIZE || !CPU_ISSET(first, &allowed)) first = 0;
	CPU_ZERO(&set);
	for (int i = 0, got = 0; got < n && i < CPU_SETSIZE; i++) {
		int c = (first + i) % CPU_SETSIZE;
		if (CPU_ISSET(c, &allowed)) {
			CPU_SET(c, &set);
			got++;
		}
	}
	if (sched_setaffinity(0, sizeof set, &set) != 0) {
		perror("launch: sched_setaffinity");
		return -1;
	}
	return 0;
}

int main(int argc, char **argv) {
	if (argc >= 3 && strcmp(argv[1], "-cpus") == 0) {
		char *end;
		long n = strtol(argv[2], &end, 10);
		if (*end != '\0' || end == argv[2] || n < 1 || n > CPU_SETSIZE) {
			fprintf(stderr, "launch: -cpus %s: want a count of CPUs\n", argv[2]);
			return 2;
		}
		if (pin((int)n) != 0) return 2;
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: launch [-cpus N] PROG ARGS...\n");
		return 2;
	}
	if (fcntl(3, F_SETFD, FD_CLOEXEC) != 0) {
		perror("launch: fd 3");
		return 2;
	}
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	pid_t pid = fork();
	if (pid < 0) {
		perror("launch: fork");
		return 2;
	}
	if (pid == 0) {
		execv(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	int status;
	struct rusage ru;
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("launch: wait4");
			return 2;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	long long wall = (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
	dprintf(3, "%lld %lld %lld %ld\n", wall,
		(long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec,
		(long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec, ru.ru_maxrss);
	if (WIFEXITED(status)) return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}
