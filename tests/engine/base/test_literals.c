/* test_literals.c — the fixed text a pattern needs (engine/base/literals.h):
 * the literals read from the project's own log patterns, what quantifiers,
 * alternatives and groups make of them, syntax the reader does not follow
 * (no literals, so every subject is matched), the search, and, against
 * PCRE2 itself, that no subject a pattern matches lacks its literals. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/literals.h"
#include "engine/base/regex.h"

/* The literals of pattern, each in brackets: "[NVRM: ][SXid (]". */
static const char *
needs(const char *pattern, unsigned flags)
{
    static char out[512];
    struct literals l;
    literals_of(pattern, flags, &l);
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < l.n; i++)
        n += (size_t)snprintf(out + n, sizeof out - n, "[%.*s]", (int)l.v[i].len, l.v[i].text);
    return out;
}

Test(literals, the_log_formats_patterns)
{
    /* nvidia_xid.c's line pattern after its stamp: one of two markers */
    cr_assert_str_eq(needs("^(?:\\[(\\d+)\\]|(\\S+) (\\S+))"
                           ".*?(?:NVRM: (?:Xid \\((?:PCI:)?([0-9a-f:.]+)\\): (\\d+),? *(.*)"
                           "|GPU at PCI:([0-9a-f:.]+): (GPU-[0-9a-f-]+))"
                           "|(nvidia-nvswitch\\d+): SXid \\((?:PCI:)?([0-9a-f:.]+)\\): (\\d+))",
                           0),
                     "[NVRM: ][: SXid (]");
    /* slurm_log.c's: every alternative holds "ode" */
    cr_assert_str_eq(needs("(?:^|[]:] )(?:error: )?(?:Nodes? (\\S+) not responding(, setting DOWN)?"
                           "|Node (\\S+) now responding|[Nn]ode (\\S+) returned to service"
                           "|(?:update_node|drain_nodes): node (\\S+) state set to ([A-Z_+]+)"
                           "|Setting node (\\S+) state to ([A-Z_+]+) with reason: ?(.*))",
                           0),
                     "[ode]");
    cr_assert_str_eq(needs("^(?<time>\\S+) check (?<service>\\S+) (?<result>OK|FAIL) \\d+ms$", 0),
                     "[ check ]");
}

Test(literals, quantifiers_escapes_and_groups)
{
    cr_assert_str_eq(needs("Xab?", 0), "[Xa]", "a character that may be absent is not needed");
    cr_assert_str_eq(needs("Xab*", 0), "[Xa]");
    cr_assert_str_eq(needs("Xa{0,3}", 0), "[X]");
    cr_assert_str_eq(needs("Xa+", 0), "[Xa]", "once at least");
    cr_assert_str_eq(needs("(?:Qu)?Zed", 0), "[Zed]");
    cr_assert_str_eq(needs("a\\.B\\(c\\tz", 0), "[a.B(c\tz]");
    cr_assert_str_eq(needs("\\d+ FAILED\\b", 0), "[ FAILED]");
    cr_assert_str_eq(needs("(?<n>Q\\w+)(?'h'\\S+)", 0), "[Q]");
    cr_assert_str_eq(needs("(?=Foo)zz(?<!Bar)", 0), "[zz]", "a lookaround consumes nothing");
    cr_assert_str_eq(needs("[A-Z]+ERR[]x]", 0), "[ERR]");
    cr_assert_str_eq(needs("\xc3\xa9t\xc3\xa9?", 0), "[\xc3\xa9t]", "a character of two bytes");
}

Test(literals, alternatives)
{
    cr_assert_str_eq(needs("OOM|Panic", 0), "[OOM][Panic]");
    cr_assert_str_eq(needs("Kill(?:ed|ing) process", 0), "[Kill]");
    cr_assert_str_eq(needs("link down|link flap", 0), "[link ]", "the text both hold");
    cr_assert_str_eq(needs("OOM|[0-9]+", 0), "", "an alternative that needs nothing");
    cr_assert_str_eq(needs("OOM|", 0), "");
    cr_assert_str_eq(needs("A1|B2|C3|D4|E5|F6|G7|H8|J9", 0), "", "more than LITERALS_MAX");
}

Test(literals, syntax_it_does_not_follow_needs_nothing)
{
    const char *unknown[] = {"(?i)Error",   "\\QError\\E", "Err{,2}or", "(*UTF)Error",
                             "(?(1)a|b)Er", "(?#x)Error",  "Error\\g1", "(?x) E r r",
                             "Er\\N{U+41}", "Error)",      "(Error",    "[Error"};
    for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++)
        cr_assert_str_eq(needs(unknown[i], 0), "", "%s", unknown[i]);
    cr_assert_str_eq(needs("Error", REGEX_CASELESS), "");
}

Test(literals, found_anywhere_in_the_subject)
{
    struct literals l;
    literals_of("NVRM: |SXid \\(", 0, &l);
    cr_assert(literals_found(&l, "NVRM: Xid", 9));
    cr_assert(literals_found(&l, "at the end SXid (", 17));
    cr_assert(literals_found(&l, "N V NVR NVRM: ", 14), "after false starts");
    cr_assert_not(literals_found(&l, "NVRM:", 5), "shorter than the literal");
    cr_assert_not(literals_found(&l, "nvrm: sxid (", 12));
    cr_assert_not(literals_found(&l, "SXid (", 5), "only within len");
    literals_of("[a-z]+", 0, &l);
    cr_assert_eq(l.n, 0);
    cr_assert(literals_found(&l, "", 0), "no literals: every subject");
}

static uint64_t
next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Random patterns of a few letters, groups, alternatives, classes and
 * quantifiers against random subjects of the same letters: whenever PCRE2
 * finds a match, the subject holds one of the pattern's literals. Each
 * subject holds an "é" somewhere, so regex_search hands it to PCRE2
 * whatever its literals (only an ASCII subject is passed over). */
Test(literals, never_passes_over_a_subject_that_matches)
{
    static const char *const pieces[] = {
        "a", "b", "c", "ab",  "\\.",   ".", "[ab]", "\\d", "(",     ")", "(?:", "|",
        "?", "*", "+", "{2}", "{0,2}", "^", "$",    "\\b", "(?=a)", "1", "b+?", "\xc3\xa9"};
    uint64_t rng = 35;
    int checked = 0, matched = 0, filtered = 0;
    for (int round = 0; round < 3000; round++) {
        char pattern[64] = "";
        size_t n = 0, pieces_n = 1 + next_random(&rng) % 8;
        for (size_t i = 0; i < pieces_n; i++)
            n += (size_t)snprintf(pattern + n, sizeof pattern - n, "%s",
                                  pieces[next_random(&rng) % (sizeof pieces / sizeof *pieces)]);
        struct regex *re;
        struct sl_diag d = {0};
        if (regex_compile(pattern, REGEX_NO_JIT, &re, &d))
            continue; /* not a pattern */
        struct literals l;
        literals_of(pattern, 0, &l);
        filtered += l.n > 0;
        for (int s = 0; s < 40; s++) {
            char subject[24];
            size_t len = next_random(&rng) % 14, at = next_random(&rng) % (len + 1);
            for (size_t i = 0; i < len; i++)
                subject[i] = "abc.1 "[next_random(&rng) % 6];
            memmove(subject + at + 2, subject + at, len - at);
            memcpy(subject + at, "\xc3\xa9", 2);
            len += 2;
            bool found = false;
            struct regex_match m;
            cr_assert_eq(regex_search(re, subject, len, 0, &found, &m, &d), SL_OK, "%s", d.message);
            if (found)
                cr_assert(literals_found(&l, subject, len), "/%s/ matches '%.*s'", pattern,
                          (int)len, subject);
            matched += found && l.n > 0;
            checked++;
        }
        regex_free(re);
    }
    cr_assert_gt(filtered, 500, "patterns that need a literal: %d", filtered);
    cr_assert_gt(matched, 1000, "matches of those: %d", matched);
    cr_assert_gt(checked, 30000, "subjects: %d", checked);
}
