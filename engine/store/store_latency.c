/* store_latency.c — packing probe latency into one row per source, series
 * and hour, and reading it back. */
#include "engine/store/store_latency.h"

#include <stdlib.h>

#include "engine/store/schema.h"
#include "engine/store/store.h"
#include "engine/store/store_db.h"

#define HOUR 3600

static void
put_le(unsigned char *at, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        at[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t
get_le(const unsigned char *at, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)at[i] << (8 * i);
    return v;
}

enum sl_status
store_latency_add_hour(struct store *st, const char *entity, const char *service, int64_t hour,
                       const struct latency_sample *samples, size_t n, struct sl_diag *diag)
{
    enum sl_status rc = SL_OK;
    unsigned char *blob = NULL;

    if (n == 0 || hour % HOUR)
        return diag_set(diag, SL_ERR_USAGE, NULL, 0, "latency samples of no hour");
    if (!(blob = malloc(n * STORE_LATENCY_SAMPLE_BYTES)))
        return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
    for (size_t i = 0; i < n; i++) {
        int64_t into = samples[i].t - hour;
        if (into < 0 || into >= HOUR) {
            rc = diag_set(diag, SL_ERR_USAGE, NULL, 0, "a latency sample outside its hour");
            goto out;
        }
        unsigned char *at = blob + i * STORE_LATENCY_SAMPLE_BYTES;
        put_le(at, (uint64_t)into, 2);
        put_le(at + 2, samples[i].micros, 4);
    }
    /* In the order of STORE_LATENCY_COLUMNS. */
    struct db_value row[] = {
        db_value_int64(store_db_source(st)),
        db_value_text(entity),
        db_value_text(service),
        db_value_int64(hour),
        db_value_int64((int64_t)n),
        db_value_blob(blob, n * STORE_LATENCY_SAMPLE_BYTES),
    };
    rc = store_db_bulk_add(st, STORE_BULK_LATENCY, row, diag);
out:
    free(blob);
    return rc;
}

enum sl_status
store_latency_each(struct store *st, const char *entity, const char *service, int64_t from,
                   int64_t to, store_latency_fn fn, void *ctx, struct sl_diag *diag)
{
    static const char sql[] = "SELECT hour, n, samples FROM latency_hours WHERE entity = ?1 AND "
                              "service = ?2 AND hour > ?3 AND hour < ?4 ORDER BY hour, source_id";
    struct db *db = store_db_handle(st);
    struct db_stmt *s = NULL;
    struct latency_sample *buf = NULL;
    size_t cap = 0;
    enum sl_status rc = SL_OK;
    enum db_rc step;

    if (store_schema_version(st) < SCHEMA_VERSION_LATENCY || to <= from)
        return SL_OK;
    if ((step = db_prepare(db, sql, false, &s)) != DB_OK) {
        rc = store_db_error(st, step, diag, "cannot read probe latency");
        goto out;
    }
    db_bind_text(s, 1, entity);
    db_bind_text(s, 2, service);
    db_bind_int64(s, 3, from - HOUR);
    db_bind_int64(s, 4, to);
    while ((step = db_step(s)) == DB_ROW) {
        int64_t hour = db_column_int64(s, 0);
        size_t bytes;
        const unsigned char *blob = db_column_blob(s, 2, &bytes);
        size_t n = bytes / STORE_LATENCY_SAMPLE_BYTES;
        if (n != (size_t)db_column_int64(s, 1)) {
            rc = diag_set(diag, SL_ERR_DB, NULL, 0,
                          "the store is damaged (a latency row of %lld holds %zu samples, not "
                          "%lld)",
                          (long long)hour, n, (long long)db_column_int64(s, 1));
            goto out;
        }
        if (n > cap) {
            struct latency_sample *grown = realloc(buf, n * sizeof *buf);
            if (!grown) {
                rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
                goto out;
            }
            buf = grown;
            cap = n;
        }
        size_t kept = 0;
        for (size_t i = 0; i < n; i++) {
            const unsigned char *at = blob + i * STORE_LATENCY_SAMPLE_BYTES;
            int64_t t = hour + (int64_t)get_le(at, 2);
            if (t >= from && t < to)
                buf[kept++] = (struct latency_sample){t, (uint32_t)get_le(at + 2, 4)};
        }
        if (kept && fn(ctx, buf, kept))
            goto out;
    }
    if (step != DB_DONE)
        rc = store_db_error(st, step, diag, "cannot read probe latency");
out:
    db_finalize(s);
    free(buf);
    return rc;
}

enum sl_status
store_latency_count_of(struct store *st, const char *sha256, const char *path, long *samples,
                       struct sl_diag *diag)
{
    static const char sql[] = "SELECT coalesce(sum(n), 0) FROM latency_hours WHERE source_id IN "
                              "(SELECT id FROM sources WHERE sha256 = ?1 OR path = ?2)";
    struct db_stmt *s = NULL;
    enum sl_status rc = SL_OK;
    enum db_rc step;

    *samples = 0;
    if (store_schema_version(st) < SCHEMA_VERSION_LATENCY)
        return SL_OK;
    if ((step = db_prepare(store_db_handle(st), sql, false, &s)) != DB_OK) {
        rc = store_db_error(st, step, diag, "cannot count probe latency");
        goto out;
    }
    if (sha256)
        db_bind_text(s, 1, sha256);
    if (path)
        db_bind_text(s, 2, path);
    if ((step = db_step(s)) == DB_ROW)
        *samples = (long)db_column_int64(s, 0);
    else
        rc = store_db_error(st, step, diag, "cannot count probe latency");
out:
    db_finalize(s);
    return rc;
}
