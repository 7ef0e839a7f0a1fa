/* pg_conninfo.c — which targets are PostgreSQL connection strings, and
 * those strings (or messages that echo them) with the password masked. */
#include "engine/store/postgres/pg_conninfo.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "engine/store/db_backend.h"

#define MASK "***"

/* A span of the target: where a value starts and how long it is. */
struct span {
    size_t at, len;
};

static bool
is_uri(const char *s)
{
    return strncmp(s, "postgresql://", 13) == 0 || strncmp(s, "postgres://", 11) == 0;
}

/* Walks libpq's keyword form, "key = value key='quoted \' value' ...".
 * Returns false when s is not made of such pairs; otherwise true, with the
 * span of the password's value (quotes included) in *pw when there is one
 * (pw->len is then at least 0 and pw->at set; *found says whether). */
static bool
scan_keywords(const char *s, struct span *pw, bool *found)
{
    size_t i = 0, pairs = 0;
    *found = false;
    for (;;) {
        while (isspace((unsigned char)s[i]))
            i++;
        if (!s[i])
            break;
        size_t key = i;
        while (isalnum((unsigned char)s[i]) || s[i] == '_')
            i++;
        size_t keylen = i - key;
        if (keylen == 0 || !isalpha((unsigned char)s[key]))
            return false;
        while (isspace((unsigned char)s[i]))
            i++;
        if (s[i] != '=')
            return false;
        i++;
        while (isspace((unsigned char)s[i]))
            i++;
        size_t val = i;
        if (s[i] == '\'') {
            i++;
            while (s[i] && s[i] != '\'') {
                if (s[i] == '\\' && s[i + 1])
                    i++;
                i++;
            }
            if (s[i] != '\'')
                return false;
            i++;
        } else {
            while (s[i] && !isspace((unsigned char)s[i])) {
                if (s[i] == '\\' && s[i + 1])
                    i++;
                i++;
            }
        }
        if (keylen == 8 && strncmp(s + key, "password", 8) == 0) {
            pw->at = val;
            pw->len = i - val;
            *found = true;
        }
        pairs++;
    }
    return pairs > 0;
}

/* When the key of a URI's query parameter at q (plen bytes up to &)
 * is "password" as libpq reads it — percent-decoded, so ?%70assword= too —
 * where its value starts; 0 otherwise. */
static size_t
password_value_at(const char *q, size_t plen)
{
    static const char want[] = "password";
    size_t k = 0, i = 0;
    while (i < plen && q[i] != '=') {
        int c = (unsigned char)q[i];
        if (c == '%' && i + 2 < plen && isxdigit((unsigned char)q[i + 1]) &&
            isxdigit((unsigned char)q[i + 2])) {
            char hex[3] = {q[i + 1], q[i + 2], '\0'};
            c = (int)strtol(hex, NULL, 16);
            i += 3;
        } else {
            i++;
        }
        if (k >= sizeof want - 1 || c != want[k])
            return 0;
        k++;
    }
    return k == sizeof want - 1 && i < plen ? i + 1 : 0;
}

/* The password of a URI: after user: up to the @ that ends the user part,
 * and a password query parameter. libpq ends the user part at the first @
 * before any /, so a ? or # in a password belongs to it; the last @ before
 * the first / is taken here, so a password with an @ of its own is masked
 * whole too. Both spans may be found. */
static void
scan_uri(const char *s, struct span *user_pw, bool *has_user_pw, struct span *query_pw,
         bool *has_query_pw)
{
    *has_user_pw = *has_query_pw = false;
    const char *auth = strstr(s, "://") + 3;
    size_t upto_slash = strcspn(auth, "/");
    const char *at = NULL;
    for (size_t k = 0; k < upto_slash; k++)
        if (auth[k] == '@')
            at = auth + k;
    const char *host = auth;
    if (at) {
        const char *colon = memchr(auth, ':', (size_t)(at - auth));
        if (colon) {
            user_pw->at = (size_t)(colon + 1 - s);
            user_pw->len = (size_t)(at - colon - 1);
            *has_user_pw = true;
        }
        host = at + 1;
    }
    const char *q = strchr(host, '?');
    while (q) {
        q++;
        size_t plen = strcspn(q, "&"); /* a # is text to libpq, not a fragment */
        size_t value = password_value_at(q, plen);
        if (value) {
            query_pw->at = (size_t)(q + value - s);
            query_pw->len = plen - value;
            *has_query_pw = true;
        }
        q = q[plen] == '&' ? q + plen : NULL;
    }
}

/* Whether target is written as libpq's keyword form would be, with one
 * keyword libpq knows at the start of a word and followed by = — "host=h
 * dbnme=x password=…" or "host=/tmp dbname='x": a connection string, even
 * when libpq then refuses it (a mistyped keyword, an open quote), never a
 * SQLite file of that name. "a=b.db" names no keyword. */
static bool
looks_like_keywords(const char *target)
{
    if (!isalpha((unsigned char)target[0]))
        return false;
    PQconninfoOption *defaults = PQconndefaults();
    bool found = false;
    for (PQconninfoOption *o = defaults; o && o->keyword && !found; o++) {
        size_t n = strlen(o->keyword);
        for (const char *p = target; *p && !found; p++) {
            if ((p != target && !isspace((unsigned char)p[-1])) || strncmp(p, o->keyword, n))
                continue;
            const char *e = p + n;
            while (*e == ' ' || *e == '\t')
                e++;
            found = *e == '=';
        }
    }
    PQconninfoFree(defaults);
    return found;
}

bool
db_postgres_target(const char *target)
{
    if (!target)
        return false;
    if (is_uri(target) || looks_like_keywords(target))
        return true;
    struct span pw;
    bool found;
    if (!scan_keywords(target, &pw, &found))
        return false;
    char *errmsg = NULL;
    PQconninfoOption *opts = PQconninfoParse(target, &errmsg);
    if (errmsg)
        PQfreemem(errmsg);
    if (!opts)
        return false;
    PQconninfoFree(opts);
    return true;
}

/* s with the given spans (sorted, not overlapping) replaced by MASK. */
static char *
mask_spans(const char *s, const struct span *spans, size_t n)
{
    size_t len = strlen(s) + n * sizeof MASK + 1;
    char *out = malloc(len);
    if (!out)
        return NULL;
    size_t from = 0, o = 0;
    for (size_t k = 0; k < n; k++) {
        memcpy(out + o, s + from, spans[k].at - from);
        o += spans[k].at - from;
        memcpy(out + o, MASK, sizeof MASK - 1);
        o += sizeof MASK - 1;
        from = spans[k].at + spans[k].len;
    }
    size_t rest = strlen(s + from);
    memcpy(out + o, s + from, rest + 1);
    return out;
}

/* A password= in a keyword string libpq refuses (an open quote): its value
 * up to the next blank, or to the closing quote or the end. */
static bool
scan_password_loosely(const char *s, struct span *pw)
{
    for (const char *p = s; *p; p++) {
        if ((p != s && !isspace((unsigned char)p[-1])) || strncmp(p, "password", 8))
            continue;
        const char *v = p + 8;
        while (isspace((unsigned char)*v))
            v++;
        if (*v != '=')
            continue;
        v++;
        while (isspace((unsigned char)*v))
            v++;
        const char *e = v;
        if (*e == '\'') {
            for (e++; *e && *e != '\''; e++)
                if (*e == '\\' && e[1])
                    e++;
            if (*e)
                e++;
        } else {
            while (*e && !isspace((unsigned char)*e))
                e++;
        }
        pw->at = (size_t)(v - s);
        pw->len = (size_t)(e - v);
        return true;
    }
    return false;
}

/* The spans of target's passwords, as db_postgres_redact masks them:
 * how many (0 to 2), sorted. */
static size_t
password_spans(const char *target, struct span spans[2])
{
    size_t n = 0;
    if (is_uri(target)) {
        bool a, b;
        scan_uri(target, &spans[0], &a, &spans[1], &b);
        if (a)
            n++;
        if (b)
            spans[n++] = spans[1];
    } else {
        bool found;
        if (scan_keywords(target, &spans[0], &found))
            n = found;
        else
            n = scan_password_loosely(target, &spans[0]);
    }
    return n;
}

char *
db_postgres_redact(const char *target)
{
    struct span spans[2];
    return mask_spans(target, spans, password_spans(target, spans));
}

void
db_postgres_blank(char *target)
{
    struct span spans[2];
    size_t n = password_spans(target, spans);
    for (size_t k = 0; k < n; k++)
        memset(target + spans[k].at, '*', spans[k].len);
}

/* The password as libpq reads it (unquoted, unescaped, %-decoded), or
 * NULL. Owned by the caller. */
static char *
decoded_password(const char *target)
{
    char *errmsg = NULL, *pw = NULL;
    PQconninfoOption *opts = PQconninfoParse(target, &errmsg);
    if (errmsg)
        PQfreemem(errmsg);
    if (!opts)
        return NULL;
    for (PQconninfoOption *o = opts; o->keyword; o++)
        if (strcmp(o->keyword, "password") == 0 && o->val && *o->val)
            pw = strdup(o->val);
    PQconninfoFree(opts);
    return pw;
}

/* The password as written in target (quotes included), or NULL. Owned by
 * the caller. */
static char *
raw_password(const char *target)
{
    struct span spans[2];
    bool a = false, b = false;
    if (is_uri(target)) {
        scan_uri(target, &spans[0], &a, &spans[1], &b);
        if (!a && b)
            spans[0] = spans[1];
    } else if (!scan_keywords(target, &spans[0], &a)) {
        a = false;
    }
    if (!(a || b) || spans[0].len == 0)
        return NULL;
    return strndup(target + spans[0].at, spans[0].len);
}

/* Appends c to out[*o], keeping room for the final NUL. */
static void
put(char *out, size_t outsize, size_t *o, const char *c, size_t n)
{
    if (*o + 1 >= outsize)
        return;
    if (n > outsize - 1 - *o)
        n = outsize - 1 - *o;
    memcpy(out + *o, c, n);
    *o += n;
}

void
pg_conninfo_scrub(const char *msg, const char *target, char *out, size_t outsize)
{
    if (!outsize)
        return;
    char *raw = target ? raw_password(target) : NULL;
    char *decoded = target ? decoded_password(target) : NULL;
    size_t o = 0;
    for (const char *p = msg; *p;) {
        if (raw && *raw && strncmp(p, raw, strlen(raw)) == 0) {
            put(out, outsize, &o, MASK, 3);
            p += strlen(raw);
        } else if (decoded && strncmp(p, decoded, strlen(decoded)) == 0) {
            put(out, outsize, &o, MASK, 3);
            p += strlen(decoded);
        } else if (strncmp(p, "password=", 9) == 0) {
            put(out, outsize, &o, "password=" MASK, 12);
            p += 9;
            if (*p == '\'') {
                p++;
                while (*p && *p != '\'')
                    p += (*p == '\\' && p[1]) ? 2 : 1;
                if (*p)
                    p++;
            } else {
                while (*p && !isspace((unsigned char)*p) && *p != '&' && *p != '"')
                    p++;
            }
        } else {
            put(out, outsize, &o, p, 1);
            p++;
        }
    }
    out[o] = '\0';
    free(raw);
    free(decoded);
}
