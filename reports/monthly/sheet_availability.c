/* sheet_availability.c — the Availability sheet: a matrix of entity and service
 * rows by month columns, each row coloured against its own target: green at
 * or above it, amber short of it by up to the amber number of error budgets
 * (report.h), red beyond. Printed with its row labels and month header on
 * every page. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reports/xlsx/sheet.h"

#define TARGET_COL 2
#define FIRST_MONTH_COL 3
#define HEADER_ROW 0

struct key {
    const char *entity, *service; /* service NULL: the entity as a whole */
};

struct matrix {
    struct key *keys;
    size_t nkeys;
    struct window *months; /* sorted by start */
    size_t nmonths;
    const struct eval_row **cells;    /* nkeys × nmonths, NULL where no row */
    const struct eval_result *result; /* for the targets of its commitments */
};

/* Entity, then its entity row (service NULL) before its services, then time. */
static int
cmp_row(const void *a, const void *b)
{
    const struct eval_row *x = *(const struct eval_row *const *)a;
    const struct eval_row *y = *(const struct eval_row *const *)b;
    int c = strcmp(x->entity, y->entity);
    if (c != 0)
        return c;
    if (!x->service || !y->service)
        c = (x->service != NULL) - (y->service != NULL);
    else
        c = strcmp(x->service, y->service);
    if (c != 0)
        return c;
    return (x->window.start > y->window.start) - (x->window.start < y->window.start);
}

static int
same_key(const struct eval_row *a, const struct eval_row *b)
{
    if (strcmp(a->entity, b->entity) != 0)
        return 0;
    if (!a->service || !b->service)
        return a->service == b->service;
    return strcmp(a->service, b->service) == 0;
}

static int
cmp_window(const void *a, const void *b)
{
    const struct window *x = a, *y = b;
    if (x->start != y->start)
        return (x->start > y->start) - (x->start < y->start);
    return (x->end > y->end) - (x->end < y->end);
}

/* Months in time order without repeats; rows sorted by key, one key per run
 * of equal entity and service, and the row of each cell. */
static enum sl_status
matrix_build(struct matrix *m, const struct eval_result *r)
{
    enum sl_status st = SL_OK;
    const struct eval_row **sorted = NULL;
    memset(m, 0, sizeof *m);
    m->result = r;
    if (r->nrows == 0)
        return SL_OK;
    sorted = calloc(r->nrows, sizeof *sorted);
    m->keys = calloc(r->nrows, sizeof *m->keys);
    m->months = calloc(r->nrows, sizeof *m->months);
    if (!sorted || !m->keys || !m->months) {
        st = SL_ERR_NOMEM;
        goto out;
    }
    for (size_t i = 0; i < r->nrows; i++) {
        sorted[i] = &r->rows[i];
        m->months[i] = r->rows[i].window;
    }
    qsort(m->months, r->nrows, sizeof *m->months, cmp_window);
    for (size_t i = 0; i < r->nrows; i++)
        if (m->nmonths == 0 || cmp_window(&m->months[m->nmonths - 1], &m->months[i]) != 0)
            m->months[m->nmonths++] = m->months[i];
    qsort(sorted, r->nrows, sizeof *sorted, cmp_row);
    for (size_t i = 0; i < r->nrows; i++)
        if (i == 0 || !same_key(sorted[i - 1], sorted[i]))
            m->keys[m->nkeys++] = (struct key){sorted[i]->entity, sorted[i]->service};
    m->cells = calloc(m->nkeys * m->nmonths, sizeof *m->cells);
    if (!m->cells) {
        st = SL_ERR_NOMEM;
        goto out;
    }
    for (size_t i = 0, k = 0; i < r->nrows; i++) {
        if (i > 0 && !same_key(sorted[i - 1], sorted[i]))
            k++;
        const struct window *w =
            bsearch(&sorted[i]->window, m->months, m->nmonths, sizeof *m->months, cmp_window);
        assert(w && k < m->nkeys);
        m->cells[k * m->nmonths + (size_t)(w - m->months)] = sorted[i];
    }
out:
    free(sorted);
    return st;
}

static void
matrix_release(struct matrix *m)
{
    free(m->keys);
    free(m->months);
    free(m->cells);
}

static void
write_cell(struct xlsx_sheet *sh, uint32_t row, uint16_t col, const struct eval_row *er, int bold)
{
    if (!er)
        xlsx_text(sh, row, col, "no data", XLSX_MUTED);
    else
        sheet_availability_cell(sh, row, col, er, 0, bold ? XLSX_PERCENT_BOLD : XLSX_PERCENT);
}

/* The target of key k, in percent: that of its latest row. Every key has
 * at least one row. */
static double
key_target(const struct matrix *m, size_t k)
{
    for (size_t j = m->nmonths; j-- > 0;)
        if (m->cells[k * m->nmonths + j])
            return m->cells[k * m->nmonths + j]->target_percent;
    return NAN;
}

/* Conditional formats over the month cells, three per run of rows with the
 * same target: red below the amber floor, amber below the target, green from
 * the target to 100 %. Text ("unknown", "no data", "insufficient coverage")
 * is never below or between numbers, so only figures are coloured; red
 * first, so it wins where two rules hold. */
static void
colour_rows(struct xlsx_sheet *sh, const struct matrix *m, double budgets)
{
    if (m->nkeys == 0 || m->nmonths == 0)
        return;
    uint16_t last_col = (uint16_t)(FIRST_MONTH_COL + m->nmonths - 1);
    for (size_t k = 0; k < m->nkeys;) {
        double percent = key_target(m, k), target = target_fraction(percent);
        size_t end = k + 1;
        while (end < m->nkeys && target_same(key_target(m, end), percent))
            end++;
        uint32_t first_row = HEADER_ROW + 1 + (uint32_t)k, last_row = HEADER_ROW + (uint32_t)end;
        xlsx_fill_below(sh, first_row, FIRST_MONTH_COL, last_row, last_col,
                        sheet_amber_floor(target, budgets), XLSX_FILL_RED);
        xlsx_fill_below(sh, first_row, FIRST_MONTH_COL, last_row, last_col, target,
                        XLSX_FILL_AMBER);
        xlsx_fill_between(sh, first_row, FIRST_MONTH_COL, last_row, last_col, target, 1.0,
                          XLSX_FILL_GREEN);
        k = end;
    }
}

enum sl_status
sheet_availability_write(struct xlsx_book *book, const struct eval_result *r,
                         const struct report_info *info, struct sl_diag *diag)
{
    struct xlsx_column *columns = NULL;
    char(*labels)[48] = NULL;
    struct matrix m;
    enum sl_status st = matrix_build(&m, r);
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Availability");
    if (st != SL_OK) {
        st = diag_set(diag, st, "", 0, "out of memory for the availability matrix");
        goto out;
    }
    if (m.nmonths > XLSX_MAX_COL - FIRST_MONTH_COL) {
        st = diag_set(diag, SL_ERR_LIMIT, "", 0, "%zu months are more columns than Excel holds",
                      m.nmonths);
        goto out;
    }
    columns = calloc(FIRST_MONTH_COL + m.nmonths + 1, sizeof *columns);
    labels = calloc(m.nmonths + 1, sizeof *labels);
    if (!columns || !labels) {
        st = diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory for the availability matrix");
        goto out;
    }
    columns[0] = (struct xlsx_column){"Entity", 26};
    columns[1] = (struct xlsx_column){"Service", 24};
    columns[TARGET_COL] = (struct xlsx_column){"Target", 9};
    for (size_t j = 0; j < m.nmonths; j++) {
        window_label(&m.months[j], labels[j]);
        columns[FIRST_MONTH_COL + j] = (struct xlsx_column){labels[j], 11};
    }
    xlsx_header(sh, HEADER_ROW, columns, (uint32_t)m.nkeys);

    for (size_t k = 0; k < m.nkeys; k++) {
        uint32_t row = HEADER_ROW + 1 + (uint32_t)k;
        int bold = m.keys[k].service == NULL;
        xlsx_text(sh, row, 0, m.keys[k].entity, bold ? XLSX_BOLD : XLSX_PLAIN);
        xlsx_text(sh, row, 1, bold ? "(all services)" : m.keys[k].service,
                  bold ? XLSX_BOLD : XLSX_PLAIN);
        xlsx_number(sh, row, TARGET_COL, target_fraction(key_target(&m, k)), XLSX_PERCENT);
        for (size_t j = 0; j < m.nmonths; j++)
            write_cell(sh, row, (uint16_t)(FIRST_MONTH_COL + j), m.cells[k * m.nmonths + j], bold);
    }
    colour_rows(sh, &m, sheet_amber_budgets(info));
    /* Landscape, twelve months scaled to one page across; each page down
     * repeats the header, and the entity, service and target should a
     * reader print it wider. */
    xlsx_print_fit(sh, true, 1);
    xlsx_print_titles(sh, HEADER_ROW, HEADER_ROW, FIRST_MONTH_COL);
    st = xlsx_status(book, diag);
out:
    free(columns);
    free(labels);
    matrix_release(&m);
    return st;
}
