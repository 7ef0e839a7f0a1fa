/* sla_credit_terms.c — the credit side of the SLA reader (sla_reader.h):
 * what caps the credits and how long a customer has to claim them, read
 * from a sentence of prose. */
#include <math.h>
#include <string.h>

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
        if (!months && !business)
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
            /* Days of fees against a month of 30 days. */
            t->credit_cap_percent = round(pct / 30 * 1000) / 10;
            t->credit_cap_text = sla_extract_copy(ex, sp->text, sp->len);
            t->credit_cap_line = sla_extract_line(sp, 0);
            cap_of(ex, sp);
            ex->have_cap = true;
        } else if ((c = find(ex, SLA_FILL_CAP, sp->text, sp->len, &m)) &&
                   sla_extract_match_pct(c, &m, sp->text, &pct) && pct > 0 && pct <= 1000) {
            t->credit_cap_percent = pct;
            t->credit_cap_text = sla_extract_copy(ex, sp->text, sp->len);
            t->credit_cap_line = sla_extract_line(sp, 0);
            cap_of(ex, sp);
            ex->have_cap = true;
        }
    }
}
