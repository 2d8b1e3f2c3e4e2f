/* launch PROG ARGS...: runs PROG as a child of this small process and
   writes "wall_ns user_us sys_us maxrss_kb" for it to file descriptor 3.
   seedbench starts every measured program through it because Linux
   carries the peak RSS of a process across execve: a program started
   straight from the (large) Go parent would report the parent's RSS as its
   own peak. Forked from this small process, the child's peak is its own.
   The exit status is the child's. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: launch PROG ARGS...\n");
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
