/* infile.c — non-blocking open of regular input files. */
#include "engine/base/infile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

enum sl_status
infile_open(const char *path, FILE **out, struct stat *st, struct sl_diag *diag)
{
    struct stat sb;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return diag_set(diag, SL_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
    if (fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
        close(fd);
        return diag_set(diag, SL_ERR_INPUT, path, 0, "not a regular file");
    }
    /* Regular files never block; reads go back to blocking mode for stdio. */
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        close(fd);
        return diag_set(diag, e == ENOMEM ? SL_ERR_NOMEM : SL_ERR_IO, path, 0, "cannot open: %s",
                        strerror(e));
    }
    if (st)
        *st = sb;
    *out = f;
    return SL_OK;
}

bool
infile_utf16(const char *head, size_t len)
{
    const unsigned char *u = (const unsigned char *)head;
    if (len >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF)))
        return true;
    size_t pairs = len / 2 < 64 ? len / 2 : 64, low = 0, high = 0;
    for (size_t i = 0; i < pairs; i++) {
        low += u[2 * i] && !u[2 * i + 1];  /* little-endian ASCII */
        high += !u[2 * i] && u[2 * i + 1]; /* big-endian */
    }
    return pairs >= 4 && (low == pairs || high == pairs);
}

const char *
infile_not_text(const char *head, size_t len)
{
    static const struct {
        const char *magic;
        size_t len;
        const char *kind;
    } kinds[] = {
        {"\x89PNG\r\n\x1a\n", 8, "a PNG image"},
        {"\xff\xd8\xff", 3, "a JPEG image"},
        {"GIF8", 4, "a GIF image"},
        {"%PDF-", 5, "a PDF document (an SLA document is read by 'slaudit sla extract')"},
        {"PK\x03\x04", 4,
         "a ZIP archive, such as .docx or .xlsx (an SLA document is read by 'slaudit sla "
         "extract'; unpack other archives first)"},
        {"\x1f\x8b", 2, "gzip-compressed data (decompress it first: gunzip)"},
        {"\xfd"
         "7zXZ",
         6, "xz-compressed data (decompress it first: unxz)"},
        {"\x28\xb5\x2f\xfd", 4, "zstd-compressed data (decompress it first: unzstd)"},
        {"SQLite format 3", 16, "an SQLite database (a store is given with --db, not ingested)"},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (len >= kinds[i].len && !memcmp(head, kinds[i].magic, kinds[i].len))
            return kinds[i].kind;
    if (infile_utf16(head, len))
        return INFILE_UTF16_MESSAGE;
    return memchr(head, '\0', len) ? "binary data" : NULL;
}

enum sl_status
infile_read_error(struct sl_diag *diag, const char *path, long line, int err)
{
    return diag_set(diag, SL_ERR_IO, path, line, "cannot read: %s", strerror(err ? err : EIO));
}

enum sl_status
infile_read_all(const char *path, struct strbuf *sb, size_t max, struct sl_diag *diag)
{
    FILE *f;
    char chunk[65536];
    size_t n, total = 0;
    enum sl_status rc = infile_open(path, &f, NULL, diag);
    if (rc)
        return rc;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        total += n;
        if (total > max) {
            rc = diag_set(diag, SL_ERR_LIMIT, path, 0, "larger than %zu MiB", max >> 20);
            goto out;
        }
        if ((rc = strbuf_add(sb, chunk, n))) {
            diag_set(diag, rc, path, 0, "out of memory");
            goto out;
        }
    }
    if (ferror(f))
        rc = infile_read_error(diag, path, 0, errno);
out:
    fclose(f);
    return rc;
}
