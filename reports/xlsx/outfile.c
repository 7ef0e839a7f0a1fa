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
#include <unistd.h>

/* Temporary files and folders: ".slaudit-" and the six characters of
 * mkostemp or mkdtemp, short so that any valid final name has room. */
#define TEMP_PREFIX ".slaudit-"
#define TEMP_TAG 6

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

/* Best effort: a folder that cannot be read keeps its leftovers. */
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

/* The folder of path. */
static char *
folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* Whether the name tmp still refers to the open file fd: a sweep may remove a
 * file in the instant between its creation and its lock. */
static bool
still_named(const char *tmp, int fd)
{
    struct stat a, b;
    return fstat(fd, &a) == 0 && stat(tmp, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static mode_t
default_mode(mode_t mode)
{
    mode_t mask = umask(0);
    umask(mask);
    return mode & ~mask;
}

/* Creates and locks dir/.slaudit-XXXXXX in tmp (of size bytes). */
static int
create_locked(char *tmp, size_t size, const char *dir)
{
    for (int attempt = 0; attempt < 100; attempt++) {
        snprintf(tmp, size, "%s/" TEMP_PREFIX "XXXXXX", dir);
        int fd = mkostemp(tmp, O_CLOEXEC);
        if (fd < 0)
            return -1;
        if (flock(fd, LOCK_EX) == 0 && still_named(tmp, fd)) {
            fchmod(fd, default_mode(0666)); /* mkostemp makes it 0600 */
            return fd;
        }
        int err = errno;
        close(fd);
        if (err != ENOENT && err != 0)
            return -1;
    }
    errno = EEXIST;
    return -1;
}

/* What a path is, for a message: "a directory", "a character device", ... */
static const char *
kind_of(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    return "something else";
}

/* Why a file cannot be created in dir, for errno err. */
static enum sl_status
cannot_create(struct sl_diag *diag, const char *path, const char *dir, int err)
{
    struct stat sb;
    if (err == ENOENT || err == ENOTDIR || (stat(dir, &sb) == 0 && !S_ISDIR(sb.st_mode)))
        return diag_set(diag, SL_ERR_REPORT, path, 0, "the folder %s does not exist", dir);
    return diag_set(diag, SL_ERR_REPORT, path, 0, "cannot create a file in %s: %s", dir,
                    strerror(err));
}

enum sl_status
outfile_begin(struct outfile *o, const char *path, struct sl_diag *diag)
{
    char *dir = NULL;
    enum sl_status st = SL_OK;
    struct stat sb;
    *o = (struct outfile){.path = strdup(path), .fd = -1};
    if (!o->path || !(dir = folder_of(path))) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        goto out;
    }
    if (!strcmp(path, "-")) {
        st = diag_set(diag, SL_ERR_REPORT, path, 0,
                      "a workbook cannot be written to standard output: give a file name");
        goto out;
    }
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        st = diag_set(diag, SL_ERR_REPORT, path, 0,
                      "it is %s, not a regular file: refusing to replace it; give a file name",
                      kind_of(sb.st_mode));
        goto out;
    }
    size_t size = strlen(dir) + sizeof "/" TEMP_PREFIX + TEMP_TAG;
    if (!(o->tmp = malloc(size))) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        goto out;
    }
    sweep_temps(dir);
    o->fd = create_locked(o->tmp, size, dir);
    if (o->fd < 0) {
        st = cannot_create(diag, path, dir, errno);
        free(o->tmp);
        o->tmp = NULL; /* not created: nothing to remove */
    }
out:
    free(dir);
    if (st != SL_OK)
        outfile_abandon(o);
    return st;
}

enum sl_status
outfile_commit(struct outfile *o, struct sl_diag *diag)
{
    enum sl_status st = SL_OK;
    if (fsync(o->fd) != 0)
        st = diag_set(diag, SL_ERR_REPORT, o->path, 0, "cannot write: %s", strerror(errno));
    else if (rename(o->tmp, o->path) != 0)
        st = diag_set(diag, SL_ERR_REPORT, o->path, 0,
                      "cannot rename the finished file onto it: %s", strerror(errno));
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
    if (stat(o->path, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
        st = diag_set(diag, SL_ERR_REPORT, path, 0,
                      "it is %s, not a directory: refusing to replace it; give a directory",
                      S_ISREG(sb.st_mode) ? "a file" : kind_of(sb.st_mode));
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
            fchmod(fd, default_mode(0777)); /* mkdtemp makes it 0700 */
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
