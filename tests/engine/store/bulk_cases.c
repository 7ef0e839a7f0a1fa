/* bulk_cases.c — the cases of db.h's bulk loads every backend must pass
 * (bulk_cases.h). */
#include "tests/engine/store/bulk_cases.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* More rows than one PostgreSQL buffer holds (64 KiB), so that a COPY stays
 * open across additions, and not a multiple of SQLite's 32. */
#define ROWS 1501

static const char *const hostile[] = {
    "tab\there",
    "line\nbreak",
    "carriage\rreturn",
    "back\\slash",
    "\\N",
    "\\.",
    "=HYPERLINK(\"http://x\";\"y\")",
    "UTF-8: \xc3\xa9 \xe2\x9c\x93 \xe6\x97\xa5\xe6\x9c\xac",
    "",
    NULL,
    "\x01\x02\x1f\x7f controls \b\f\v",
    "trailing backslash \\",
    "\t\n\r",
};
#define HOSTILE (sizeof hostile / sizeof *hostile)

static void
exec_ok(struct db *db, const char *sql)
{
    cr_assert_eq(db_exec(db, sql), DB_OK, "%s: %s", sql, db_errmsg(db));
}

static void
create(struct db *db, const char *name, const char *id_column, const char *columns)
{
    char sql[512];
    snprintf(sql, sizeof sql, "CREATE TABLE %s (%s, %s)", name, id_column, columns);
    exec_ok(db, sql);
}

static int64_t
count(struct db *db, const char *sql)
{
    struct db_stmt *s = NULL;
    cr_assert_eq(db_prepare(db, sql, false, &s), DB_OK, "%s: %s", sql, db_errmsg(db));
    cr_assert_eq(db_step(s), DB_ROW, "%s: %s", sql, db_errmsg(db));
    int64_t n = db_column_int64(s, 0);
    db_finalize(s);
    return n;
}

static struct db_bulk *
open_bulk(struct db *db, const char *table, const char *columns)
{
    struct db_bulk *b = NULL;
    cr_assert_eq(db_bulk_open(db, table, columns, &b), DB_OK, "%s", db_errmsg(db));
    return b;
}

/* Row i's values: n, x, s, b. */
static int64_t
n_of(int i)
{
    return i == 0 ? INT64_MIN : i == 1 ? INT64_MAX : (int64_t)i * 1000003 - 7;
}

static double
x_of(int i)
{
    return i == 2 ? 1e-300 : i == 3 ? -1.7976931348623157e308 : i / 3.0;
}

static const unsigned char blob_bytes[] = {0, 0xff, '\\', '\t', '\n', 0x80};

void
bulk_case_values_round_trip(struct db *db, const char *id_column)
{
    create(db, "vals", id_column,
           "n BIGINT NOT NULL, x DOUBLE PRECISION, s TEXT, b BYTEA, \"end\" BIGINT");
    struct db_bulk *b = open_bulk(db, "vals", "n, x, s, b, \"end\"");
    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    for (int i = 0; i < ROWS; i++) {
        struct db_value row[] = {
            db_value_int64(n_of(i)),
            i % 7 == 6 ? db_value_null() : db_value_double(x_of(i)),
            db_value_text(hostile[i % HOSTILE]),
            i % 4 == 3 ? db_value_null() : db_value_blob(blob_bytes, (size_t)i % 7),
            db_value_int64(i),
        };
        cr_assert_eq(db_bulk_add(b, row), DB_OK, "row %d: %s", i, db_errmsg(db));
    }
    /* no flush: the reader's statement stores them first */
    cr_assert_eq(count(db, "SELECT count(*) FROM vals"), ROWS);
    cr_assert_eq(db_commit(db), DB_OK, "%s", db_errmsg(db));

    struct db_stmt *s = NULL;
    cr_assert_eq(db_prepare(db, "SELECT n, x, s, b, \"end\" FROM vals ORDER BY id", false, &s),
                 DB_OK, "%s", db_errmsg(db));
    int i = 0;
    enum db_rc rc;
    while ((rc = db_step(s)) == DB_ROW) {
        cr_assert_eq(db_column_int64(s, 4), i, "row %d read back in the order added", i);
        cr_assert_eq(db_column_int64(s, 0), n_of(i), "row %d: n", i);
        if (i % 7 == 6) {
            cr_assert_eq(db_column_type(s, 1), DB_NULL, "row %d: x", i);
        } else {
            double x = db_column_double(s, 1), want = x_of(i);
            cr_assert(memcmp(&x, &want, sizeof x) == 0, "row %d: x %.17g, not %.17g", i, x, want);
        }
        const char *text = db_column_text(s, 2), *want = hostile[i % HOSTILE];
        if (want)
            cr_assert(text && strcmp(text, want) == 0, "row %d: text [%s], not [%s]", i,
                      text ? text : "(null)", want);
        else
            cr_assert_eq(db_column_type(s, 2), DB_NULL, "row %d: NULL, not empty text", i);
        size_t len;
        const void *blob = db_column_blob(s, 3, &len);
        if (i % 4 == 3) {
            cr_assert_eq(db_column_type(s, 3), DB_NULL, "row %d: blob", i);
        } else {
            cr_assert_eq(len, (size_t)i % 7, "row %d: blob length", i);
            cr_assert(len == 0 || memcmp(blob, blob_bytes, len) == 0, "row %d: blob bytes", i);
        }
        i++;
    }
    cr_assert_eq(rc, DB_DONE, "%s", db_errmsg(db));
    cr_assert_eq(i, ROWS);
    db_finalize(s);
    int64_t empty = 0, null = 0;
    for (i = 0; i < ROWS; i++) {
        empty += hostile[i % HOSTILE] && !*hostile[i % HOSTILE];
        null += !hostile[i % HOSTILE];
    }
    cr_assert_eq(count(db, "SELECT count(*) FROM vals WHERE s = ''"), empty);
    cr_assert_eq(count(db, "SELECT count(*) FROM vals WHERE s IS NULL"), null);
    db_bulk_close(b);
}

static void
add_n(struct db *db, struct db_bulk *b, int from, int to)
{
    for (int i = from; i < to; i++) {
        struct db_value row[] = {db_value_int64(i), db_value_text("some text to fill a buffer")};
        cr_assert_eq(db_bulk_add(b, row), DB_OK, "row %d: %s", i, db_errmsg(db));
    }
}

void
bulk_case_commit_and_rollback(struct db *db, const char *id_column)
{
    create(db, "kept", id_column, "n BIGINT NOT NULL, s TEXT");
    struct db_bulk *b = open_bulk(db, "kept", "n, s");
    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    add_n(db, b, 0, ROWS);
    cr_assert_eq(db_rollback(db), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(count(db, "SELECT count(*) FROM kept"), 0, "the rollback dropped them all");
    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    add_n(db, b, 0, 5);
    cr_assert_eq(db_commit(db), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    add_n(db, b, 5, ROWS + 5);
    cr_assert_eq(db_commit(db), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(count(db, "SELECT count(*) FROM kept"), ROWS + 5, "the commits kept them all");
    cr_assert_eq(count(db, "SELECT count(*) FROM kept a JOIN kept b ON b.id > a.id "
                           "AND b.n < a.n"),
                 0, "ids in the order added");
    db_bulk_close(b);
}

void
bulk_case_refused_row(struct db *db, const char *id_column, const char *check_words)
{
    create(db, "checked", id_column, "n BIGINT NOT NULL CHECK (n > 0), s TEXT");
    struct db_bulk *b = open_bulk(db, "checked", "n, s");
    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    add_n(db, b, 1, ROWS);
    /* The refused row and the rows after it: the error comes back from the
     * addition that flushes it or from the flush. */
    struct db_value bad[] = {db_value_int64(0), db_value_text("refused")};
    enum db_rc rc = db_bulk_add(b, bad);
    for (int i = 0; i < 40 && rc == DB_OK; i++) {
        struct db_value good[] = {db_value_int64(1), db_value_text("after")};
        rc = db_bulk_add(b, good);
    }
    if (rc == DB_OK)
        rc = db_bulk_flush(b);
    cr_assert_eq(rc, DB_CONSTRAINT, "%d: %s", rc, db_errmsg(db));
    cr_assert(strstr(db_errmsg(db), check_words) != NULL, "%s", db_errmsg(db));
    cr_assert(strstr(db_errmsg(db), "COPY") == NULL, "an INSERT's words: %s", db_errmsg(db));
    cr_assert_eq(db_rollback(db), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(count(db, "SELECT count(*) FROM checked"), 0);

    /* The same with the row refused at the commit's flush. */
    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    add_n(db, b, 1, 4);
    cr_assert_eq(db_bulk_add(b, bad), DB_OK, "held, not sent yet: %s", db_errmsg(db));
    cr_assert_eq(db_commit(db), DB_CONSTRAINT, "%s", db_errmsg(db));
    db_rollback(db);
    cr_assert_eq(count(db, "SELECT count(*) FROM checked"), 0);

    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    add_n(db, b, 1, 4);
    cr_assert_eq(db_bulk_flush(b), DB_OK, "after the rollback: %s", db_errmsg(db));
    cr_assert_eq(db_commit(db), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(count(db, "SELECT count(*) FROM checked"), 3);
    db_bulk_close(b);
}

void
bulk_case_two_tables(struct db *db, const char *id_column)
{
    create(db, "left_rows", id_column, "n BIGINT NOT NULL, s TEXT");
    create(db, "right_rows", id_column, "n BIGINT NOT NULL, s TEXT");
    struct db_bulk *l = open_bulk(db, "left_rows", "n, s");
    struct db_bulk *r = open_bulk(db, "right_rows", "n, s");
    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    for (int i = 0; i < 3 * ROWS; i++) {
        add_n(db, l, i, i + 1);
        add_n(db, r, -i, -i + 1);
    }
    cr_assert_eq(db_bulk_flush(l), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(db_commit(db), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(count(db, "SELECT count(*) FROM left_rows"), 3 * ROWS);
    cr_assert_eq(count(db, "SELECT count(*) FROM right_rows"), 3 * ROWS);
    cr_assert_eq(count(db, "SELECT count(*) FROM left_rows a JOIN left_rows b ON b.id = a.id + 1 "
                           "AND b.n = a.n + 1"),
                 3 * ROWS - 1, "in order");
    cr_assert_eq(count(db, "SELECT count(*) FROM right_rows a JOIN right_rows b "
                           "ON b.id = a.id + 1 AND b.n = a.n - 1"),
                 3 * ROWS - 1, "in order");
    db_bulk_close(l);
    db_bulk_close(r);
}
