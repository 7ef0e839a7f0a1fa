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
/* The temporary folders of outdir: ".slaudit-" and six characters of mkdtemp. */
#define TEMP_PREFIX ".slaudit-"
#define TEMP_TAG 6

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

/* ---- folders of report files ---- */

static bool
is_temp_name(const char *s)
{
    size_t plen = sizeof TEMP_PREFIX - 1;
    return strncmp(s, TEMP_PREFIX, plen) == 0 && strlen(s + plen) == TEMP_TAG;
}

/* Removes the regular files directly in the folder open as fd (closed here),
 * then the folder dirfd/name itself. */
static void
remove_folder(int parent, const char *name, int fd)
{
    DIR *d = fdopendir(fd);
    if (!d) {
        close(fd);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlinkat(dirfd(d), e->d_name, 0);
    closedir(d);
    unlinkat(parent, name, AT_REMOVEDIR);
}

/* Removes dir/name, a temporary folder or file, when no writer holds its lock. */
static void
remove_temp_if_abandoned(int parent, const char *name)
{
    int fd = openat(parent, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0)
        return;
    struct stat st;
    if (fstat(fd, &st) != 0 || flock(fd, LOCK_EX | LOCK_NB) != 0) {
        close(fd);
    } else if (S_ISDIR(st.st_mode)) {
        remove_folder(parent, name, fd);
    } else {
        if (S_ISREG(st.st_mode))
            unlinkat(parent, name, 0);
        close(fd);
    }
}

/* Best effort, as sweep(). */
static void
sweep_temps(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (is_temp_name(e->d_name))
            remove_temp_if_abandoned(dirfd(d), e->d_name);
    closedir(d);
}

/* The folder that holds path (a folder itself, maybe with trailing slashes),
 * and path without its trailing slashes. */
static bool
split_folder(const char *path, char **parent, char **bare)
{
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        n--;
    *bare = strndup(path, n);
    if (!*bare)
        return false;
    char *slash = strrchr(*bare, '/');
    if (!slash)
        *parent = strdup(".");
    else if (slash == *bare)
        *parent = strdup("/");
    else
        *parent = strndup(*bare, (size_t)(slash - *bare));
    return *parent != NULL;
}

static mode_t
default_folder_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0777 & ~mask;
}

enum sl_status
outdir_begin(struct outdir *o, const char *path, struct sl_diag *diag)
{
    char *parent = NULL;
    enum sl_status st = SL_OK;
    *o = (struct outdir){.fd = -1};
    if (!split_folder(path, &parent, &o->path)) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        goto out;
    }
    if (!strcmp(o->path, "/") || !strcmp(o->path, ".") || !strcmp(o->path, "..")) {
        st = diag_set(diag, SL_ERR_REPORT, path, 0,
                      "cannot replace this folder: give a folder of its own for the tables");
        goto out;
    }
    struct stat sb;
    if (stat(parent, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        st = diag_set(diag, SL_ERR_REPORT, path, 0, "the folder %s does not exist", parent);
        goto out;
    }
    sweep_temps(parent);
    size_t size = strlen(parent) + sizeof "/" TEMP_PREFIX + TEMP_TAG;
    if (!(o->tmp = malloc(size))) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        goto out;
    }
    for (int attempt = 0; attempt < 100 && o->fd < 0; attempt++) {
        snprintf(o->tmp, size, "%s/" TEMP_PREFIX "XXXXXX", parent);
        if (!mkdtemp(o->tmp))
            break;
        int fd = open(o->tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        struct stat a, b;
        /* A sweep may remove the folder before it is locked: then again. */
        if (fd >= 0 && flock(fd, LOCK_EX) == 0 && fstat(fd, &a) == 0 && stat(o->tmp, &b) == 0 &&
            a.st_ino == b.st_ino && a.st_dev == b.st_dev) {
            fchmod(fd, default_folder_mode()); /* mkdtemp makes it 0700 */
            o->fd = fd;
        } else if (fd >= 0) {
            close(fd);
        }
    }
    if (o->fd < 0) {
        st = diag_set(diag, SL_ERR_REPORT, path, 0, "cannot create a folder in %s: %s", parent,
                      strerror(errno));
        free(o->tmp);
        o->tmp = NULL;
    }
out:
    free(parent);
    if (st != SL_OK)
        outdir_abandon(o);
    return st;
}

/* Whether every entry of the folder path is one of names[0..n). */
static bool
holds_only(const char *path, const char *const *names, size_t n)
{
    DIR *d = opendir(path);
    if (!d)
        return false;
    bool only = true;
    struct dirent *e;
    while (only && (e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        only = false;
        for (size_t i = 0; i < n && !only; i++)
            only = strcmp(e->d_name, names[i]) == 0;
    }
    closedir(d);
    return only;
}

static void
sync_folder(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

enum sl_status
outdir_commit(struct outdir *o, const char *const *names, size_t n, struct sl_diag *diag)
{
    enum sl_status st = SL_OK;
    if (fsync(o->fd) != 0) {
        st = diag_set(diag, SL_ERR_REPORT, o->path, 0, "cannot flush the tables: %s",
                      strerror(errno));
        goto out;
    }
    /* Absent or empty: the folder takes the final name in one rename. */
    if (rename(o->tmp, o->path) == 0)
        goto renamed;
    if (errno != ENOTEMPTY && errno != EEXIST) {
        st = diag_set(diag, SL_ERR_REPORT, o->path, 0, "cannot rename the tables into place: %s",
                      strerror(errno));
        goto out;
    }
    /* An earlier set: the two folders swap in one step, and the old one goes. */
    if (holds_only(o->path, names, n) &&
        renameat2(AT_FDCWD, o->tmp, AT_FDCWD, o->path, RENAME_EXCHANGE) == 0) {
        /* o->fd follows the new set into place; the old set is at o->tmp. */
        int old = open(o->tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (old >= 0)
            remove_folder(AT_FDCWD, o->tmp, old);
        free(o->tmp);
        o->tmp = NULL;
        sync_folder(o->path);
        goto out;
    }
    /* A folder holding other files as well (or a file system that cannot
     * swap): each table is renamed in, whole, one after the other. */
    for (size_t i = 0; i < n; i++) {
        int fd = open(o->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        int r = fd < 0 ? -1 : renameat(o->fd, names[i], fd, names[i]);
        int err = errno;
        if (fd >= 0)
            close(fd);
        if (r != 0) {
            st = diag_set(diag, SL_ERR_REPORT, o->path, 0, "cannot rename %s into place: %s",
                          names[i], strerror(err));
            goto out;
        }
    }
    sync_folder(o->path);
    goto out; /* outdir_abandon removes the emptied temporary folder */
renamed:
    free(o->tmp);
    o->tmp = NULL;
    sync_folder(o->path);
out:
    outdir_abandon(o);
    return st;
}

void
outdir_abandon(struct outdir *o)
{
    if (!o->path && !o->tmp)
        return; /* released, or never begun (a zeroed struct) */
    if (o->tmp && o->fd >= 0) {
        remove_folder(AT_FDCWD, o->tmp, o->fd);
        o->fd = -1;
    }
    if (o->fd >= 0)
        close(o->fd);
    free(o->tmp);
    free(o->path);
    *o = (struct outdir){.fd = -1};
}
