/* fixture.h — what the store and parser tests share: a fresh temporary
 * directory and store per test, files written into it, and read-back helpers
 * that copy what the store's callbacks lend so a test can assert on it after
 * the reader returns. Every helper fails the running test (cr_assert) rather
 * than returning an error. */
#ifndef SLAUDIT_TESTS_FIXTURE_H
#define SLAUDIT_TESTS_FIXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/model/model.h"
#include "engine/store/store.h"

#define FX_MAX 64

struct fixture {
    char dir[256];
    char db[320];
    struct store *st;
};

/* A new directory under /tmp and a store opened in it (fixture_dir: only the
 * directory). */
void fixture_dir(struct fixture *fx);
void fixture_open(struct fixture *fx);
/* Closes the store (when open) and removes the directory and its files. */
void fixture_close(struct fixture *fx);
/* Writes len bytes to dir/name; returns the path (in out). */
const char *fixture_write(struct fixture *fx, const char *name, const void *data, size_t len,
                          char out[512]);

/* One integer from a query against the store's file, read with its own
 * connection (the store has no reader for rejects or raw counts). */
long fixture_count(struct fixture *fx, const char *sql);
/* The n-th row (by id) of rejects; false when there is none. */
bool fixture_reject(struct fixture *fx, int n, long *line, char reason[256], char raw[256]);
/* Sets PRAGMA user_version of the database file at path. */
void fixture_set_user_version(const char *path, int version);

/* Copies of what the store_each_* readers hand out. Strings keep NULL as NULL. */
struct fx_intervals {
    size_t n;
    struct interval v[FX_MAX];
    char text[FX_MAX][2][64];
};
struct fx_maintenance {
    size_t n;
    struct maintenance v[FX_MAX];
    char *owned[FX_MAX * 3];
};
struct fx_incidents {
    size_t n;
    struct incident v[FX_MAX];
    char *owned[FX_MAX * 10];
};
struct fx_sources {
    size_t n;
    struct source_info v[8];
    char text[8][3][128];
};

void fixture_intervals(struct fixture *fx, const char *entity, const char *service, int64_t from,
                       int64_t to, struct fx_intervals *out);
void fixture_maintenance(struct fixture *fx, const char *entity, const char *service, int64_t from,
                         int64_t to, struct fx_maintenance *out);
void fixture_maintenance_free(struct fx_maintenance *m);
/* Every incident of entity (NULL: all) whose start falls in [from, to). */
void fixture_incidents(struct fixture *fx, const char *entity, int64_t from, int64_t to,
                       struct fx_incidents *out);
void fixture_incidents_free(struct fx_incidents *m);
void fixture_sources(struct fixture *fx, struct fx_sources *out);

/* A whole-time range for the readers. */
#define FX_ALL_FROM ((int64_t)0)
#define FX_ALL_TO ((int64_t)1 << 40)

#endif
