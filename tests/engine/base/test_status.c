/* test_status.c — the status enum's messages, exit codes (docs/design.md §5)
 * and the caller-owned diagnostic (engine/base/status.c). */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <string.h>

#include "engine/base/status.h"

Test(status, every_status_has_its_own_message)
{
    for (int i = 0; i < SL_STATUS_COUNT; i++) {
        const char *m = sl_strerror((enum sl_status)i);
        cr_assert_not_null(m);
        cr_assert_gt(strlen(m), 0);
        cr_assert_str_neq(m, "unknown status");
        for (int j = 0; j < i; j++)
            cr_assert_str_neq(m, sl_strerror((enum sl_status)j), "%d and %d share a message", i, j);
    }
    cr_assert_str_eq(sl_strerror(SL_OK), "ok");
    cr_assert_str_eq(sl_strerror(SL_ERR_DB), "database error");
    cr_assert_str_eq(sl_strerror(SL_STATUS_COUNT), "unknown status");
    cr_assert_str_eq(sl_strerror((enum sl_status) - 1), "unknown status");
}

Test(status, exit_codes)
{
    cr_assert_eq(sl_exit_code(SL_OK), 0);
    cr_assert_eq(sl_exit_code(SL_ERR_USAGE), 2);
    cr_assert_eq(sl_exit_code(SL_ERR_INPUT), 3);
    cr_assert_eq(sl_exit_code(SL_ERR_IO), 3);
    cr_assert_eq(sl_exit_code(SL_ERR_LIMIT), 3);
    cr_assert_eq(sl_exit_code(SL_ERR_DB), 4);
    cr_assert_eq(sl_exit_code(SL_ERR_NOMEM), 4);
    cr_assert_eq(sl_exit_code(SL_ERR_REPORT), 5);
    cr_assert_eq(SL_EXIT_FINDINGS, 1);
}

/* The documented mapping, one row per status: a status added to the enum
 * without a row here fails, and so does any row the mapping disagrees with. */
static const struct {
    enum sl_status status;
    int exit_code;
} exit_table[] = {
    {SL_OK, 0},     {SL_ERR_USAGE, 2},  {SL_ERR_INPUT, 3}, {SL_ERR_IO, 3},
    {SL_ERR_DB, 4}, {SL_ERR_REPORT, 5}, {SL_ERR_NOMEM, 4}, {SL_ERR_LIMIT, 3},
};

Test(status, every_status_has_its_documented_exit_code)
{
    size_t n = sizeof exit_table / sizeof exit_table[0];
    cr_assert_eq(n, SL_STATUS_COUNT, "%zu rows for %d statuses", n, SL_STATUS_COUNT);
    bool seen[SL_STATUS_COUNT] = {false};
    for (size_t i = 0; i < n; i++) {
        enum sl_status s = exit_table[i].status;
        cr_assert(s >= 0 && s < SL_STATUS_COUNT);
        cr_assert_not(seen[s], "%s has two rows", sl_strerror(s));
        seen[s] = true;
        cr_assert_eq((int)sl_exit_code(s), exit_table[i].exit_code, "%s exits %d, documented %d",
                     sl_strerror(s), (int)sl_exit_code(s), exit_table[i].exit_code);
    }
    /* Every failure exits with a documented failure code, never 0 or 1. */
    for (int s = 1; s < SL_STATUS_COUNT; s++) {
        int code = (int)sl_exit_code((enum sl_status)s);
        cr_assert(code >= SL_EXIT_USAGE && code <= SL_EXIT_REPORT, "%s exits %d",
                  sl_strerror((enum sl_status)s), code);
    }
}

Test(status, diag_set_fills_and_returns)
{
    struct sl_diag d = {0};
    enum sl_status rc =
        diag_set(&d, SL_ERR_INPUT, "rejects.csv", 42, "unknown severity '%s'", "P7");
    cr_assert_eq(rc, SL_ERR_INPUT);
    cr_assert_str_eq(d.file, "rejects.csv");
    cr_assert_eq(d.line, 42);
    cr_assert_str_eq(d.message, "unknown severity 'P7'");
}

Test(status, diag_set_without_diag_or_file)
{
    cr_assert_eq(diag_set(NULL, SL_ERR_DB, "x", 1, "ignored"), SL_ERR_DB);
    struct sl_diag d;
    memset(&d, 'x', sizeof d);
    cr_assert_eq(diag_set(&d, SL_ERR_IO, NULL, 0, "no file"), SL_ERR_IO);
    cr_assert_str_eq(d.file, "");
    cr_assert_eq(d.line, 0);
}

Test(status, diag_message_truncated_safely)
{
    char big[2000];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    struct sl_diag d;
    diag_set(&d, SL_ERR_INPUT, big, 1, "%s", big);
    cr_assert_eq(strlen(d.message), sizeof d.message - 1);
    cr_assert_eq(strlen(d.file), sizeof d.file - 1);
}
