/* sla_band.c — a credit band from its words (sla_band.h). */
#include "parsers/sla/sla_band.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 64

enum tok_kind { TOK_NUM, TOK_OP, TOK_RANGE };

struct token {
    enum tok_kind kind;
    size_t start, end;
    int op;
    double value;
};

static int
token_order(const void *a, const void *b)
{
    const struct token *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->end > y->end ? -1 : x->end < y->end; /* longer first */
}

static bool
only_filler(const char *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (!strchr(" %", s[i]))
            return false;
    return true;
}

bool
sla_band_parse(const struct sla_matcher *mx, const char *text, size_t len,
               struct sla_credit_tier *tier, bool *explicit_op)
{
    struct token tok[MAX_TOKENS];
    size_t n = 0;
    bool range = false;
    for (size_t i = 0; i < len && n < MAX_TOKENS; i++) {
        if (!isdigit((unsigned char)text[i]) ||
            (i && (isalnum((unsigned char)text[i - 1]) || text[i - 1] == '.')))
            continue;
        size_t k = i;
        while (k < len && (isdigit((unsigned char)text[k]) ||
                           (text[k] == '.' && k + 1 < len && isdigit((unsigned char)text[k + 1]))))
            k++;
        double v = strtod(text + i, NULL);
        size_t after = k;
        while (after < len && text[after] == ' ')
            after++;
        /* A number that is not a percentage of time ("43.2 min", "5 minutes"). */
        if (after < len && isalpha((unsigned char)text[after]) &&
            strncasecmp(text + after, "percent", 7) && strncasecmp(text + after, "or", 2) &&
            strncasecmp(text + after, "and", 3) && strncasecmp(text + after, "to", 2) &&
            strncasecmp(text + after, "but", 3) && strncasecmp(text + after, "through", 7)) {
            i = k;
            continue;
        }
        if (v <= 100)
            tok[n++] = (struct token){TOK_NUM, i, k, -1, v};
        i = k;
    }
    for (size_t p = 0; p < mx->npats && n < MAX_TOKENS; p++) {
        const struct sla_match_row *c = &mx->pats[p];
        if (c->row->fill != SLA_FILL_BAND_OP && c->row->fill != SLA_FILL_BAND_RANGE)
            continue;
        if (c->row->arg == SLA_OP_POST_GE || c->row->arg == SLA_OP_POST_LE)
            if (c->row->fill == SLA_FILL_BAND_OP)
                continue;
        size_t from = 0;
        struct regex_match m;
        bool found;
        while (n < MAX_TOKENS && from < len &&
               !regex_search(c->re, text, len, from, &found, &m, mx->diag) && found) {
            if (m.end[0] == m.start[0]) {
                from = m.end[0] + 1;
                continue;
            }
            enum tok_kind kind = c->row->fill == SLA_FILL_BAND_OP ? TOK_OP : TOK_RANGE;
            tok[n++] = (struct token){kind, m.start[0], m.end[0], c->row->arg, 0};
            from = m.end[0];
        }
    }
    qsort(tok, n, sizeof *tok, token_order);
    /* Drop tokens inside a longer one ("less than or equal to" holds "less than"). */
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (k && tok[i].start < tok[k - 1].end)
            continue;
        tok[k++] = tok[i];
    }
    n = k;
    double lo = NAN, hi = NAN;
    bool lo_inc = true, hi_inc = false, any_op = false;
    double loose[2];
    size_t nloose = 0;
    for (size_t i = 0; i < n; i++) {
        if (tok[i].kind == TOK_RANGE) {
            range = true;
            continue;
        }
        if (tok[i].kind != TOK_NUM)
            continue;
        double v = tok[i].value;
        int op = -1;
        bool flipped = false;
        if (i && tok[i - 1].kind == TOK_OP && only_filler(text, tok[i - 1].end, tok[i].start)) {
            op = tok[i - 1].op;
        } else if (i + 1 < n && tok[i + 1].kind == TOK_OP &&
                   only_filler(text, tok[i].end, tok[i + 1].start) &&
                   (i + 2 >= n || tok[i + 2].kind != TOK_NUM ||
                    !only_filler(text, tok[i + 1].end, tok[i + 2].start))) {
            op = tok[i + 1].op;
            flipped = true;
        }
        /* "99 % or more" follows its number. */
        if (op < 0) {
            for (size_t p = 0; p < mx->npats && op < 0; p++) {
                const struct sla_match_row *c = &mx->pats[p];
                struct regex_match m;
                bool found;
                if (c->row->fill != SLA_FILL_BAND_OP ||
                    (c->row->arg != SLA_OP_POST_GE && c->row->arg != SLA_OP_POST_LE))
                    continue;
                if (!regex_search(c->re, text + tok[i].end, len - tok[i].end, 0, &found, &m,
                                  mx->diag) &&
                    found)
                    op = c->row->arg == SLA_OP_POST_GE ? SLA_OP_GE : SLA_OP_LE;
            }
        }
        if (flipped) {
            /* "x <= subject" is "subject >= x". */
            static const int flip[] = {[SLA_OP_LT] = SLA_OP_GT,
                                       [SLA_OP_LE] = SLA_OP_GE,
                                       [SLA_OP_GT] = SLA_OP_LT,
                                       [SLA_OP_GE] = SLA_OP_LE};
            if (op >= 0 && op <= SLA_OP_GE)
                op = flip[op];
        }
        switch (op) {
        case SLA_OP_LT:
        case SLA_OP_LE:
            hi = v;
            hi_inc = op == SLA_OP_LE;
            any_op = true;
            break;
        case SLA_OP_GT:
        case SLA_OP_GE:
            lo = v;
            lo_inc = op == SLA_OP_GE;
            any_op = true;
            break;
        default:
            if (nloose < 2)
                loose[nloose++] = v;
        }
    }
    if (nloose == 2 && isnan(lo) && isnan(hi) && range) {
        lo = fmin(loose[0], loose[1]);
        hi = fmax(loose[0], loose[1]);
        lo_inc = hi_inc = true;
        range = true;
    } else if (nloose == 1 && isnan(lo) != isnan(hi) && range) {
        if (isnan(lo) && loose[0] < hi) {
            lo = loose[0];
            lo_inc = true;
        } else if (isnan(hi) && loose[0] > lo) {
            hi = loose[0];
            hi_inc = true;
        }
    } else if (nloose == 1 && isnan(lo) && isnan(hi)) {
        /* A bare figure in a band column reads as "below" it; in prose it
         * is not a band at all (explicit_op stays false). */
        hi = loose[0];
        hi_inc = false;
        range = false;
    }
    if (isnan(lo) && isnan(hi))
        return false;
    if (!isnan(lo) && !isnan(hi) && lo > hi) {
        double x = lo;
        lo = hi;
        hi = x;
    }
    tier->lower_percent = lo;
    tier->upper_percent = hi;
    tier->lower_inclusive = !isnan(lo) && lo_inc;
    tier->upper_inclusive = !isnan(hi) && hi_inc;
    *explicit_op = any_op || range;
    return true;
}

/* Tiers more lines apart than this are separate schedules (as the scorecard
 * reads them, engine/sla_score.c). */
#define LADDER_LINE_GAP 3

/* A schedule written as upper bounds only, "< 99.95% | 10%", "< 99% | 25%",
 * "< 95% | 100%", is a ladder: each row runs down to the next row's bound,
 * so "< 99.95%" is [99, 99.95). Schedules with any lower bound are left as
 * written. */
static void
read_ladder(struct sla_terms *t, size_t first, size_t end)
{
    size_t uppers = 0;
    for (size_t i = first; i < end; i++) {
        if (!isnan(t->tiers[i].lower_percent) || isnan(t->tiers[i].upper_percent))
            return;
        bool seen = false;
        for (size_t k = first; k < i; k++)
            seen |= t->tiers[k].upper_percent == t->tiers[i].upper_percent;
        uppers += !seen;
    }
    if (uppers < 2)
        return;
    for (size_t i = first; i < end; i++) {
        struct sla_credit_tier *tier = &t->tiers[i];
        const struct sla_credit_tier *next = NULL;
        for (size_t k = first; k < end; k++) {
            const struct sla_credit_tier *o = &t->tiers[k];
            if (o->upper_percent < tier->upper_percent &&
                (!next || o->upper_percent > next->upper_percent))
                next = o;
        }
        if (next) {
            tier->lower_percent = next->upper_percent;
            tier->lower_inclusive = !next->upper_inclusive;
        }
    }
}

void
sla_band_close_ladders(struct sla_terms *t)
{
    size_t first = 0;
    for (size_t i = 1; i <= t->ntiers; i++) {
        bool apart = i < t->ntiers && t->tiers[i].line && t->tiers[i - 1].line &&
                     labs(t->tiers[i].line - t->tiers[i - 1].line) > LADDER_LINE_GAP;
        if (i == t->ntiers || apart) {
            read_ladder(t, first, i);
            first = i;
        }
    }
}
