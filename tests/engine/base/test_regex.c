/* test_regex.c — PCRE2 behind engine/regex.h: an all-ASCII subject skips
 * PCRE2's UTF-8 check, anything else keeps it, so valid UTF-8 still matches
 * by characters and invalid UTF-8 is still an error, wherever in the subject
 * (in an eight-byte word or in the bytes after the last one) the high byte
 * is. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/regex.h"

static struct regex *re;
static struct sl_diag diag;

static void
setup(void)
{
    memset(&diag, 0, sizeof diag);
    cr_assert_eq(regex_compile("node (?<name>\\S+) (.) x$", 0, &re, &diag), SL_OK, "%s",
                 diag.message);
}

static void
teardown(void)
{
    regex_free(re);
}

TestSuite(regex, .init = setup, .fini = teardown);

static enum sl_status
search(const char *subject, bool *found, struct regex_match *m)
{
    return regex_search(re, subject, strlen(subject), 0, found, m, &diag);
}

Test(regex, ascii_subject_matches)
{
    bool found = false;
    struct regex_match m;
    cr_assert_eq(search("[2025-01-01] node gpu-01 a x", &found, &m), SL_OK);
    cr_assert(found);
    cr_assert_eq(m.start[1], 18);
    cr_assert_eq(m.end[1], 24);
    cr_assert_eq(m.start[2], 25);
}

Test(regex, utf8_subject_matches_by_characters)
{
    bool found = false;
    struct regex_match m;
    /* "é" is two bytes and one character: (.) takes both */
    cr_assert_eq(search("node gpu-01 \xc3\xa9 x", &found, &m), SL_OK);
    cr_assert(found);
    cr_assert_eq(m.end[2] - m.start[2], 2);
    /* a high byte in the tail after the last eight-byte word */
    cr_assert_eq(search("node gpu-0123456789 \xc3\xa9 x", &found, &m), SL_OK);
    cr_assert(found);
}

Test(regex, invalid_utf8_still_an_error)
{
    bool found = true;
    struct regex_match m;
    /* a lone continuation byte inside the first eight bytes, then in the tail */
    cr_assert_eq(search("no\x80"
                        "e gpu-01 a x",
                        &found, &m),
                 SL_ERR_INPUT);
    cr_assert_not(found);
    cr_assert(strstr(diag.message, "UTF-8"), "%s", diag.message);
    cr_assert_eq(search("node gpu-01 a xyz\xff", &found, &m), SL_ERR_INPUT); /* 18 bytes */
}

/* The JIT is the caller's choice, passed in: the environment is the cli's to
 * read, and the library reads the same pattern the same way whatever it says. */
Test(regex_jit, off_when_the_caller_says)
{
    struct regex *plain = NULL, *jit = NULL, *env = NULL;
    struct sl_diag d = {0};
    bool found = false;
    struct regex_match m;
    cr_assert_eq(regex_compile("node (\\S+) x$", REGEX_NO_JIT, &plain, &d), SL_OK, "%s", d.message);
    cr_assert_not(regex_jit(plain));
    cr_assert_eq(regex_search(plain, "node a1 x", 9, 0, &found, &m, &d), SL_OK);
    cr_assert(found);
    cr_assert_eq(m.start[1], 5);

    cr_assert_eq(regex_compile("node (\\S+) x$", 0, &jit, &d), SL_OK);
    setenv("SLAUDIT_REGEX_JIT", "0", 1);
    cr_assert_eq(regex_compile("node (\\S+) x$", 0, &env, &d), SL_OK);
    unsetenv("SLAUDIT_REGEX_JIT");
    cr_assert_eq(regex_jit(env), regex_jit(jit), "the library read SLAUDIT_REGEX_JIT");
    regex_free(plain);
    regex_free(jit);
    regex_free(env);
}
