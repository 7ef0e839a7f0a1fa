/* fixture.c — temporary stores and read-back copies for the tests (see
 * fixture.h). The only test file that talks to SQLite directly, to read what
 * the store has no reader for. */
#include "tests/engine/fixture.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void
fixture_dir(struct fixture *fx)
{
    memset(fx, 0, sizeof *fx);
    snprintf(fx->dir, sizeof fx->dir, "/tmp/slaudit-test-XXXXXX");
    cr_assert_not_null(mkdtemp(fx->dir), "mkdtemp failed");
    snprintf(fx->db, sizeof fx->db, "%s/test.db", fx->dir);
}

void
fixture_open(struct fixture *fx)
{
    struct sl_diag diag = {0};
    fixture_dir(fx);
    enum sl_status rc = store_open(fx->db, &fx->st, &diag);
    cr_assert_eq(rc, SL_OK, "store_open: %s", diag.message);
}

void
fixture_close(struct fixture *fx)
{
    store_close(fx->st);
    fx->st = NULL;
    if (!fx->dir[0])
        return;
    DIR *d = opendir(fx->dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char path[600];
            snprintf(path, sizeof path, "%s/%s", fx->dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(fx->dir);
    fx->dir[0] = '\0';
}

const char *
fixture_write(struct fixture *fx, const char *name, const void *data, size_t len, char out[512])
{
    snprintf(out, 512, "%s/%s", fx->dir, name);
    FILE *f = fopen(out, "wb");
    cr_assert_not_null(f, "cannot create %s", out);
    cr_assert_eq(fwrite(data, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
    return out;
}

static sqlite3 *
open_db(const char *path)
{
    sqlite3 *db = NULL;
    cr_assert_eq(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK,
                 "cannot open %s", path);
    return db;
}

long
fixture_count(struct fixture *fx, const char *sql)
{
    sqlite3 *db = open_db(fx->db);
    sqlite3_stmt *s;
    cr_assert_eq(sqlite3_prepare_v2(db, sql, -1, &s, NULL), SQLITE_OK, "%s: %s", sql,
                 sqlite3_errmsg(db));
    cr_assert_eq(sqlite3_step(s), SQLITE_ROW, "%s: no row", sql);
    long v = (long)sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return v;
}

bool
fixture_reject(struct fixture *fx, int n, long *line, char reason[256], char raw[256])
{
    sqlite3 *db = open_db(fx->db);
    sqlite3_stmt *s;
    cr_assert_eq(sqlite3_prepare_v2(db,
                                    "SELECT line, reason, raw FROM rejects ORDER BY id "
                                    "LIMIT 1 OFFSET ?1",
                                    -1, &s, NULL),
                 SQLITE_OK);
    sqlite3_bind_int(s, 1, n);
    bool found = sqlite3_step(s) == SQLITE_ROW;
    if (found) {
        const unsigned char *r = sqlite3_column_text(s, 1), *w = sqlite3_column_text(s, 2);
        *line = (long)sqlite3_column_int64(s, 0);
        snprintf(reason, 256, "%s", r ? (const char *)r : "");
        snprintf(raw, 256, "%s", w ? (const char *)w : "");
    }
    sqlite3_finalize(s);
    sqlite3_close(db);
    return found;
}

void
fixture_set_user_version(const char *path, int version)
{
    sqlite3 *db = open_db(path);
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
    cr_assert_eq(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

static int
copy_interval(void *ctx, const struct interval *iv)
{
    struct fx_intervals *out = ctx;
    cr_assert_lt(out->n, FX_MAX);
    size_t i = out->n++;
    out->v[i] = *iv;
    snprintf(out->text[i][0], 64, "%s", iv->entity);
    snprintf(out->text[i][1], 64, "%s", iv->service);
    out->v[i].entity = out->text[i][0];
    out->v[i].service = out->text[i][1];
    return 0;
}

void
fixture_intervals(struct fixture *fx, const char *entity, const char *service, int64_t from,
                  int64_t to, struct fx_intervals *out)
{
    struct sl_diag diag = {0};
    out->n = 0;
    cr_assert_eq(store_each_interval(fx->st, entity, service, from, to, copy_interval, out, &diag),
                 SL_OK, "%s", diag.message);
}

/* strdup that keeps NULL, remembering the copy in owned[] for the free. */
static const char *
keep(char **owned, size_t *n, size_t max, const char *s)
{
    if (!s)
        return NULL;
    cr_assert_lt(*n, max);
    char *c = strdup(s);
    cr_assert_not_null(c);
    owned[(*n)++] = c;
    return c;
}

struct owned_maint {
    struct fx_maintenance *out;
    size_t nowned;
};

static int
copy_maintenance(void *ctx, const struct maintenance *m)
{
    struct owned_maint *o = ctx;
    struct fx_maintenance *out = o->out;
    size_t max = sizeof out->owned / sizeof out->owned[0];
    cr_assert_lt(out->n, FX_MAX);
    struct maintenance *c = &out->v[out->n++];
    *c = *m;
    c->entity = keep(out->owned, &o->nowned, max, m->entity);
    c->service = keep(out->owned, &o->nowned, max, m->service);
    c->key = keep(out->owned, &o->nowned, max, m->key);
    return 0;
}

void
fixture_maintenance(struct fixture *fx, const char *entity, const char *service, int64_t from,
                    int64_t to, struct fx_maintenance *out)
{
    struct sl_diag diag = {0};
    memset(out, 0, sizeof *out);
    struct owned_maint o = {out, 0};
    cr_assert_eq(
        store_each_maintenance(fx->st, entity, service, from, to, copy_maintenance, &o, &diag),
        SL_OK, "%s", diag.message);
}

void
fixture_maintenance_free(struct fx_maintenance *m)
{
    for (size_t i = 0; i < sizeof m->owned / sizeof m->owned[0]; i++)
        free(m->owned[i]);
    memset(m, 0, sizeof *m);
}

struct owned_inc {
    struct fx_incidents *out;
    size_t nowned;
};

static int
copy_incident(void *ctx, const struct incident *inc)
{
    struct owned_inc *o = ctx;
    struct fx_incidents *out = o->out;
    size_t max = sizeof out->owned / sizeof out->owned[0];
    cr_assert_lt(out->n, FX_MAX);
    struct incident *c = &out->v[out->n++];
    *c = *inc;
    c->key = keep(out->owned, &o->nowned, max, inc->key);
    c->entity = keep(out->owned, &o->nowned, max, inc->entity);
    c->service = keep(out->owned, &o->nowned, max, inc->service);
    c->severity = keep(out->owned, &o->nowned, max, inc->severity);
    c->severity_label = keep(out->owned, &o->nowned, max, inc->severity_label);
    c->title = keep(out->owned, &o->nowned, max, inc->title);
    c->state = keep(out->owned, &o->nowned, max, inc->state);
    c->postmortem = keep(out->owned, &o->nowned, max, inc->postmortem);
    c->extra_json = keep(out->owned, &o->nowned, max, inc->extra_json);
    return 0;
}

void
fixture_incidents(struct fixture *fx, const char *entity, int64_t from, int64_t to,
                  struct fx_incidents *out)
{
    struct sl_diag diag = {0};
    memset(out, 0, sizeof *out);
    struct owned_inc o = {out, 0};
    cr_assert_eq(store_each_incident(fx->st, entity, from, to, copy_incident, &o, &diag), SL_OK,
                 "%s", diag.message);
}

void
fixture_incidents_free(struct fx_incidents *m)
{
    for (size_t i = 0; i < sizeof m->owned / sizeof m->owned[0]; i++)
        free(m->owned[i]);
    memset(m, 0, sizeof *m);
}

static int
copy_source(void *ctx, const struct source_info *src)
{
    struct fx_sources *out = ctx;
    cr_assert_lt(out->n, sizeof out->v / sizeof out->v[0]);
    size_t i = out->n++;
    out->v[i] = *src;
    snprintf(out->text[i][0], 128, "%s", src->path);
    snprintf(out->text[i][1], 128, "%s", src->sha256);
    snprintf(out->text[i][2], 128, "%s", src->format);
    out->v[i].path = out->text[i][0];
    out->v[i].sha256 = out->text[i][1];
    out->v[i].format = out->text[i][2];
    return 0;
}

void
fixture_sources(struct fixture *fx, struct fx_sources *out)
{
    struct sl_diag diag = {0};
    out->n = 0;
    cr_assert_eq(store_each_source(fx->st, copy_source, out, &diag), SL_OK, "%s", diag.message);
}
