/* literals.c — the fixed text a pattern's matches need (literals.h), read
 * by a recursive descent over PCRE2's syntax. */
#include "engine/base/literals.h"

#include <limits.h>
#include <string.h>

#include "engine/base/regex.h"

/* Bytes of log text, the most common first (a guess from kernel, Slurm and
 * service logs, not a measurement): a byte further left costs more false
 * starts when memchr looks for it. A byte not listed (the rarest capitals
 * and most punctuation) is rare. */
static const char common_bytes[] =
    " 0e1t2a:o3i5n4s6r8.7h9-l/dcu_m=pTfgZ,wybv[]kx()j\"'qzSACMNPDRIEBLFGHOUWKVYJXQ";

#define NEED_ALL 16   /* literals of a piece that each must appear */
#define MIN_SHARED 3  /* the shortest text alternatives share to need it */
#define MAX_DEPTH 32  /* groups nested deeper: the pattern needs nothing */
#define SCAN_COST 512 /* what one more literal of a set costs: a pass over the subject */

/* What a piece of pattern needs: the cheapest set of literals one of which
 * every match holds, and the literals every match holds each of (for the
 * text that alternatives share). */
struct need {
    struct literals set;
    struct literal all[NEED_ALL];
    size_t nall;
};

struct reader {
    const char *p;
    bool unknown; /* syntax this reader does not follow: nothing needed */
};

static int
byte_cost(unsigned char c)
{
    const char *at = c ? strchr(common_bytes, c) : NULL;
    return at ? (int)(sizeof common_bytes - (size_t)(at - common_bytes)) : 0;
}

static struct literal
literal_of(const char *text, size_t len)
{
    struct literal l = {.len = len};
    memcpy(l.text, text, len);
    for (size_t i = 1; i < len; i++)
        if (byte_cost((unsigned char)text[i]) < byte_cost((unsigned char)text[l.rare]))
            l.rare = i;
    return l;
}

/* Higher is cheaper to search for: a rarer byte first, then a longer text. */
static int
literal_worth(const struct literal *l)
{
    int rarity = (int)sizeof common_bytes - byte_cost((unsigned char)l->text[l->rare]);
    return rarity * 16 + (int)(l->len < 16 ? l->len : 16);
}

static int
set_worth(const struct literals *s)
{
    if (!s->n)
        return INT_MIN;
    int worst = literal_worth(&s->v[0]);
    for (size_t i = 1; i < s->n; i++)
        if (literal_worth(&s->v[i]) < worst)
            worst = literal_worth(&s->v[i]);
    return worst - SCAN_COST * (int)(s->n - 1);
}

static void
consider(struct literals *best, const struct literals *candidate)
{
    if (candidate->n && set_worth(candidate) > set_worth(best))
        *best = *candidate;
}

static bool
same_literal(const struct literal *a, const struct literal *b)
{
    return a->len == b->len && !memcmp(a->text, b->text, a->len);
}

static void
add_unique(struct literal *list, size_t *n, size_t max, const struct literal *l)
{
    for (size_t i = 0; i < *n; i++)
        if (same_literal(&list[i], l))
            return;
    if (*n < max)
        list[(*n)++] = *l;
}

/* A literal every match of the piece holds. */
static void
need_literal(struct need *n, const char *text, size_t len)
{
    if (!len)
        return;
    struct literals one = {.n = 1, .v = {literal_of(text, len)}};
    add_unique(n->all, &n->nall, NEED_ALL, &one.v[0]);
    consider(&n->set, &one);
}

/* A group the piece holds at least once. */
static void
need_group(struct need *n, const struct need *g)
{
    for (size_t i = 0; i < g->nall; i++)
        add_unique(n->all, &n->nall, NEED_ALL, &g->all[i]);
    consider(&n->set, &g->set);
}

/* The longest text a and b both hold, when at least MIN_SHARED bytes. */
static bool
shared_text(const struct literal *a, const struct literal *b, struct literal *out)
{
    size_t best = 0, at = 0;
    for (size_t i = 0; i < a->len; i++)
        for (size_t j = 0; j < b->len; j++) {
            size_t k = 0;
            while (i + k < a->len && j + k < b->len && a->text[i + k] == b->text[j + k])
                k++;
            if (k > best) {
                best = k;
                at = i;
            }
        }
    if (best < MIN_SHARED)
        return false;
    *out = literal_of(a->text + at, best);
    return true;
}

/* Keeps of shared what b's literals hold too: the text of each pair. */
static size_t
keep_shared(struct literal *shared, size_t n, const struct literal *b, size_t nb)
{
    struct literal kept[NEED_ALL];
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < nb; j++) {
            struct literal t;
            if (shared_text(&shared[i], &b[j], &t))
                add_unique(kept, &k, NEED_ALL, &t);
        }
    memcpy(shared, kept, k * sizeof *kept);
    return k;
}

/* The bytes of the UTF-8 character at p (1 for a byte that starts none). */
static size_t
char_len(const char *p)
{
    size_t n = 1;
    if ((unsigned char)*p >= 0xC0)
        while ((p[n] & 0xC0) == 0x80)
            n++;
    return n;
}

static bool
is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A quantifier at r->p, read past, with its least count; false when there
 * is none (a '{' that starts none is a literal). */
static bool
read_quantifier(struct reader *r, long *min)
{
    const char *p = r->p;
    if (*p == '?' || *p == '*' || *p == '+') {
        *min = *p == '+';
        p++;
    } else if (*p == '{' && is_digit(p[1])) {
        *min = 0;
        for (p++; is_digit(*p); p++)
            *min = *min < 100000 ? *min * 10 + (*p - '0') : *min;
        if (*p == ',')
            for (p++; is_digit(*p); p++)
                ;
        if (*p != '}')
            return false;
        p++;
    } else {
        return false;
    }
    if (*p == '?' || *p == '+') /* lazy, possessive */
        p++;
    r->p = p;
    return true;
}

enum atom { ATOM_LITERAL, ATOM_OTHER, ATOM_GROUP, ATOM_EMPTY };

/* The character escaped at r->p (just past the backslash): a literal byte
 * in *lit, or another atom. */
static enum atom
read_escape(struct reader *r, char *lit)
{
    char e = *r->p;
    static const char classes[] = "dDsSwWhHvVRXC", empty[] = "bBAzZGK";
    static const char controls[] = "tnrfea", control_bytes[] = "\t\n\r\f\x1b\a";
    if (!e) {
        r->unknown = true;
        return ATOM_EMPTY;
    }
    r->p++;
    if (strchr(classes, e))
        return ATOM_OTHER;
    if (strchr(empty, e))
        return ATOM_EMPTY;
    if (strchr(controls, e)) {
        *lit = control_bytes[strchr(controls, e) - controls];
        return ATOM_LITERAL;
    }
    if (is_digit(e)) { /* a back reference or an octal character */
        while (is_digit(*r->p))
            r->p++;
        return ATOM_OTHER;
    }
    if (e == 'x' || e == 'o' || e == 'p' || e == 'P' || e == 'N') {
        if (e == 'N' && *r->p != '{')
            return ATOM_OTHER;
        if (*r->p == '{') {
            const char *close = strchr(r->p, '}');
            if (!close || e == 'N') {
                r->unknown = true;
                return ATOM_EMPTY;
            }
            r->p = close + 1;
        } else {
            for (int i = 0; i < (e == 'x' ? 2 : 1) && *r->p; i++)
                r->p++;
        }
        return ATOM_OTHER;
    }
    if (e == 'c' && *r->p) {
        r->p++;
        return ATOM_OTHER;
    }
    if ((unsigned char)e >= 0x80 || (e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z')) {
        r->unknown = true; /* \Q, \E, \g, \k and the rest */
        return ATOM_EMPTY;
    }
    *lit = e;
    return ATOM_LITERAL;
}

/* A character class at r->p (at its '['), read past. */
static void
skip_class(struct reader *r)
{
    const char *p = r->p + 1;
    if (*p == '^')
        p++;
    if (*p == ']')
        p++;
    while (*p && *p != ']') {
        if (*p == '\\' && p[1])
            p += 2;
        else if (*p == '[' && p[1] == ':' && strstr(p + 2, ":]"))
            p = strstr(p + 2, ":]") + 2;
        else
            p++;
    }
    if (!*p)
        r->unknown = true;
    r->p = *p ? p + 1 : p;
}

static void read_alternatives(struct reader *r, struct need *out, int depth);

/* A group at r->p (at its '('), read past: what it needs in *g, or
 * ATOM_EMPTY for a lookaround (which needs nothing of the subject it
 * consumes). */
static enum atom
read_group(struct reader *r, struct need *g, int depth)
{
    const char *p = r->p + 1;
    bool around = false;
    if (*p == '?') {
        p++;
        if (*p == ':' || *p == '|' || *p == '>') {
            p++;
        } else if (*p == '=' || *p == '!') {
            around = true;
            p++;
        } else if (*p == '<' && (p[1] == '=' || p[1] == '!')) {
            around = true;
            p += 2;
        } else if (*p == '<' || *p == '\'' || (*p == 'P' && p[1] == '<')) {
            char close = *p == '\'' ? '\'' : '>';
            p = strchr(p + 1, close);
            if (!p) {
                r->unknown = true;
                return ATOM_EMPTY;
            }
            p++;
        } else {
            r->unknown = true; /* options, conditions, comments, recursion */
            return ATOM_EMPTY;
        }
    } else if (*p == '*') {
        r->unknown = true; /* a verb */
        return ATOM_EMPTY;
    }
    r->p = p;
    if (depth >= MAX_DEPTH) {
        r->unknown = true;
        return ATOM_EMPTY;
    }
    read_alternatives(r, g, depth + 1);
    if (*r->p != ')') {
        r->unknown = true;
        return ATOM_EMPTY;
    }
    r->p++;
    return around ? ATOM_EMPTY : ATOM_GROUP;
}

/* One alternative: its atoms up to a '|', a ')' or the end. A run of
 * literal characters is one literal; a quantifier that allows none drops
 * its atom, and any quantifier ends the run. */
static void
read_sequence(struct reader *r, struct need *out, int depth)
{
    char run[LITERAL_MAX];
    size_t run_len = 0;
    memset(out, 0, sizeof *out);
    while (*r->p && *r->p != '|' && *r->p != ')' && !r->unknown) {
        struct need g;
        char lit[8];
        size_t lit_len = 0;
        enum atom a;
        char c = *r->p;
        if (c == '\\') {
            r->p++;
            a = read_escape(r, lit);
            lit_len = 1;
        } else if (c == '[') {
            skip_class(r);
            a = ATOM_OTHER;
        } else if (c == '(') {
            a = read_group(r, &g, depth);
        } else if (c == '.') {
            r->p++;
            a = ATOM_OTHER;
        } else if (c == '^' || c == '$') {
            r->p++;
            a = ATOM_EMPTY;
        } else if (c == '?' || c == '*' || c == '+' || c == '{') {
            /* A quantifier of nothing this reader follows, or a '{' some
             * PCRE2 versions read as a quantifier and others as a literal. */
            r->unknown = true;
            break;
        } else {
            lit_len = char_len(r->p);
            memcpy(lit, r->p, lit_len);
            r->p += lit_len;
            a = ATOM_LITERAL;
        }
        long min = 1;
        bool quantified = read_quantifier(r, &min);
        if (a == ATOM_LITERAL && run_len + lit_len >= LITERAL_MAX) {
            need_literal(out, run, run_len);
            run_len = 0;
        }
        if (a == ATOM_LITERAL && min > 0) {
            memcpy(run + run_len, lit, lit_len);
            run_len += lit_len;
        }
        if (a != ATOM_LITERAL || quantified) {
            need_literal(out, run, run_len);
            run_len = 0;
        }
        if (a == ATOM_GROUP && min > 0)
            need_group(out, &g);
        if (a == ATOM_EMPTY && quantified)
            r->unknown = true;
    }
    need_literal(out, run, run_len);
}

/* Adds b's literals to a's; false when either has none or they are more
 * than LITERALS_MAX. */
static bool
union_with(struct literals *a, const struct literals *b)
{
    if (!a->n || !b->n)
        return false;
    for (size_t i = 0; i < b->n; i++) {
        size_t before = a->n;
        add_unique(a->v, &a->n, LITERALS_MAX, &b->v[i]);
        if (a->n == before && a->n == LITERALS_MAX) {
            bool present = false;
            for (size_t j = 0; j < a->n; j++)
                present = present || same_literal(&a->v[j], &b->v[i]);
            if (!present)
                return false;
        }
    }
    return true;
}

/* Alternatives up to a ')' or the end: one literal of each alternative's
 * set, or a text every alternative holds, whichever is cheaper to find. */
static void
read_alternatives(struct reader *r, struct need *out, int depth)
{
    read_sequence(r, out, depth);
    if (*r->p != '|')
        return;
    struct literals any = out->set;
    struct literal shared[NEED_ALL];
    size_t nshared = out->nall;
    memcpy(shared, out->all, nshared * sizeof *shared);
    struct need alt;
    while (*r->p == '|' && !r->unknown) {
        r->p++;
        read_sequence(r, &alt, depth);
        if (!union_with(&any, &alt.set))
            any.n = 0; /* an alternative that needs nothing, or too many literals */
        nshared = keep_shared(shared, nshared, alt.all, alt.nall);
    }
    memset(out, 0, sizeof *out);
    out->set = any;
    for (size_t i = 0; i < nshared; i++) {
        struct literals one = {.n = 1, .v = {shared[i]}};
        out->all[out->nall++] = shared[i];
        consider(&out->set, &one);
    }
}

void
literals_of(const char *pattern, unsigned regex_flags, struct literals *out)
{
    struct reader r = {.p = pattern};
    struct need n;
    memset(out, 0, sizeof *out);
    if (regex_flags & REGEX_CASELESS)
        return;
    read_alternatives(&r, &n, 0);
    if (!r.unknown && !*r.p)
        *out = n.set;
}

static bool
found_one(const struct literal *l, const char *s, size_t len)
{
    if (len < l->len)
        return false;
    const char *p = s + l->rare, *last = s + (len - l->len) + l->rare;
    while (p <= last && (p = memchr(p, l->text[l->rare], (size_t)(last - p) + 1))) {
        if (!memcmp(p - l->rare, l->text, l->len))
            return true;
        p++;
    }
    return false;
}

bool
literals_found(const struct literals *l, const char *s, size_t len)
{
    if (!l->n)
        return true;
    for (size_t i = 0; i < l->n; i++)
        if (found_one(&l->v[i], s, len))
            return true;
    return false;
}
