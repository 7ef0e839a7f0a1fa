/* outfile.c — temporary file, lock and rename for report files (outfile.h). */
#include "reports/xlsx/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TAG_DIGITS 8

/* The folder of path and the temporary files' name prefix ("NAME.tmp-"). */
static bool
split_path(const char *path, char **dir, char **prefix)
{
    const char *slash = strrchr(path, '/');
    size_t dlen = slash ? (size_t)(slash - path) : 0;
    const char *base = slash ? slash + 1 : path;
    *dir = malloc(dlen + 2);
    *prefix = malloc(strlen(base) + sizeof ".tmp-");
    if (!*dir || !*prefix)
        return false;
    if (!slash)
        snprintf(*dir, 2, ".");
    else if (dlen == 0)
        snprintf(*dir, 2, "/");
    else
        snprintf(*dir, dlen + 1, "%.*s", (int)dlen, path);
    snprintf(*prefix, strlen(base) + sizeof ".tmp-", "%s.tmp-", base);
    return true;
}

static bool
is_tag(const char *s)
{
    size_t n = strspn(s, "0123456789abcdef");
    return n == TAG_DIGITS && s[n] == '\0';
}

/* Removes dir/name when no writer holds its lock. */
static void
remove_if_abandoned(int dirfd, const char *name)
{
    int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0)
        return;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && flock(fd, LOCK_EX | LOCK_NB) == 0)
        unlinkat(dirfd, name, 0);
    close(fd);
}

/* Best effort: a folder that cannot be read keeps its leftovers. */
static void
sweep(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    size_t plen = strlen(prefix);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strncmp(e->d_name, prefix, plen) == 0 && is_tag(e->d_name + plen))
            remove_if_abandoned(dirfd(d), e->d_name);
    closedir(d);
}

/* Whether the name tmp still refers to the open file fd: a sweep may remove a
 * file in the instant between its creation and its lock. */
static bool
still_named(const char *tmp, int fd)
{
    struct stat a, b;
    return fstat(fd, &a) == 0 && stat(tmp, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static int
create_locked(char *tmp, size_t size, const char *path)
{
    static unsigned counter;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts); /* only to vary the name */
    unsigned seed = (unsigned)getpid() * 2654435761u ^ (unsigned)ts.tv_nsec;
    for (int attempt = 0; attempt < 100; attempt++) {
        unsigned tag = seed + (counter++) * 0x9E3779B9u;
        snprintf(tmp, size, "%s.tmp-%0*x", path, TAG_DIGITS, tag);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0)
            return -1;
        if (flock(fd, LOCK_EX) == 0 && still_named(tmp, fd))
            return fd;
        int err = errno;
        close(fd);
        if (err != ENOENT)
            return -1;
    }
    errno = EEXIST;
    return -1;
}

enum sl_status
outfile_begin(struct outfile *o, const char *path, struct sl_diag *diag)
{
    char *dir = NULL, *prefix = NULL;
    enum sl_status st = SL_OK;
    size_t size = strlen(path) + sizeof ".tmp-" + TAG_DIGITS;
    *o = (struct outfile){.path = strdup(path), .tmp = malloc(size), .fd = -1};
    if (!o->path || !o->tmp || !split_path(path, &dir, &prefix)) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        goto out;
    }
    sweep(dir, prefix);
    o->fd = create_locked(o->tmp, size, path);
    if (o->fd < 0)
        st =
            diag_set(diag, SL_ERR_REPORT, path, 0, "cannot create %s: %s", o->tmp, strerror(errno));
out:
    free(dir);
    free(prefix);
    if (st != SL_OK) {
        free(o->tmp);
        o->tmp = NULL; /* not created: nothing to remove */
        outfile_abandon(o);
    }
    return st;
}

enum sl_status
outfile_commit(struct outfile *o, struct sl_diag *diag)
{
    enum sl_status st = SL_OK;
    if (fsync(o->fd) != 0)
        st = diag_set(diag, SL_ERR_REPORT, o->path, 0, "cannot flush %s: %s", o->tmp,
                      strerror(errno));
    else if (rename(o->tmp, o->path) != 0)
        st = diag_set(diag, SL_ERR_REPORT, o->path, 0, "cannot rename %s onto it: %s", o->tmp,
                      strerror(errno));
    if (st == SL_OK) {
        free(o->tmp);
        o->tmp = NULL; /* it is the final file now */
    }
    outfile_abandon(o);
    return st;
}

void
outfile_abandon(struct outfile *o)
{
    if (!o->path && !o->tmp)
        return; /* released, or never begun (a zeroed struct) */
    if (o->tmp)
        unlink(o->tmp);
    if (o->fd >= 0)
        close(o->fd);
    free(o->tmp);
    free(o->path);
    *o = (struct outfile){.fd = -1};
}
