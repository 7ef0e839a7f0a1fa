/* test_regex.c — PCRE2 behind engine/regex.h: an all-ASCII subject skips
 * PCRE2's UTF-8 check, anything else keeps it, so valid UTF-8 still matches
 * by characters and invalid UTF-8 is still an error, wherever in the subject
 * (in an eight-byte word or in the bytes after the last one) the high byte
 * is; an ASCII subject without the text every match needs is not matched. */
#include <criterion/criterion.h>
#include <stdio.h>
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

/* An ASCII subject without the literals every match needs is passed over
 * before PCRE2 starts: this pattern backtracks past any limit on a run of
 * a's (PCRE2 finds no single byte it needs), but the subject lacks both
 * "XY" and "ZW". With one of them it still runs out of its limit. */
Test(regex, a_subject_without_the_needed_text_is_not_matched)
{
    struct regex *bad;
    cr_assert_eq(regex_compile("(a+)+(?:XY|ZW)", 0, &bad, &diag), SL_OK, "%s", diag.message);
    char subject[64];
    memset(subject, 'a', 40);
    snprintf(subject + 40, sizeof subject - 40, "!ZX");
    bool found = true;
    struct regex_match m;
    cr_assert_eq(regex_search(bad, subject, strlen(subject), 0, &found, &m, &diag), SL_OK, "%s",
                 diag.message);
    cr_assert_not(found);
    snprintf(subject + 40, sizeof subject - 40, "!ZW");
    cr_assert_eq(regex_search(bad, subject, strlen(subject), 0, &found, &m, &diag), SL_ERR_LIMIT);
    regex_free(bad);
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

/* A pattern with more groups than struct regex_match holds: regex_match_span
 * reads every one of them; the struct's own slots stop at REGEX_MAX_GROUPS. */
Test(regex, groups_past_the_match_struct)
{
    char pattern[512] = "";
    size_t n = 0;
    for (int i = 0; i < 69; i++)
        n += (size_t)snprintf(pattern + n, sizeof pattern - n, "(.)");
    snprintf(pattern + n, sizeof pattern - n, "(?<last>z+)(y)?");
    struct regex *wide;
    cr_assert_eq(regex_compile(pattern, 0, &wide, &diag), SL_OK, "%s", diag.message);
    char subject[128];
    memset(subject, 'a', 69);
    snprintf(subject + 69, sizeof subject - 69, "zzz");
    bool found = false;
    struct regex_match m;
    cr_assert_eq(regex_search(wide, subject, strlen(subject), 0, &found, &m, &diag), SL_OK);
    cr_assert(found);
    cr_assert_eq(m.ngroups, REGEX_MAX_GROUPS);
    cr_assert_eq(regex_group(wide, "last"), 70);
    size_t start = 0, end = 0;
    cr_assert(regex_match_span(&m, 70, &start, &end));
    cr_assert_eq(start, 69);
    cr_assert_eq(end, 72);
    cr_assert(regex_match_span(&m, 40, &start, &end));
    cr_assert_eq(start, 39);
    cr_assert_not(regex_match_span(&m, 71, &start, &end), "(y)? took no part");
    cr_assert_not(regex_match_span(&m, 72, &start, &end), "there is no group 72");
    cr_assert_not(regex_match_span(&m, -1, &start, &end));
    regex_free(wide);
}

/* A budget for the whole subject: an unanchored pattern shares it among
 * every start position, an anchored one keeps the whole match limit for
 * its one position. */
Test(regex, budget_shared_among_start_positions)
{
    struct regex *loose, *anchored;
    cr_assert_eq(regex_compile("(?<s>[a-z]+)[a-z]+[0-9]", 0, &loose, &diag), SL_OK);
    cr_assert_eq(regex_compile("^(?<s>[a-z]+)[a-z]+[0-9]", 0, &anchored, &diag), SL_OK);
    size_t n = 50000;
    char *subject = malloc(n + 1);
    cr_assert_not_null(subject);
    memset(subject, 'a', n);
    subject[n] = '\0';
    bool found = true;
    struct regex_match m;
    cr_assert_eq(regex_search_budget(loose, subject, n, &found, &m, &diag), SL_ERR_LIMIT);
    cr_assert_not(found);
    cr_assert(strstr(diag.message, "(199 steps at each of 50001 start positions)"), "%s",
              diag.message);
    /* the same pattern anchored backtracks 50,000 times at its one position */
    cr_assert_eq(regex_search_budget(anchored, subject, n, &found, &m, &diag), SL_OK, "%s",
                 diag.message);
    cr_assert_not(found);
    /* a short subject still matches, group spans as regex_search gives them */
    cr_assert_eq(regex_search_budget(loose, "xx abc1", 7, &found, &m, &diag), SL_OK);
    cr_assert(found);
    cr_assert_eq(m.start[1], 3);
    cr_assert_eq(m.end[1], 5);
    free(subject);
    regex_free(loose);
    regex_free(anchored);
}

/* \C matches one byte of a character: a capture could end inside "é" and
 * keep a lone byte, which is not UTF-8. Refused at compile time. */
Test(regex_compile, backslash_c_is_refused)
{
    struct regex *p = NULL;
    struct sl_diag d = {0};
    cr_assert_eq(regex_compile("^(?<title>\\C)", 0, &p, &d), SL_ERR_INPUT);
    cr_assert_null(p);
    cr_assert(strstr(d.message, "using \\C is disabled"), "%s", d.message);
    /* a capture of . is a whole character */
    cr_assert_eq(regex_compile("^(.)", 0, &p, &d), SL_OK, "%s", d.message);
    struct regex_match m;
    bool found = false;
    cr_assert_eq(regex_search(p, "\xc3\xa9t", 3, 0, &found, &m, &d), SL_OK);
    cr_assert(found);
    cr_assert_eq(m.end[1] - m.start[1], 2);
    regex_free(p);
}
