/* fuzz_parser.c — libFuzzer harness for every parser in the registry. The
 * input is fed through fmemopen() into a parser with an in-memory store, the
 * way `slaudit ingest` does it, and the transaction is rolled back so the
 * store stays small however long the run.
 *
 * SLAUDIT_FUZZ_PARSER=NAME picks the parser; "detect" (or unset) runs format
 * detection on the input first, as ingest does without --format, and falls
 * back to the first byte choosing a parser so every parser gets fed; "list"
 * prints the parser names and exits, for fuzz/run.sh. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ingest/ingest.h"
#include "engine/store/store.h"
#include "parsers/formats/registry.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct store *store;
static const struct parser *fixed; /* NULL: detect */
static unsigned long run;

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
    return 0;
}

static const struct parser *
choose(const uint8_t *data, size_t size)
{
    if (fixed)
        return fixed;
    const struct parser *p =
        parser_detect((const char *)data, size < PARSER_SNIFF_BYTES ? size : PARSER_SNIFF_BYTES);
    if (p)
        return p;
    size_t n = 0;
    while (parser_table[n])
        n++;
    return parser_table[size ? data[0] % n : 0];
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const struct parser *p = choose(data, size);
    /* fmemopen() refuses a zero-length buffer; an empty file is one byte-less
     * read either way, so give it a one-byte buffer it reads none of. */
    static const char nothing[1];
    FILE *f = fmemopen(size ? (void *)(uintptr_t)data : (void *)(uintptr_t)nothing, size ? size : 1,
                       "rb");
    if (!f)
        return 0;
    if (!size)
        fseek(f, 1, SEEK_SET);
    struct sl_diag diag = {0};
    struct ingest ing;
    char sha[65];
    bool already = false;
    snprintf(sha, sizeof sha, "fuzz-%lu", run++);
    ingest_init(&ing, store, "fuzz-input", &diag);
    ing.entity = (size & 1) ? "team:fuzz" : NULL;
    ing.service = (size & 2) ? "fuzz-service" : NULL;
    if (store_source_begin(store, "fuzz-input", sha, p->name, (long long)size, &already, &diag) ==
            SL_OK &&
        !already) {
        if (p->parse(&ing, f) == SL_OK)
            ingest_finish(&ing);
        store_source_abort(store);
    }
    ingest_release(&ing);
    fclose(f);
    return 0;
}
