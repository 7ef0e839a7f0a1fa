/* claim_letter.c — the claim pack as a plain letter, and the sentences the
 * letter and the workbook share (reports/books/claim_book.h). */
#include "reports/books/claim_book.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/sla/sla_credit_unit.h"
#include "engine/time/sltime.h"

/* A line that starts a block of its own: a heading, a table row, a list
 * item; a blank line ends one. */
static bool
starts_block(const char *l)
{
    while (*l == ' ' || *l == '\t')
        l++;
    return *l == '#' || *l == '|' || ((*l == '-' || *l == '*') && l[1] == ' ') ||
           (*l >= '0' && *l <= '9' && strchr(l, '.') && strchr(l, '.')[1] == ' ' &&
            strspn(l, "0123456789") == (size_t)(strchr(l, '.') - l));
}

static bool
blank(const char *l)
{
    return !l || !l[strspn(l, " \t\r")];
}

bool
claim_quote(const struct claim_book_info *info, size_t k, long n, char *buf, size_t size)
{
    const struct sla_terms *t = info->words ? info->words[k] : NULL;
    const char *at = t && n > 0 ? sla_terms_line_text(t, n) : NULL;
    if (!at || blank(at))
        return false;
    /* The sentence is the paragraph (or list item) the line is in, up to
     * a few lines each way; a table row is quoted alone. */
    long first = n, last = n;
    bool row = at[strspn(at, " \t")] == '|';
    while (!row && !starts_block(sla_terms_line_text(t, first)) && first > 1 && n - first < 4 &&
           !blank(sla_terms_line_text(t, first - 1)) &&
           sla_terms_line_text(t, first - 1)[strspn(sla_terms_line_text(t, first - 1), " \t")] !=
               '#' &&
           sla_terms_line_text(t, first - 1)[strspn(sla_terms_line_text(t, first - 1), " \t")] !=
               '|')
        first--;
    while (!row && last - n < 4 && sla_terms_line_text(t, last + 1) &&
           !blank(sla_terms_line_text(t, last + 1)) &&
           !starts_block(sla_terms_line_text(t, last + 1)))
        last++;
    size_t len = (size_t)snprintf(buf, size, first == last ? "line %ld: \"" : "lines %ld-%ld: \"",
                                  first, last);
    for (long i = first; i <= last && len + 1 < size; i++) {
        if (i > first)
            buf[len++] = ' ';
        len += sla_line_words(sla_terms_line_text(t, i), buf + len, size - len);
    }
    if (len < size)
        snprintf(buf + len, size - len, "\"");
    return true;
}

static const struct sla_terms *
terms_of(const struct eval_result *r, const struct eval_contract_row *row)
{
    return r->commitments[row->commitment].terms;
}

static long
clause_line(const struct sla_terms *t, enum sla_clause_kind k)
{
    const struct sla_clause *c = sla_terms_clause(t, k);
    return c ? c->line : 0;
}

/* " (line 15)", or "" when the document gives no line. */
static void
cite(long line, char *buf, size_t size)
{
    if (line > 0)
        snprintf(buf, size, " (line %ld)", line);
    else
        snprintf(buf, size, "%s", "");
}

void
claim_reason(const struct eval_result *r, const struct eval_contract_row *row,
             const struct contract_stretch *s, char *buf, size_t size)
{
    const struct sla_terms *t = terms_of(r, row);
    const struct contract_rules *ru = &row->rules;
    char at[32];
    switch (s->kind) {
    case CONTRACT_STRETCH_FORGIVEN:
        cite(clause_line(t, SLA_CLAUSE_MIN_OUTAGE), at, sizeof at);
        snprintf(buf, size,
                 "an outage of %.1f min, shorter than the %.0f consecutive minutes the document "
                 "requires%s: not downtime",
                 (double)(s->run_end - s->run_start) / 60.0, (double)ru->min_outage_seconds / 60.0,
                 at);
        break;
    case CONTRACT_STRETCH_MAINTENANCE:
        cite(clause_line(t, SLA_CLAUSE_MAINTENANCE_CAP), at, sizeof at);
        snprintf(buf, size,
                 "scheduled maintenance announced at least %.0f h ahead%s%s: excluded from "
                 "downtime",
                 (double)ru->notice_seconds / 3600.0,
                 ru->maintenance_cap_seconds > 0 ? ", within the monthly cap" : "", at);
        break;
    case CONTRACT_STRETCH_EXCLUDED:
        snprintf(buf, size, "a period the document's exclusions leave out");
        break;
    case CONTRACT_STRETCH_UNKNOWN:
        snprintf(buf, size, "no monitoring: neither up nor down, left out of the measured time");
        break;
    case CONTRACT_STRETCH_WEIGHTLESS: {
        long line = clause_line(t, SLA_CLAUSE_PARTIAL_EXCLUDED);
        cite(line, at, sizeof at);
        if (line > 0)
            snprintf(buf, size, "%s service, which the document says is not downtime%s",
                     svc_status_name(s->worst), at);
        else
            snprintf(buf, size,
                     "%s service, weighed at 0 (the document does not count it as downtime)",
                     svc_status_name(s->worst));
        break;
    }
    default:
        snprintf(buf, size, "counts as downtime");
    }
}

void
claim_deadline_text(const struct eval_result *r, const struct eval_contract_row *row, char *buf,
                    size_t size)
{
    const struct sla_terms *t = terms_of(r, row);
    if (row->attainment.claim_deadline != SLTIME_NONE) {
        /* The deadline is the instant the window closes; the last day to
         * claim is the local day before it, as eval --json gives it. */
        sltime_format_date(row->attainment.claim_deadline - 1, r->params.zone, buf);
        return;
    }
    if (t->claim_deadline_text)
        snprintf(buf, size, "no date computed: the document says \"%s\"", t->claim_deadline_text);
    else
        snprintf(buf, size, "the document names no claim window");
}

void
claim_credit_text(const struct eval_contract_row *row, char *buf, size_t size)
{
    const struct credit_result *c = &row->attainment.credit;
    if (!credit_is_share(c))
        sla_credit_unit_owed_text(c, buf, size);
    else if (c->capped)
        snprintf(buf, size, "%g %% (capped from %g %%)", c->credit_percent, c->tier_percent);
    else
        snprintf(buf, size, "%g %%", c->credit_percent);
}

void
claim_amount_text(const struct eval_result *r, const struct eval_contract_row *row, char *buf,
                  size_t size)
{
    const struct eval_commitment *cm = &r->commitments[row->commitment];
    const struct credit_result *c = &row->attainment.credit;
    if (!isnan(c->amount))
        snprintf(buf, size, "%.2f%s%s", c->amount, cm->currency ? " " : "",
                 cm->currency ? cm->currency : "");
    else if (!credit_is_share(c))
        snprintf(buf, size, "in kind, no amount of the fee");
    else
        snprintf(buf, size, "fee unknown: %g %% of %s's monthly fee", c->credit_percent,
                 row->service);
}

const char *
claim_evidence_name(enum claim_evidence_kind k)
{
    return k == CLAIM_EV_INCIDENT      ? "incident"
           : k == CLAIM_EV_MAINTENANCE ? "maintenance window"
                                       : "status interval";
}

static void
add_quote(struct strbuf *sb, const struct claim_book_info *info, size_t k, long line,
          const char *fallback)
{
    char q[2000];
    if (claim_quote(info, k, line, q, sizeof q))
        strbuf_addstr(sb, q);
    else
        strbuf_addf(sb, "line %ld (not quoted: the document is not at hand); the terms read: %s",
                    line, fallback);
}

static void
add_span(struct strbuf *sb, int64_t start, int64_t end, const char *zone)
{
    char a[40], b[40];
    sltime_format(start, zone, a);
    sltime_format(end, zone, b);
    strbuf_addf(sb, "%s to %s", a, b);
}

static void
add_item(struct strbuf *sb, const struct claim *c, const struct claim_item *it,
         const struct claim_book_info *info)
{
    const struct eval_result *r = c->result;
    const struct eval_contract_row *row = it->row;
    const struct eval_commitment *cm = &r->commitments[row->commitment];
    const struct sla_terms *t = cm->terms;
    const struct sla_uptime_target *u = &t->targets[row->target];
    const struct contract_attainment *a = &row->attainment;
    const char *zone = r->params.zone;
    char text[600];

    strbuf_addf(sb, "%s\n", row->service);
    strbuf_addstr(sb, "  Commitment, ");
    char words[64];
    snprintf(words, sizeof words, "%g %% a %s", u->percent, sla_window_name(u->window));
    add_quote(sb, info, row->commitment, u->line, words);
    strbuf_addstr(sb, "\n");
    strbuf_addf(sb,
                "  Measured under the document's own definition: %.3f %% available; %.1f "
                "minutes of downtime counted in %.1f eligible minutes, %.1f allowed\n",
                a->attainment_percent, row->measure.avail.downtime_seconds / 60.0,
                (double)row->measure.avail.eligible_seconds / 60.0,
                a->allowed_downtime_seconds / 60.0);
    strbuf_addf(sb, "  Monitoring coverage: %.2f %% of the month%s\n",
                100.0 * availability_coverage(&row->measure.avail),
                row->coverage == AVAIL_COVERAGE_PARTIAL ? " (partial coverage)" : "");
    const struct sla_credit_tier *tier = &t->tiers[a->credit.tier];
    strbuf_addstr(sb, "  Credit tier, ");
    if (sla_credit_unit_of_fee(tier->unit))
        snprintf(words, sizeof words, "%g %% credit", tier->credit_percent);
    else
        sla_credit_unit_tier_text(tier, words, sizeof words);
    add_quote(sb, info, row->commitment, tier->line, words);
    strbuf_addstr(sb, "\n");
    claim_credit_text(row, text, sizeof text);
    strbuf_addf(sb, "  Credit claimed: %s%s", text,
                credit_is_share(&a->credit) ? " of the monthly fee" : "");
    if (t->credit_cap_text)
        strbuf_addf(sb, " (cap: \"%s\")", t->credit_cap_text);
    claim_amount_text(r, row, text, sizeof text);
    strbuf_addf(sb, "; amount: %s\n", text);
    strbuf_addf(sb, "  Outages counted (%zu):\n", it->noutages);
    for (size_t i = 0; i < it->nstretches; i++) {
        const struct claim_stretch *s = &it->stretches[i];
        if (s->s.kind != CONTRACT_STRETCH_OUTAGE)
            continue;
        strbuf_addstr(sb, "    ");
        add_span(sb, s->s.start, s->s.end, zone);
        strbuf_addf(sb, ", %.1f min counted (%s%s)\n", s->s.downtime_seconds / 60.0,
                    svc_status_name(s->s.worst),
                    s->s.ineligible ? "; maintenance that did not qualify counts as downtime" : "");
        for (size_t j = 0; j < s->nev; j++) {
            const struct claim_evidence *e = &s->ev[j];
            /* The file by its name: the letter goes to the provider, to
             * whom the folders of this machine mean nothing. */
            const char *file = e->path ? e->path : "?";
            const char *name = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
            if (e->line > 0)
                strbuf_addf(sb, "      %s:%ld", name, e->line);
            else
                strbuf_addf(sb, "      %s", name);
            strbuf_addf(sb, " %s %s%s%s", claim_evidence_name(e->kind), e->ref ? e->ref : "",
                        e->ref ? " " : "", e->detail ? e->detail : "");
            if (e->kind == CLAIM_EV_MAINTENANCE) {
                char when[40];
                sltime_format(e->announced, zone, when);
                strbuf_addf(sb, "announced %s", e->announced == SLTIME_NONE ? "never" : when);
            }
            strbuf_addstr(sb, "\n");
        }
    }
    size_t nset = it->nstretches - it->noutages;
    if (nset)
        strbuf_addf(sb, "  Set aside under the document (%zu):\n", nset);
    else
        strbuf_addstr(sb, "  Set aside under the document: nothing\n");
    for (size_t i = 0; i < it->nstretches; i++) {
        const struct claim_stretch *s = &it->stretches[i];
        if (s->s.kind == CONTRACT_STRETCH_OUTAGE)
            continue;
        strbuf_addstr(sb, "    ");
        add_span(sb, s->s.start, s->s.end, zone);
        claim_reason(r, row, &s->s, text, sizeof text);
        strbuf_addf(sb, ", %.1f min: %s\n", (double)(s->s.end - s->s.start) / 60.0, text);
    }
    claim_deadline_text(r, row, text, sizeof text);
    strbuf_addf(sb, "  Claim by: %s\n\n", text);
}

enum sl_status
claim_letter_write(const struct claim *c, const struct claim_book_info *info, struct strbuf *sb)
{
    const struct eval_result *r = c->result;
    const struct eval_contract_row *first = c->n ? c->items[0].row : NULL;
    char from[16], last[16], xlsx[256], txt[256];
    if (!first)
        return SL_OK;
    const struct eval_commitment *cm = &r->commitments[first->commitment];
    sltime_format_date(first->window.start, r->params.zone, from);
    sltime_format_date(first->window.end - 1, r->params.zone, last);
    claim_book_names(first->entity, info->month, xlsx, txt, sizeof xlsx);
    strbuf_addf(sb, "Service credit claim: %s, %s\n\n", first->entity, info->month);
    strbuf_addf(sb,
                "Under %s, we claim the service credits below for %s to %s (%s). Each figure "
                "is measured under the document's own definition of downtime, and every "
                "outage names the records that show it; %s lists each one with its file.\n\n",
                cm->terms->document ? cm->terms->document : "the service level agreement", from,
                last, r->params.zone ? r->params.zone : "UTC", xlsx);
    for (size_t i = 0; i < c->n; i++)
        add_item(sb, c, &c->items[i], info);
    for (size_t k = 0; k < r->ncommitments; k++)
        if (info->why_unquoted && info->why_unquoted[k])
            strbuf_addf(sb, "Note: %s\n", info->why_unquoted[k]);
    return strbuf_addf(sb, "Prepared with slaudit %s.\n", info->version);
}
