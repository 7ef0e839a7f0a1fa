/* measure.c — runs one command and reports what it cost: wall time, CPU time
 * and the child's peak resident set size (getrusage of the child via wait4).
 *
 * usage: bench-measure OUTFILE COMMAND [ARG...]
 *
 * Appends "wall_s user_s sys_s maxrss_kb exit" to OUTFILE; the command's own
 * stdout and stderr pass through. Exits with the command's status. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
seconds(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

int
main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bench-measure OUTFILE COMMAND [ARG...]\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        perror("bench-measure: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        fprintf(stderr, "bench-measure: %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR) {
            perror("bench-measure: wait4");
            return 2;
        }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    FILE *out = fopen(argv[1], "a");
    if (!out) {
        fprintf(stderr, "bench-measure: %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    fprintf(out, "%.3f %.3f %.3f %ld %d\n", wall, seconds(ru.ru_utime), seconds(ru.ru_stime),
            ru.ru_maxrss, code);
    fclose(out);
    return code;
}
