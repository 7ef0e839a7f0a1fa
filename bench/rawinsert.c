/* rawinsert.c — the floor for SQLite inserts: every row of a probe CSV
 * (time,entity,service,status,latency_ms) into a plain table through one
 * prepared statement in one transaction, split on commas with no CSV rules,
 * no validation and no folding. What slaudit's ingest is measured against.
 *
 * usage: bench-rawinsert PROBES.CSV DB */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: bench-rawinsert PROBES.CSV DB\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    sqlite3 *db;
    sqlite3_stmt *ins;
    if (!f || sqlite3_open(argv[2], &db) != SQLITE_OK) {
        fprintf(stderr, "bench-rawinsert: cannot open %s or %s\n", argv[1], argv[2]);
        return 1;
    }
    sqlite3_exec(db,
                 "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
                 "CREATE TABLE probes (time TEXT, entity TEXT, service TEXT, status TEXT,"
                 " latency_ms INTEGER); BEGIN",
                 NULL, NULL, NULL);
    if (sqlite3_prepare_v2(db, "INSERT INTO probes VALUES (?1, ?2, ?3, ?4, ?5)", -1, &ins, NULL) !=
        SQLITE_OK) {
        fprintf(stderr, "bench-rawinsert: %s\n", sqlite3_errmsg(db));
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long rows = 0;
    int header = 1;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (header) {
            header = 0;
            continue;
        }
        char *field[5] = {0};
        size_t len[5] = {0};
        char *p = line, *end = line + n - (line[n - 1] == '\n');
        for (int i = 0; i < 5 && p <= end; i++) {
            char *c = memchr(p, ',', (size_t)(end - p));
            field[i] = p;
            len[i] = (size_t)((c ? c : end) - p);
            p = (c ? c : end) + 1;
        }
        for (int i = 0; i < 4; i++)
            sqlite3_bind_text(ins, i + 1, field[i] ? field[i] : "", (int)len[i], SQLITE_STATIC);
        sqlite3_bind_int64(ins, 5, field[4] ? strtoll(field[4], NULL, 10) : 0);
        if (sqlite3_step(ins) != SQLITE_DONE) {
            fprintf(stderr, "bench-rawinsert: %s\n", sqlite3_errmsg(db));
            return 1;
        }
        sqlite3_reset(ins);
        rows++;
    }
    sqlite3_finalize(ins);
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        fprintf(stderr, "bench-rawinsert: %s\n", sqlite3_errmsg(db));
        return 1;
    }
    sqlite3_close(db);
    free(line);
    fclose(f);
    printf("%ld\n", rows);
    return 0;
}
