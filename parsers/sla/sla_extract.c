/* sla_extract.c — the SLA document reader (sla_extract.h): runs the phrasing
 * table of sla_patterns.c over the units of a document and fills the terms. */
#include "parsers/sla/sla_extract.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/regex.h"
#include "engine/base/strbuf.h"
#include "parsers/sla/sla_band.h"
#include "parsers/sla/sla_commitment.h"
#include "parsers/sla/sla_match.h"
#include "parsers/sla/sla_patterns.h"
#include "parsers/sla/sla_provider.h"
#include "parsers/sla/sla_reader.h"

/* ---- the compiled table ------------------------------------------------ */

static const struct sla_match_row *
find(struct extractor *ex, enum sla_fill fill, const char *text, size_t len, struct regex_match *m)
{
    return sla_match_find(&ex->mx, fill, text, len, m);
}

static bool
has(struct extractor *ex, enum sla_fill fill, const char *text, size_t len)
{
    return sla_match_has(&ex->mx, fill, text, len);
}

static bool
group(const struct sla_match_row *c, const struct regex_match *m, const char *name, size_t *start,
      size_t *len)
{
    return sla_match_group(c, m, name, start, len);
}

/* ---- numbers ------------------------------------------------------------ */

struct word_value {
    const char *word;
    int value;
};

static const struct word_value number_words[] = {
    {"a", 1},         {"an", 1},       {"one", 1},      {"two", 2},        {"three", 3},
    {"four", 4},      {"five", 5},     {"six", 6},      {"seven", 7},      {"eight", 8},
    {"nine", 9},      {"ten", 10},     {"eleven", 11},  {"twelve", 12},    {"thirteen", 13},
    {"fourteen", 14}, {"fifteen", 15}, {"sixteen", 16}, {"seventeen", 17}, {"eighteen", 18},
    {"nineteen", 19}, {"twenty", 20},  {"thirty", 30},  {"forty", 40},     {"fifty", 50},
    {"sixty", 60},    {"seventy", 70}, {"eighty", 80},  {"ninety", 90},    {"hundred", 100},
    {NULL, 0},
};

bool
sla_extract_amount(const char *text, size_t len, double *out)
{
    /* Digits win: "thirty (30)" is 30 whatever the words say. */
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)text[i]))
            continue;
        char buf[32];
        size_t n = 0;
        for (size_t k = i; k < len && n + 1 < sizeof buf; k++) {
            if (isdigit((unsigned char)text[k]) || text[k] == '.')
                buf[n++] = text[k];
            else if (text[k] == ',' && k + 1 < len && isdigit((unsigned char)text[k + 1]))
                continue;
            else
                break;
        }
        buf[n] = '\0';
        char *end;
        double v = strtod(buf, &end);
        if (end == buf)
            return false;
        *out = v;
        return true;
    }
    double total = 0;
    bool any = false;
    for (size_t i = 0; i < len;) {
        while (i < len && !isalpha((unsigned char)text[i]))
            i++;
        size_t k = i;
        while (k < len && isalpha((unsigned char)text[k]))
            k++;
        for (const struct word_value *w = number_words; w->word; w++) {
            if (strlen(w->word) == k - i && !strncasecmp(text + i, w->word, k - i)) {
                total = w->value == 100 && total > 0 ? total * 100 : total + w->value;
                any = true;
                break;
            }
        }
        i = k;
    }
    if (any)
        *out = total;
    return any;
}

static bool
unit_has(const char *unit, size_t len, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= len; i++)
        if (!strncasecmp(unit + i, word, n))
            return true;
    return false;
}

double
sla_extract_minutes(double num, const char *unit, size_t len, bool *business)
{
    bool biz = unit_has(unit, len, "business") || unit_has(unit, len, "working");
    if (business)
        *business = biz;
    if (unit_has(unit, len, "month"))
        return NAN;
    if (unit_has(unit, len, "week"))
        return num * (biz ? 5 * 8 * 60 : 7 * 1440);
    if (unit_has(unit, len, "day"))
        return num * (biz ? 8 * 60 : 1440);
    if (unit_has(unit, len, "h"))
        return num * 60;
    if (unit_has(unit, len, "min"))
        return num;
    return NAN;
}

/* num and unit of a match, as minutes; NAN when absent. */
double
sla_extract_match_minutes(const struct sla_match_row *c, const struct regex_match *m,
                          const char *text, bool *business, bool *months)
{
    size_t ns, nl, us, ul;
    double num;
    if (!group(c, m, "num", &ns, &nl) || !group(c, m, "unit", &us, &ul) ||
        !sla_extract_amount(text + ns, nl, &num))
        return NAN;
    if (months)
        *months = unit_has(text + us, ul, "month");
    return sla_extract_minutes(num, text + us, ul, business);
}

bool
sla_extract_match_pct(const struct sla_match_row *c, const struct regex_match *m, const char *text,
                      double *out)
{
    size_t s, l;
    return group(c, m, "pct", &s, &l) && sla_extract_amount(text + s, l, out);
}

/* ---- growing the terms -------------------------------------------------- */

static char *
copy_text(struct extractor *ex, const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == ',' || *s == ':'))
        s++, n--;
    while (n && strchr(" ,;:.-", s[n - 1]))
        n--;
    char *out = strndup(s, n);
    if (!out && !ex->status)
        ex->status = diag_set(ex->diag, SL_ERR_NOMEM, "", 0, "out of memory");
    return out;
}

bool
sla_extract_grow(struct extractor *ex, void **arr, size_t n, size_t size)
{
    void *v = realloc(*arr, (n + 1) * size);
    if (!v) {
        if (!ex->status)
            ex->status = diag_set(ex->diag, SL_ERR_NOMEM, "", 0, "out of memory");
        return false;
    }
    *arr = v;
    memset((char *)v + n * size, 0, size);
    return true;
}

static long
span_line(const struct span *sp, size_t at)
{
    return sla_text_line_at(sp->unit, sp->off + at);
}

char *
sla_extract_copy(struct extractor *ex, const char *s, size_t n)
{
    return copy_text(ex, s, n);
}

long
sla_extract_line(const struct span *sp, size_t at)
{
    return span_line(sp, at);
}

bool
sla_extract_unit_has(const char *unit, size_t len, const char *word)
{
    return unit_has(unit, len, word);
}

void
sla_extract_add_clause(struct extractor *ex, enum sla_clause_kind kind, double value,
                       const struct span *sp, size_t at)
{
    if (sla_terms_clause(ex->t, kind))
        return;
    struct sla_terms *t = ex->t;
    if (!GROW(ex, t->clauses, t->nclauses))
        return;
    struct sla_clause *c = &t->clauses[t->nclauses++];
    c->kind = kind;
    c->value = value;
    c->text = copy_text(ex, sp->text, sp->len);
    c->line = span_line(sp, at);
}

bool
sla_extract_add_tier(struct extractor *ex, const struct sla_credit_tier *tier)
{
    struct sla_terms *t = ex->t;
    if (!GROW(ex, t->tiers, t->ntiers))
        return false;
    t->tiers[t->ntiers++] = *tier;
    return true;
}

/* ---- the terms ------------------------------------------------------- */

/* Whether paragraph i leads in the list below it: it ends with a colon,
 * or runs on into the list's first item without closing its sentence
 * ("Downtime excludes any time the Service is unavailable because of"). */
static bool
leads_in(const struct sla_text *doc, size_t i)
{
    const struct sla_unit *u = &doc->units[i];
    if (!u->len)
        return false;
    char last = u->text[u->len - 1];
    return last == ':' || (i + 1 < doc->nunits && doc->units[i + 1].kind == SLA_UNIT_ITEM &&
                           !strchr(".!?;)", last));
}

/* Whether sentence sp leads in a list: it ends with a colon, or it closes
 * a paragraph that runs on into the list below it. */
static bool
opens_list(const struct extractor *ex, const struct span *sp)
{
    return sp->text[sp->len - 1] == ':' ||
           (ex->unit_leads_in && sp->off + sp->len == sp->unit->len);
}

/* Whether text (len bytes) speaks of a month other than as the fee's
 * ("monthly charges"). */
static bool
names_a_month(struct extractor *ex, const char *text, size_t len)
{
    const struct sla_match_row *c = NULL;
    for (size_t p = 0; p < ex->mx.npats && !c; p++)
        if (ex->mx.pats[p].row->fill == SLA_FILL_WINDOW_MONTH)
            c = &ex->mx.pats[p];
    for (size_t from = 0; c && from < len;) {
        struct regex_match m;
        bool found;
        if (regex_search(c->re, text, len, from, &found, &m, ex->diag) || !found)
            return false;
        if (!has(ex, SLA_FILL_MONTH_OF_FEE, text + m.start[0], len - m.start[0]))
            return true;
        from = m.end[0] > m.start[0] ? m.end[0] : m.start[0] + 1;
    }
    return false;
}

static bool
window_of(struct extractor *ex, const char *text, size_t len, enum sla_window *w)
{
    /* "Monthly Uptime Percentage ... any annual/monthly billing cycle": the
     * measure's own name wins over a billing period. */
    if (has(ex, SLA_FILL_WINDOW_MEASURE_MONTH, text, len))
        *w = SLA_WINDOW_MONTH;
    else if (has(ex, SLA_FILL_WINDOW_QUARTER, text, len))
        *w = SLA_WINDOW_QUARTER;
    else if (has(ex, SLA_FILL_WINDOW_YEAR, text, len))
        *w = SLA_WINDOW_YEAR;
    else if (names_a_month(ex, text, len))
        *w = SLA_WINDOW_MONTH;
    else
        return false;
    return true;
}

void
sla_extract_add_target(struct extractor *ex, double pct, const struct span *sp, size_t at,
                       const char *scope)
{
    struct sla_terms *t = ex->t;
    if (pct < 50 || pct > 100 || sla_commitment_is_durability(sp->text, sp->len, at))
        return;
    if (GROW(ex, ex->figures, ex->nfigures))
        ex->figures[ex->nfigures++] =
            (struct sla_figure){pct, span_line(sp, at), ex->reading_matrix_levels};
    for (size_t i = 0; i < t->ntargets; i++) {
        struct sla_uptime_target *same = &t->targets[i];
        if (same->percent != pct)
            continue;
        /* The same figure for the whole of what this sentence covers: the
         * target found for a part covers more than that part. */
        if (!scope && same->scope) {
            free(same->scope);
            same->scope = NULL;
        }
        if (!scope || !same->scope || !strcasecmp(scope, same->scope))
            return;
    }
    if (!GROW(ex, t->targets, t->ntargets))
        return;
    struct sla_uptime_target *u = &t->targets[t->ntargets++];
    u->percent = pct;
    u->window = ex->have_window ? ex->doc_window : SLA_WINDOW_MONTH;
    u->window_unstated = !ex->have_window;
    enum sla_window w;
    if (window_of(ex, sp->text, sp->len, &w)) {
        u->window = w;
        u->window_unstated = false;
    }
    u->scope = scope ? copy_text(ex, scope, strlen(scope)) : NULL;
    u->line = span_line(sp, at);
}

static void
add_exclusion(struct extractor *ex, const char *s, size_t n, long line)
{
    struct sla_terms *t = ex->t;
    while (n && (*s == ' ' || *s == ';'))
        s++, n--;
    if (n < 3)
        return;
    if (!GROW(ex, t->exclusions, t->nexclusions))
        return;
    struct sla_exclusion *e = &t->exclusions[t->nexclusions++];
    e->text = copy_text(ex, s, n);
    e->line = line;
}

/* "(i) ...; (ii) ..." into one exclusion each; false when not enumerated. */
static bool
split_enumeration(struct extractor *ex, const struct span *sp, size_t from)
{
    size_t marks[32], ends[32], n = 0;
    const char *s = sp->text;
    for (size_t i = from; i + 2 < sp->len && n < 32; i++) {
        if (s[i] != '(' || (i > 0 && s[i - 1] != ' ' && s[i - 1] != ':'))
            continue;
        size_t k = i + 1;
        while (k < sp->len && k - i <= 5 && isalnum((unsigned char)s[k]))
            k++;
        if (k < sp->len && s[k] == ')' && k > i + 1) {
            bool roman = true;
            for (size_t r = i + 1; r < k; r++)
                roman &= strchr("ivxIVX", s[r]) != NULL;
            if (roman || k == i + 2) {
                marks[n] = k + 1;
                ends[n++] = i;
            }
        }
    }
    if (n < 2)
        return false;
    for (size_t i = 0; i < n; i++) {
        size_t end = i + 1 < n ? ends[i + 1] : sp->len;
        /* The last item ends where the list's closing words begin. */
        if (i + 1 == n) {
            const char *close = strstr(s + marks[i], " (collectively");
            if (close && (size_t)(close - s) < end)
                end = (size_t)(close - s);
        }
        size_t e = end;
        while (e > marks[i] && strchr(" ;,", s[e - 1]))
            e--;
        if (e > marks[i] + 4 && e - marks[i] > 3 && !strncmp(s + e - 3, " or", 3))
            e -= 3;
        else if (e > marks[i] + 5 && !strncmp(s + e - 4, " and", 4))
            e -= 4;
        add_exclusion(ex, s + marks[i], e - marks[i], span_line(sp, marks[i]));
    }
    return true;
}

/* Where the subject ends before a passive verb: "Planned Maintenance is also
 * excluded" gives the length of "Planned Maintenance". */
static size_t
subject_end(const char *s, size_t verb)
{
    static const char *const auxiliaries[] = {" is",   " are",   " be",     " also",
                                              " will", " shall", " hereby", NULL};
    bool again = true;
    while (again) {
        again = false;
        while (verb && s[verb - 1] == ' ')
            verb--;
        for (int k = 0; auxiliaries[k]; k++) {
            size_t n = strlen(auxiliaries[k]);
            if (verb >= n && !strncasecmp(s + verb - n, auxiliaries[k], n)) {
                verb -= n;
                again = true;
            }
        }
    }
    return verb;
}

void
sla_extract_read_clauses(struct extractor *ex, const struct span *sp)
{
    for (size_t p = 0; p < ex->mx.npats; p++) {
        const struct sla_match_row *c = &ex->mx.pats[p];
        struct regex_match m;
        bool found;
        if (c->row->fill != SLA_FILL_CLAUSE ||
            sla_terms_clause(ex->t, (enum sla_clause_kind)c->row->arg) ||
            regex_search(c->re, sp->text, sp->len, 0, &found, &m, ex->diag) || !found)
            continue;
        double value = NAN;
        bool months = false;
        double minutes = sla_extract_match_minutes(c, &m, sp->text, NULL, &months);
        if (c->row->arg == SLA_CLAUSE_MIN_OUTAGE)
            value = minutes;
        else if (c->row->arg == SLA_CLAUSE_MAINTENANCE_CAP)
            value = minutes / 60;
        else if (c->row->arg == SLA_CLAUSE_DATA_RETURN) {
            struct regex_match d;
            const struct sla_match_row *dc = find(ex, SLA_FILL_DURATION, sp->text, sp->len, &d);
            if (dc)
                value = sla_extract_match_minutes(dc, &d, sp->text, NULL, NULL) / 1440;
        }
        sla_extract_add_clause(ex, (enum sla_clause_kind)c->row->arg, value, sp, m.start[0]);
    }
}

bool
sla_extract_band(struct extractor *ex, const struct span *sp, const struct span *whole, size_t from,
                 size_t to, struct sla_credit_tier *tier)
{
    char *band = strndup(sp->text, sp->len);
    if (!band) {
        if (!ex->status)
            ex->status = diag_set(ex->diag, SL_ERR_NOMEM, "", 0, "out of memory");
        return false;
    }
    /* Blank the credit so it is not read as a bound. */
    memset(band + from, ' ', to - from);
    bool explicit_op = false;
    /* An item under "... credit the Customer as follows:" speaks of uptime
     * through its lead-in. Bounds below 50 % are not uptime ("for each full
     * 0.5% below it"). */
    bool ok = sla_band_parse(&ex->mx, band, sp->len, tier, &explicit_op) && explicit_op &&
              (has(ex, SLA_FILL_UPTIME_WORD, whole->text, whole->len) ||
               (ex->tier_context && sp->unit->kind == SLA_UNIT_ITEM)) &&
              (isnan(tier->lower_percent) || tier->lower_percent >= 50) &&
              (isnan(tier->upper_percent) || tier->upper_percent >= 50);
    free(band);
    return ok;
}

/* A tier written in a sentence: "a credit of 10% if uptime is below 99.9%". */
/* whole is the sentence sp is part of: it must speak of uptime. */
static bool
read_prose_tier(struct extractor *ex, const struct span *sp, const struct span *whole)
{
    struct regex_match m;
    const struct sla_match_row *c = find(ex, SLA_FILL_CREDIT, sp->text, sp->len, &m);
    double credit;
    if (!c || !sla_extract_match_pct(c, &m, sp->text, &credit))
        return false;
    struct sla_credit_tier tier = {0};
    if (!sla_extract_band(ex, sp, whole, m.start[0], m.end[0], &tier))
        return false;
    tier.credit_percent = credit;
    tier.line = span_line(sp, 0);
    return sla_extract_add_tier(ex, &tier);
}

static void
read_maintenance(struct extractor *ex, const struct span *sp)
{
    if (!has(ex, SLA_FILL_MAINTENANCE, sp->text, sp->len) ||
        has(ex, SLA_FILL_CUSTOMER_DOWNTIME, sp->text, sp->len))
        return;
    if ((ex->exclusion_context || has(ex, SLA_FILL_EXCLUDING, sp->text, sp->len)) &&
        !has(ex, SLA_FILL_COUNTS_AS_DOWNTIME, sp->text, sp->len))
        ex->t->maintenance_excluded = true;
    struct regex_match m;
    const struct sla_match_row *c;
    if (!ex->have_notice && (c = find(ex, SLA_FILL_MAINT_NOTICE, sp->text, sp->len, &m))) {
        bool business;
        double minutes = sla_extract_match_minutes(c, &m, sp->text, &business, NULL);
        size_t us, ul, ns, nl;
        double num;
        /* Notice runs on the calendar: "5 business days" is at least 5 days. */
        if (business && group(c, &m, "unit", &us, &ul) && unit_has(sp->text + us, ul, "day") &&
            group(c, &m, "num", &ns, &nl) && sla_extract_amount(sp->text + ns, nl, &num))
            minutes = num * 1440;
        if (!isnan(minutes)) {
            ex->t->maintenance_notice_hours = minutes / 60;
            ex->have_notice = true;
        }
    }
}

static void
read_response_prose(struct extractor *ex, const struct span *sp)
{
    struct regex_match m;
    const struct sla_match_row *c = find(ex, SLA_FILL_RESPONSE, sp->text, sp->len, &m);
    if (!c || !has(ex, SLA_FILL_SUPPORT_CONTEXT, sp->text, sp->len))
        return;
    bool business = false;
    double minutes = sla_extract_match_minutes(c, &m, sp->text, &business, NULL);
    size_t ss, sl;
    if (isnan(minutes) || !group(c, &m, "sev", &ss, &sl))
        return;
    struct sla_terms *t = ex->t;
    if (!GROW(ex, t->response_times, t->nresponse_times))
        return;
    struct sla_response_time *r = &t->response_times[t->nresponse_times++];
    r->severity = copy_text(ex, sp->text + ss, sl);
    r->minutes = minutes;
    r->business_hours = business;
    r->resolution = has(ex, SLA_FILL_RESOLUTION_WORD, sp->text, sp->len);
    r->line = span_line(sp, m.start[0]);
}

static double
value_in(struct extractor *ex, enum sla_fill fill, const struct span *sp, long *line)
{
    struct regex_match m;
    const struct sla_match_row *c = find(ex, fill, sp->text, sp->len, &m);
    if (!c)
        return NAN;
    *line = span_line(sp, m.start[0]);
    return sla_extract_match_minutes(c, &m, sp->text, NULL, NULL);
}

/* "at least 99.99% (99.9% for the Archive Tier) of the time": a second
 * target in brackets right after the first, for the part of the service
 * the brackets name (its scope). */
static void
read_alternative_target(struct extractor *ex, const struct span *sp, size_t at)
{
    const char *p = sp->text + at, *end = sp->text + sp->len;
    while (p < end && *p == ' ')
        p++;
    if (p >= end || *p != '(')
        return;
    p++;
    char *stop;
    double pct = strtod(p, &stop);
    if (stop == p || stop >= end)
        return;
    while (stop < end && *stop == ' ')
        stop++;
    if (stop >= end || *stop != '%')
        return;
    stop++;
    if (end - stop <= 5 || (strncasecmp(stop, " for ", 5) && strncasecmp(stop, " on ", 4) &&
                            strncasecmp(stop, " in ", 4)))
        return;
    const char *part = stop + (stop[1] == 'f' || stop[1] == 'F' ? 5 : 4);
    const char *close = memchr(part, ')', (size_t)(end - part));
    char *scope = close && close > part ? copy_text(ex, part, (size_t)(close - part)) : NULL;
    sla_extract_add_target(ex, pct, sp, (size_t)(p - sp->text), scope);
    free(scope);
}

/* The language whose function words most blocks use; none when no block
 * has any. */
static void
read_language(struct extractor *ex)
{
    static const char *const names[SLA_LANG_COUNT] = {"en", "de", "fr", "es"};
    size_t count[SLA_LANG_COUNT] = {0};
    for (size_t p = 0; p < ex->mx.npats; p++) {
        const struct sla_match_row *c = &ex->mx.pats[p];
        if (c->row->fill != SLA_FILL_LANGUAGE || c->row->arg < 0 || c->row->arg >= SLA_LANG_COUNT)
            continue;
        for (size_t i = 0; i < ex->doc->nunits; i++) {
            const struct sla_unit *u = &ex->doc->units[i];
            struct regex_match m;
            bool found;
            if (!regex_search(c->re, u->text, u->len, 0, &found, &m, ex->diag) && found)
                count[c->row->arg]++;
        }
    }
    int best = -1;
    for (int k = 0; k < SLA_LANG_COUNT; k++)
        if (count[k] && (best < 0 || count[k] > count[best]))
            best = k;
    if (best >= 0)
        memcpy(ex->t->language, names[best], strlen(names[best]) + 1);
}

/* Whether a table row starts on line. */
static bool
row_line(const struct sla_text *doc, long line)
{
    for (size_t i = 0; i < doc->nunits; i++)
        if (doc->units[i].kind == SLA_UNIT_ROW && doc->units[i].line == line)
            return true;
    return false;
}

/* A credit table with no commitment stated anywhere implies one: the top of
 * its highest band, marked implied. A band in prose implies nothing. */
static void
imply_target(struct extractor *ex)
{
    struct sla_terms *t = ex->t;
    if (t->ntargets)
        return;
    const struct sla_credit_tier *top = NULL;
    for (size_t i = 0; i < t->ntiers; i++) {
        const struct sla_credit_tier *c = &t->tiers[i];
        /* A credit that is no share of the fee (NAN) grants something too. */
        if (!isnan(c->upper_percent) && !(c->credit_percent <= 0) && row_line(ex->doc, c->line) &&
            (!top || c->upper_percent > top->upper_percent))
            top = c;
    }
    if (!top || top->upper_percent < 50 || top->upper_percent >= 100)
        return;
    if (!GROW(ex, t->targets, t->ntargets))
        return;
    struct sla_uptime_target *u = &t->targets[t->ntargets++];
    u->percent = top->upper_percent;
    u->window = ex->have_window ? ex->doc_window : SLA_WINDOW_MONTH;
    u->window_unstated = !ex->have_window;
    t->target_implied = true;
    u->line = top->line;
}

/* Whether unit u, its table's header or the lead-in above it speaks of
 * credits. */
static bool
credit_context(struct extractor *ex, const struct sla_unit *u)
{
    const struct sla_unit *first = ex->doc->units;
    if (has(ex, SLA_FILL_CREDIT_CONTEXT, u->text, u->len))
        return true;
    for (const struct sla_unit *p = u; p-- > first;) {
        if (u->kind == SLA_UNIT_ROW && p->kind == SLA_UNIT_ROW && p->table == u->table)
            continue; /* up to the table's first row */
        if (u->kind == SLA_UNIT_ITEM && p->kind == SLA_UNIT_ITEM)
            continue; /* up to the list's lead-in */
        return has(ex, SLA_FILL_CREDIT_CONTEXT, p->text, p->len) ||
               (p + 1 < u && has(ex, SLA_FILL_CREDIT_CONTEXT, p[1].text, p[1].len));
    }
    return false;
}

/* Penalty rows written threshold < credit ("99,8 < 5 %": below 99.8 %,
 * 5 %) in a unit about credits: each an upper bound, closed into a ladder
 * with its neighbours later. Whether the unit held any. */
static bool
read_threshold_credits(struct extractor *ex, const struct sla_unit *u)
{
    const struct sla_match_row *c = NULL;
    for (size_t p = 0; p < ex->mx.npats && !c; p++)
        if (ex->mx.pats[p].row->fill == SLA_FILL_THRESHOLD_CREDIT)
            c = &ex->mx.pats[p];
    bool any = false;
    for (size_t from = 0; c && from < u->len;) {
        struct regex_match m;
        bool found;
        size_t ps, pl, cs, cl;
        double bound, credit;
        if (regex_search(c->re, u->text, u->len, from, &found, &m, ex->diag) || !found)
            break;
        from = m.end[0];
        if (!group(c, &m, "pct", &ps, &pl) || !group(c, &m, "credit", &cs, &cl) ||
            !sla_extract_amount(u->text + ps, pl, &bound) ||
            !sla_extract_amount(u->text + cs, cl, &credit) || bound < 50 || bound > 100 ||
            credit >= bound || (!any && !credit_context(ex, u)))
            continue;
        struct sla_credit_tier tier = {.lower_percent = NAN,
                                       .upper_percent = bound,
                                       .credit_percent = credit,
                                       .unit = SLA_UNIT_PERCENT_OF_FEE,
                                       .value = credit,
                                       .line = sla_text_line_at(u, m.start[0])};
        any = sla_extract_add_tier(ex, &tier) || any;
    }
    return any;
}

/* Whether the figure at offset at of sp is one the provider aims at
 * ("efforts to achieve 100% uptime") rather than commits to. */
static bool
aimed_at(struct extractor *ex, const struct span *sp, size_t at)
{
    struct regex_match m;
    const struct sla_match_row *c = find(ex, SLA_FILL_AIM, sp->text, sp->len, &m);
    size_t s, l;
    return c && group(c, &m, "pct", &s, &l) && s == at;
}

bool
sla_extract_cell_tiers(struct extractor *ex, const struct span *cell)
{
    bool any = false;
    for (size_t from = 0; from < cell->len;) {
        size_t end = sla_text_sentence_end(cell->text, from, cell->len);
        struct span sp = {cell->text + from, end - from, cell->unit, cell->off + from};
        while (sp.len && sp.text[0] == ' ')
            sp.text++, sp.len--, sp.off++;
        if (sp.len)
            any |= read_prose_tier(ex, &sp, &sp);
        from = end;
    }
    return any;
}

/* Everything a sentence of prose (or a list item) can say. */
static void
read_sentence(struct extractor *ex, const struct span *sp, bool example)
{
    struct sla_terms *t = ex->t;
    struct regex_match m;
    const struct sla_match_row *c = NULL;
    /* "10% if below 99.9%; 25% if below 99%": one tier per clause, tried
     * before the whole sentence so two bands are never read as one. */
    bool tier = false;
    for (size_t from = 0; !example && memchr(sp->text, ';', sp->len) && from < sp->len;) {
        const char *semi = memchr(sp->text + from, ';', sp->len - from);
        size_t stop = semi ? (size_t)(semi - sp->text) : sp->len;
        struct span part = {sp->text + from, stop - from, sp->unit, sp->off + from};
        tier |= read_prose_tier(ex, &part, sp);
        from = stop + 1;
    }
    if (!example && !tier)
        tier = read_prose_tier(ex, sp, sp);
    if (!example && !tier)
        tier = sla_credit_read_unit_tier(ex, sp);
    if (!example && !tier && !(c = find(ex, SLA_FILL_UPTIME, sp->text, sp->len, &m)) &&
        !has(ex, SLA_FILL_HYPOTHETICAL, sp->text, sp->len))
        c = find(ex, SLA_FILL_UPTIME_IS, sp->text, sp->len, &m);
    if (!example && !tier && !c)
        c = find(ex, SLA_FILL_UPTIME_CONDITION, sp->text, sp->len, &m);
    if (!example && !c)
        c = find(ex, SLA_FILL_UPTIME_NAMED, sp->text, sp->len, &m);
    if (!example && c && (!tier || c->row->fill == SLA_FILL_UPTIME_NAMED)) {
        double pct;
        size_t ps, pl;
        if (sla_extract_match_pct(c, &m, sp->text, &pct) && group(c, &m, "pct", &ps, &pl) &&
            !aimed_at(ex, sp, ps)) {
            sla_extract_add_target(ex, pct, sp, ps, NULL);
            read_alternative_target(ex, sp, m.end[0]);
        }
    }
    if (!ex->have_window && has(ex, SLA_FILL_UPTIME_WORD, sp->text, sp->len) &&
        window_of(ex, sp->text, sp->len, &ex->doc_window)) {
        ex->have_window = true;
        for (size_t i = 0; i < t->ntargets; i++) {
            if (!window_of(ex, sp->text, sp->len, &t->targets[i].window))
                t->targets[i].window = ex->doc_window;
            t->targets[i].window_unstated = false;
        }
    }
    if (!example && !tier)
        sla_credit_read_cap(ex, sp);
    if (!example)
        sla_credit_read_claim(ex, sp);
    if (!example && !tier)
        sla_credit_read_remedy(ex, sp);
    read_maintenance(ex, sp);
    if (has(ex, SLA_FILL_SOLE_REMEDY, sp->text, sp->len)) {
        if (!t->sole_remedy)
            t->sole_remedy_line = span_line(sp, 0);
        t->sole_remedy = true;
    }
    if (has(ex, SLA_FILL_TERMINATION, sp->text, sp->len) &&
        has(ex, SLA_FILL_CHRONIC, sp->text, sp->len))
        t->chronic_failure_termination = true;
    if (has(ex, SLA_FILL_SUPPORT_CONTEXT, sp->text, sp->len) ||
        has(ex, SLA_FILL_UPTIME_WORD, sp->text, sp->len)) {
        if (has(ex, SLA_FILL_24X7, sp->text, sp->len))
            ex->have_24x7 = true;
        else if (has(ex, SLA_FILL_BUSINESS_HOURS, sp->text, sp->len))
            ex->have_business_hours = true;
    }
    read_response_prose(ex, sp);
    long line;
    double v;
    if (isnan(t->incident_notice_hours) &&
        !isnan(v = value_in(ex, SLA_FILL_INCIDENT_NOTICE, sp, &line)))
        t->incident_notice_hours = v / 60;
    if (isnan(t->rpo_minutes) && !isnan(v = value_in(ex, SLA_FILL_RPO, sp, &line)))
        t->rpo_minutes = v;
    if (isnan(t->rto_minutes) && !isnan(v = value_in(ex, SLA_FILL_RTO, sp, &line)))
        t->rto_minutes = v;
    sla_extract_read_clauses(ex, sp);

    /* Exclusions written in the sentence itself. */
    if (!example && sp->unit->kind != SLA_UNIT_ITEM &&
        (c = find(ex, SLA_FILL_EXCLUDING, sp->text, sp->len, &m)) &&
        (has(ex, SLA_FILL_UPTIME_WORD, sp->text, sp->len) || ex->exclusion_context)) {
        const char *word = sp->text + m.start[0];
        /* "does not apply to X" names X as "excluding X" does. */
        bool applies = memmem(word, m.end[0] - m.start[0], "apply", 5) != NULL &&
                       !strncasecmp(sp->text + m.end[0], " to ", 4);
        bool names_what = !strncasecmp(word, "exclud", 6) || applies ||
                          memmem(word, m.end[0] - m.start[0], "includ", 6) != NULL;
        /* "Planned Maintenance is excluded from the calculation": what is
         * excluded is the subject, before the verb. */
        bool passive = !strncasecmp(sp->text + m.end[0], " from", 5);
        size_t subject = passive ? subject_end(sp->text, m.start[0]) : 0;
        if (split_enumeration(ex, sp, m.start[0]) || opens_list(ex, sp) || !names_what)
            ;
        else if (passive && subject > 0)
            add_exclusion(ex, sp->text, subject, span_line(sp, 0));
        else if (!passive) {
            size_t from = m.end[0] + (applies ? 4 : 0);
            add_exclusion(ex, sp->text + from, sp->len - from, span_line(sp, from));
        }
    } else if (!example && ex->exclusion_context && sp->unit->kind == SLA_UNIT_PARAGRAPH) {
        split_enumeration(ex, sp, 0);
    }
}

/* ---- driving ------------------------------------------------------- */

static void
read_heading(struct extractor *ex, const struct sla_unit *u)
{
    struct regex_match m;
    const struct sla_match_row *c;
    size_t s, l;
    ex->exclusion_context = ex->exclusion_heading = has(ex, SLA_FILL_EXCLUDING, u->text, u->len);
    ex->tier_context = false;
    if (!ex->service_set && (c = find(ex, SLA_FILL_SERVICE, u->text, u->len, &m)) &&
        group(c, &m, "name", &s, &l)) {
        ex->t->service = copy_text(ex, u->text + s, l);
        ex->service_set = 1;
    }
}

#define TAGLINE_MAX 100 /* bytes: a longer line of the lead is a sentence */

/* Where the body starts: the first heading after the lead, the text above
 * it (below the title when the document opens with one); 0 when there is
 * no lead or no heading after it. */
static long
body_line(const struct sla_text *doc)
{
    size_t i = doc->nunits && doc->units[0].kind == SLA_UNIT_HEADING ? 1 : 0;
    bool lead = false;
    for (; i < doc->nunits; i++) {
        if (doc->units[i].kind != SLA_UNIT_HEADING)
            lead = true;
        else
            return lead ? doc->units[i].line : 0;
    }
    return 0;
}

/* The unit a line starts in: the last one that starts at or before it. */
static const struct sla_unit *
unit_at(const struct sla_text *doc, long line)
{
    const struct sla_unit *u = NULL;
    for (size_t i = 0; i < doc->nunits && doc->units[i].line <= line; i++)
        u = &doc->units[i];
    return u;
}

/* Whether some figure other than a matrix level states pct, at or after
 * line from (0: anywhere); any: whether there is such a figure at all. */
static bool
stated(const struct extractor *ex, double pct, long from, bool *any)
{
    bool found = false;
    *any = false;
    for (size_t k = 0; k < ex->nfigures; k++) {
        const struct sla_figure *f = &ex->figures[k];
        if (f->matrix_level || f->line < from)
            continue;
        *any = true;
        found |= f->percent == pct;
    }
    return found;
}

/* Figures that yield to the document's own commitments when those commit
 * to others and never state them: a tagline above the body ("99.99% uptime
 * guarantee, automatic credits"), a credit matrix's column levels (a
 * schedule for levels the document may not offer). */
static void
yield_to_commitments(struct extractor *ex)
{
    struct sla_terms *t = ex->t;
    for (size_t i = t->ntargets; i-- > 0;) {
        const struct sla_uptime_target *u = &t->targets[i];
        const struct sla_unit *where = unit_at(ex->doc, u->line);
        bool tagline =
            ex->body_line && u->line < ex->body_line && where && where->len <= TAGLINE_MAX;
        bool level = false, any;
        for (size_t k = 0; k < ex->nfigures && !level; k++)
            level = ex->figures[k].matrix_level && ex->figures[k].line == u->line &&
                    ex->figures[k].percent == u->percent;
        if ((tagline && !stated(ex, u->percent, ex->body_line, &any) && any) ||
            (level && !stated(ex, u->percent, 0, &any) && any))
            sla_terms_drop_target(t, i);
    }
}

/* No uptime sentence names a window: a document that speaks of months
 * anywhere (credits "for the monthly billing cycle", a "Monthly Uptime"
 * column, rates "averaged per month") is read per month; one that names no
 * month leaves its targets' window unstated ("Reporting Period" alone). */
static void
read_month_by_mention(struct extractor *ex)
{
    if (ex->have_window)
        return;
    for (size_t i = 0; i < ex->doc->nunits; i++) {
        const struct sla_unit *u = &ex->doc->units[i];
        if (!names_a_month(ex, u->text, u->len))
            continue;
        ex->have_window = true;
        ex->doc_window = SLA_WINDOW_MONTH;
        for (size_t k = 0; k < ex->t->ntargets; k++)
            ex->t->targets[k].window_unstated = false;
        return;
    }
}

static bool
in_example(struct extractor *ex, const struct sla_unit *u)
{
    if (has(ex, SLA_FILL_EXAMPLE_START, u->text, u->len < 40 ? u->len : 40))
        return true;
    if (u->heading < 0)
        return false;
    const struct sla_unit *h = &ex->doc->units[u->heading];
    return has(ex, SLA_FILL_EXAMPLE, h->text, h->len);
}

enum sl_status
sla_extract_text(const struct sla_text *doc, const char *name, unsigned regex_flags,
                 struct sla_terms *out, struct sl_diag *diag)
{
    struct extractor ex = {.doc = doc, .t = out, .diag = diag};
    enum sl_status s = sla_match_compile(&ex.mx, regex_flags, diag);
    if (s)
        goto out;
    const char *base = strrchr(name, '/');
    out->document = strdup(base ? base + 1 : name);
    out->source_lines = calloc(doc->nlines + 1, sizeof *out->source_lines);
    if (!out->document || !out->source_lines) {
        s = diag_set(diag, SL_ERR_NOMEM, name, 0, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < doc->nlines; i++) {
        if (!(out->source_lines[i] = strdup(doc->lines[i]))) {
            s = diag_set(diag, SL_ERR_NOMEM, name, 0, "out of memory");
            goto out;
        }
        out->nsource_lines = i + 1;
    }
    /* Front matter names the document's parties before its text does. */
    if (doc->meta_provider && !(out->provider = strdup(doc->meta_provider)))
        ex.status = SL_ERR_NOMEM;
    if (doc->meta_service && !(out->service = strdup(doc->meta_service)))
        ex.status = SL_ERR_NOMEM;
    if (doc->meta_effective && !(out->effective_date = strdup(doc->meta_effective)))
        ex.status = SL_ERR_NOMEM;
    ex.service_set = out->service != NULL;
    ex.body_line = body_line(doc);
    if (!out->provider && !ex.status)
        ex.status = sla_provider_read(&ex.mx, doc, &out->provider, diag);
    read_language(&ex);
    for (size_t i = 0; i < doc->nunits && !ex.status; i++) {
        const struct sla_unit *u = &doc->units[i];
        bool example = in_example(&ex, u);
        if (u->kind == SLA_UNIT_HEADING) {
            read_heading(&ex, u);
            continue;
        }
        if (!example && read_threshold_credits(&ex, u))
            continue;
        if (u->kind == SLA_UNIT_ROW) {
            sla_table_read_row(&ex, u, example);
            continue;
        }
        if (u->kind == SLA_UNIT_ITEM && ex.exclusion_context && !example) {
            /* An item of an exclusion list (the reader has dropped its marker). */
            add_exclusion(&ex, u->text, u->len, u->line);
        }
        ex.unit_leads_in = u->kind == SLA_UNIT_PARAGRAPH && leads_in(doc, i);
        for (size_t from = 0; from < u->len;) {
            size_t end = sla_text_sentence_end(u->text, from, u->len);
            struct span sp = {u->text + from, end - from, u, from};
            while (sp.len && sp.text[0] == ' ')
                sp.text++, sp.len--, sp.off++;
            if (sp.len)
                read_sentence(&ex, &sp, example);
            from = end;
        }
        /* A lead-in such as "... is not included in the downtime:" opens a
         * list of exclusions; the next heading closes it. */
        if (ex.unit_leads_in) {
            ex.exclusion_context =
                ex.exclusion_heading || has(&ex, SLA_FILL_EXCLUDING, u->text, u->len);
            ex.tier_context = has(&ex, SLA_FILL_CREDIT_CONTEXT, u->text, u->len) &&
                              has(&ex, SLA_FILL_UPTIME_WORD, u->text, u->len);
        }
    }
    if (ex.status) {
        s = ex.status;
        goto out;
    }
    sla_band_close_ladders(out);
    sla_credit_finish(&ex);
    yield_to_commitments(&ex);
    read_month_by_mention(&ex);
    imply_target(&ex);
    if ((s = sla_commitment_read(doc, regex_flags, out, diag)))
        goto out;
    out->support_coverage = ex.have_24x7             ? SLA_COVERAGE_24X7
                            : ex.have_business_hours ? SLA_COVERAGE_BUSINESS_HOURS
                                                     : SLA_COVERAGE_UNKNOWN;
out:
    free(ex.figures);
    sla_match_release(&ex.mx);
    return s;
}

enum sl_status
sla_extract_file(const char *path, unsigned regex_flags, struct sla_terms *out,
                 struct sl_diag *diag)
{
    struct sla_text doc;
    enum sl_status s = sla_text_read(path, &doc, diag);
    if (s)
        return s;
    s = sla_extract_text(&doc, path, regex_flags, out, diag);
    sla_text_release(&doc);
    return s;
}
