/* outfile.h — a report file, or a folder of them, written beside its final
 * name and renamed onto it only when complete, so the final name never holds
 * half a file or half a set.
 *
 * The temporary file is .slaudit-XXXXXX in the folder of PATH (short, so
 * that any name the file system allows for PATH works), created exclusively
 * with the usual permissions (0666 less the umask) and held under an
 * exclusive flock(2) for as long as it is written. A writer that dies, even
 * by SIGKILL, releases the lock with its descriptors; the next outfile_begin()
 * or outdir_begin() in the same folder removes such leftovers, and leaves
 * alone a temporary file whose writer still holds it.
 *
 * A final name that exists and is not a regular file (a device, a FIFO, a
 * directory) is refused rather than replaced, and so is "-": a workbook
 * cannot go to standard output. */
#ifndef SLAUDIT_OUTFILE_H
#define SLAUDIT_OUTFILE_H

#include <stddef.h>

#include "engine/base/status.h"

struct outfile {
    char *path; /* the final name */
    char *tmp;  /* the temporary file, NULL once renamed or removed */
    int fd;     /* open on tmp and locked; -1 when none */
};

/* Removes unlocked leftovers in the folder of path, then creates and locks
 * the temporary file. Errors: SL_ERR_REPORT (a final name that is not a
 * regular file, a folder that does not exist, cannot create the file; the
 * message names path, never the temporary file), SL_ERR_NOMEM. */
enum sl_status outfile_begin(struct outfile *o, const char *path, struct sl_diag *diag);
/* Flushes the temporary file to disk and renames it onto the final name. The
 * outfile is released either way. Errors: SL_ERR_REPORT. */
enum sl_status outfile_commit(struct outfile *o, struct sl_diag *diag);
/* Removes the temporary file and releases the outfile; does nothing to one
 * already committed or released, or zeroed and never begun. */
void outfile_abandon(struct outfile *o);

/* A folder of report files (the plain tables), written whole into a
 * temporary folder .slaudit-XXXXXX beside the final one, locked as the
 * temporary file is, and renamed into place only when every file is in it:
 * onto a final folder that does not exist or is empty, in one rename; onto
 * one that holds nothing but files of the same names (an earlier set), by
 * swapping the two folders in one step and removing the old set; into a
 * folder that holds other files as well, file by file (each whole). Unlocked
 * leftovers .slaudit-XXXXXX of dead writers in the same parent are removed. */
struct outdir {
    char *path; /* the final folder, without trailing slashes */
    char *tmp;  /* the temporary folder, NULL once renamed or removed */
    int fd;     /* open on tmp and locked: create the files with openat(fd, ...) */
};

/* The parent folder must exist, and path, when it exists, be a folder.
 * Errors: SL_ERR_REPORT, SL_ERR_NOMEM. */
enum sl_status outdir_begin(struct outdir *o, const char *path, struct sl_diag *diag);
/* Moves the files names[0..n) (flushed by the caller) into place, as above.
 * The outdir is released either way. Errors: SL_ERR_REPORT. */
enum sl_status outdir_commit(struct outdir *o, const char *const *names, size_t n,
                             struct sl_diag *diag);
/* Removes the temporary folder and what is in it; does nothing to one
 * released or zeroed and never begun. */
void outdir_abandon(struct outdir *o);

#endif
