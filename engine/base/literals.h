/* literals.h — the fixed text every match of a regular expression needs,
 * read from its pattern, so that a subject without it is passed over
 * before the regular expression engine is started (regex.c does so).
 *
 * A pattern needs a set of literals when every match holds at least one of
 * them: "NVRM: (?:Xid|GPU)|SXid \(" needs one of "NVRM: " and "SXid (". The
 * reader follows PCRE2's syntax for literals, escapes, classes, groups,
 * alternatives and quantifiers; a pattern with anything else (caseless
 * matching, option settings, verbs, \Q…\E, conditionals, unknown escapes)
 * needs no literals as far as it knows, and every subject is matched. Of
 * the literals a pattern needs it keeps the set whose scan is cheapest: the
 * fewest literals with the rarest bytes (bytes rare in log text are found
 * by memchr with few false starts); alternatives that all hold one text
 * (each of "Node …", "[Nn]ode …" and "update_node: …" holds "ode") need
 * that text alone.
 *
 * Threads: no state; a struct literals is read-only once built. */
#ifndef SLAUDIT_LITERALS_H
#define SLAUDIT_LITERALS_H

#include <stdbool.h>
#include <stddef.h>

#define LITERALS_MAX 8 /* more alternatives than this: no literals */
#define LITERAL_MAX 32 /* the longest literal kept; a longer run is cut */

struct literal {
    char text[LITERAL_MAX];
    size_t len;
    size_t rare; /* the offset of its rarest byte, the one searched for */
};

struct literals {
    size_t n; /* 0: the pattern needs none; every subject may match */
    struct literal v[LITERALS_MAX];
};

/* The literals that pattern (PCRE2 syntax, compiled with regex_flags of
 * regex.h) needs in every subject it matches. */
void literals_of(const char *pattern, unsigned regex_flags, struct literals *out);

/* Whether s[0..len) holds one of the literals (always, when there are
 * none). */
bool literals_found(const struct literals *l, const char *s, size_t len);

#endif
