/* fuzz_parser.c — libFuzzer harness for every parser in the registry. The
 * input is written to a memory file and ingested by ingest_file(), the
 * protocol `slaudit ingest` runs (hash, format, transaction, parse, the
 * changed-file check), into an in-memory store; each input is a dry run, its
 * transaction rolled back, so the store stays small however long the run and
 * every input meets the same empty store.
 *
 * SLAUDIT_FUZZ_PARSER=NAME picks the parser; "detect" (or unset) runs format
 * detection on the input first, as ingest does without --format, and falls
 * back to the first byte choosing a parser so every parser gets fed; "list"
 * prints the parser names and exits, for fuzz/run.sh. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine/ingest/ingest_file.h"
#include "engine/store/store.h"
#include "parsers/formats/registry.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct store *store;
static const struct parser *fixed; /* NULL: detect */
static int input_fd = -1;          /* the memory file each input is written to */
static char input_path[64];        /* its name, for ingest_file() */

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    struct sl_diag diag = {0};
    const char *name = getenv("SLAUDIT_FUZZ_PARSER");
    if (name && !strcmp(name, "list")) {
        for (size_t i = 0; parser_table[i]; i++)
            printf("%s\n", parser_table[i]->name);
        exit(0);
    }
    if (name && *name && strcmp(name, "detect")) {
        fixed = parser_by_name(name);
        if (!fixed) {
            fprintf(stderr, "fuzz_parser: unknown parser '%s'\n", name);
            exit(2);
        }
    }
    if (store_open(":memory:", &store, &diag)) {
        fprintf(stderr, "fuzz_parser: %s\n", diag.message);
        exit(2);
    }
    input_fd = memfd_create("fuzz-input", MFD_CLOEXEC);
    if (input_fd < 0) {
        perror("fuzz_parser: memfd_create");
        exit(2);
    }
    snprintf(input_path, sizeof input_path, "/proc/self/fd/%d", input_fd);
    return 0;
}

/* ingest_file()'s detect: the parser named, else the one detection picks,
 * else the one the first byte picks. Never fails, so every input is parsed. */
static bool
choose(const char *head, size_t len, struct ingest_file_format *out)
{
    const struct parser *p = fixed ? fixed : parser_detect(head, len);
    if (!p) {
        size_t n = 0;
        while (parser_table[n])
            n++;
        p = parser_table[len ? (unsigned char)head[0] % n : 0];
    }
    *out = parser_ingest_format(p);
    return true;
}

/* Makes the memory file hold exactly data. */
static bool
write_input(const uint8_t *data, size_t size)
{
    if (ftruncate(input_fd, 0))
        return false;
    for (size_t at = 0; at < size;) {
        ssize_t n = pwrite(input_fd, data + at, size - at, (off_t)at);
        if (n <= 0)
            return false;
        at += (size_t)n;
    }
    return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!write_input(data, size))
        return 0;
    struct sl_diag diag = {0};
    struct ingest_file_result res;
    struct ingest_file_options opt = {
        .detect = choose,
        .entity = (size & 1) ? "team:fuzz" : NULL,
        .service = (size & 2) ? "fuzz-service" : NULL,
        .dry_run = true,
    };
    ingest_file(store, input_path, &opt, &res, &diag);
    return 0;
}
