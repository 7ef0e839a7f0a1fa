/* claim_book.c — the claim workbook, and the pack of workbook and letter
 * written together (reports/books/claim_book.h). */
#include "reports/books/claim_book.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/measure/target.h"
#include "engine/sla/sla_credit_unit.h"
#include "engine/time/sltime.h"
#include "reports/xlsx/outfile.h"
#include "reports/xlsx/sheet_sources.h"
#include "reports/xlsx/xlsx.h"

enum {
    C_SERVICE,
    C_TARGET,
    C_TARGET_LINE,
    C_MEASURED,
    C_ELIGIBLE,
    C_ALLOWED,
    C_DOWNTIME,
    C_OUTAGES,
    C_TIER_LINE,
    C_TIER,
    C_CREDIT,
    C_FEE,
    C_AMOUNT,
    C_CURRENCY,
    C_DEADLINE,
};

static const struct xlsx_column credit_columns[] = {
    [C_SERVICE] = {"Service", 20},
    [C_TARGET] = {"Commitment %", 12},
    [C_TARGET_LINE] = {"Line", 6},
    [C_MEASURED] = {"Measured availability", 13},
    [C_ELIGIBLE] = {"Eligible minutes", 11},
    [C_ALLOWED] = {"Downtime allowed (min)", 12},
    [C_DOWNTIME] = {"Downtime counted (min)", 12},
    [C_OUTAGES] = {"Outages", 8},
    [C_TIER_LINE] = {"Tier line", 6},
    [C_TIER] = {"Tier credit %", 9},
    [C_CREDIT] = {"Credit % after cap", 10},
    [C_FEE] = {"Monthly fee", 12},
    [C_AMOUNT] = {"Credit amount", 12},
    [C_CURRENCY] = {"Currency", 9},
    [C_DEADLINE] = {"Claim by", 12},
    {NULL, 0},
};

enum {
    O_SERVICE,
    O_NUMBER,
    O_START,
    O_END,
    O_MINUTES,
    O_COUNTED,
    O_STATUS,
    O_EVIDENCE,
    O_FILE,
    O_LINE,
    O_RECORD,
    O_DETAIL,
    O_EV_START,
    O_EV_END,
    O_ANNOUNCED
};

static const struct xlsx_column outage_columns[] = {
    [O_SERVICE] = {"Service", 18},       [O_NUMBER] = {"Outage #", 8},
    [O_START] = {"Start (UTC)", 17},     [O_END] = {"End (UTC)", 17},
    [O_MINUTES] = {"Minutes", 9},        [O_COUNTED] = {"Counted minutes", 9},
    [O_STATUS] = {"Worst status", 10},   [O_EVIDENCE] = {"Evidence", 15},
    [O_FILE] = {"Source file", 38},      [O_LINE] = {"Line", 7},
    [O_RECORD] = {"Record", 14},         [O_DETAIL] = {"Detail", 40},
    [O_EV_START] = {"Record start", 17}, [O_EV_END] = {"Record end", 17},
    [O_ANNOUNCED] = {"Announced", 17},   {NULL, 0},
};

enum { X_SERVICE, X_WHAT, X_START, X_END, X_MINUTES, X_WHY, X_FILE, X_LINE, X_RECORD, X_ANNOUNCED };

static const struct xlsx_column excluded_columns[] = {
    [X_SERVICE] = {"Service", 18},
    [X_WHAT] = {"What", 12},
    [X_START] = {"Start (UTC)", 17},
    [X_END] = {"End (UTC)", 17},
    [X_MINUTES] = {"Minutes", 9},
    [X_WHY] = {"Why it does not count", 60},
    [X_FILE] = {"Source file", 38},
    [X_LINE] = {"Line", 7},
    [X_RECORD] = {"Record", 14},
    [X_ANNOUNCED] = {"Announced", 17},
    {NULL, 0},
};

void
claim_book_names(const char *entity, const char *month, char *xlsx, char *txt, size_t size)
{
    char name[200];
    snprintf(name, sizeof name, "%s", entity);
    for (char *p = name; *p; p++)
        if (*p == ':' || *p == '/' || *p == '\\')
            *p = '-';
    snprintf(xlsx, size, "claim-%s-%s.xlsx", name, month);
    snprintf(txt, size, "claim-%s-%s.txt", name, month);
}

static void
write_credit_row(struct xlsx_sheet *sh, uint32_t row, const struct eval_result *r,
                 const struct eval_contract_row *cr)
{
    const struct eval_commitment *cm = &r->commitments[cr->commitment];
    const struct sla_terms *t = cm->terms;
    const struct contract_attainment *a = &cr->attainment;
    char text[600];
    xlsx_text(sh, row, C_SERVICE, cr->service, XLSX_PLAIN);
    xlsx_number(sh, row, C_TARGET, a->target_percent, XLSX_PLAIN);
    xlsx_number(sh, row, C_TARGET_LINE, (double)t->targets[cr->target].line, XLSX_INTEGER);
    xlsx_percent(sh, row, C_MEASURED, a->attainment_percent / 100.0);
    xlsx_number(sh, row, C_ELIGIBLE, (double)cr->measure.avail.eligible_seconds / 60.0,
                XLSX_DECIMAL1);
    xlsx_number(sh, row, C_ALLOWED, a->allowed_downtime_seconds / 60.0, XLSX_DECIMAL1);
    xlsx_number(sh, row, C_DOWNTIME, cr->measure.avail.downtime_seconds / 60.0, XLSX_DECIMAL1);
    xlsx_number(sh, row, C_OUTAGES, (double)cr->measure.outages, XLSX_INTEGER);
    xlsx_number(sh, row, C_TIER_LINE, (double)t->tiers[a->credit.tier].line, XLSX_INTEGER);
    if (credit_is_share(&a->credit)) {
        xlsx_number(sh, row, C_TIER, a->credit.tier_percent, XLSX_PLAIN);
        xlsx_number(sh, row, C_CREDIT, a->credit.credit_percent, XLSX_PLAIN);
    } else {
        /* No share of the fee: the credit in its own unit. */
        claim_credit_text(cr, text, sizeof text);
        xlsx_text(sh, row, C_CREDIT, text, XLSX_PLAIN);
    }
    if (isfinite(cm->monthly_fee)) {
        xlsx_number(sh, row, C_FEE, cm->monthly_fee, XLSX_MONEY);
        xlsx_number(sh, row, C_AMOUNT, a->credit.amount, XLSX_MONEY);
    } else {
        xlsx_text(sh, row, C_FEE, "not stated", XLSX_MUTED);
        claim_amount_text(r, cr, text, sizeof text);
        xlsx_text(sh, row, C_AMOUNT, text, XLSX_MUTED_WRAP);
    }
    xlsx_text(sh, row, C_CURRENCY, cm->currency ? cm->currency : "", XLSX_PLAIN);
    claim_deadline_text(r, cr, text, sizeof text);
    xlsx_text(sh, row, C_DEADLINE, text, XLSX_PLAIN);
}

/* The Claim sheet reads as a document: a label, a figure, and the words
 * the figure rests on, wrapped in a column this wide. */
#define WORDS_WIDTH 80
#define WORDS_COL 3 /* after a narrow gap, so a figure never touches its words */

/* One line of the Claim sheet: label, value (a number in style, or text),
 * and the words it rests on, all on one row: the words wrap and the row
 * grows to fit them (cells are top aligned, so the label and the value
 * read beside the words' first line). */
static void
line(struct xlsx_sheet *sh, uint32_t *row, const char *what, double value, enum xlsx_style style,
     const char *text_value, const char *words)
{
    xlsx_text(sh, *row, 0, what, XLSX_BOLD);
    if (text_value)
        xlsx_text(sh, *row, 1, text_value, XLSX_PLAIN);
    else
        xlsx_number(sh, *row, 1, value, style);
    if (words)
        xlsx_text(sh, *row, WORDS_COL, words, XLSX_WRAP);
    (*row)++;
}

/* A document line as the document words it; without the document, its
 * number and what the terms read there (slaudit's words, not quoted). */
static void
quote(const struct claim_book_info *info, size_t k, long n, const char *terms_read, char *buf,
      size_t size)
{
    if (!claim_quote(info, k, n, buf, size))
        snprintf(buf, size,
                 "line %ld (not quoted: the document is not at hand); the terms read: %s", n,
                 terms_read);
}

/* A clause as the extractor read it from the document: its sentence. */
static void
clause_words(const struct sla_clause *cl, char *buf, size_t size)
{
    if (cl->line > 0)
        snprintf(buf, size, "line %ld: \"%s\"", cl->line, cl->text ? cl->text : "");
    else
        snprintf(buf, size, "\"%s\"", cl->text ? cl->text : "");
}

/* One credit as a block of lines: the figures of its contract row and the
 * words each rests on. */
static void
write_credit_block(struct xlsx_sheet *sh, uint32_t *row, const struct eval_result *r,
                   const struct claim_item *it, const struct claim_book_info *info)
{
    const struct eval_contract_row *cr = it->row;
    const struct eval_commitment *cm = &r->commitments[cr->commitment];
    const struct sla_terms *t = cm->terms;
    const struct sla_uptime_target *u = &t->targets[cr->target];
    const struct contract_attainment *a = &cr->attainment;
    const struct sla_credit_tier *tier = &t->tiers[a->credit.tier];
    size_t k = cr->commitment;
    char words[2000], value[600], mine[200];

    snprintf(words, sizeof words, "%s under %s", cr->service,
             t->document ? t->document : "the SLA");
    xlsx_text(sh, (*row)++, 0, words, XLSX_BOLD);
    snprintf(mine, sizeof mine, "%g %% a %s", u->percent, sla_window_name(u->window));
    quote(info, k, u->line, mine, words, sizeof words);
    line(sh, row, "Commitment", target_fraction(a->target_percent), XLSX_PERCENT, NULL, words);
    xlsx_text(sh, *row, 0, "Measured availability", XLSX_BOLD);
    xlsx_percent(sh, *row, 1, a->attainment_percent / 100.0);
    xlsx_text(sh, (*row)++, WORDS_COL,
              "the document's definition: 1 − downtime counted ÷ eligible minutes", XLSX_PLAIN);
    line(sh, row, "Eligible minutes", (double)cr->measure.avail.eligible_seconds / 60.0,
         XLSX_DECIMAL1, NULL,
         "the month less eligible maintenance, excluded periods and unmonitored time");
    snprintf(words, sizeof words, "%s: the share of the month monitored",
             cr->coverage == AVAIL_COVERAGE_PARTIAL ? "partial coverage" : "full coverage");
    line(sh, row, "Monitoring coverage", availability_coverage(&cr->measure.avail), XLSX_PERCENT,
         NULL, words);
    line(sh, row, "Downtime allowed (min)", a->allowed_downtime_seconds / 60.0, XLSX_DECIMAL1, NULL,
         "(1 − commitment) × eligible minutes");
    snprintf(words, sizeof words, "%zu outage%s, each on Outages with the records that show it",
             it->noutages, it->noutages == 1 ? "" : "s");
    line(sh, row, "Downtime counted (min)", cr->measure.avail.downtime_seconds / 60.0,
         XLSX_DECIMAL1, NULL, words);
    bool share = credit_is_share(&a->credit);
    if (sla_credit_unit_of_fee(tier->unit))
        snprintf(mine, sizeof mine, "%g %% credit", tier->credit_percent);
    else
        sla_credit_unit_tier_text(tier, mine, sizeof mine);
    quote(info, k, tier->line, mine, words, sizeof words);
    claim_credit_text(cr, value, sizeof value);
    line(sh, row, "Tier credit", a->credit.tier_percent / 100.0, XLSX_PERCENT1,
         share ? NULL : value, words);
    if (t->credit_cap_text)
        snprintf(words, sizeof words, "the cap: \"%s\"", t->credit_cap_text);
    else
        snprintf(words, sizeof words, "the document states no cap");
    line(sh, row, "Credit after cap", a->credit.credit_percent / 100.0, XLSX_PERCENT1,
         share ? NULL : value, words);
    if (!share) {
        line(sh, row, "Credit amount", 0, XLSX_PLAIN, "in kind",
             "the credit is no share of the fee: it is owed in its own unit");
    } else if (isfinite(cm->monthly_fee)) {
        line(sh, row, "Monthly fee", cm->monthly_fee, XLSX_MONEY, NULL,
             cm->currency ? cm->currency : "currency not stated");
        line(sh, row, "Credit amount", a->credit.amount, XLSX_MONEY, NULL,
             "credit % after cap × the service's monthly fee");
    } else {
        snprintf(words, sizeof words,
                 "%g %% of %s's monthly fee; no fee is stored (`sla import --fee N`, or "
                 "`claim --fee N`)",
                 a->credit.credit_percent, cr->service);
        line(sh, row, "Credit amount", 0, XLSX_PLAIN, "fee unknown", words);
    }
    claim_deadline_text(r, cr, value, sizeof value);
    if (t->claim_deadline_text)
        snprintf(words, sizeof words, "the document: \"%s\"", t->claim_deadline_text);
    else
        snprintf(words, sizeof words, "the document names no claim window");
    line(sh, row, "Claim by", 0, XLSX_PLAIN, value, words);
    static const struct {
        enum sla_clause_kind kind;
        const char *what;
    } rules[] = {{SLA_CLAUSE_MIN_OUTAGE, "Minimum outage"},
                 {SLA_CLAUSE_PARTIAL_EXCLUDED, "Partial service"},
                 {SLA_CLAUSE_PARTIAL_COUNTED, "Partial service"},
                 {SLA_CLAUSE_MAINTENANCE_CAP, "Maintenance"},
                 {SLA_CLAUSE_CUSTOMER_EVIDENCE, "Evidence asked"}};
    for (size_t j = 0; j < sizeof rules / sizeof rules[0]; j++) {
        const struct sla_clause *cl = sla_terms_clause(t, rules[j].kind);
        if (!cl)
            continue;
        clause_words(cl, words, sizeof words);
        line(sh, row, rules[j].what, 0, XLSX_PLAIN, "", words);
    }
    snprintf(words, sizeof words,
             "downtime counts from %.0f consecutive minutes; weights: down %g, partial %g, "
             "degraded %g; maintenance %s with %.0f h notice%s; unmonitored time is left "
             "out of the measured time",
             (double)cr->rules.min_outage_seconds / 60.0, cr->rules.weight[SVC_DOWN],
             cr->rules.weight[SVC_PARTIAL], cr->rules.weight[SVC_DEGRADED],
             cr->rules.maintenance_excluded ? "excluded" : "counted",
             (double)cr->rules.notice_seconds / 3600.0,
             cr->rules.maintenance_cap_seconds > 0 ? ", capped per month" : "");
    line(sh, row, "Measured as", 0, XLSX_PLAIN, "", words);
    if (info->why_unquoted && info->why_unquoted[k])
        line(sh, row, "Note", 0, XLSX_PLAIN, "", info->why_unquoted[k]);
    (*row)++;
}

/* What is claimed, under which words, by when. */
static void
write_claim_sheet(struct xlsx_book *book, const struct claim *c, const struct claim_book_info *info)
{
    const struct eval_result *r = c->result;
    const struct eval_contract_row *first = c->items[0].row;
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Claim");
    char text[600], from[16], last[16];
    uint32_t row = 0;
    xlsx_column_width(sh, 0, 0, 26); /* "Downtime allowed (min)" in bold, whole */
    xlsx_column_width(sh, 1, 1, 16);
    xlsx_column_width(sh, 2, 2, 2);
    xlsx_column_width(sh, WORDS_COL, WORDS_COL, WORDS_WIDTH);
    xlsx_text(sh, row, 0, "Service credit claim", XLSX_BOLD);
    row += 2;
    line(sh, &row, "Provider", 0, XLSX_PLAIN, first->entity, NULL);
    sltime_format_date(first->window.start, r->params.zone, from);
    sltime_format_date(first->window.end - 1, r->params.zone, last);
    snprintf(text, sizeof text, "%s to %s, whole days in %s", from, last,
             r->params.zone ? r->params.zone : "UTC");
    line(sh, &row, "Month", 0, XLSX_PLAIN, info->month, text);
    snprintf(text, sizeof text, "%zu service%s breached with a credit due, each below", c->n,
             c->n == 1 ? "" : "s");
    line(sh, &row, "Claimed", (double)c->n, XLSX_INTEGER, NULL, text);
    row++;
    for (size_t i = 0; i < c->n; i++)
        write_credit_block(sh, &row, r, &c->items[i], info);
    line(sh, &row, "Evidence", 0, XLSX_PLAIN, "",
         "Outages: every outage that counts with the records that show it; Excluded: what the "
         "document sets aside and why; Credits: one row per credit; Sources: every input file "
         "with its SHA-256");
    xlsx_print_fit(sh, false, 1);
}

/* The credits as one table, a row each, for a reader who filters or sums. */
static void
write_credits(struct xlsx_book *book, const struct claim *c)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Credits");
    xlsx_header(sh, 0, credit_columns, (uint32_t)c->n);
    for (size_t i = 0; i < c->n; i++)
        write_credit_row(sh, 1 + (uint32_t)i, c->result, c->items[i].row);
    xlsx_print_fit(sh, true, 1);
}

static void
write_outages(struct xlsx_book *book, const struct claim *c)
{
    const char *zone = c->result->params.zone;
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++)
        for (size_t j = 0; j < c->items[i].nstretches; j++) {
            const struct claim_stretch *s = &c->items[i].stretches[j];
            if (s->s.kind == CONTRACT_STRETCH_OUTAGE)
                n += s->nev ? s->nev : 1;
        }
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Outages");
    xlsx_header(sh, 0, outage_columns, (uint32_t)n);
    uint32_t row = 0;
    for (size_t i = 0; i < c->n; i++) {
        const struct claim_item *it = &c->items[i];
        long number = 0;
        for (size_t j = 0; j < it->nstretches; j++) {
            const struct claim_stretch *s = &it->stretches[j];
            if (s->s.kind != CONTRACT_STRETCH_OUTAGE)
                continue;
            number++;
            for (size_t k = 0; k < (s->nev ? s->nev : 1); k++) {
                row++;
                xlsx_text(sh, row, O_SERVICE, it->row->service, XLSX_PLAIN);
                xlsx_number(sh, row, O_NUMBER, (double)number, XLSX_INTEGER);
                xlsx_instant(sh, row, O_START, s->s.start, zone);
                xlsx_instant(sh, row, O_END, s->s.end, zone);
                xlsx_number(sh, row, O_MINUTES, (double)(s->s.end - s->s.start) / 60.0,
                            XLSX_DECIMAL1);
                xlsx_number(sh, row, O_COUNTED, s->s.downtime_seconds / 60.0, XLSX_DECIMAL1);
                xlsx_text(sh, row, O_STATUS,
                          s->s.ineligible ? "maintenance (did not qualify)"
                                          : svc_status_name(s->s.worst),
                          XLSX_PLAIN);
                if (!s->nev) {
                    xlsx_text(sh, row, O_EVIDENCE, "none stored", XLSX_MUTED);
                    continue;
                }
                const struct claim_evidence *e = &s->ev[k];
                xlsx_text(sh, row, O_EVIDENCE, claim_evidence_name(e->kind), XLSX_PLAIN);
                xlsx_text(sh, row, O_FILE, e->path ? e->path : "", XLSX_PLAIN);
                if (e->line > 0)
                    xlsx_number(sh, row, O_LINE, (double)e->line, XLSX_INTEGER);
                else
                    xlsx_text(sh, row, O_LINE, "-", XLSX_MUTED);
                xlsx_text(sh, row, O_RECORD, e->ref ? e->ref : "", XLSX_PLAIN);
                xlsx_text(sh, row, O_DETAIL, e->detail ? e->detail : "", XLSX_PLAIN);
                xlsx_instant(sh, row, O_EV_START, e->start, zone);
                xlsx_instant(sh, row, O_EV_END, e->end, zone);
                xlsx_instant(sh, row, O_ANNOUNCED, e->announced, zone);
            }
        }
    }
    xlsx_print_fit(sh, true, 1);
    xlsx_print_titles(sh, 0, 0, 0);
}

static void
write_excluded(struct xlsx_book *book, const struct claim *c)
{
    const struct eval_result *r = c->result;
    const char *zone = r->params.zone;
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++)
        for (size_t j = 0; j < c->items[i].nstretches; j++) {
            const struct claim_stretch *s = &c->items[i].stretches[j];
            if (s->s.kind != CONTRACT_STRETCH_OUTAGE)
                n += s->nev ? s->nev : 1;
        }
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Excluded");
    xlsx_header(sh, 0, excluded_columns, (uint32_t)n);
    uint32_t row = 0;
    char why[600];
    for (size_t i = 0; i < c->n; i++) {
        const struct claim_item *it = &c->items[i];
        for (size_t j = 0; j < it->nstretches; j++) {
            const struct claim_stretch *s = &it->stretches[j];
            if (s->s.kind == CONTRACT_STRETCH_OUTAGE)
                continue;
            claim_reason(r, it->row, &s->s, why, sizeof why);
            for (size_t k = 0; k < (s->nev ? s->nev : 1); k++) {
                row++;
                xlsx_text(sh, row, X_SERVICE, it->row->service, XLSX_PLAIN);
                xlsx_text(sh, row, X_WHAT, contract_stretch_name(s->s.kind), XLSX_PLAIN);
                xlsx_instant(sh, row, X_START, s->s.start, zone);
                xlsx_instant(sh, row, X_END, s->s.end, zone);
                xlsx_number(sh, row, X_MINUTES, (double)(s->s.end - s->s.start) / 60.0,
                            XLSX_DECIMAL1);
                xlsx_text(sh, row, X_WHY, why, XLSX_WRAP);
                if (!s->nev)
                    continue;
                const struct claim_evidence *e = &s->ev[k];
                xlsx_text(sh, row, X_FILE, e->path ? e->path : "", XLSX_PLAIN);
                if (e->line > 0)
                    xlsx_number(sh, row, X_LINE, (double)e->line, XLSX_INTEGER);
                else
                    xlsx_text(sh, row, X_LINE, "-", XLSX_MUTED);
                xlsx_text(sh, row, X_RECORD, e->ref ? e->ref : "", XLSX_PLAIN);
                xlsx_instant(sh, row, X_ANNOUNCED, e->announced, zone);
            }
        }
    }
    xlsx_print_fit(sh, true, 1);
    xlsx_print_titles(sh, 0, 0, 0);
}

static enum sl_status
write_book(const char *path, const struct claim *c, const struct claim_book_info *info,
           struct sl_diag *diag)
{
    const struct eval_contract_row *first = c->items[0].row;
    struct xlsx_book *book = NULL;
    char title[200], subject[200];
    snprintf(title, sizeof title, "Service credit claim of %s", first->entity);
    snprintf(subject, sizeof subject, "Credits due for %s", info->month);
    struct xlsx_props props = {
        .title = title,
        .subject = subject,
        .comments = info->command_line ? info->command_line : info->version,
        .created = first->window.end, /* never the clock: same inputs, same bytes */
    };
    enum sl_status st = xlsx_open(&book, path, &props, diag);
    if (st)
        return st;
    write_claim_sheet(book, c, info);
    write_credits(book, c);
    write_outages(book, c);
    write_excluded(book, c);
    struct report_info sources = {
        .version = info->version,
        .command_line = info->command_line ? info->command_line : "",
        .sources = info->sources,
        .nsources = info->nsources,
    };
    if ((st = sheet_sources_write(book, &sources, diag))) {
        xlsx_abandon(book);
        return st;
    }
    return xlsx_close(book, diag);
}

static enum sl_status
write_letter(int dirfd, const char *name, const char *shown, const struct claim *c,
             const struct claim_book_info *info, struct sl_diag *diag)
{
    struct strbuf sb = STRBUF_INIT;
    enum sl_status st = claim_letter_write(c, info, &sb);
    int fd = -1;
    if (st) {
        st = diag_set(diag, st, shown, 0, "%s", sl_strerror(st));
        goto out;
    }
    fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        st = diag_set(diag, SL_ERR_REPORT, shown, 0, "cannot create: %s", strerror(errno));
        goto out;
    }
    for (size_t off = 0; off < sb.len;) {
        ssize_t w = write(fd, sb.buf + off, sb.len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            st = diag_set(diag, SL_ERR_REPORT, shown, 0, "cannot write: %s", strerror(errno));
            goto out;
        }
        off += (size_t)w;
    }
    if (fsync(fd) != 0)
        st = diag_set(diag, SL_ERR_REPORT, shown, 0, "cannot write: %s", strerror(errno));
out:
    if (fd >= 0 && close(fd) != 0 && !st)
        st = diag_set(diag, SL_ERR_REPORT, shown, 0, "cannot write: %s", strerror(errno));
    strbuf_release(&sb);
    return st;
}

enum sl_status
claim_pack_write(const char *dir, const struct claim *c, const struct claim_book_info *info,
                 struct sl_diag *diag)
{
    struct outdir o = {.fd = -1};
    char xlsx[256], txt[256], path[4096], shown[4096];
    enum sl_status st;
    if (c->n == 0)
        return SL_OK;
    claim_book_names(c->items[0].row->entity, info->month, xlsx, txt, sizeof xlsx);
    if ((st = outdir_begin(&o, dir, diag)))
        return st;
    snprintf(path, sizeof path, "%s/%s", o.tmp, xlsx);
    if ((st = write_book(path, c, info, diag)))
        goto out;
    snprintf(shown, sizeof shown, "%s/%s", dir, txt);
    if ((st = write_letter(o.fd, txt, shown, c, info, diag)))
        goto out;
    const char *names[] = {xlsx, txt};
    return outdir_commit(&o, names, 2, diag);
out:
    outdir_abandon(&o);
    return st;
}
