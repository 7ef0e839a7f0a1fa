/* sla_table.c — the SLA reader's table rows (sla_reader.h): a row read
 * against its table's header, as a credit tier, a response time, an uptime
 * target or clauses. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "parsers/sla/sla_band.h"
#include "parsers/sla/sla_extract.h"
#include "parsers/sla/sla_reader.h"

static bool
has_digit(const char *s)
{
    for (; *s; s++)
        if (isdigit((unsigned char)*s))
            return true;
    return false;
}

/* A second header row under the first, as HTML writes a header with colspan
 * ("First response" over "Standard | Premium"): the row after the header,
 * in the same table, without figures. NULL when there is none. */
/* The figure written just before the first percent sign ("2 week extension
 * or 10% of the fee" is 10); NAN when there is none. */
static double
figure_before_percent(const char *s)
{
    const char *pc = strchr(s, '%'), *e = pc;
    while (e > s && e[-1] == ' ')
        e--;
    const char *b = e;
    while (b > s && (isdigit((unsigned char)b[-1]) || b[-1] == '.'))
        b--;
    double v;
    if (b == e || !sla_extract_amount(b, (size_t)(e - b), &v))
        return NAN;
    return v;
}

/* Whether a band's bounds are uptime: its highest at 50 % or more ("a
 * rolling 12-month period" in a row about repeated failures is none). */
static bool
is_uptime_band(const struct sla_credit_tier *tier)
{
    double top = isnan(tier->upper_percent) ? tier->lower_percent : tier->upper_percent;
    return !isnan(top) && top >= 50;
}

/* A committed level naming a column ("99.95% SLA", "Guaranteed 99.9%"):
 * its figure, NAN when the cell names none. */
static double
level_of(const char *cell)
{
    double v;
    if (!strchr(cell, '%') || !sla_extract_amount(cell, strlen(cell), &v) || v < 50 || v >= 100)
        return NAN;
    return v;
}

/* A credit matrix: achieved level by row, guaranteed level by column, the
 * header naming two or more levels after the first cell. */
static bool
matrix_header(char *const *head, size_t nh)
{
    size_t levels = 0;
    for (size_t i = 1; i < nh; i++)
        levels += !isnan(level_of(head[i]));
    return nh >= 3 && levels >= 2 && !has_digit(head[0]);
}

/* One row of a credit matrix: the header row gives the guaranteed levels as
 * targets, a body row one tier per column that applies ("n/a" does not). */
static void
read_matrix_row(struct extractor *ex, const struct sla_unit *u, char *const *cells, size_t n,
                char *const *head, size_t nh, const struct span *whole)
{
    if (!nh) {
        ex->reading_matrix_levels = true;
        for (size_t i = 1; i < n; i++) {
            double v = level_of(cells[i]);
            if (!isnan(v))
                sla_extract_add_target(ex, v, whole, 0, NULL);
        }
        ex->reading_matrix_levels = false;
        return;
    }
    struct sla_credit_tier tier = {0};
    bool explicit_op;
    if (!sla_band_parse(&ex->mx, cells[0], strlen(cells[0]), &tier, &explicit_op))
        return;
    for (size_t i = 1; i < n && i < nh; i++) {
        double credit;
        if (isnan(level_of(head[i])) || !strchr(cells[i], '%') ||
            isnan(credit = figure_before_percent(cells[i])))
            continue;
        tier.credit_percent = credit;
        tier.line = u->line;
        sla_extract_add_tier(ex, &tier);
    }
}

/* The form credits are paid in, named by a cell of a row about credits
 * ("| Form of credit | Invoice credit |", or under a header that speaks of
 * credits): the first such cell of the document. The cell's own word
 * ("Refund") does not make the row about credits. A voucher is the clause
 * credits_voucher, as in prose (sla_remedy.h). */
static void
read_form_cells(struct extractor *ex, const struct sla_unit *u, char *const *cells, size_t n,
                const struct sla_unit *hu)
{
    struct sla_terms *t = ex->t;
    bool header =
        hu && hu != u && sla_match_has(&ex->mx, SLA_FILL_CREDIT_CONTEXT, hu->text, hu->len);
    struct span whole = {u->text, u->len, u, 0};
    for (size_t i = 0; i < n && t->credit_form == SLA_FORM_UNKNOWN &&
                       !sla_terms_clause(t, SLA_CLAUSE_CREDITS_VOUCHER);
         i++) {
        struct regex_match m;
        const struct sla_match_row *c =
            sla_match_find(&ex->mx, SLA_FILL_CREDIT_FORM_CELL, cells[i], strlen(cells[i]), &m);
        bool about = header;
        for (size_t k = 0; c && k < n && !about; k++)
            about = k != i &&
                    sla_match_has(&ex->mx, SLA_FILL_CREDIT_CONTEXT, cells[k], strlen(cells[k]));
        if (c && about && c->row->arg == SLA_FORM_VOUCHER) {
            sla_extract_add_clause(ex, SLA_CLAUSE_CREDITS_VOUCHER, NAN, &whole, 0);
        } else if (c && about) {
            t->credit_form = (enum sla_credit_form)c->row->arg;
            t->credit_form_line = u->line;
        }
    }
}

static const struct sla_unit *
table_subheader(struct extractor *ex, const struct sla_unit *header)
{
    const struct sla_unit *next = header + 1;
    if (next >= ex->doc->units + ex->doc->nunits || next->kind != SLA_UNIT_ROW ||
        next->table != header->table || has_digit(next->text))
        return NULL;
    return next;
}

/* A caption over a table: one text in every cell (a cell spanning the
 * row, "SLA Key Terms Chart"). */
static bool
is_caption(const struct sla_unit *u)
{
    char *copy = NULL, *cells[MAX_CELLS];
    size_t n = sla_text_cells(u, &copy, cells, MAX_CELLS);
    bool same = copy && n >= 2 && *cells[0];
    for (size_t i = 1; same && i < n; i++)
        same = !strcmp(cells[i], cells[0]);
    free(copy);
    return same;
}

/* The header row of row's table: its first row, or the row under a
 * caption when that row holds no figures (the column names). */
static const struct sla_unit *
table_header(struct extractor *ex, const struct sla_unit *row)
{
    for (size_t i = 0; i < ex->doc->nunits; i++) {
        const struct sla_unit *u = &ex->doc->units[i];
        if (u->kind != SLA_UNIT_ROW || u->table != row->table)
            continue;
        const struct sla_unit *next = u + 1;
        if (next < ex->doc->units + ex->doc->nunits && next->kind == SLA_UNIT_ROW &&
            next->table == u->table && !has_digit(next->text) && is_caption(u))
            return next;
        return u;
    }
    return NULL;
}

/* The uptime levels a cell lists (bytes [off, off + len) of u's text):
 * every percentage of 50 or more; whether there was one. */
static bool
read_levels(struct extractor *ex, const struct sla_unit *u, size_t off, size_t len)
{
    bool any = false;
    struct span cell = {u->text + off, len, u, off};
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)cell.text[i]) ||
            (i && (isdigit((unsigned char)cell.text[i - 1]) || cell.text[i - 1] == '.')))
            continue;
        size_t k = i;
        while (k < len && (isdigit((unsigned char)cell.text[k]) || cell.text[k] == '.'))
            k++;
        size_t pc = k;
        while (pc < len && cell.text[pc] == ' ')
            pc++;
        double v;
        if (pc < len && cell.text[pc] == '%' && sla_extract_amount(cell.text + i, k - i, &v) &&
            v >= 50 && v <= 100) {
            sla_extract_add_target(ex, v, &cell, i, NULL);
            any = true;
        }
        i = k;
    }
    return any;
}

/* Whether the unit just above row's table is a lead-in or heading about
 * uptime ("Service Level:"). */
static bool
led_in_by_uptime(struct extractor *ex, const struct sla_unit *first_row)
{
    if (first_row == ex->doc->units)
        return false;
    const struct sla_unit *above = first_row - 1;
    return above->kind != SLA_UNIT_ROW &&
           sla_match_has(&ex->mx, SLA_FILL_UPTIME_WORD, above->text, above->len);
}

void
sla_table_read_row(struct extractor *ex, const struct sla_unit *u, bool example)
{
    char *copy = NULL, *hcopy = NULL, *scopy = NULL, *cells[MAX_CELLS], *head[MAX_CELLS];
    char *sub[MAX_CELLS], merged[MAX_CELLS][96];
    size_t n = sla_text_cells(u, &copy, cells, MAX_CELLS), nh = 0;
    const struct sla_unit *hu = table_header(ex, u), *su = hu ? table_subheader(ex, hu) : NULL;
    if (hu && hu != u)
        nh = sla_text_cells(hu, &hcopy, head, MAX_CELLS);
    /* Two header rows: each column is named by both ("First response Premium"). */
    if (nh && su && su != u && sla_text_cells(su, &scopy, sub, MAX_CELLS) == nh) {
        for (size_t i = 0; i < nh; i++) {
            if (strcmp(head[i], sub[i]))
                snprintf(merged[i], sizeof merged[i], "%s %s", head[i], sub[i]);
            else
                snprintf(merged[i], sizeof merged[i], "%s", head[i]);
            head[i] = merged[i];
        }
    }
    struct span whole = {u->text, u->len, u, 0};
    long line = u->line;
    int credit_col = -1, band_col = -1;
    for (size_t i = 0; i < nh; i++) {
        size_t hl = strlen(head[i]);
        if (credit_col < 0 && sla_match_has(&ex->mx, SLA_FILL_CREDIT_CONTEXT, head[i], hl))
            credit_col = (int)i;
        else if (band_col < 0 && sla_match_has(&ex->mx, SLA_FILL_UPTIME_WORD, head[i], hl))
            band_col = (int)i;
    }
    if (!copy || n < 2 || example)
        goto clauses;
    if (nh ? matrix_header(head, nh) : matrix_header(cells, n)) {
        read_matrix_row(ex, u, cells, n, head, nh, &whole);
        goto clauses;
    }
    /* Two or more columns of bare percentages and none for credits: every
     * figure is a target ("| Standard | 99.99% | 99.9% |"), the column
     * headed as the commitment (SLA, guarantee) when there is one. */
    if (nh && credit_col < 0) {
        size_t pcts = 0;
        bool committed = false;
        for (size_t i = 0; i < n; i++)
            if (sla_match_has(&ex->mx, SLA_FILL_PLAIN_PERCENT, cells[i], strlen(cells[i]))) {
                pcts++;
                committed |= i < nh && sla_match_has(&ex->mx, SLA_FILL_COMMITMENT_WORD, head[i],
                                                     strlen(head[i]));
            }
        if (pcts >= 2) {
            for (size_t i = 0; i < n; i++) {
                double pct;
                if (!sla_match_has(&ex->mx, SLA_FILL_PLAIN_PERCENT, cells[i], strlen(cells[i])) ||
                    (committed && !(i < nh && sla_match_has(&ex->mx, SLA_FILL_COMMITMENT_WORD,
                                                            head[i], strlen(head[i])))) ||
                    !sla_extract_amount(cells[i], strlen(cells[i]), &pct))
                    continue;
                sla_extract_add_target(ex, pct, &whole, 0, i ? cells[0] : NULL);
            }
            goto clauses;
        }
    }
    /* A credit tier: a band cell and a credit cell. */
    if (band_col < 0 || (size_t)band_col >= n || !has_digit(cells[band_col]))
        for (size_t i = 0; i < n && band_col < 0; i++)
            if (has_digit(cells[i]) && (int)i != credit_col)
                band_col = (int)i;
    if (credit_col < 0)
        for (size_t i = n; i-- > 0 && credit_col < 0;)
            if ((int)i != band_col && strchr(cells[i], '%'))
                credit_col = (int)i;
    if (band_col >= 0 && credit_col >= 0 && (size_t)band_col < n && (size_t)credit_col < n &&
        band_col != credit_col && (strchr(cells[band_col], '%') || nh)) {
        struct sla_credit_tier tier = {0};
        bool explicit_op, other_unit = false;
        struct regex_match m;
        const struct sla_match_row *c;
        double credit = NAN;
        size_t from, to;
        const char *cc = cells[credit_col];
        if ((c = sla_match_find(&ex->mx, SLA_FILL_CREDIT, cc, strlen(cc), &m)) &&
            sla_extract_match_pct(c, &m, cc, &credit))
            ;
        else if (strchr(cc, '%'))
            credit = figure_before_percent(cc);
        else if ((other_unit = sla_credit_read_unit(ex, cc, strlen(cc), &tier, &from, &to)))
            credit = tier.credit_percent;
        else if (has_digit(cc))
            sla_extract_amount(cc, strlen(cc), &credit);
        else if (!strncasecmp(cc, "no", 2) || !strncasecmp(cc, "none", 4) || !strcmp(cc, "-"))
            credit = 0;
        if ((other_unit || (!isnan(credit) && credit <= 1000)) &&
            sla_band_parse(&ex->mx, cells[band_col], strlen(cells[band_col]), &tier,
                           &explicit_op) &&
            is_uptime_band(&tier)) {
            tier.credit_percent = credit;
            tier.line = line;
            sla_extract_add_tier(ex, &tier);
            /* Another plan's credits in the next columns, in percent. */
            tier =
                (struct sla_credit_tier){tier.lower_percent, tier.upper_percent,
                                         tier.lower_inclusive, tier.upper_inclusive, .line = line};
            for (size_t k = (size_t)credit_col + 1; k < n && nh; k++) {
                double more;
                if (!strchr(cells[k], '%') ||
                    !sla_extract_amount(cells[k], strlen(cells[k]), &more))
                    continue;
                tier.credit_percent = more;
                sla_extract_add_tier(ex, &tier);
            }
            goto clauses;
        }
    }
    bool named = sla_match_has(&ex->mx, SLA_FILL_UPTIME_WORD, cells[0], strlen(cells[0]));
    /* A term and its levels: "| Service level agreement | STANDARD: 99.95%
     * ENHANCED: 99.99% |", each percentage of 50 or more a target. */
    if (n == 2 && credit_col < 0 && named &&
        !sla_match_has(&ex->mx, SLA_FILL_PLAIN_PERCENT, cells[1], strlen(cells[1])) &&
        read_levels(ex, u, (size_t)(cells[1] - copy), strlen(cells[1])))
        goto clauses;
    /* A credit cell written as sentences, its bands in its own words. */
    if (credit_col >= 0 && (size_t)credit_col < n && strstr(cells[credit_col], ". ")) {
        size_t off = (size_t)(cells[credit_col] - copy);
        struct span cell = {u->text + off, strlen(cells[credit_col]), u, off};
        if (sla_extract_cell_tiers(ex, &cell))
            goto clauses;
    }
    /* An uptime per service: a table headed "uptime" with no credit column. */
    if (nh && band_col >= 0 && (size_t)band_col < n && credit_col < 0) {
        struct span cell = {cells[band_col], strlen(cells[band_col]), u, 0};
        double pct;
        if (strchr(cell.text, '%') && sla_extract_amount(cell.text, cell.len, &pct)) {
            sla_extract_add_target(ex, pct, &whole, 0, band_col ? cells[0] : NULL);
            goto clauses;
        }
    }
    /* A term and its value: "| Monthly uptime commitment | 99.95% |"; or,
     * in the first row of a table a lead-in about uptime introduces
     * ("Service Level:"), a part and its level: "| DB Cluster, read | 99.99% |". */
    if (n == 2 && credit_col < 0 && (named || (hu == u && led_in_by_uptime(ex, u))) &&
        sla_match_has(&ex->mx, SLA_FILL_PLAIN_PERCENT, cells[1], strlen(cells[1]))) {
        double pct;
        if (sla_extract_amount(cells[1], strlen(cells[1]), &pct)) {
            sla_extract_add_target(ex, pct, &whole, 0, named ? NULL : cells[0]);
            goto clauses;
        }
    }
    /* A response-time row: a severity, then durations. */
    {
        struct regex_match m;
        const struct sla_match_row *c =
            sla_match_find(&ex->mx, SLA_FILL_SEVERITY, cells[0], strlen(cells[0]), &m);
        /* Resolution or response: by the column's header, else by the heading. */
        bool resolution_table = false;
        if (u->heading >= 0) {
            const struct sla_unit *h = &ex->doc->units[u->heading];
            resolution_table |= sla_match_has(&ex->mx, SLA_FILL_RESOLUTION_WORD, h->text, h->len);
        }
        for (size_t i = 1; c && i < n; i++) {
            struct regex_match d;
            const struct sla_match_row *dc =
                sla_match_find(&ex->mx, SLA_FILL_DURATION, cells[i], strlen(cells[i]), &d);
            bool business = false;
            double minutes =
                dc ? sla_extract_match_minutes(dc, &d, cells[i], &business, NULL) : NAN;
            if (isnan(minutes))
                continue;
            struct sla_terms *t = ex->t;
            if (!GROW(ex, t->response_times, t->nresponse_times))
                break;
            struct sla_response_time *r = &t->response_times[t->nresponse_times++];
            struct strbuf sb = STRBUF_INIT;
            strbuf_addstr(&sb, cells[0]);
            if (nh > 2 && i < nh && *head[i])
                strbuf_addf(&sb, " (%s)", head[i]);
            r->severity = strbuf_detach(&sb);
            r->minutes = minutes;
            r->business_hours = business;
            r->resolution = i < nh && *head[i] ? sla_match_has(&ex->mx, SLA_FILL_RESOLUTION_WORD,
                                                               head[i], strlen(head[i]))
                                               : resolution_table;
            r->line = line;
        }
        /* A severity's coverage may have a column of its own ("| Severity 1
         * | 30 minutes | 24x7 |"). */
        for (size_t i = 1; c && i < n; i++) {
            if (sla_match_has(&ex->mx, SLA_FILL_24X7, cells[i], strlen(cells[i])))
                ex->have_24x7 = true;
            else if (sla_match_has(&ex->mx, SLA_FILL_BUSINESS_HOURS, cells[i], strlen(cells[i])))
                ex->have_business_hours = true;
        }
    }
clauses:
    if (copy && !example)
        read_form_cells(ex, u, cells, n, hu);
    sla_extract_read_clauses(ex, &whole);
    free(copy);
    free(hcopy);
    free(scopy);
}
