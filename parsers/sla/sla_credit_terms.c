/* sla_credit_terms.c — the credit side of the SLA reader (sla_reader.h):
 * what caps the credits and how long a customer has to claim them, the
 * form credits are paid in and whether they die with the contract, the cap
 * on the whole liability and the smallest credit issued, read from a
 * sentence of prose; and credits that are no share of the fee (service
 * time, days, money, usage credits, pro rata, an extension), from a
 * sentence or a table cell. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parsers/sla/sla_extract.h"
#include "parsers/sla/sla_match.h"
#include "parsers/sla/sla_patterns.h"
#include "parsers/sla/sla_reader.h"

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

/* What the cap just read is a share of, from its sentence. */
static void
cap_of(struct extractor *ex, const struct span *sp)
{
    struct regex_match m;
    const struct sla_match_row *c = find(ex, SLA_FILL_CAP_OF, sp->text, sp->len, &m);
    ex->t->credit_cap_of = c ? (enum sla_cap_of)c->row->arg : SLA_CAP_OF_UNKNOWN;
}

/* The deadline as written: its number and unit (claim_deadline object). */
static void
claim_unit(const struct sla_match_row *c, const struct regex_match *m, const char *text,
           struct sla_terms *t)
{
    size_t us, ul, ns, nl;
    double num;
    if (!group(c, m, "unit", &us, &ul) || !group(c, m, "num", &ns, &nl) ||
        !sla_extract_amount(text + ns, nl, &num))
        return;
    const char *u = text + us;
    enum sla_claim_unit unit =
        sla_extract_unit_has(u, ul, "billing") || sla_extract_unit_has(u, ul, "invoice")
            ? SLA_CLAIM_BILLING_CYCLES
        : sla_extract_unit_has(u, ul, "business") || sla_extract_unit_has(u, ul, "working")
            ? SLA_CLAIM_BUSINESS_DAYS
        : sla_extract_unit_has(u, ul, "month") ? SLA_CLAIM_MONTHS
        : sla_extract_unit_has(u, ul, "week")  ? SLA_CLAIM_DAYS
        : sla_extract_unit_has(u, ul, "day")   ? SLA_CLAIM_DAYS
        : sla_extract_unit_has(u, ul, "hour")  ? SLA_CLAIM_HOURS
                                               : SLA_CLAIM_NONE;
    if (unit == SLA_CLAIM_NONE)
        return;
    t->claim_deadline_unit = unit;
    t->claim_deadline_amount = sla_extract_unit_has(u, ul, "week") ? num * 7 : num;
}

void
sla_credit_read_claim(struct extractor *ex, const struct span *sp)
{
    if (ex->have_claim || !has(ex, SLA_FILL_CLAIM_CONTEXT, sp->text, sp->len) ||
        !has(ex, SLA_FILL_CREDIT_CONTEXT, sp->text, sp->len))
        return;
    struct regex_match m;
    const struct sla_match_row *c = find(ex, SLA_FILL_CLAIM, sp->text, sp->len, &m);
    struct sla_terms *t = ex->t;
    if (c) {
        bool months = false;
        double minutes = sla_extract_match_minutes(c, &m, sp->text, NULL, &months);
        size_t us, ul;
        /* Billing cycles are not a number of days: keep the words only. */
        if (group(c, &m, "unit", &us, &ul) && (sla_extract_unit_has(sp->text + us, ul, "billing") ||
                                               sla_extract_unit_has(sp->text + us, ul, "invoice")))
            months = true;
        bool business = group(c, &m, "unit", &us, &ul) &&
                        (sla_extract_unit_has(sp->text + us, ul, "business") ||
                         sla_extract_unit_has(sp->text + us, ul, "working"));
        if (!months && isnan(minutes))
            return;
        ex->have_claim = true;
        claim_unit(c, &m, sp->text, t);
        /* Days only: "within (48) hours" keeps its hours in the unit. */
        if (!months && !business && t->claim_deadline_unit == SLA_CLAIM_DAYS)
            t->claim_deadline_days = lround(minutes / 1440);
        else if (business) {
            size_t ns, nl;
            double num;
            if (group(c, &m, "num", &ns, &nl) && sla_extract_amount(sp->text + ns, nl, &num))
                t->claim_deadline_days = lround(num);
        }
        t->claim_deadline_text = sla_extract_copy(ex, sp->text + m.start[0], m.end[0] - m.start[0]);
        t->claim_deadline_line = sla_extract_line(sp, m.start[0]);
        return;
    }
    if ((c = find(ex, SLA_FILL_CLAIM_TEXT, sp->text, sp->len, &m))) {
        ex->have_claim = true;
        t->claim_deadline_text = sla_extract_copy(ex, sp->text + m.start[0], m.end[0] - m.start[0]);
        t->claim_deadline_line = sla_extract_line(sp, m.start[0]);
    }
}

/* The cap on credits in a sentence of prose: a whole fee, days of fees, or
 * a percentage. */
void
sla_credit_read_cap(struct extractor *ex, const struct span *sp)
{
    struct sla_terms *t = ex->t;
    struct regex_match m;
    const struct sla_match_row *c;
    if (!ex->have_cap && has(ex, SLA_FILL_CREDIT_CONTEXT, sp->text, sp->len)) {
        double pct;
        size_t ps, pl;
        if ((c = find(ex, SLA_FILL_CAP_FEE, sp->text, sp->len, &m))) {
            t->credit_cap_percent = 100;
            t->credit_cap_text = sla_extract_copy(ex, sp->text, sp->len);
            t->credit_cap_line = sla_extract_line(sp, 0);
            cap_of(ex, sp);
            ex->have_cap = true;
        } else if ((c = find(ex, SLA_FILL_CAP_DAYS, sp->text, sp->len, &m)) &&
                   group(c, &m, "num", &ps, &pl) && sla_extract_amount(sp->text + ps, pl, &pct) &&
                   pct > 0 && pct <= 365) {
            /* Days of fees against a month of 30 days; a cap per quarter or
             * per interruption is no share of the month's fee: its words. */
            if (!has(ex, SLA_FILL_CAP_PERIOD, sp->text + m.end[0], sp->len - m.end[0]))
                t->credit_cap_percent = round(pct / 30 * 1000) / 10;
            t->credit_cap_text = sla_extract_copy(ex, sp->text, sp->len);
            t->credit_cap_line = sla_extract_line(sp, 0);
            cap_of(ex, sp);
            ex->have_cap = true;
        } else if ((c = find(ex, SLA_FILL_CAP, sp->text, sp->len, &m)) &&
                   sla_extract_match_pct(c, &m, sp->text, &pct) && pct > 0 && pct <= 1000) {
            /* "50% of the Average Run Credits": a share of no fee. */
            if (!has(ex, SLA_FILL_CAP_OTHER_BASE, sp->text + m.end[0], sp->len - m.end[0]))
                t->credit_cap_percent = pct;
            t->credit_cap_text = sla_extract_copy(ex, sp->text, sp->len);
            t->credit_cap_line = sla_extract_line(sp, 0);
            cap_of(ex, sp);
            ex->have_cap = true;
        }
    }
}

/* ---- money ---------------------------------------------------------------- */

struct currency_word {
    const char *word;
    const char *code;
};

static const struct currency_word currency_words[] = {
    {"$", "USD"},     {"usd", "USD"},  {"dollar", "USD"},   {"\xe2\x82\xac", "EUR"},
    {"eur", "EUR"},   {"euro", "EUR"}, {"\xc2\xa3", "GBP"}, {"gbp", "GBP"},
    {"pound", "GBP"}, {NULL, NULL},
};

/* The cur, amt and mult groups of a match as an amount and a currency
 * code; false when there is no amount. */
static bool
read_money(const struct sla_match_row *c, const struct regex_match *m, const char *text,
           double *amount, char currency[4])
{
    size_t s, l;
    if (!group(c, m, "amt", &s, &l) || l >= 32)
        return false;
    char digits[32];
    size_t n = 0;
    for (size_t i = 0; i < l; i++)
        if (text[s + i] != ',')
            digits[n++] = text[s + i];
    digits[n] = '\0';
    char *end;
    double v = strtod(digits, &end);
    if (end == digits)
        return false;
    if (group(c, m, "mult", &s, &l))
        v *= tolower((unsigned char)text[s]) == 'm' ? 1e6 : 1e3;
    *amount = v;
    currency[0] = '\0';
    if (group(c, m, "cur", &s, &l))
        for (const struct currency_word *w = currency_words; w->word; w++)
            if (sla_extract_unit_has(text + s, l, w->word)) {
                memcpy(currency, w->code, 4);
                break;
            }
    return true;
}

/* ---- form, forfeiture, liability, minimum ----------------------------------- */

/* "twice", "three", "2" before "times the fees": the multiple, 1 when
 * absent. */
static double
fee_multiple(const struct sla_match_row *c, const struct regex_match *m, const char *text)
{
    size_t s, l;
    double v;
    if (!group(c, m, "mult", &s, &l))
        return 1;
    if (!strncasecmp(text + s, "twice", 5))
        return 2;
    return sla_extract_amount(text + s, l, &v) && v > 0 ? v : 1;
}

static void
read_liability(struct extractor *ex, const struct span *sp)
{
    struct sla_liability_cap *l = &ex->t->liability_cap;
    if (l->text || !has(ex, SLA_FILL_LIABILITY_CONTEXT, sp->text, sp->len))
        return;
    struct regex_match m;
    const struct sla_match_row *c;
    if ((c = find(ex, SLA_FILL_LIABILITY_FEES, sp->text, sp->len, &m))) {
        l->percent = fee_multiple(c, &m, sp->text) * 100;
        size_t s, n;
        double num = 1;
        if (group(c, &m, "unit", &s, &n)) {
            size_t ns, nl;
            if (group(c, &m, "num", &ns, &nl) && !sla_extract_amount(sp->text + ns, nl, &num))
                num = 1;
            l->months = sla_extract_unit_has(sp->text + s, n, "year") ? num * 12 : num;
        }
    } else if (!(c = find(ex, SLA_FILL_LIABILITY_AMOUNT, sp->text, sp->len, &m)) ||
               !read_money(c, &m, sp->text, &l->amount, l->currency)) {
        return;
    }
    l->text = sla_extract_copy(ex, sp->text, sp->len);
    l->line = sla_extract_line(sp, m.start[0]);
}

static void
read_minimum(struct extractor *ex, const struct span *sp)
{
    struct sla_minimum_credit *mc = &ex->t->minimum_credit;
    struct regex_match m;
    const struct sla_match_row *c;
    if (mc->text || !(c = find(ex, SLA_FILL_MIN_CREDIT, sp->text, sp->len, &m)))
        return;
    double pct;
    if (!read_money(c, &m, sp->text, &mc->amount, mc->currency)) {
        if (!sla_extract_match_pct(c, &m, sp->text, &pct))
            return;
        mc->percent = pct;
    }
    mc->text = sla_extract_copy(ex, sp->text, sp->len);
    mc->line = sla_extract_line(sp, m.start[0]);
}

void
sla_credit_read_remedy(struct extractor *ex, const struct span *sp)
{
    struct sla_terms *t = ex->t;
    struct regex_match m;
    const struct sla_match_row *c;
    read_liability(ex, sp);
    if (!has(ex, SLA_FILL_CREDIT_CONTEXT, sp->text, sp->len))
        return;
    if (t->credit_form == SLA_FORM_UNKNOWN &&
        (c = find(ex, SLA_FILL_CREDIT_FORM, sp->text, sp->len, &m))) {
        t->credit_form = (enum sla_credit_form)c->row->arg;
        t->credit_form_line = sla_extract_line(sp, m.start[0]);
    }
    if (!t->void_at_termination && find(ex, SLA_FILL_CREDIT_VOID, sp->text, sp->len, &m)) {
        t->void_at_termination = true;
        t->void_at_termination_line = sla_extract_line(sp, m.start[0]);
    }
    read_minimum(ex, sp);
    double pct, step;
    size_t ss, sl;
    if (!ex->have_unbanded && (c = find(ex, SLA_FILL_CREDIT_STEP, sp->text, sp->len, &m)) &&
        sla_extract_match_pct(c, &m, sp->text, &pct) && group(c, &m, "step", &ss, &sl) &&
        sla_extract_amount(sp->text + ss, sl, &step) && step > 0 && pct > 0 && pct <= 100) {
        ex->have_unbanded = true;
        ex->unbanded_tier = (struct sla_credit_tier){
            .lower_percent = NAN,
            .upper_percent = NAN,
            .credit_percent = pct,
            .line = sla_extract_line(sp, m.start[0]),
            .unit = SLA_UNIT_PERCENT_PER_STEP,
            .value = pct,
            .step_percent = step,
        };
    }
}

/* ---- credits that are no share of the fee ------------------------------------ */

/* Days in a period word: a week is 7, a month 30 (as the scorecard reads a
 * month). */
static double
period_days(const char *u, size_t n)
{
    if (sla_extract_unit_has(u, n, "week") || sla_extract_unit_has(u, n, "woche"))
        return 7;
    if (sla_extract_unit_has(u, n, "month") || sla_extract_unit_has(u, n, "monat"))
        return 30;
    return 1;
}

bool
sla_credit_read_unit(struct extractor *ex, const char *text, size_t len,
                     struct sla_credit_tier *tier, size_t *start, size_t *end)
{
    struct regex_match m;
    const struct sla_match_row *c = find(ex, SLA_FILL_CREDIT_UNIT, text, len, &m);
    if (!c)
        return false;
    enum sla_credit_unit unit = (enum sla_credit_unit)c->row->arg;
    size_t s, l;
    double v = 1; /* pro rata: the whole of the downtime's share */
    bool per = group(c, &m, "per", &s, &l), hour = group(c, &m, "hour", &s, &l);
    char currency[4] = "";
    if (unit == SLA_UNIT_FIXED_AMOUNT) {
        if (!read_money(c, &m, text, &v, currency))
            return false;
    } else if (unit != SLA_UNIT_PRO_RATA) {
        if (!group(c, &m, "num", &s, &l) || !sla_extract_amount(text + s, l, &v))
            return false;
        if (group(c, &m, "unit", &s, &l))
            v *= period_days(text + s, l);
    }
    if (!(v > 0))
        return false;
    tier->unit = unit;
    tier->value = v;
    tier->credit_percent = NAN;
    tier->step_percent = 0;
    memcpy(tier->currency, currency, sizeof currency);
    tier->basis = unit == SLA_UNIT_SERVICE_TIME_MULTIPLE || unit == SLA_UNIT_PRO_RATA
                      ? SLA_BASIS_DOWNTIME
                  : hour ? SLA_BASIS_DOWNTIME_HOUR
                  : per  ? SLA_BASIS_INCIDENT
                         : SLA_BASIS_NONE;
    *start = m.start[0];
    *end = m.end[0];
    return true;
}

bool
sla_credit_read_unit_tier(struct extractor *ex, const struct span *sp)
{
    /* The smallest credit issued and the cap on liability are amounts that
     * grant nothing. A sentence that names no credit ("the subscription
     * term is extended by 14 days") grants one only beside a band. */
    bool credit = has(ex, SLA_FILL_CREDIT_CONTEXT, sp->text, sp->len) ||
                  (ex->tier_context && sp->unit->kind == SLA_UNIT_ITEM);
    if (has(ex, SLA_FILL_MIN_CREDIT, sp->text, sp->len) ||
        has(ex, SLA_FILL_LIABILITY_CONTEXT, sp->text, sp->len))
        return false;
    struct sla_credit_tier tier = {.lower_percent = NAN, .upper_percent = NAN};
    size_t from, to;
    if (!sla_credit_read_unit(ex, sp->text, sp->len, &tier, &from, &to))
        return false;
    tier.line = sla_extract_line(sp, from);
    if (sla_extract_band(ex, sp, sp, from, to, &tier))
        return sla_extract_add_tier(ex, &tier);
    if (credit && !ex->have_unbanded) {
        ex->have_unbanded = true;
        ex->unbanded_tier = tier;
    }
    return false;
}

void
sla_credit_finish(struct extractor *ex)
{
    struct sla_terms *t = ex->t;
    if (!ex->have_unbanded || t->ntiers || !t->ntargets)
        return;
    struct sla_credit_tier tier = ex->unbanded_tier;
    tier.upper_percent = t->targets[0].percent;
    sla_extract_add_tier(ex, &tier);
}
