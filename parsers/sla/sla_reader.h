/* sla_reader.h — what the parts of the SLA reader share: the state of one
 * document being read (struct extractor) and the ways its parts add to the
 * terms. sla_extract.c reads prose and drives the reading; sla_table.c
 * reads table rows; sla_credit_terms.c reads the credit side of a sentence
 * (cap, claim deadline, form, liability, minimum). Internal to those files. */
#ifndef SLAUDIT_SLA_READER_H
#define SLAUDIT_SLA_READER_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/regex.h"
#include "engine/sla/sla_terms.h"
#include "engine/base/status.h"
#include "parsers/sla/sla_match.h"
#include "parsers/sla/sla_text.h"

#define MAX_CELLS 16

/* One sentence (or table row) being read: its text and where it sits. */
struct span {
    const char *text;
    size_t len;
    const struct sla_unit *unit;
    size_t off; /* offset of text within unit->text */
};

struct extractor {
    struct sla_matcher mx;
    const struct sla_text *doc;
    struct sla_terms *t;
    struct sl_diag *diag;
    enum sl_status status; /* sticky: the first failure */
    bool exclusion_context;
    bool exclusion_heading; /* under a heading that names exclusions */
    bool tier_context;      /* after a lead-in about uptime credits ("as follows:") */
    bool unit_leads_in;     /* the paragraph being read leads in the list below it */
    bool have_window;
    enum sla_window doc_window;
    bool have_cap, have_claim, have_notice, have_24x7, have_business_hours;
    bool sole_remedy_seen;
    int service_set;
    /* The body: from the first heading after the document's lead (its
     * title and the lines under it); 0 when the document has none. */
    long body_line;
    /* Every committed figure read, repeats and all, with its line and
     * whether it was a credit matrix's column level. */
    struct sla_figure {
        double percent;
        long line;
        bool matrix_level;
    } * figures;
    size_t nfigures;
    bool reading_matrix_levels; /* set while a matrix header gives its levels */
    /* A credit written without a band (per step below the target, or in a
     * unit that is no share of the fee): the first one read. */
    bool have_unbanded;
    struct sla_credit_tier unbanded_tier;
};

/* Makes room for one more element of *arr (n in use), zeroed; false (and
 * ex->status set) when memory ran out. */
bool sla_extract_grow(struct extractor *ex, void **arr, size_t n, size_t size);
#define GROW(ex, arr, n) sla_extract_grow((ex), (void **)&(arr), (n), sizeof *(arr))

bool sla_extract_add_tier(struct extractor *ex, const struct sla_credit_tier *tier);
/* A target of pct percent found at offset at of sp; scope names the services
 * it covers (NULL: all). Ignored when implausible or already known. */
void sla_extract_add_target(struct extractor *ex, double pct, const struct span *sp, size_t at,
                            const char *scope);
/* num and unit of a match, as minutes; NAN when absent. */
double sla_extract_match_minutes(const struct sla_match_row *c, const struct regex_match *m,
                                 const char *text, bool *business, bool *months);
/* The pct group of a match as a number. */
bool sla_extract_match_pct(const struct sla_match_row *c, const struct regex_match *m,
                           const char *text, double *out);
/* A copy of s (n bytes) trimmed of edge punctuation, owned by the
 * caller; NULL (and ex->status set) when memory ran out. */
char *sla_extract_copy(struct extractor *ex, const char *s, size_t n);
/* The document line of offset at in sp. */
long sla_extract_line(const struct span *sp, size_t at);
/* Whether unit (len bytes) holds word, case-insensitively. */
bool sla_extract_unit_has(const char *unit, size_t len, const char *word);
/* The band of a tier written in sp, with bytes [from, to) (its credit)
 * left out, into tier's bounds: only a band with a comparison, in a
 * sentence (whole) about uptime or an item under a lead-in about uptime
 * credits, whose bounds are uptime (50 % or more: "for each full 0.5%
 * below it" is no band). */
bool sla_extract_band(struct extractor *ex, const struct span *sp, const struct span *whole,
                      size_t from, size_t to, struct sla_credit_tier *tier);
/* The tiers a table cell writes as sentences ("10% of the amount paid
 * where the Uptime was less than 99.0%."), each read as prose; whether
 * the cell held any. */
bool sla_extract_cell_tiers(struct extractor *ex, const struct span *cell);
/* A clause of kind k with its value, read from sp at offset at (its line);
 * nothing when the document already has one of that kind. */
void sla_extract_add_clause(struct extractor *ex, enum sla_clause_kind kind, double value,
                            const struct span *sp, size_t at);
/* The clause phrasings (sole remedy, exclusions, ...) found in sp. */
void sla_extract_read_clauses(struct extractor *ex, const struct span *sp);

/* One table row: a credit tier, a response-time row, a target, clauses.
 * Rows of a worked example only give clauses. */
void sla_table_read_row(struct extractor *ex, const struct sla_unit *u, bool example);

/* sla_credit_terms.c: the credit cap of a sentence (once per document), and
 * the claim deadline (once per document). */
void sla_credit_read_cap(struct extractor *ex, const struct span *sp);
void sla_credit_read_claim(struct extractor *ex, const struct span *sp);
/* The form of credit, their forfeiture at termination, the liability cap
 * and the minimum credit of a sentence (the first of each per document). */
void sla_credit_read_remedy(struct extractor *ex, const struct span *sp);
/* A credit that is no share of the fee in text (a sentence or a cell):
 * unit, value, basis and currency into tier (credit_percent NAN, bounds
 * untouched), and where the words lie; false when text holds none. */
bool sla_credit_read_unit(struct extractor *ex, const char *text, size_t len,
                          struct sla_credit_tier *tier, size_t *start, size_t *end);
/* A sentence that grants such a credit: with a band, a tier (true); without
 * one, kept for sla_credit_finish() when it is the first (false). */
bool sla_credit_read_unit_tier(struct extractor *ex, const struct span *sp);
/* After the whole document: a credit written without a band (per step
 * below the target, or in another unit) becomes the only tier when no table
 * or sentence gave bands, below the first target. */
void sla_credit_finish(struct extractor *ex);

#endif
