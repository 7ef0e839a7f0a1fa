/* sla_match.c — the compiled phrasing table (sla_match.h). */
#include "parsers/sla/sla_match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/strbuf.h"

static void
add_name(void *ctx, const char *name, int number)
{
    struct sla_match_row *c = ctx;
    if (c->nnames < SLA_MATCH_MAX_NAMES && strlen(name) < sizeof c->names[0].name) {
        snprintf(c->names[c->nnames].name, sizeof c->names[0].name, "%s", name);
        c->names[c->nnames++].number = number;
    }
}

enum sl_status
sla_match_compile(struct sla_matcher *mx, unsigned regex_flags, struct sl_diag *diag)
{
    size_t n = 0;
    memset(mx, 0, sizeof *mx);
    mx->diag = diag;
    while (sla_patterns[n].pattern)
        n++;
    mx->pats = calloc(n, sizeof *mx->pats);
    if (!mx->pats)
        return diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
    for (size_t i = 0; i < n; i++) {
        struct sla_match_row *c = &mx->pats[i];
        struct strbuf sb = STRBUF_INIT;
        c->row = &sla_patterns[i];
        /* (?J): a phrasing may name the same group in two alternatives. */
        if (strbuf_addstr(&sb, "(?J)") || strbuf_addstr(&sb, c->row->pattern)) {
            strbuf_release(&sb);
            return diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
        }
        unsigned flags = regex_flags | ((c->row->flags & SLA_PAT_CASE) ? 0 : REGEX_CASELESS);
        enum sl_status s = regex_compile(sb.buf, flags, &c->re, diag);
        strbuf_release(&sb);
        mx->npats = i + 1;
        if (s)
            return s;
        regex_each_name(c->re, add_name, c);
    }
    return SL_OK;
}

void
sla_match_release(struct sla_matcher *mx)
{
    for (size_t i = 0; i < mx->npats; i++)
        regex_free(mx->pats[i].re);
    free(mx->pats);
    memset(mx, 0, sizeof *mx);
}

bool
sla_match_group(const struct sla_match_row *c, const struct regex_match *m, const char *name,
                size_t *start, size_t *len)
{
    for (size_t i = 0; i < c->nnames; i++) {
        int g = c->names[i].number;
        if (strcmp(c->names[i].name, name) || (size_t)g >= m->ngroups || m->start[g] == (size_t)-1)
            continue;
        *start = m->start[g];
        *len = m->end[g] - m->start[g];
        return true;
    }
    return false;
}

const struct sla_match_row *
sla_match_find(const struct sla_matcher *mx, enum sla_fill fill, const char *text, size_t len,
               struct regex_match *m)
{
    for (size_t i = 0; i < mx->npats; i++) {
        const struct sla_match_row *c = &mx->pats[i];
        bool found = false;
        if (c->row->fill != fill)
            continue;
        /* A match that hits the limits is a phrasing not found; an invalid
         * subject cannot happen (the text was cleaned). */
        if (regex_search(c->re, text, len, 0, &found, m, mx->diag))
            continue;
        if (found)
            return c;
    }
    return NULL;
}

bool
sla_match_has(const struct sla_matcher *mx, enum sla_fill fill, const char *text, size_t len)
{
    struct regex_match m;
    return sla_match_find(mx, fill, text, len, &m) != NULL;
}
