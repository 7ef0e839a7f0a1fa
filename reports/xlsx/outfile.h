/* outfile.h — a report file written beside its final name and renamed onto
 * it only when complete, so the final name never holds half a file.
 *
 * The temporary file is PATH.tmp-XXXXXXXX (eight hex digits), created
 * exclusively with the usual permissions (0666 less the umask) and held under
 * an exclusive flock(2) for as long as it is written. A writer that dies, even
 * by SIGKILL, releases the lock with its descriptors; the next outfile_begin()
 * for the same PATH removes such leftovers, and leaves alone a temporary file
 * whose writer still holds it. */
#ifndef SLAUDIT_OUTFILE_H
#define SLAUDIT_OUTFILE_H

#include "engine/base/status.h"

struct outfile {
    char *path; /* the final name */
    char *tmp;  /* the temporary file, NULL once renamed or removed */
    int fd;     /* open on tmp and locked; -1 when none */
};

/* Removes unlocked leftovers of path, then creates and locks the temporary
 * file. Errors: SL_ERR_REPORT (cannot create it), SL_ERR_NOMEM. */
enum sl_status outfile_begin(struct outfile *o, const char *path, struct sl_diag *diag);
/* Flushes the temporary file to disk and renames it onto the final name. The
 * outfile is released either way. Errors: SL_ERR_REPORT. */
enum sl_status outfile_commit(struct outfile *o, struct sl_diag *diag);
/* Removes the temporary file and releases the outfile; does nothing to one
 * already committed or released, or zeroed and never begun. */
void outfile_abandon(struct outfile *o);

#endif
