/* fuzz_readerr.c — libFuzzer harness for read errors: a parser of the
 * registry (chosen by the input's first byte: with its top bit set, the
 * parser the rest is detected as) reads the rest of the input
 * through fopencookie(), whose reads fail with EIO once the number of bytes
 * the second and third bytes say has been handed over (in pieces the fourth
 * byte sizes, as a slow device hands them). Once a read has failed the
 * parse must not succeed: it ends with SL_ERR_IO and "cannot read", or with
 * another error it found first in the bytes before; and it ends (libFuzzer's
 * -timeout catches a parser that asks for the next line for ever, as
 * nvidia-xid did). */
#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "engine/ingest/ingest.h"
#include "engine/store/store.h"
#include "parsers/formats/registry.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct store *store;
static unsigned long run;
static char config[] = "/tmp/slaudit-fuzz-readerr-XXXXXX";

static void
cleanup(void)
{
    unlink(config);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    struct sl_diag diag = {0};
    int fd = mkstemp(config);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        perror("fuzz_readerr: config");
        exit(2);
    }
    fputs("record: probe\npattern: '^(?<time>\\S+) (?<service>\\S+) (?<status>\\S+)'\n", f);
    fclose(f);
    atexit(cleanup);
    if (store_open(":memory:", &store, &diag)) {
        fprintf(stderr, "fuzz_readerr: %s\n", diag.message);
        exit(2);
    }
    return 0;
}

struct failing {
    const uint8_t *data;
    size_t len, good, piece, pos;
    bool failed;
};

static ssize_t
failing_read(void *cookie, char *buf, size_t size)
{
    struct failing *fl = cookie;
    size_t end = fl->good < fl->len ? fl->good : fl->len;
    if (fl->pos >= end) {
        if (fl->pos >= fl->len)
            return 0; /* the whole input: a true end of file */
        fl->failed = true;
        errno = EIO;
        return -1;
    }
    size_t n = end - fl->pos;
    if (n > size)
        n = size;
    if (n > fl->piece)
        n = fl->piece;
    memcpy(buf, fl->data + fl->pos, n);
    fl->pos += n;
    return (ssize_t)n;
}

static int
failing_close(void *cookie)
{
    (void)cookie;
    return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    size_t n = 0;
    while (parser_table[n])
        n++;
    const struct parser *p = NULL;
    if (data[0] & 0x80) /* the parser the rest is detected as */
        p = parser_detect((const char *)data + 4,
                          size - 4 < PARSER_SNIFF_BYTES ? size - 4 : PARSER_SNIFF_BYTES);
    if (!p)
        p = parser_table[data[0] % n];
    struct failing fl = {
        data + 4, size - 4, (size_t)data[1] << 8 | data[2], data[3] ? (size_t)data[3] * 16 : 4096,
        0,        false};
    cookie_io_functions_t io = {failing_read, NULL, NULL, failing_close};
    FILE *f = fopencookie(&fl, "r", io);
    if (!f)
        return 0;
    struct sl_diag diag = {0};
    struct ingest ing;
    char sha[65];
    bool already = false;
    snprintf(sha, sizeof sha, "readerr-%lu", run++);
    ingest_init(&ing, store, "fuzz-input", &diag);
    ing.entity = "team:fuzz";
    ing.service = "fuzz-service";
    ing.config = p == &parser_line_pattern ? config : NULL;
    ing.year = 2026;
    ing.boot_time = INT64_C(1772409600);
    enum sl_status rc =
        store_source_begin(store, "fuzz-input", sha, p->name, (long long)size, &already, &diag);
    if (!rc && !already) {
        rc = p->parse(&ing, f);
        if (!rc)
            rc = ingest_finish(&ing);
        store_source_abort(store);
    }
    ingest_release(&ing);
    fclose(f);
    if (fl.failed)
        assert(rc != SL_OK);
    if (rc == SL_ERR_IO)
        assert(strstr(diag.message, "cannot read")); /* the read, or the seek back */
    return 0;
}
