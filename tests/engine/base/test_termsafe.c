/* test_termsafe.c — invisible characters and line breaks in text bound for a
 * terminal (engine/base/termsafe.c). */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/base/termsafe.h"

Test(termsafe, finds_format_characters)
{
    uint32_t cp = 0;
    cr_assert_eq(termsafe_invisible("\xe2\x80\x8bx", 4, &cp), 3);
    cr_assert_eq(cp, 0x200b);
    cr_assert_eq(termsafe_invisible("\xe2\x80\xae", 3, &cp), 3);
    cr_assert_eq(cp, 0x202e);
    cr_assert_eq(termsafe_invisible("\xef\xbb\xbf", 3, &cp), 3); /* byte order mark */
    cr_assert_eq(termsafe_invisible("\xf3\xa0\x81\x81", 4, &cp), 4);
    cr_assert_eq(cp, 0xe0041);                                   /* a tag character */
    cr_assert_eq(termsafe_invisible("\xc2\xad", 2, &cp), 2);     /* soft hyphen */
    cr_assert_eq(termsafe_invisible("\xc3\xa9", 2, &cp), 0);     /* é prints */
    cr_assert_eq(termsafe_invisible("\xe2\x80\x94", 3, &cp), 0); /* an em dash prints */
    cr_assert_eq(termsafe_invisible("\xe2\x80", 2, &cp), 0);     /* cut short */
    cr_assert_eq(termsafe_invisible("\xe0\x80\x8b", 3, &cp), 0); /* overlong */
    cr_assert_eq(termsafe_invisible("a", 1, &cp), 0);
}

Test(termsafe, one_line_escapes_breaks_and_invisible_characters)
{
    char buf[64];
    const char *plain = "team:core";
    cr_assert_eq(termsafe_line(plain, buf, sizeof buf), plain);
    cr_assert_str_eq(termsafe_line("api\nteam:x\r\t1", buf, sizeof buf), "api\\nteam:x\\r\\t1");
    cr_assert_str_eq(termsafe_line("core\xe2\x80\x8b", buf, sizeof buf), "core\\u200b");
    cr_assert_str_eq(termsafe_line("a\xf3\xa0\x81\x81", buf, sizeof buf), "a\\udb40\\udc41");
    cr_assert_str_eq(termsafe_line("caf\xc3\xa9\n", buf, sizeof buf), "caf\xc3\xa9\\n");
    /* cut to fit, never inside an escape */
    cr_assert_str_eq(termsafe_line("ab\n", buf, 4), "ab");
    cr_assert_str_eq(TERMSAFE_LINE("x\ny"), "x\\ny");
}

Test(termsafe, twins_differ_only_by_invisible_characters)
{
    cr_assert(termsafe_twins("team:core\xe2\x80\x8b", "team:core"));
    cr_assert(termsafe_twins("te\xe2\x80\x8d"
                             "am:core",
                             "team:co\xef\xbb\xbfre"));
    cr_assert_not(termsafe_twins("team:core", "team:core"));
    cr_assert_not(termsafe_twins("team:core\xe2\x80\x8b", "team:cora"));
    cr_assert_not(termsafe_twins("team:core", "team:cor"));
    cr_assert(termsafe_has_invisible("x\xe2\x81\xa0"));
    cr_assert_not(termsafe_has_invisible("caf\xc3\xa9"));
}
