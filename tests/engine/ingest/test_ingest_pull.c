/* test_ingest_pull.c — a pull's answers in one transaction
 * (engine/ingest/ingest_pull.c): every answer a source of its own under its
 * request, the pull recorded last with its record as the path, an answer on
 * record not read again, the same pull twice changing nothing, and an
 * answer that does not read rolling back every answer before it. The
 * parser is the test's own "lines" format: one incident a line. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/ingest/ingest_pull.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */

static struct fixture fx;
static struct sl_diag diag;

static void
setup(void)
{
    fixture_open(&fx);
    memset(&diag, 0, sizeof diag);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(ingest_pull, .init = setup, .fini = teardown);

/* One incident a line, "KEY STATE"; "garbage" is a body that is not this
 * format. */
static enum sl_status
lines_parse(struct ingest *ing, FILE *f)
{
    char line[128], key[64], state[32];
    long n = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        if (!strncmp(line, "garbage", 7))
            return diag_set(ing->diag, SL_ERR_INPUT, ing->path, n, "not a lines body");
        cr_assert_eq(sscanf(line, "%63s %31s", key, state), 2);
        struct incident inc = {.key = key,
                               .entity = ing->entity,
                               .title = key,
                               .state = state,
                               .started = T + n,
                               .line = n};
        inc.detected = inc.acknowledged = inc.mitigated = inc.resolved = SLTIME_NONE;
        enum sl_status s = ingest_incident(ing, &inc);
        if (s)
            return s;
    }
    return SL_OK;
}

static struct ingest_pull_options
options(const char *record)
{
    return (struct ingest_pull_options){
        .format = {.name = "lines", .parse = lines_parse}, .entity = "team:a", .record = record};
}

static long
count(const char *sql)
{
    return fixture_count(&fx, sql);
}

Test(ingest_pull, each_answer_a_source_and_the_pull_last)
{
    const struct ingest_pull_answer a[] = {
        {"GET http://x/p?offset=0", "A open\nB open\n", 14},
        {"GET http://x/p?offset=2", "C open\n", 7},
    };
    struct ingest_pull_options opt = options("k http://x entity team:a until 2026-10-02");
    struct ingest_pull_result r;
    cr_assert_eq(ingest_pull(fx.st, a, 2, &opt, &r, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(r.answers, 2);
    cr_assert_eq(r.counts.stored, 3);
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 3);
    cr_assert_eq(count("SELECT count(*) FROM sources WHERE format = 'lines' AND path LIKE 'GET "
                       "http://x/p?offset=%'"),
                 2);
    cr_assert_eq(count("SELECT stored FROM sources WHERE path = 'GET http://x/p?offset=0'"), 2);
    cr_assert_eq(count("SELECT stored FROM sources WHERE format = 'pull'"), 3);
    cr_assert_eq(count("SELECT max(id) FROM sources WHERE format = 'pull'"),
                 count("SELECT max(id) FROM sources"));
    char path[256];
    bool found;
    cr_assert_eq(store_last_source_path(fx.st, "pull", "k http://x entity team:a until ", path,
                                        sizeof path, &found, &diag),
                 SL_OK);
    cr_assert(found);
    cr_assert_str_eq(path, "k http://x entity team:a until 2026-10-02");
    cr_assert_eq(
        store_last_source_path(fx.st, "pull", "k http://y", path, sizeof path, &found, &diag),
        SL_OK);
    cr_assert_not(found);
}

Test(ingest_pull, same_pull_twice_changes_nothing)
{
    const struct ingest_pull_answer a[] = {{"GET http://x/p", "A open\n", 7}};
    struct ingest_pull_options opt = options("k http://x entity team:a until 2026-10-02");
    struct ingest_pull_result r;
    cr_assert_eq(ingest_pull(fx.st, a, 1, &opt, &r, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(ingest_pull(fx.st, a, 1, &opt, &r, &diag), SL_OK, "%s", diag.message);
    cr_assert(r.already);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 2);
    /* A later pull with the same answer: the answer is on record, only the
     * pull is new. */
    opt.record = "k http://x entity team:a until 2026-10-03";
    cr_assert_eq(ingest_pull(fx.st, a, 1, &opt, &r, &diag), SL_OK, "%s", diag.message);
    cr_assert_not(r.already);
    cr_assert_eq(r.known, 1);
    cr_assert_eq(r.answers, 0);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 3);
}

Test(ingest_pull, changed_incident_updated_under_its_key)
{
    const struct ingest_pull_answer first[] = {{"GET http://x/p", "A open\n", 7}};
    const struct ingest_pull_answer later[] = {{"GET http://x/p", "A resolved\nB open\n", 18}};
    struct ingest_pull_options opt = options("k http://x entity team:a until 2026-10-02");
    struct ingest_pull_result r;
    cr_assert_eq(ingest_pull(fx.st, first, 1, &opt, &r, &diag), SL_OK, "%s", diag.message);
    opt.record = "k http://x entity team:a until 2026-10-03";
    cr_assert_eq(ingest_pull(fx.st, later, 1, &opt, &r, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(r.counts.stored, 1);
    cr_assert_eq(r.counts.duplicates, 1);
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 2);
    cr_assert_eq(count("SELECT count(*) FROM incidents WHERE key = 'A' AND state = 'resolved'"), 1);
}

Test(ingest_pull, an_answer_that_does_not_read_keeps_nothing)
{
    const struct ingest_pull_answer a[] = {
        {"GET http://x/p?offset=0", "A open\n", 7},
        {"GET http://x/p?offset=1", "garbage\n", 8},
    };
    struct ingest_pull_options opt = options("k http://x entity team:a until 2026-10-02");
    struct ingest_pull_result r;
    cr_assert_eq(ingest_pull(fx.st, a, 2, &opt, &r, &diag), SL_ERR_INPUT);
    cr_assert_str_eq(diag.file, "GET http://x/p?offset=1");
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 0);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
}

Test(ingest_pull, dry_run_keeps_nothing)
{
    const struct ingest_pull_answer a[] = {{"GET http://x/p", "A open\n", 7}};
    struct ingest_pull_options opt = options("k http://x entity team:a until 2026-10-02");
    opt.dry_run = true;
    struct ingest_pull_result r;
    cr_assert_eq(ingest_pull(fx.st, a, 1, &opt, &r, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(r.counts.stored, 1);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
}
