/* test_term_table.c — the terminal tables (reports/text/term_table.c) as
 * text: a neutral row to the character, the filters of the entity rows and
 * the window, no contract table without contract rows, and a buffer that
 * fills up failing cleanly (reports/text/textbuf.c). */
#include <criterion/criterion.h>

#include <string.h>

#include "engine/time/sltime.h"
#include "reports/text/term_table.h"
#include "reports/text/textbuf.h"

static struct eval_row rows[3];
static struct eval_result result;

static void
setup(void)
{
    struct window sep = window_month(2026, 9, NULL), oct = window_month(2026, 10, NULL);
    memset(&result, 0, sizeof result);
    memset(rows, 0, sizeof rows);
    rows[0] = (struct eval_row){.entity = "provider:acme", .window = oct};
    rows[0].avail = (struct avail_result){
        .known = true, .availability = 0.99729, .downtime_seconds = 7200, .unknown_seconds = 5400};
    rows[0].incidents.total = 2;
    rows[0].incidents.by_severity[1] = 1;
    rows[0].incidents.by_severity[3] = 1;
    rows[0].incidents.open = 1;
    rows[0].incidents.measure[MEASURE_TTR] =
        (struct duration_stats){.n = 1, .mean = 3600, .median = 3000};
    rows[1] = (struct eval_row){.entity = "provider:acme", .service = "gpu", .window = oct};
    rows[2] = (struct eval_row){.entity = "provider:acme", .window = sep};
    result.rows = rows;
    result.nrows = 3;
}

TestSuite(term_table, .init = setup);

static const char header[] =
    "entity                 service              window       avail down_min   unk_h  inc "
    "  sev1/2/3/4/5  open mtta_min      p50 mttr_min      p50  ttr_det\n";

Test(term_table, a_neutral_row_to_the_character)
{
    struct strbuf sb = STRBUF_INIT;
    struct window oct = window_month(2026, 10, NULL);
    cr_assert_eq(term_table_eval(&sb, &result, true, &oct), SL_OK);
    cr_assert_str_eq(sb.buf, "entity                 service              window       avail "
                             "down_min   unk_h  inc   sev1/2/3/4/5  open mtta_min      p50 "
                             "mttr_min      p50  ttr_det\n"
                             "provider:acme          (all)                2026-10    99.729% "
                             "   120.0     1.5    2      1/0/1/0/0     1        -        -     "
                             "60.0     50.0       0%\n");
    strbuf_release(&sb);
}

Test(term_table, every_row_without_filters_and_unknown_spelled_out)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(term_table_eval(&sb, &result, false, NULL), SL_OK);
    cr_assert_eq(strncmp(sb.buf, header, strlen(header)), 0);
    const char *p = sb.buf;
    int lines = 0;
    while ((p = strchr(p, '\n')))
        p++, lines++;
    cr_assert_eq(lines, 4, "the header and three rows:\n%s", sb.buf);
    cr_assert(strstr(sb.buf, "gpu                  2026-10    unknown"), "%s", sb.buf);
    cr_assert(strstr(sb.buf, "2026-09"), "%s", sb.buf);
    strbuf_release(&sb);
}

Test(term_table, no_contract_rows_no_contract_table)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(term_table_contract(&sb, &result, NULL), SL_OK);
    cr_assert_eq(sb.len, 0);
    cr_assert_eq(term_table_capacity(&sb, &result), SL_OK);
    cr_assert_eq(sb.len, 0, "no capacity evaluated and no faulty nodes: nothing");
    strbuf_release(&sb);
}

Test(term_table, a_full_buffer_fails_and_stays_whole)
{
    struct strbuf sb;
    strbuf_init(&sb, strlen(header) + 10);
    cr_assert_eq(term_table_eval(&sb, &result, false, NULL), SL_ERR_LIMIT);
    cr_assert_str_eq(sb.buf, header, "the header fits; no piece of a row after it");
    strbuf_release(&sb);

    struct strbuf small;
    strbuf_init(&small, 4);
    struct textbuf t = {&small, SL_OK};
    textbuf_puts(&t, "abc");
    textbuf_printf(&t, "%s", "toolong");
    textbuf_putc(&t, 'd');
    cr_assert_eq(t.status, SL_ERR_LIMIT);
    cr_assert_str_eq(small.buf, "abc", "nothing is appended after the first failure");
    strbuf_release(&small);
}

Test(term_table, a_line_longer_than_the_stack_buffer)
{
    char long_text[2000];
    memset(long_text, 'x', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    struct strbuf sb = STRBUF_INIT;
    struct textbuf t = {&sb, SL_OK};
    textbuf_printf(&t, "<%s>", long_text);
    cr_assert_eq(t.status, SL_OK);
    cr_assert_eq(sb.len, sizeof long_text + 1);
    cr_assert_eq(sb.buf[0], '<');
    cr_assert_eq(sb.buf[sb.len - 1], '>');
    strbuf_release(&sb);
}
