/* regex.h — PCRE2 behind a small API; the only module that includes pcre2.h.
 *
 * Patterns are compiled as UTF-8 and JIT-compiled where the platform allows.
 * Every match and capture is a run of whole characters: a subject that is
 * not valid UTF-8 is an error, and \C (one byte of a character), which
 * could end a capture inside a character, is refused when the pattern is
 * compiled ("bad pattern at offset N: using \C is disabled by the
 * application"), so that captured text is always valid UTF-8.
 * Every match runs under a match limit and a depth limit, so a pattern built
 * to backtrack stops with SL_ERR_LIMIT and a clear message instead of hanging.
 * Compile errors carry PCRE2's message and the offset in the pattern. A
 * subject that is all ASCII is valid UTF-8 and is matched without PCRE2's
 * UTF-8 check; any other subject is checked as before. An ASCII subject
 * that lacks the fixed text every match of the pattern needs (literals.h,
 * read from the pattern at compile time) is not matched at all: the
 * search says not found without starting PCRE2, so such a subject never
 * runs out of a match limit either.
 * REGEX_NO_JIT compiles without the JIT, for memory checkers (valgrind) that
 * cannot follow JIT-generated code. The module reads no environment: the
 * cli sets the flag when SLAUDIT_REGEX_JIT=0, and passes it to the parsers
 * in struct ingest's regex_flags and to the SLA reader as an argument.
 *
 * Threads: regex_compile touches nothing shared, but a compiled regex keeps
 * the match data every search reuses, so one regex is for one thread at a
 * time; threads that match at once each compile their own. */
#ifndef SLAUDIT_REGEX_H
#define SLAUDIT_REGEX_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/status.h"

#define REGEX_MATCH_LIMIT 1000000u
#define REGEX_DEPTH_LIMIT 10000u
/* The match budget of one subject under regex_search_budget, and the least
 * share of it a start position gets. */
#define REGEX_SUBJECT_BUDGET 10000000u
#define REGEX_MIN_LIMIT 100u
#define REGEX_MAX_GROUPS 32

enum regex_flags {
    REGEX_CASELESS = 1 << 0,
    REGEX_MULTILINE = 1 << 1,
    REGEX_ANCHORED = 1 << 2,
    REGEX_DOTALL = 1 << 3,
    REGEX_NO_JIT = 1 << 4, /* interpret the pattern, never JIT-compile it */
};

struct regex;

/* One match: group 0 is the whole match. A group that did not take part has
 * start == end == (size_t)-1. start[] and end[] hold the first
 * REGEX_MAX_GROUPS groups only (ngroups says how many): enough for the
 * project's own patterns. A user's pattern may have more; regex_match_span
 * reads any group of the pattern from the match data PCRE2 sized from the
 * compiled pattern, which the regex owns and its next search overwrites. */
struct regex_match {
    size_t ngroups;
    size_t start[REGEX_MAX_GROUPS];
    size_t end[REGEX_MAX_GROUPS];
    size_t pattern_groups; /* group 0 and every group of the pattern */
    const size_t *ovector; /* borrowed from the regex: start, end of each */
};

enum sl_status regex_compile(const char *pattern, unsigned flags, struct regex **out,
                             struct sl_diag *diag);
void regex_free(struct regex *re);
/* Whether re was JIT-compiled: never with REGEX_NO_JIT, else when PCRE2 can. */
bool regex_jit(const struct regex *re);

/* Searches subject[from..len). Returns SL_OK and *found; SL_ERR_LIMIT when the
 * match or depth limit was hit (diag says which); SL_ERR_INPUT for other match
 * errors such as invalid UTF-8 in the subject. */
enum sl_status regex_search(const struct regex *re, const char *subject, size_t len, size_t from,
                            bool *found, struct regex_match *m, struct sl_diag *diag);

/* regex_search from the subject's start with a budget for the whole
 * subject, for a user's pattern. PCRE2's match limit counts afresh at each
 * start position, so an unanchored pattern that backtracks a little at
 * every position does work that grows with the square of the subject
 * ((?<s>[a-z]+)[a-z]+[0-9] on 400,000 letters: 25 s under the limit). Here
 * REGEX_SUBJECT_BUDGET is shared among the positions the pattern may start
 * at — one for an anchored pattern (^ without multiline), every offset for
 * any other — each getting at most REGEX_MATCH_LIMIT and at least
 * REGEX_MIN_LIMIT, so a search does a bounded amount of work whatever the
 * subject, and the same on every machine. A spent budget is SL_ERR_LIMIT
 * with "pattern ran out of its match budget on this line (N steps at each
 * of M start positions) ...". */
enum sl_status regex_search_budget(const struct regex *re, const char *subject, size_t len,
                                   bool *found, struct regex_match *m, struct sl_diag *diag);

/* The span of group g of m, for any group the pattern has. False when g is
 * not a group of the pattern or did not take part. Valid until the next
 * regex_search with the same regex. */
bool regex_match_span(const struct regex_match *m, int g, size_t *start, size_t *end);

/* The number of a named group, or -1. */
int regex_group(const struct regex *re, const char *name);
/* Number of capturing groups (not counting group 0). */
size_t regex_group_count(const struct regex *re);
/* Name of each named group with its number, for mapping to fields; calls fn
 * once per name. */
void regex_each_name(const struct regex *re, void (*fn)(void *ctx, const char *name, int number),
                     void *ctx);

#endif
