/* fuzz_parser.c — libFuzzer harness for every parser in the registry. The
 * input is fed through fmemopen() into a parser with an in-memory store, the
 * way `slaudit ingest` does it, and the transaction is rolled back so the
 * store stays small however long the run.
 *
 * SLAUDIT_FUZZ_PARSER=NAME picks the parser; "detect" (or unset) runs format
 * detection on the input first, as ingest does without --format, and falls
 * back to the first byte choosing a parser so every parser gets fed; "list"
 * prints the parser names and exits, for fuzz/run.sh.
 *
 * The line-pattern parser needs --config: it gets one of a fixed set of user
 * patterns (chosen by the input's first byte; among them patterns that
 * backtrack, a pattern of 70 groups and log stamps) with the rest of the
 * input as the log, or, when the first byte's top bit is set, a pattern
 * taken from the rest of the input's first line, with the lines after it
 * as the log. --year and --boot-time are set so every
 * stamp form is placed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/ingest/ingest.h"
#include "engine/store/store.h"
#include "parsers/formats/registry.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct store *store;
static const struct parser *fixed; /* NULL: detect */
static unsigned long run;

/* The user patterns the line-pattern parser is fed with. */
static const char *const patterns[] = {
    "'^(?<time>\\S+) check (?<service>\\S+) (?<result>OK|FAIL) \\d+ms$'\nfields:\n  status: result",
    "'(?<status>[a-z]+)[a-z]+[0-9]\\s(?<time>\\d+)'\nrecord: probe\nfields:\n  service: status",
    "'^(?<status>(a+)+)$'\nrecord: probe",
    "'^(?<time>\\[[^]]+\\]) (?<service>\\w+) (?<status>\\w+)'\nrecord: probe",
    "'^(?<time>\\w{3} +\\d+ [\\d:]+) (?<key>\\S+) (?<severity>\\S+) (?<title>.*)$'\nrecord: "
    "incident",
    "'(?<key>[A-Z]+-\\d+),(?<started>[^,]*),(?<detected>[^,]*),(?<acknowledged>[^,]*),"
    "(?<mitigated>[^,]*),(?<resolved>[^,]*)'\nrecord: incident",
    "'^(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)("
    "x)"
    "(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)(x)("
    "x)"
    "(x)(x)(x)(x)(x)(x) (?<time>\\d+) (?<service>\\w+) (?<status>\\w+)'\nrecord: probe",
    "'(?<time>.*?)\\|(?<service>.*?)\\|(?<status>.*)'",
};
#define NPATTERNS (sizeof patterns / sizeof patterns[0])
static char config_dir[] = "/tmp/slaudit-fuzz-XXXXXX";
static char configs[NPATTERNS + 1][64]; /* the last: the pattern from the input */

static void
write_config(const char *path, const char *pattern, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return;
    fputs("pattern: ", f);
    fwrite(pattern, 1, len, f);
    fputc('\n', f);
    fclose(f);
}

static void
cleanup(void)
{
    for (size_t i = 0; i <= NPATTERNS; i++)
        unlink(configs[i]);
    rmdir(config_dir);
}

static void
write_configs(void)
{
    if (!mkdtemp(config_dir)) {
        perror("fuzz_parser: mkdtemp");
        exit(2);
    }
    for (size_t i = 0; i <= NPATTERNS; i++)
        snprintf(configs[i], sizeof configs[i], "%s/%zu.yaml", config_dir, i);
    for (size_t i = 0; i < NPATTERNS; i++)
        write_config(configs[i], patterns[i], strlen(patterns[i]));
    atexit(cleanup);
}

/* The config for the line-pattern parser, and where the log starts. */
static const char *
line_pattern_config(const uint8_t *data, size_t size, size_t *log_at)
{
    *log_at = size ? 1 : 0; /* the byte that chose */
    if (!size || !(data[0] & 0x80))
        return configs[size ? data[0] % NPATTERNS : 0];
    /* The first line, after the selecting byte, is the pattern: written as
     * a YAML single-quoted scalar, so only its quotes need doubling. */
    const uint8_t *nl = memchr(data, '\n', size);
    size_t end = nl ? (size_t)(nl - data) : size;
    char quoted[2 * 512 + 3];
    size_t n = 0;
    quoted[n++] = '\'';
    for (size_t i = 1; i < end && n < sizeof quoted - 3; i++) {
        if (data[i] == '\'')
            quoted[n++] = '\'';
        quoted[n++] = (char)data[i];
    }
    quoted[n++] = '\'';
    write_config(configs[NPATTERNS], quoted, n);
    *log_at = nl ? end + 1 : size;
    return configs[NPATTERNS];
}

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
    write_configs();
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
    const char *config = NULL;
    if (p == &parser_line_pattern) {
        size_t log_at;
        config = line_pattern_config(data, size, &log_at);
        data += log_at;
        size -= log_at;
    }
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
    ing.config = config;
    ing.year = 2026;
    ing.boot_time = INT64_C(1772409600);
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
