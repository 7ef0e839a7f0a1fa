/* sla_match.h — the phrasing table of sla_patterns.c compiled once, and the
 * look-ups the SLA reader makes with it: the first row of a kind that
 * matches, and the text of a named group (a phrasing may name one group in
 * two alternatives). A match that hits PCRE2's limits counts as no match. */
#ifndef SLAUDIT_SLA_MATCH_H
#define SLAUDIT_SLA_MATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/regex.h"
#include "engine/base/status.h"
#include "parsers/sla/sla_patterns.h"

#define SLA_MATCH_MAX_NAMES 16

struct sla_match_row {
    const struct sla_pattern *row;
    struct regex *re;
    size_t nnames;
    struct {
        char name[8];
        int number;
    } names[SLA_MATCH_MAX_NAMES];
};

struct sla_matcher {
    struct sla_match_row *pats;
    size_t npats;
    struct sl_diag *diag; /* borrowed: where limit messages go */
};

/* Compiles every row of sla_patterns[], each with regex_flags added (the
 * caller's REGEX_NO_JIT); errors carry the pattern's message. */
enum sl_status sla_match_compile(struct sla_matcher *mx, unsigned regex_flags,
                                 struct sl_diag *diag);
void sla_match_release(struct sla_matcher *mx);

/* The first row of fill, in table order, that matches text; its match. */
const struct sla_match_row *sla_match_find(const struct sla_matcher *mx, enum sla_fill fill,
                                           const char *text, size_t len, struct regex_match *m);
bool sla_match_has(const struct sla_matcher *mx, enum sla_fill fill, const char *text, size_t len);
/* Where the named group of m lies; false when it did not take part. */
bool sla_match_group(const struct sla_match_row *c, const struct regex_match *m, const char *name,
                     size_t *start, size_t *len);

#endif
