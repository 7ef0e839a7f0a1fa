/* sla_provider.c — the provider's name (sla_provider.h). The rows of
 * SLA_FILL_PROVIDER are tried rank by rank, each over the whole document
 * in order; a match whose name is a pronoun, a role or a generic word
 * ("We", "Provider", "Core Services") is passed over, so a later one can
 * name the party. */
#include "parsers/sla/sla_provider.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* name (n bytes) without the words a name does not start with ("The",
 * "If", "Die") and edge punctuation; false when that is no name. */
static bool
clean_name(const struct sla_matcher *mx, const char **name, size_t *n)
{
    struct regex_match m;
    while (*n && sla_match_find(mx, SLA_FILL_NAME_LEAD, *name, *n, &m)) {
        *name += m.end[0];
        *n -= m.end[0];
    }
    while (*n && strchr(" ,.", (*name)[*n - 1]))
        (*n)--;
    return *n && !sla_match_has(mx, SLA_FILL_NOT_A_NAME, *name, *n);
}

/* Whether name (n bytes) is the longer form of short: "Quillon Labs, Inc"
 * of "Quillon". */
static bool
longer_form(const char *name, size_t n, const char *short_name)
{
    size_t k = strlen(short_name);
    return n > k && !strncasecmp(name, short_name, k) && (name[k] == ' ' || name[k] == ',');
}

/* The first name row c finds in text (len bytes), from its start, into
 * *out; with prefix, only a longer form of it. */
static enum sl_status
find_name(const struct sla_matcher *mx, const struct sla_match_row *c, const char *text, size_t len,
          const char *prefix, char **out, struct sl_diag *diag)
{
    for (size_t from = 0; from < len;) {
        struct regex_match m;
        bool found;
        enum sl_status s = regex_search(c->re, text, len, from, &found, &m, diag);
        if (s || !found)
            return s;
        size_t start, n;
        if (sla_match_group(c, &m, "name", &start, &n)) {
            const char *name = text + start;
            if (clean_name(mx, &name, &n) && (!prefix || longer_form(name, n, prefix)))
                return (*out = strndup(name, n))
                           ? SL_OK
                           : diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
        }
        from = m.end[0] > m.start[0] ? m.end[0] : m.start[0] + 1;
    }
    return SL_OK;
}

/* The legal name of the party *name stands for, when the document gives
 * one: "Quillon commits" beside "Quillon Labs, Inc." names the latter. */
static enum sl_status
read_legal_name(const struct sla_matcher *mx, const struct sla_text *doc, char **name,
                struct sl_diag *diag)
{
    char *legal = NULL;
    enum sl_status s = SL_OK;
    for (size_t p = 0; p < mx->npats && !s && !legal; p++) {
        const struct sla_match_row *c = &mx->pats[p];
        if (c->row->fill != SLA_FILL_PROVIDER || c->row->arg != SLA_PROVIDER_COMPANY)
            continue;
        for (size_t i = 0; i < doc->nunits && !s && !legal; i++)
            s = find_name(mx, c, doc->units[i].text, doc->units[i].len, *name, &legal, diag);
    }
    if (legal) {
        free(*name);
        *name = legal;
    }
    return s;
}

enum sl_status
sla_provider_read(const struct sla_matcher *mx, const struct sla_text *doc, char **out,
                  struct sl_diag *diag)
{
    enum sl_status s = SL_OK;
    *out = NULL;
    for (int rank = 0; rank < SLA_PROVIDER_COUNT && !s && !*out; rank++) {
        for (size_t p = 0; p < mx->npats && !s && !*out; p++) {
            const struct sla_match_row *c = &mx->pats[p];
            if (c->row->fill != SLA_FILL_PROVIDER || c->row->arg != rank)
                continue;
            bool title = rank == SLA_PROVIDER_TITLE;
            if (title && doc->meta_service)
                s = find_name(mx, c, doc->meta_service, strlen(doc->meta_service), NULL, out, diag);
            for (size_t i = 0; i < doc->nunits && !s && !*out; i++) {
                const struct sla_unit *u = &doc->units[i];
                if (!title || u->kind == SLA_UNIT_HEADING)
                    s = find_name(mx, c, u->text, u->len, NULL, out, diag);
            }
        }
    }
    return s || !*out ? s : read_legal_name(mx, doc, out, diag);
}
