/* decision_memo.c — the first page of a decision: a one-page memo a CTO can
 * forward. The answer, the three reasons that decide it, the cost of each
 * option as a table and a chart, and what would change it; the arithmetic
 * and the evidence follow on sheets of their own (decision.c). The memo
 * counts the height of what it writes (xlpage.h) and stops adding rows
 * before a page scaled to fit would print its text below 8 points. */
#include "reports/books/decision.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reports/xlsx/xlpage.h"
#include "reports/xlsx/xlsx.h"

/* Option | Cost a month | Passes every check | Against the answer: about a
 * portrait page across. */
static const struct xlsx_column memo_columns[] = {
    {"Option", 46}, {"Cost a month", 15}, {"Passes every check", 14}, {"Against the answer", 15},
    {NULL, 0},
};
#define MEMO_LAST_COL 3
#define MEMO_WIDTH 90.0
/* The chart: 480 × 200 pixels, 150 points, over this many default rows. */
#define MEMO_CHART_WIDTH 480
#define MEMO_CHART_HEIGHT 200
#define MEMO_CHART_ROWS 10
/* A reason on the memo is cut at a clause boundary after this many bytes;
 * the whole of it is on the evidence sheet. */
#define MEMO_REASON_BYTES 400
#define MEMO_REASONS 3
#define MEMO_CHART_RGB 0x4472C4

/* The rules that decide an answer, the strongest first: the three found
 * first among the reasons are the memo's. */
/* The team type comes after the measured checks: for a viable type the
 * answer often goes the other way. */
static const char *const deciding_rules[] = {
    "M-overturns",  "W-constraint", "E-evidence", "W-regulated", "W-production",
    "W-speed",      "S-readiness",  "M-confirms", "M-none",      "T-type",
    "N-unmeasured", "R-premium",    "P-provider", NULL,
};

struct memo {
    struct xlsx_sheet *sh;
    uint32_t row;
    double points; /* the height written so far */
};

/* Text across the memo's width, counted into its height. */
static void
line(struct memo *m, const char *text, enum xlsx_style style)
{
    bool bold = style == XLSX_WRAP_BOLD || style == XLSX_BOLD;
    xlsx_text_across(m->sh, m->row++, 0, MEMO_LAST_COL, text, style);
    m->points += xlpage_height(xlpage_lines(text, MEMO_WIDTH, bold));
}

static void
gap(struct memo *m)
{
    m->row++;
    m->points += XLPAGE_LINE_POINTS;
}

/* text cut to at most max bytes at its last clause ("; " or ". ") before
 * it, with an ellipsis; whole when shorter. */
static void
clause_cut(const char *text, size_t max, char *out, size_t size)
{
    size_t len = strlen(text);
    if (len <= max) {
        snprintf(out, size, "%s", text);
        return;
    }
    size_t cut = max;
    while (cut > max / 2 && !(text[cut] == ' ' && (text[cut - 1] == ';' || text[cut - 1] == '.')))
        cut--;
    if (cut <= max / 2) /* no clause: at the last space */
        for (cut = max; cut > 0 && text[cut] != ' '; cut--)
            ;
    snprintf(out, size, "%.*s …", (int)cut, text);
}

/* "managed, nimbus (own hardware)": short enough for a chart's axis. */
static void
short_label(const struct report_decision *d, const struct decide_option *o, char *out, size_t size)
{
    if (o->provider < 0) {
        snprintf(out, size, "%s", decide_model_name(o->model));
        return;
    }
    const struct team_provider *tp = &d->profile->providers[o->provider];
    const char *name = strchr(tp->entity, ':');
    snprintf(out, size, "%s, %s%s%s", decide_model_name(o->model), name ? name + 1 : tp->entity,
             tp->own_hardware ? " (own hardware)" : "", o->cost.complete ? "" : " (known parts)");
}

static void
reasons(struct memo *m, const struct decide_result *r)
{
    line(m, "Why: the reasons that decide it", XLSX_BOLD);
    int shown = 0;
    for (size_t k = 0; deciding_rules[k] && shown < MEMO_REASONS; k++) {
        for (size_t i = 0; i < r->nreasons && shown < MEMO_REASONS; i++) {
            if (strcmp(r->reasons[i].rule, deciding_rules[k]))
                continue;
            char cut[MEMO_REASON_BYTES + 8], text[MEMO_REASON_BYTES + 64];
            clause_cut(r->reasons[i].text, MEMO_REASON_BYTES, cut, sizeof cut);
            snprintf(text, sizeof text, "%d. %s", ++shown, cut);
            line(m, text, XLSX_WRAP);
            break;
        }
    }
}

/* The options' costs as a table, and the same as a chart below it. */
static void
costs(struct memo *m, struct xlsx_book *book, const struct report_decision *d)
{
    const struct decide_result *r = d->result;
    const struct decide_option *answer = &r->options[r->recommended_option];
    char title[96];
    snprintf(title, sizeof title, "The cost of each option a month%s%s%s",
             d->profile->currency ? " (" : "", d->profile->currency ? d->profile->currency : "",
             d->profile->currency ? ")" : "");
    line(m, title, XLSX_BOLD);
    uint32_t header = m->row;
    xlsx_titles(m->sh, m->row++, memo_columns);
    m->points += xlpage_height(2); /* titles wrap to two lines at most */
    uint32_t first = m->row;
    for (size_t i = 0; i < r->noptions; i++, m->row++) {
        const struct decide_option *o = &r->options[i];
        char label[160];
        short_label(d, o, label, sizeof label);
        bool chosen = i == r->recommended_option;
        xlsx_text(m->sh, m->row, 0, label, chosen ? XLSX_WRAP_BOLD : XLSX_WRAP);
        m->points += xlpage_height(xlpage_lines(label, memo_columns[0].width, chosen));
        xlsx_number(m->sh, m->row, 1, o->cost.total, XLSX_INTEGER);
        xlsx_text(m->sh, m->row, 2,
                  o->eligible   ? "yes"
                  : o->excluded ? "excluded"
                  : o->thin     ? "too thin"
                                : "no",
                  XLSX_PLAIN);
        if (chosen)
            xlsx_text(m->sh, m->row, 3, "the answer", XLSX_BOLD);
        else
            xlsx_number(m->sh, m->row, 3, o->cost.total - answer->cost.total, XLSX_INTEGER);
    }
    struct xlsx_chart_spec spec = {
        .kind = XLSX_CHART_COLUMN,
        .title = "Total cost of operations a month",
        .value_title = d->profile->currency,
        .value_format = "#,##0",
        .value_min = 0,
        .value_max = NAN,
    };
    struct xlsx_chart *chart = xlsx_chart_new(book, &spec);
    xlsx_chart_series(chart, xlsx_sheet_name(m->sh), header, first, m->row - 1, 0, 1,
                      MEMO_CHART_RGB);
    m->row++;
    xlsx_chart_insert(m->sh, m->row, 0, chart, MEMO_CHART_WIDTH, MEMO_CHART_HEIGHT);
    m->row += MEMO_CHART_ROWS;
    m->points += XLPAGE_LINE_POINTS * (MEMO_CHART_ROWS + 1);
}

/* The inputs that change the answer, nearest first as the search found
 * them, while the page has room; the rest are on the evidence sheet. */
static void
changes(struct memo *m, const struct decide_result *r, double room)
{
    line(m, "What would change it (each found by re-running the decision)", XLSX_BOLD);
    size_t shown = 0, flips = 0;
    for (int pass = 0; pass < 2; pass++) /* at the margin first */
        for (size_t i = 0; i < r->nchanges; i++) {
            const struct decide_change *c = &r->changes[i];
            if (!c->flips || c->margin != (pass == 0))
                continue;
            flips++;
            double h = xlpage_height(xlpage_lines(c->text, MEMO_WIDTH, false));
            if (m->points + h > room)
                continue;
            line(m, c->text, XLSX_WRAP);
            shown++;
        }
    if (flips == 0)
        line(m, "No single input in the ranges searched changes the answer.", XLSX_WRAP);
    else if (shown < flips) {
        char text[120];
        snprintf(text, sizeof text, "… and %zu more on the sheet Decision evidence.",
                 flips - shown);
        line(m, text, XLSX_MUTED_WRAP);
    }
}

void
report_decision_memo(struct xlsx_book *book, const struct report_decision *d)
{
    const struct decide_result *r = d->result;
    struct memo m = {xlsx_add_sheet(book, "Decision"), 0, 0};
    for (uint16_t c = 0; memo_columns[c].title; c++)
        xlsx_column_width(m.sh, c, c, memo_columns[c].width);
    char text[1600], headline[400], period[200], workloads[1024];
    report_decision_headline(d, headline, sizeof headline);
    snprintf(text, sizeof text, "Operating model: %s", headline);
    line(&m, text, XLSX_WRAP_BOLD);
    report_decision_period(d, period, sizeof period);
    report_decision_workloads(d, workloads, sizeof workloads);
    snprintf(text, sizeof text, "%s (%s, type %s). %s. Workloads: %s. Guide's answer: %s; %s.",
             d->profile->name ? d->profile->name : d->profile->entity, d->profile->entity,
             team_type_name(d->profile->type), period, workloads,
             decide_model_name(r->default_model),
             !r->measured_any ? "nothing was measured, so it rests on the profile alone"
             : r->provisional ? "the team's record is not enough evidence yet: provisional"
             : r->overturned  ? "measured data overturned it"
                              : "measured data did not overturn it");
    line(&m, text, XLSX_MUTED_WRAP);
    gap(&m);
    reasons(&m, r);
    gap(&m);
    costs(&m, book, d);
    static const char note[] =
        "The arithmetic of every option is on the sheet Decision arithmetic; every reason in "
        "full, the readiness conditions, every input re-run and the operations boundary on "
        "Decision evidence; the measured figures on Measured.";
    /* Room for the closing note and the gap before it. */
    double room = XLPAGE_ONE_PAGE_POINTS - XLPAGE_LINE_POINTS -
                  xlpage_height(xlpage_lines(note, MEMO_WIDTH, false));
    changes(&m, r, room);
    gap(&m);
    line(&m, note, XLSX_MUTED_WRAP);
    xlsx_print_page(m.sh, m.row - 1, MEMO_LAST_COL);
}
