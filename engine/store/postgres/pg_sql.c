/* pg_sql.c — SQLite's ?N parameters written as PostgreSQL's $N. */
#include "engine/store/postgres/pg_sql.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Where the literal, quoted identifier or comment that starts at p ends
 * (one past it), or p itself when none starts there. */
static const char *
skip_quoted(const char *p)
{
    if (*p == '\'' || *p == '"') {
        char q = *p++;
        while (*p) {
            if (*p == q) {
                if (p[1] == q) { /* a doubled quote stands for itself */
                    p += 2;
                    continue;
                }
                return p + 1;
            }
            p++;
        }
        return p;
    }
    if (p[0] == '-' && p[1] == '-') {
        while (*p && *p != '\n')
            p++;
        return p;
    }
    if (p[0] == '/' && p[1] == '*') {
        const char *end = strstr(p + 2, "*/");
        return end ? end + 2 : p + strlen(p);
    }
    return p;
}

char *
pg_sql_translate(const char *sql, int *nparams)
{
    /* "?" becomes "$32766" at worst: six bytes for one. */
    size_t cap = strlen(sql) * 6 + 1;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    size_t o = 0;
    int max = 0;
    const char *p = sql;
    while (*p) {
        const char *q = skip_quoted(p);
        if (q != p) {
            memcpy(out + o, p, (size_t)(q - p));
            o += (size_t)(q - p);
            p = q;
            continue;
        }
        if (*p != '?') {
            out[o++] = *p++;
            continue;
        }
        p++;
        long n;
        if (isdigit((unsigned char)*p)) {
            char *end;
            n = strtol(p, &end, 10);
            p = end;
        } else {
            n = max + 1;
        }
        if (n < 1 || n > PG_SQL_MAX_PARAMS) {
            free(out);
            return NULL;
        }
        if (n > max)
            max = (int)n;
        o += (size_t)snprintf(out + o, cap - o, "$%ld", n);
    }
    out[o] = '\0';
    *nparams = max;
    return out;
}

int
pg_sql_is_query(const char *sql)
{
    const char *p = sql;
    for (;;) {
        while (isspace((unsigned char)*p) || *p == '(')
            p++;
        const char *q = (*p == '-' || *p == '/') ? skip_quoted(p) : p;
        if (q == p)
            break;
        p = q;
    }
    static const char *const words[] = {"select", "values", "table", "with"};
    for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
        size_t n = strlen(words[k]);
        if (strncasecmp(p, words[k], n) == 0 && !isalnum((unsigned char)p[n]) && p[n] != '_')
            return 1;
    }
    return 0;
}
