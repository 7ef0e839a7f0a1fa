/* parse_fixture.h — runs a parser over a file into a fixture's store the way
 * `slaudit ingest` does: sha256, store_source_begin, parser->parse,
 * ingest_finish, store_source_finish (or store_source_abort on failure). */
#ifndef SLAUDIT_TESTS_PARSE_FIXTURE_H
#define SLAUDIT_TESTS_PARSE_FIXTURE_H

#include "engine/ingest/ingest.h"
#include "parsers/formats/registry.h"
#include "tests/engine/fixture.h"

struct parse_options {
    const char *entity, *service, *zone; /* --entity, --service, --tz */
};

struct parse_run {
    struct ingest ing; /* counts, shown rejects and naive_timestamps after the run */
    struct sl_diag diag;
    bool already;
};

/* Returns the status of the whole file; run is filled either way. */
enum sl_status parse_file(struct fixture *fx, const struct parser *p, const char *path,
                          const struct parse_options *opt, struct parse_run *run);

/* The ingest options of log and generic formats (--year, --boot-time, --map,
 * --config). */
struct parse_extra {
    int year;
    int64_t boot_time;
    const char *map, *config, *host;
};

/* parse_file with those options too; extra may be NULL. */
enum sl_status parse_file_extra(struct fixture *fx, const struct parser *p, const char *path,
                                const struct parse_options *opt, const struct parse_extra *extra,
                                struct parse_run *run);

/* Fails the test unless the run's counts are exactly these. */
void expect_counts(const struct parse_run *run, long read, long stored, long rejected,
                   long duplicates);

#endif
