/* parse_fixture.c — a parser run through a real store (see parse_fixture.h). */
#include "tests/parsers/parse_fixture.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/sha256.h"
#include "engine/store/store.h"

enum sl_status
parse_file(struct fixture *fx, const struct parser *p, const char *path,
           const struct parse_options *opt, struct parse_run *run)
{
    return parse_file_extra(fx, p, path, opt, NULL, run);
}

enum sl_status
parse_file_extra(struct fixture *fx, const struct parser *p, const char *path,
                 const struct parse_options *opt, const struct parse_extra *extra,
                 struct parse_run *run)
{
    memset(run, 0, sizeof *run);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s (tests run from tests/)", path);
    char sha[65];
    long long bytes = 0;
    cr_assert_eq(sha256_stream(f, sha, &bytes), SL_OK);
    rewind(f);

    ingest_init(&run->ing, fx->st, path, &run->diag);
    if (opt) {
        run->ing.entity = opt->entity;
        run->ing.service = opt->service;
        run->ing.zone = opt->zone;
    }
    if (extra) {
        run->ing.year = extra->year;
        run->ing.boot_time = extra->boot_time;
        run->ing.host = extra->host;
        run->ing.map = extra->map;
        run->ing.config = extra->config;
    }
    enum sl_status s =
        store_source_begin(fx->st, path, sha, p->name, bytes, &run->already, &run->diag);
    if (!s && !run->already) {
        if (!(s = ingest_parse(&run->ing, p->parse, f)) && !(s = ingest_finish(&run->ing)))
            s = store_source_finish(fx->st, &run->ing.counts, &run->diag);
        if (s)
            store_source_abort(fx->st);
    }
    ingest_release(&run->ing);
    fclose(f);
    return s;
}

void
expect_counts(const struct parse_run *run, long read, long stored, long rejected, long duplicates)
{
    const struct source_counts *c = &run->ing.counts;
    cr_assert_eq(c->read, read, "read %ld, expected %ld", c->read, read);
    cr_assert_eq(c->stored, stored, "stored %ld, expected %ld", c->stored, stored);
    cr_assert_eq(c->rejected, rejected, "rejected %ld, expected %ld", c->rejected, rejected);
    cr_assert_eq(c->duplicates, duplicates, "duplicates %ld, expected %ld", c->duplicates,
                 duplicates);
}
