/* test_ingest_queue.c — the store thread's queue (engine/ingest_queue.c):
 * records arrive in order with their strings copied, a record larger than
 * the arena, a failure that stops the queue, and records dropped on discard. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ingest/ingest_queue.h"

#define MANY (INGEST_QUEUE_BATCH * 5 + 17)

struct seen {
    long n;
    long fail_at; /* fail on this record; -1: never */
    long bad;     /* records whose copy differs from what was added */
    size_t longest;
};

/* Record i is an incident keyed "K<i>" titled with i's digits repeated, or
 * a reject on line i, or a GPU event on host "h<i>", by i % 3. */
static void
make(long i, struct ingest_record *rec, char key[32], char *title, size_t title_len)
{
    snprintf(key, 32, "K%ld", i);
    memset(title, (char)('0' + i % 10), title_len);
    title[title_len] = '\0';
    memset(rec, 0, sizeof *rec);
    if (i % 3 == 0) {
        rec->kind = INGEST_INCIDENT;
        rec->u.incident =
            (struct incident){.key = key, .entity = "team:ops", .title = title, .line = i};
    } else if (i % 3 == 1) {
        rec->kind = INGEST_REJECT;
        rec->u.reject = (struct ingest_reject_row){.line = i, .reason = key, .raw = title};
    } else {
        rec->kind = INGEST_GPU_EVENT;
        rec->u.gpu_event = (struct gpu_event){.entity = "team:gpu", .host = key, .line = i};
    }
}

static enum sl_status
check(void *ctx, const struct ingest_record *rec)
{
    struct seen *s = ctx;
    long i = s->n++;
    if (i == s->fail_at)
        return SL_ERR_DB;
    char key[32], title[64];
    struct ingest_record want;
    make(i, &want, key, title, (size_t)(i % 40));
    bool same = rec->kind == want.kind;
    if (same && rec->kind == INGEST_INCIDENT) {
        same = !strcmp(rec->u.incident.key, key) && !strcmp(rec->u.incident.title, title) &&
               !strcmp(rec->u.incident.entity, "team:ops") && !rec->u.incident.service &&
               rec->u.incident.line == i;
        size_t len = strlen(rec->u.incident.title);
        if (len > s->longest)
            s->longest = len;
    } else if (same && rec->kind == INGEST_REJECT) {
        same = rec->u.reject.line == i && !strcmp(rec->u.reject.reason, key) &&
               !strcmp(rec->u.reject.raw, title);
    } else if (same) {
        same = !strcmp(rec->u.gpu_event.host, key) && !rec->u.gpu_event.pci &&
               rec->u.gpu_event.line == i;
    }
    s->bad += !same;
    return SL_OK;
}

/* Adds records 0..n-1 from buffers that are overwritten after each add. */
static enum sl_status
add_many(struct ingest_queue *q, long n)
{
    char key[32], title[64];
    struct ingest_record rec;
    for (long i = 0; i < n; i++) {
        make(i, &rec, key, title, (size_t)(i % 40));
        enum sl_status rc = ingest_queue_add(q, &rec);
        memset(key, 'x', sizeof key - 1);
        memset(title, 'y', sizeof title - 1);
        if (rc)
            return rc;
    }
    return SL_OK;
}

Test(ingest_queue, in_order_with_copies)
{
    struct seen s = {.fail_at = -1};
    struct ingest_queue *q;
    cr_assert_eq(ingest_queue_start(check, &s, &q), SL_OK);
    cr_assert_eq(add_many(q, MANY), SL_OK);
    cr_assert_eq(ingest_queue_stop(q, false), SL_OK);
    cr_assert_eq(s.n, MANY);
    cr_assert_eq(s.bad, 0);
}

static enum sl_status
measure(void *ctx, const struct ingest_record *rec)
{
    size_t *longest = ctx;
    if (rec->kind == INGEST_INCIDENT && strlen(rec->u.incident.title) > *longest)
        *longest = strlen(rec->u.incident.title);
    return SL_OK;
}

Test(ingest_queue, record_larger_than_the_arena)
{
    size_t len = INGEST_QUEUE_ARENA * 3;
    char *title = malloc(len + 1);
    cr_assert_not_null(title);
    memset(title, 't', len);
    title[len] = '\0';
    size_t longest = 0;
    struct ingest_queue *q;
    cr_assert_eq(ingest_queue_start(measure, &longest, &q), SL_OK);
    struct ingest_record rec = {.kind = INGEST_INCIDENT,
                                .u.incident = {.key = "K", .entity = "team:ops", .title = "short"}};
    cr_assert_eq(ingest_queue_add(q, &rec), SL_OK);
    rec.u.incident.title = title;
    cr_assert_eq(ingest_queue_add(q, &rec), SL_OK);
    cr_assert_eq(ingest_queue_add(q, &rec), SL_OK);
    cr_assert_eq(ingest_queue_stop(q, false), SL_OK);
    cr_assert_eq(longest, len);
    free(title);
}

Test(ingest_queue, failure_stops_the_queue)
{
    struct seen s = {.fail_at = INGEST_QUEUE_BATCH + 3};
    struct ingest_queue *q;
    cr_assert_eq(ingest_queue_start(check, &s, &q), SL_OK);
    enum sl_status rc = add_many(q, MANY);
    cr_assert_eq(rc, SL_ERR_DB, "the failure comes back at a later hand-over");
    cr_assert_eq(ingest_queue_stop(q, true), SL_ERR_DB);
    cr_assert_eq(s.n, INGEST_QUEUE_BATCH + 4, "nothing is stored after the failure");
}

Test(ingest_queue, discard_drops_what_was_not_handed_over)
{
    struct seen s = {.fail_at = -1};
    struct ingest_queue *q;
    cr_assert_eq(ingest_queue_start(check, &s, &q), SL_OK);
    cr_assert_eq(add_many(q, INGEST_QUEUE_BATCH + 10), SL_OK);
    cr_assert_eq(ingest_queue_stop(q, true), SL_OK);
    cr_assert_eq(s.n, INGEST_QUEUE_BATCH);
    cr_assert_eq(s.bad, 0);
}
