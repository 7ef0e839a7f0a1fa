/* fuzz_parser.c — libFuzzer harness for every parser in the registry. The
 * input is written to a memory file and ingested by ingest_file(), the
 * protocol `slaudit ingest` runs (hash, format, transaction, parse, the
 * changed-file check), into an in-memory store; each input is a dry run, its
 * transaction rolled back, so the store stays small however long the run and
 * every input meets the same empty store.
 *
 * The line-pattern parser is given a user pattern: one of a fixed set chosen
 * by the first byte, or (high bit set) the input's first line.
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
    input_fd = memfd_create("fuzz-input", MFD_CLOEXEC);
    if (input_fd < 0) {
        perror("fuzz_parser: memfd_create");
        exit(2);
    }
    snprintf(input_path, sizeof input_path, "/proc/self/fd/%d", input_fd);
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
    const struct parser *p = choose(data, size);
    const char *config = NULL;
    if (p == &parser_line_pattern) {
        size_t log_at;
        config = line_pattern_config(data, size, &log_at);
        data += log_at;
        size -= log_at;
    }
    if (!write_input(data, size))
        return 0;
    struct sl_diag diag = {0};
    struct ingest_file_result res;
    struct ingest_file_options opt = {
        .format = parser_ingest_format(p),
        .entity = (size & 1) ? "team:fuzz" : NULL,
        .service = (size & 2) ? "fuzz-service" : NULL,
        .config = config,
        .year = 2026,
        .boot_time = INT64_C(1772409600),
        .dry_run = true,
    };
    ingest_file(store, input_path, &opt, &res, &diag);
    return 0;
}
