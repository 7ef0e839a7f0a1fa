/* test_changes.c — state-change logs folded into status intervals
 * (engine/ingest/changes.c, docs/design.md §4): a status holds from its
 * change to the next change of its service whatever the gap, the last one to
 * the end of the span the log states (and not past it), a change's `from`
 * status covers the span's start up to the first change, changes to one
 * status fold, and an earlier change is out of order. Times are offsets from
 * T = 2026-10-01T00:00Z. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ingest/changes.h"

#define T INT64_C(1790812800)
#define H 3600
#define DAY 86400

struct emitted {
    size_t n;
    struct interval v[32];
    char text[32][2][32];
};

static enum sl_status
collect(void *ctx, const struct interval *iv)
{
    struct emitted *e = ctx;
    cr_assert_lt(e->n, 32);
    size_t i = e->n++;
    e->v[i] = *iv;
    snprintf(e->text[i][0], 32, "%s", iv->entity);
    snprintf(e->text[i][1], 32, "%s", iv->service);
    e->v[i].entity = e->text[i][0];
    e->v[i].service = e->text[i][1];
    return SL_OK;
}

static enum change_outcome
add(struct changes *c, struct emitted *e, const char *service, int64_t t, enum svc_status from,
    enum svc_status to)
{
    enum change_outcome o;
    cr_assert_eq(changes_add(c, "provider:acme", service, T + t, from, to, 1, &o, collect, e),
                 SL_OK);
    return o;
}

static int
cmp_interval(const void *a, const void *b)
{
    const struct interval *x = a, *y = b;
    int c = strcmp(x->service, y->service);
    return c ? c : (x->start > y->start) - (x->start < y->start);
}

static void
finish(struct changes *c, struct emitted *e)
{
    long n = -1;
    cr_assert_eq(changes_finish(c, collect, e, &n), SL_OK);
    cr_assert_eq((size_t)n, e->n);
    qsort(e->v, e->n, sizeof e->v[0], cmp_interval);
}

static void
expect(const struct emitted *e, size_t i, const char *service, int64_t start, int64_t end,
       enum svc_status s)
{
    cr_assert_lt(i, e->n);
    cr_assert_str_eq(e->v[i].service, service, "interval %zu", i);
    cr_assert_eq(e->v[i].start, T + start, "interval %zu starts at %lld", i,
                 (long long)(e->v[i].start - T));
    cr_assert_eq(e->v[i].end, T + end, "interval %zu ends at %lld", i,
                 (long long)(e->v[i].end - T));
    cr_assert_eq(e->v[i].status, s, "interval %zu is %s", i, svc_status_name(e->v[i].status));
}

/* Days between changes are covered in full: a probe reading would have
 * turned them unknown after one median gap. */
Test(changes, a_status_holds_until_the_next_change_whatever_the_gap)
{
    struct changes *c = changes_new();
    struct emitted e = {0};
    add(c, &e, "api", 0, SVC_UNKNOWN, SVC_UP);
    add(c, &e, "api", 10 * DAY, SVC_UNKNOWN, SVC_DOWN);
    add(c, &e, "api", 10 * DAY + H, SVC_UNKNOWN, SVC_UP);
    add(c, &e, "api", 20 * DAY, SVC_UNKNOWN, SVC_UP); /* same status: folds */
    changes_span_time(c, T + 30 * DAY);
    finish(c, &e);
    cr_assert_eq(e.n, 3);
    expect(&e, 0, "api", 0, 10 * DAY, SVC_UP);
    expect(&e, 1, "api", 10 * DAY, 10 * DAY + H, SVC_DOWN);
    expect(&e, 2, "api", 10 * DAY + H, 30 * DAY, SVC_UP);
    changes_free(c);
}

/* The last status holds to the end of the span the log states, and not past
 * it: a log whose latest time is the change itself does not extend it. */
Test(changes, the_last_status_ends_with_the_span)
{
    struct changes *c = changes_new();
    struct emitted e = {0};
    add(c, &e, "api", 0, SVC_UNKNOWN, SVC_UP);
    add(c, &e, "api", 2 * H, SVC_UNKNOWN, SVC_DOWN);
    finish(c, &e);
    cr_assert_eq(e.n, 1, "the down change is the log's last time: it covers nothing");
    expect(&e, 0, "api", 0, 2 * H, SVC_UP);

    e.n = 0;
    add(c, &e, "api", 0, SVC_UNKNOWN, SVC_UP);
    add(c, &e, "api", 2 * H, SVC_UNKNOWN, SVC_DOWN);
    changes_span_time(c, T + 5 * H); /* a later record of another kind */
    finish(c, &e);
    cr_assert_eq(e.n, 2);
    expect(&e, 1, "api", 2 * H, 5 * H, SVC_DOWN);
    changes_free(c);
}

/* Two components change on their own: each keeps its own status, and the
 * span (from the earliest to the latest time of the log) is shared. A
 * component's first `from` covers the span's start up to its first change. */
Test(changes, overlapping_components_and_the_status_before_the_first_change)
{
    struct changes *c = changes_new();
    struct emitted e = {0};
    changes_span_time(c, T); /* the log begins */
    add(c, &e, "api", 1 * H, SVC_UP, SVC_PARTIAL);
    add(c, &e, "web", 2 * H, SVC_UP, SVC_DOWN);
    add(c, &e, "api", 3 * H, SVC_PARTIAL, SVC_UP);
    add(c, &e, "web", 4 * H, SVC_DOWN, SVC_DEGRADED);
    changes_span_time(c, T + 6 * H);
    finish(c, &e);
    cr_assert_eq(e.n, 6);
    expect(&e, 0, "api", 0, 1 * H, SVC_UP);
    expect(&e, 1, "api", 1 * H, 3 * H, SVC_PARTIAL);
    expect(&e, 2, "api", 3 * H, 6 * H, SVC_UP);
    expect(&e, 3, "web", 0, 2 * H, SVC_UP);
    expect(&e, 4, "web", 2 * H, 4 * H, SVC_DOWN);
    expect(&e, 5, "web", 4 * H, 6 * H, SVC_DEGRADED);
    changes_free(c);
}

/* Without `from`, nothing is known before a service's first change. */
Test(changes, no_from_no_time_before_the_first_change)
{
    struct changes *c = changes_new();
    struct emitted e = {0};
    changes_span_time(c, T);
    add(c, &e, "api", 1 * H, SVC_UNKNOWN, SVC_DOWN);
    add(c, &e, "api", 2 * H, SVC_UNKNOWN, SVC_UP);
    finish(c, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, "api", 1 * H, 2 * H, SVC_DOWN);
    changes_free(c);
}

Test(changes, an_earlier_change_is_out_of_order_and_one_at_the_same_instant_replaces)
{
    struct changes *c = changes_new();
    struct emitted e = {0};
    add(c, &e, "api", 0, SVC_UNKNOWN, SVC_UP);
    add(c, &e, "api", 1 * H, SVC_UNKNOWN, SVC_DEGRADED);
    cr_assert_eq(add(c, &e, "api", 1 * H, SVC_UNKNOWN, SVC_DOWN), CHANGE_TAKEN);
    cr_assert_eq(add(c, &e, "api", 30 * 60, SVC_UNKNOWN, SVC_UP), CHANGE_OUT_OF_ORDER);
    add(c, &e, "api", 2 * H, SVC_UNKNOWN, SVC_UP);
    finish(c, &e);
    cr_assert_eq(e.n, 2);
    expect(&e, 0, "api", 0, 1 * H, SVC_UP);
    expect(&e, 1, "api", 1 * H, 2 * H, SVC_DOWN);
    changes_free(c);
}

/* A change to unknown stores nothing: no interval means unknown. */
Test(changes, unknown_is_not_stored)
{
    struct changes *c = changes_new();
    struct emitted e = {0};
    add(c, &e, "api", 0, SVC_UNKNOWN, SVC_UP);
    add(c, &e, "api", 1 * H, SVC_UNKNOWN, SVC_UNKNOWN);
    add(c, &e, "api", 2 * H, SVC_UNKNOWN, SVC_UP);
    changes_span_time(c, T + 3 * H);
    finish(c, &e);
    cr_assert_eq(e.n, 2);
    expect(&e, 0, "api", 0, 1 * H, SVC_UP);
    expect(&e, 1, "api", 2 * H, 3 * H, SVC_UP);
    changes_free(c);
}

/* Names past CHANGES_MAX_NAME_BYTES are refused, not held. */
Test(changes, names_past_the_limit_are_refused)
{
    struct changes *c = changes_new();
    struct emitted e = {0};
    static char name[1001];
    enum change_outcome o;
    enum sl_status rc = SL_OK;
    size_t i = 0;
    for (; !rc && i < 10000; i++) {
        snprintf(name, sizeof name, "%0999zu", i);
        rc = changes_add(c, "provider:acme", name, T, SVC_UNKNOWN, SVC_UP, 1, &o, collect, &e);
    }
    cr_assert_eq(rc, SL_ERR_LIMIT);
    cr_assert_leq(changes_series(c) * (1000 + sizeof "provider:acme"), CHANGES_MAX_NAME_BYTES);
    cr_assert_gt(changes_series(c), 4000);
    changes_free(c);
}
