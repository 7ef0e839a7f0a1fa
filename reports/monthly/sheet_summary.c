/* sheet_summary.c — the Summary sheets, one line per entity for the report
 * month. "Summary" holds what a reader reads first: the pooled availability in
 * red/amber/green against its target, whether it was met, the change from the
 * month before, incidents, MTTR and the SLA credits due; below, the top
 * findings of the month. "Summary detail" holds the rest of the line: the
 * year to date, coverage, incidents by severity, MTTA, medians, changes,
 * findings and the note. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/audit/audit.h"

#include "engine/measure/stats.h"
#include "reports/xlsx/sheet.h"

/* The fields of an entity's line; place[] says on which sheet and in which
 * column each is shown. */
enum {
    COL_ENTITY,
    COL_SERVICES,
    COL_AVAIL,
    COL_TARGET,
    COL_MET,
    COL_RAG,
    COL_AVAIL_CHANGE, /* points of availability since the month before */
    COL_AVAIL_YTD,
    COL_DOWNTIME,
    COL_UNKNOWN,
    COL_COVERAGE,
    COL_MAINT,
    COL_INCIDENTS,
    COL_INCIDENTS_CHANGE,
    COL_SEV1, /* ... COL_SEV1 + 4 is sev5 */
    COL_NOSEV = COL_SEV1 + 5,
    COL_OPEN,
    COL_MERGED,
    COL_MTTA_MEAN,
    COL_MTTA_MEDIAN,
    COL_MTTR_MEAN,
    COL_MTTR_MEDIAN,
    COL_MTTR_CHANGE,
    COL_CREDITS,
    COL_FINDINGS,
    COL_FINDINGS_HIGH,
    COL_NOTE,
    COL_COUNT,
};

/* How many of the month's findings the Summary lists. */
#define SUMMARY_TOP_FINDINGS 5

static const struct xlsx_column summary_columns[] = {
    [COL_ENTITY] = {"Entity", 26},
    [COL_SERVICES] = {"Services", 9},
    [COL_AVAIL] = {"Availability", 12},
    [COL_TARGET] = {"Target", 9},
    [COL_MET] = {"Target met", 8},
    [COL_RAG] = {"RAG", 8},
    [COL_AVAIL_CHANGE] = {NULL, 13}, /* titles naming the month before: summary_titles() */
    [COL_AVAIL_YTD] = {"Availability year to date", 12},
    [COL_DOWNTIME] = {"Downtime (min)", 11},
    [COL_UNKNOWN] = {"Unmonitored (h)", 12},
    [COL_COVERAGE] = {"Monitoring coverage", 12},
    [COL_MAINT] = {"Eligible maintenance (h)", 13},
    [COL_INCIDENTS] = {"Incidents", 10},
    [COL_INCIDENTS_CHANGE] = {NULL, 12},
    [COL_SEV1] = {"Sev1", 6},
    [COL_SEV1 + 1] = {"Sev2", 6},
    [COL_SEV1 + 2] = {"Sev3", 6},
    [COL_SEV1 + 3] = {"Sev4", 6},
    [COL_SEV1 + 4] = {"Sev5", 6},
    [COL_NOSEV] = {"No severity", 9},
    [COL_OPEN] = {"Open", 6},
    [COL_MERGED] = {"Merged (left out)", 10},
    [COL_MTTA_MEAN] = {"MTTA mean (min)", 11},
    [COL_MTTA_MEDIAN] = {"MTTA median (min)", 11},
    [COL_MTTR_MEAN] = {"MTTR mean (min)", 11},
    [COL_MTTR_MEDIAN] = {"MTTR median (min)", 11},
    [COL_MTTR_CHANGE] = {NULL, 13},
    [COL_CREDITS] = {"SLA credits due", 34},
    [COL_FINDINGS] = {"Findings", 9},
    [COL_FINDINGS_HIGH] = {"High or critical", 9},
    [COL_NOTE] = {"Note", 44},
    [COL_COUNT] = {NULL, 0},
};

enum { MAIN, DETAIL };

/* The sheet (MAIN or DETAIL) and column of each field. The entity is on
 * both: the detail repeats it as its first column. */
static const struct {
    unsigned char sheet;
    uint16_t col;
} place[COL_COUNT] = {
    [COL_ENTITY] = {MAIN, 0},
    [COL_AVAIL] = {MAIN, 1},
    [COL_TARGET] = {MAIN, 2},
    [COL_MET] = {MAIN, 3},
    [COL_RAG] = {MAIN, 4},
    [COL_AVAIL_CHANGE] = {MAIN, 5},
    [COL_INCIDENTS] = {MAIN, 6},
    [COL_MTTR_MEAN] = {MAIN, 7},
    [COL_CREDITS] = {MAIN, 8},
    [COL_SERVICES] = {DETAIL, 1},
    [COL_AVAIL_YTD] = {DETAIL, 2},
    [COL_DOWNTIME] = {DETAIL, 3},
    [COL_UNKNOWN] = {DETAIL, 4},
    [COL_COVERAGE] = {DETAIL, 5},
    [COL_MAINT] = {DETAIL, 6},
    [COL_INCIDENTS_CHANGE] = {DETAIL, 7},
    [COL_SEV1] = {DETAIL, 8},
    [COL_SEV1 + 1] = {DETAIL, 9},
    [COL_SEV1 + 2] = {DETAIL, 10},
    [COL_SEV1 + 3] = {DETAIL, 11},
    [COL_SEV1 + 4] = {DETAIL, 12},
    [COL_NOSEV] = {DETAIL, 13},
    [COL_OPEN] = {DETAIL, 14},
    [COL_MERGED] = {DETAIL, 15},
    [COL_MTTA_MEAN] = {DETAIL, 16},
    [COL_MTTA_MEDIAN] = {DETAIL, 17},
    [COL_MTTR_MEDIAN] = {DETAIL, 18},
    [COL_MTTR_CHANGE] = {DETAIL, 19},
    [COL_FINDINGS] = {DETAIL, 20},
    [COL_FINDINGS_HIGH] = {DETAIL, 21},
    [COL_NOTE] = {DETAIL, 22},
};
#define MAIN_COLS 9
#define DETAIL_COLS 23

/* The two sheets an entity's line is written across. */
struct summary_out {
    struct xlsx_sheet *sheet[2];
};

static struct xlsx_sheet *
sheet_of(const struct summary_out *o, int field)
{
    return o->sheet[place[field].sheet];
}

static void
put_number(const struct summary_out *o, uint32_t row, int field, double value,
           enum xlsx_style style)
{
    xlsx_number(sheet_of(o, field), row, place[field].col, value, style);
}

static void
put_text(const struct summary_out *o, uint32_t row, int field, const char *text,
         enum xlsx_style style)
{
    xlsx_text(sheet_of(o, field), row, place[field].col, text, style);
}

/* The trend of the Summary: the month before the report month and the
 * months of the report month's year up to it. */
struct trend {
    struct window prev;
    char prev_label[48];
    int64_t year_start; /* 1 January of the report month's year, in the zone */
    int64_t ytd_first;  /* the earliest such month any entity has; INT64_MAX: none */
    char ytd_first_label[48];
};

static void
trend_of(struct trend *t, const struct eval_result *r, const struct report_info *info)
{
    t->prev = window_month_prev(&info->month, info->zone);
    window_label(&t->prev, t->prev_label);
    t->year_start = window_month(info->month.year, 1, info->zone).start;
    t->ytd_first = INT64_MAX;
    t->ytd_first_label[0] = '\0';
    for (size_t i = 0; i < r->nrows; i++) {
        const struct window *w = &r->rows[i].window;
        if (!r->rows[i].service && w->start >= t->year_start && w->end <= info->month.end &&
            w->start < t->ytd_first) {
            t->ytd_first = w->start;
            window_label(w, t->ytd_first_label);
        }
    }
}

/* The column titles of the Summary (main) and the Summary detail, three of
 * which name the month before; each table ends with its sentinel. */
static void
summary_titles(struct xlsx_column main[MAIN_COLS + 1], struct xlsx_column detail[DETAIL_COLS + 1],
               char titles[3][80], const struct trend *t)
{
    struct xlsx_column all[COL_COUNT];
    memcpy(all, summary_columns, sizeof all);
    snprintf(titles[0], sizeof titles[0], "Change vs %s (points)", t->prev_label);
    snprintf(titles[1], sizeof titles[1], "Incidents change vs %s", t->prev_label);
    snprintf(titles[2], sizeof titles[2], "MTTR change vs %s (min)", t->prev_label);
    all[COL_AVAIL_CHANGE].title = titles[0];
    all[COL_INCIDENTS_CHANGE].title = titles[1];
    all[COL_MTTR_CHANGE].title = titles[2];
    for (int f = 0; f < COL_COUNT; f++)
        (place[f].sheet == MAIN ? main : detail)[place[f].col] = all[f];
    detail[0] = all[COL_ENTITY];
    main[MAIN_COLS] = (struct xlsx_column){NULL, 0};
    detail[DETAIL_COLS] = (struct xlsx_column){NULL, 0};
}

/* The entity row of entity for window w, or NULL. */
static const struct eval_row *
entity_row_at(const struct eval_result *r, const char *entity, const struct window *w)
{
    for (size_t i = 0; i < r->nrows; i++)
        if (!r->rows[i].service && !strcmp(r->rows[i].entity, entity) &&
            sheet_same_window(&r->rows[i].window, w))
            return &r->rows[i];
    return NULL;
}

/* True when row's availability is a figure: known, and not below the
 * minimum coverage. */
static bool
has_figure(const struct eval_row *row)
{
    return row->avail.known && row->coverage != AVAIL_COVERAGE_INSUFFICIENT;
}

/* The changes from the month before: blank where either month has no
 * figure, never a made-up 0. */
static void
write_changes(const struct summary_out *o, uint32_t row, const struct eval_result *r,
              const struct eval_row *er, const struct trend *t)
{
    const struct eval_row *pr = entity_row_at(r, er->entity, &t->prev);
    if (!pr)
        return;
    if (has_figure(er) && has_figure(pr))
        put_number(o, row, COL_AVAIL_CHANGE,
                   100.0 * (er->avail.availability - pr->avail.availability), XLSX_CHANGE_DECIMAL3);
    put_number(o, row, COL_INCIDENTS_CHANGE, (double)(er->incidents.total - pr->incidents.total),
               XLSX_CHANGE_INTEGER);
    const struct duration_stats *now = &er->incidents.measure[MEASURE_TTR];
    const struct duration_stats *before = &pr->incidents.measure[MEASURE_TTR];
    if (now->n > 0 && before->n > 0)
        put_number(o, row, COL_MTTR_CHANGE, (now->mean - before->mean) / 60.0,
                   XLSX_CHANGE_DECIMAL1);
}

/* The availability of the months of the year up to the report month,
 * pooled as the entity row pools its services (Σ downtime ÷ Σ W′), under
 * the same minimum coverage. Returns the earliest month counted, or NULL. */
static const struct window *
write_year_to_date(const struct summary_out *o, uint32_t row, const struct eval_result *r,
                   const struct eval_row *er, const struct report_info *info, const struct trend *t)
{
    struct avail_result pooled;
    const struct window *first = NULL;
    memset(&pooled, 0, sizeof pooled);
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *x = &r->rows[i];
        if (x->service || strcmp(x->entity, er->entity) || x->window.start < t->year_start ||
            x->window.end > info->month.end)
            continue;
        availability_pool(&pooled, &x->avail);
        if (!first || x->window.start < first->start)
            first = &x->window;
    }
    if (pooled.window_seconds <= 0)
        return first;
    if (availability_coverage_flag(&pooled, &r->params.avail.coverage) ==
        AVAIL_COVERAGE_INSUFFICIENT)
        put_text(o, row, COL_AVAIL_YTD, availability_coverage_label(AVAIL_COVERAGE_INSUFFICIENT),
                 XLSX_TEXT_GREY);
    else if (pooled.known)
        put_number(o, row, COL_AVAIL_YTD, pooled.availability, XLSX_PERCENT);
    else
        put_text(o, row, COL_AVAIL_YTD, "unknown", XLSX_MUTED);
    return first;
}

/* Whether the target was met, and its red/amber/green, in words: a reader
 * of a printout in black and white still sees them. Blank when the month
 * has no figure. */
static void
write_met(const struct summary_out *o, uint32_t row, const struct eval_row *er, double budgets)
{
    if (!has_figure(er))
        return;
    double target = sheet_target(er);
    enum xlsx_style rag = sheet_rag_style(er->avail.availability, target, budgets);
    bool met = er->avail.availability >= target;
    put_text(o, row, COL_MET, met ? "yes" : "no", met ? XLSX_BOLD : XLSX_TEXT_RED);
    put_text(o, row, COL_RAG,
             rag == XLSX_PERCENT_GREEN   ? "green"
             : rag == XLSX_PERCENT_AMBER ? "amber"
                                         : "red",
             rag == XLSX_PERCENT_GREEN   ? XLSX_TEXT_GREEN
             : rag == XLSX_PERCENT_AMBER ? XLSX_TEXT_AMBER
                                         : XLSX_TEXT_RED);
}

/* An entity row of the report month: service NULL, window the month. */
static int
is_entity_row(const struct eval_row *row, const struct report_info *info)
{
    return row->service == NULL && sheet_same_window(&row->window, &info->month);
}

static long
count_services(const struct eval_result *r, const char *entity, const struct report_info *info)
{
    long n = 0;
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if (row->service && strcmp(row->entity, entity) == 0 &&
            sheet_same_window(&row->window, &info->month))
            n++;
    }
    return n;
}

/* Mean and median of one measure in minutes; blanks when nothing was measured. */
static void
write_minutes(const struct summary_out *o, uint32_t row, int field, const struct duration_stats *s)
{
    if (s->n <= 0)
        return;
    put_number(o, row, field, s->mean / 60.0, XLSX_DECIMAL1);
    put_number(o, row, field + 1, s->median / 60.0, XLSX_DECIMAL1);
}

/* Appends part to the note in buf, after "; " when the note has text. */
static void
note_add(char *buf, size_t size, const char *part)
{
    size_t len = strlen(buf);
    snprintf(buf + len, size - len, "%s%s", len ? "; " : "", part);
}

/* The note column: what a reader must know before trusting the line. */
static void
write_note(const struct summary_out *o, uint32_t row, const struct eval_row *er,
           const struct trend *t, const struct window *ytd_first)
{
    const struct duration_stats *tta = &er->incidents.measure[MEASURE_TTA];
    const struct duration_stats *ttr = &er->incidents.measure[MEASURE_TTR];
    char note[256];
    sheet_coverage_note(er, note, sizeof note);
    if (!er->avail.known && er->coverage != AVAIL_COVERAGE_INSUFFICIENT)
        note_add(note, sizeof note, "no monitored time: availability unknown");
    if (tta->low_sample || ttr->low_sample) {
        char text[128];
        snprintf(text, sizeof text,
                 "too few to judge: MTTA from %ld, MTTR from %ld incidents (fewer than %d)", tta->n,
                 ttr->n, STATS_LOW_SAMPLE);
        note_add(note, sizeof note, text);
    }
    const long *impossible = er->incidents.impossible_order;
    if (impossible[MEASURE_TTA] || impossible[MEASURE_TTR]) {
        char text[128];
        snprintf(text, sizeof text,
                 "stamps in an impossible order: MTTA leaves out %ld, MTTR %ld incidents",
                 impossible[MEASURE_TTA], impossible[MEASURE_TTR]);
        note_add(note, sizeof note, text);
    }
    if (ytd_first && ytd_first->start != t->ytd_first) {
        char label[48], text[80];
        window_label(ytd_first, label);
        snprintf(text, sizeof text, "year to date from %s", label);
        note_add(note, sizeof note, text);
    }
    put_text(o, row, COL_NOTE, note, XLSX_MUTED);
}

/* The credits due for windows that end this month: the amount where every
 * fee is known, else what is known and the percent still to price. */
static void
write_credits(const struct summary_out *o, uint32_t row, const struct eval_result *r,
              const char *entity, const struct report_info *info)
{
    struct sheet_credits c;
    sheet_credits_of(r, entity, &info->month, &c);
    if (c.rows == 0) {
        put_text(o, row, COL_CREDITS, "no SLA", XLSX_MUTED);
    } else if (c.unpriced == 0) {
        put_number(o, row, COL_CREDITS, c.amount, XLSX_MONEY);
    } else {
        char text[400], rest[320];
        sheet_unpriced_text(r, &c, &info->month, rest, sizeof rest);
        if (c.amount > 0)
            snprintf(text, sizeof text, "%.2f%s%s + %s", c.amount, c.currency ? " " : "",
                     c.currency ? c.currency : "", rest);
        else
            snprintf(text, sizeof text, "%s", rest);
        put_text(o, row, COL_CREDITS, text, XLSX_WRAP);
    }
}

static void
write_findings(const struct summary_out *o, uint32_t row, const char *entity,
               const struct report_info *info)
{
    for (size_t a = 0; a < info->naudits; a++) {
        const struct findings *fs = &info->audits[a].findings;
        if (strcmp(info->audits[a].params.entity, entity) != 0)
            continue;
        size_t high = findings_at_or_above(fs, FSEV_HIGH);
        put_number(o, row, COL_FINDINGS, (double)fs->n, XLSX_INTEGER);
        put_number(o, row, COL_FINDINGS_HIGH, (double)high, XLSX_INTEGER);
        return;
    }
}

/* Below the entities: the worst findings of the month, one line per entity
 * and rule (the first of them, and how many more like it), so that one
 * rule failed many times does not hide the others. */
static enum sl_status
write_top_findings(struct xlsx_sheet *sh, uint32_t *at, const struct report_info *info)
{
    uint32_t row = *at;
    const struct finding **v = NULL, *shown[SUMMARY_TOP_FINDINGS];
    size_t n = 0, nshown = 0, more[SUMMARY_TOP_FINDINGS] = {0};
    if (!info->audits)
        return SL_OK;
    if (sheet_findings_month(info, &v, &n))
        return SL_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        while (k < nshown &&
               (strcmp(shown[k]->entity, v[i]->entity) || strcmp(shown[k]->rule_id, v[i]->rule_id)))
            k++;
        if (k < nshown)
            more[k]++;
        else if (nshown < SUMMARY_TOP_FINDINGS)
            shown[nshown++] = v[i];
    }
    xlsx_text(sh, row++, 0, "Top findings", XLSX_BOLD);
    if (n == 0)
        xlsx_text(sh, row++, 0, "No rule found anything this month.", XLSX_MUTED);
    for (size_t k = 0; k < nshown; k++, row++) {
        char text[1200];
        if (more[k])
            snprintf(text, sizeof text, "%s (and %zu more like it)", shown[k]->message, more[k]);
        else
            snprintf(text, sizeof text, "%s", shown[k]->message);
        xlsx_text(sh, row, 0, shown[k]->entity, XLSX_WRAP);
        xlsx_text(sh, row, 1, finding_severity_name(shown[k]->severity),
                  shown[k]->severity >= FSEV_HIGH ? XLSX_TEXT_RED : XLSX_BOLD);
        xlsx_text(sh, row, 2, shown[k]->rule_id, XLSX_WRAP);
        xlsx_text_across(sh, row, 3, MAIN_COLS - 1, text, XLSX_WRAP);
    }
    if (n) {
        char text[96];
        snprintf(text, sizeof text, "%zu findings in all: see the Findings sheet", n);
        xlsx_text(sh, row++, 0, text, XLSX_MUTED);
    }
    free(v);
    *at = row;
    return SL_OK;
}

/* What the RAG column's words mean, with the amber band the run used, so a
 * printed Summary reads without the Definitions sheet. */
static void
write_rag_legend(struct xlsx_sheet *sh, uint32_t row, const struct report_info *info)
{
    char text[400];
    snprintf(text, sizeof text,
             "RAG: green, the target met; amber, missed by at most %g error budgets (the downtime "
             "the target allows); red, missed by more; grey, below the minimum monitoring "
             "coverage, no figure. The Definitions sheet has the rules.",
             sheet_amber_budgets(info));
    xlsx_text(sh, row, 0, "Legend", XLSX_BOLD);
    xlsx_text_across(sh, row, 1, MAIN_COLS - 1, text, XLSX_MUTED_WRAP);
}

static void
write_entity(const struct summary_out *o, uint32_t row, const struct eval_result *r,
             const struct eval_row *er, const struct report_info *info, const struct trend *t)
{
    const struct avail_result *a = &er->avail;
    const struct incident_summary *inc = &er->incidents;

    put_text(o, row, COL_ENTITY, er->entity, XLSX_BOLD);
    put_number(o, row, COL_SERVICES, (double)count_services(r, er->entity, info), XLSX_INTEGER);
    double target = sheet_target(er);
    double budgets = sheet_amber_budgets(info);
    sheet_availability_cell(sheet_of(o, COL_AVAIL), row, place[COL_AVAIL].col, er, budgets,
                            XLSX_PERCENT);
    write_met(o, row, er, budgets);
    xlsx_text(o->sheet[DETAIL], row, 0, er->entity, XLSX_BOLD);
    put_number(o, row, COL_TARGET, target, XLSX_PERCENT);
    const struct window *ytd_first = write_year_to_date(o, row, r, er, info, t);
    put_number(o, row, COL_DOWNTIME, a->downtime_seconds / 60.0, XLSX_DECIMAL1);
    put_number(o, row, COL_UNKNOWN, (double)a->unknown_seconds / 3600.0, XLSX_DECIMAL1);
    if (a->window_seconds > 0)
        put_number(o, row, COL_COVERAGE,
                   1.0 - (double)a->unknown_seconds / (double)a->window_seconds, XLSX_PERCENT);
    put_number(o, row, COL_MAINT, (double)a->maintenance_seconds / 3600.0, XLSX_DECIMAL1);

    put_number(o, row, COL_INCIDENTS, (double)inc->total, XLSX_INTEGER);
    for (int s = 1; s <= 5; s++)
        put_number(o, row, COL_SEV1 + s - 1, (double)inc->by_severity[s], XLSX_INTEGER);
    put_number(o, row, COL_NOSEV, (double)inc->by_severity[0], XLSX_INTEGER);
    put_number(o, row, COL_OPEN, (double)inc->open, XLSX_INTEGER);
    put_number(o, row, COL_MERGED, (double)inc->merged, XLSX_INTEGER);
    write_minutes(o, row, COL_MTTA_MEAN, &inc->measure[MEASURE_TTA]);
    write_minutes(o, row, COL_MTTR_MEAN, &inc->measure[MEASURE_TTR]);
    write_credits(o, row, r, er->entity, info);
    write_findings(o, row, er->entity, info);
    write_changes(o, row, r, er, t);
    write_note(o, row, er, t, ytd_first);
}

/* The title, the line on changes and the header of one of the two sheets. */
static void
write_top(struct xlsx_sheet *sh, const char *title, const char *line,
          const struct xlsx_column *columns, uint32_t n)
{
    xlsx_text(sh, 0, 0, title, XLSX_BOLD);
    xlsx_text(sh, 1, 0, line, XLSX_MUTED);
    xlsx_header(sh, 2, columns, n);
    xlsx_print_titles(sh, 2, 2, 1);
}

enum sl_status
sheet_summary_write(struct xlsx_book *book, const struct eval_result *r,
                    const struct report_info *info, struct sl_diag *diag)
{
    struct summary_out o;
    o.sheet[MAIN] = xlsx_add_sheet(book, "Summary");
    o.sheet[DETAIL] = xlsx_add_sheet(book, "Summary detail");
    char month[48];
    window_label(&info->month, month);

    uint32_t n = 0;
    for (size_t i = 0; i < r->nrows; i++)
        n += is_entity_row(&r->rows[i], info) ? 1 : 0;

    char title[96], detail_title[112];
    snprintf(title, sizeof title, "Operations summary %s (%s)", month,
             info->zone ? info->zone : "UTC");
    snprintf(detail_title, sizeof detail_title, "%s: detail", title);
    struct trend t;
    trend_of(&t, r, info);
    char line[256];
    int len =
        snprintf(line, sizeof line,
                 "Changes are against %s, blank where either month has no figure", t.prev_label);
    if (t.ytd_first != INT64_MAX && len > 0 && (size_t)len < sizeof line)
        snprintf(line + len, sizeof line - (size_t)len,
                 "; year to date pools %s to %s (Σ downtime ÷ Σ measured time)", t.ytd_first_label,
                 month);
    struct xlsx_column main[MAIN_COLS + 1], detail[DETAIL_COLS + 1];
    char titles[3][80];
    summary_titles(main, detail, titles, &t);
    write_top(o.sheet[MAIN], title, line, main, n);
    write_top(o.sheet[DETAIL], detail_title, line, detail, n);

    uint32_t row = 3;
    for (size_t i = 0; i < r->nrows; i++)
        if (is_entity_row(&r->rows[i], info))
            write_entity(&o, row++, r, &r->rows[i], info, &t);
    if (n == 0) {
        for (int k = MAIN; k <= DETAIL; k++)
            xlsx_text(o.sheet[k], row, 0, "no entity has results for this month", XLSX_MUTED);
        row++;
    }
    row++;
    if (write_top_findings(o.sheet[MAIN], &row, info))
        return diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory for the top findings");
    write_rag_legend(o.sheet[MAIN], row + 1, info);
    return xlsx_status(book, diag);
}
