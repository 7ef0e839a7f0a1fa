/* test_xltext.c — Excel's text rules: legal sheet names, cell text that fits
 * and reads back as written. */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "reports/xlsx/xltext.h"

Test(xltext, sheet_names)
{
    char out[XLTEXT_SHEET_NAME_SIZE];
    xltext_sheet_name("a[b]:c*d?e/f\\g", out);
    cr_assert_str_eq(out, "a_b__c_d_e_f_g");
    xltext_sheet_name("'quoted'", out);
    cr_assert_str_eq(out, "_quoted_");
    xltext_sheet_name("", out);
    cr_assert_str_eq(out, "Sheet");
    xltext_sheet_name(NULL, out);
    cr_assert_str_eq(out, "Sheet");
    xltext_sheet_name("history", out);
    cr_assert_str_eq(out, "History_");
    cr_assert_eq(xltext_sheet_name("0123456789012345678901234567890123456789", out), 31);
    /* 30 ASCII characters and an 'é': 31 characters, 32 bytes, never cut inside. */
    cr_assert_eq(xltext_sheet_name("012345678901234567890123456789\xc3\xa9zz", out), 32);
    cr_assert_str_eq(out + 30, "\xc3\xa9");
    xltext_sheet_name("tab\there\xff", out);
    cr_assert_str_eq(out, "tab_here_");
}

Test(xltext, cell_text)
{
    struct strbuf sb = STRBUF_INIT;
    const char *out;
    cr_assert_eq(xltext_fit_cell("=1+1", &sb, &out), SL_OK);
    cr_assert_str_eq(out, "=1+1");
    cr_assert_eq(xltext_fit_cell("bad\xff byte", &sb, &out), SL_OK);
    cr_assert_str_eq(out, "bad\xef\xbf\xbd byte");
    strbuf_reset(&sb);
    /* Excel would read "_x0041_" as "A": its '_' is escaped to stay literal. */
    cr_assert_eq(xltext_fit_cell("a_x0041_b _xZZ_ _x12_", &sb, &out), SL_OK);
    cr_assert_str_eq(out, "a_x005F_x0041_b _xZZ_ _x12_");
    strbuf_reset(&sb);

    /* 20,000 emoji are 40,000 UTF-16 units: cut whole, to 32,767 with the note. */
    size_t n = 20000;
    char *emoji = malloc(4 * n + 1);
    for (size_t i = 0; i < n; i++)
        memcpy(emoji + 4 * i, "\xf0\x9f\x94\xa5", 4);
    emoji[4 * n] = '\0';
    cr_assert_eq(xltext_fit_cell(emoji, &sb, &out), SL_OK);
    size_t kept = (32767 - 13) / 2;
    cr_assert_eq(strlen(out), 4 * kept + strlen(XLTEXT_TRUNCATED));
    cr_assert_eq(memcmp(out + 4 * kept, XLTEXT_TRUNCATED, strlen(XLTEXT_TRUNCATED)), 0);
    free(emoji);
    strbuf_release(&sb);
}

/* Text that is ASCII without '_' up to some point is passed over quickly:
 * what follows that point is still checked, and length still counts. */
Test(xltext, ascii_prefix_then_work)
{
    struct strbuf sb = STRBUF_INIT;
    const char *out;
    const char *plain = "INC-0000152 resolved: =cmd|' /C calc'!A0";
    cr_assert_eq(xltext_fit_cell(plain, &sb, &out), SL_OK);
    cr_assert_eq(out, plain, "plain ASCII is written as given, not copied");
    cr_assert_eq(xltext_fit_cell("plain then _x0041_", &sb, &out), SL_OK);
    cr_assert_str_eq(out, "plain then _x005F_x0041_");
    strbuf_reset(&sb);
    cr_assert_eq(xltext_fit_cell("plain then \xc3", &sb, &out), SL_OK);
    cr_assert_str_eq(out, "plain then \xef\xbf\xbd");
    strbuf_reset(&sb);
    cr_assert_eq(xltext_fit_cell("plain_snake_case", &sb, &out), SL_OK);
    cr_assert_str_eq(out, "plain_snake_case");
    strbuf_reset(&sb);

    /* 40,000 ASCII letters: cut to 32,767 units, the note included. */
    size_t n = 40000;
    char *letters = malloc(n + 1);
    memset(letters, 'a', n);
    letters[n] = '\0';
    cr_assert_eq(xltext_fit_cell(letters, &sb, &out), SL_OK);
    cr_assert_eq(strlen(out), 32767 - 13 + strlen(XLTEXT_TRUNCATED));
    cr_assert_str_eq(out + 32767 - 13, XLTEXT_TRUNCATED);
    /* Exactly the limit fits whole. */
    strbuf_reset(&sb);
    letters[32767] = '\0';
    cr_assert_eq(xltext_fit_cell(letters, &sb, &out), SL_OK);
    cr_assert_eq(out, letters);
    free(letters);
    strbuf_release(&sb);
}
