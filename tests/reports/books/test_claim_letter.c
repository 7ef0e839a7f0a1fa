/* Tests of the claim pack's quotes: a term's line quoted as the document
 * words it, the paragraph, list item or table row it stands in. */
#include <criterion/criterion.h>
#include <string.h>

#include "reports/books/claim_book.h"

static char *lines[] = {
    "# Service levels",
    "",
    "The provider will make the service available",
    "at least 99.9% of each calendar month.",
    "",
    "- \"Downtime\" means five consecutive minutes",
    "  of errors. Degraded service is not Downtime.",
    "- Maintenance is announced 48 hours ahead.",
    "",
    "| Uptime | Credit |",
    "| < 99.9% | 10% |",
    "| < 99.0% | 25% |",
};

static void
with_words(struct sla_terms *t, const struct sla_terms **words, struct claim_book_info *info)
{
    sla_terms_init(t);
    t->source_lines = lines;
    t->nsource_lines = sizeof lines / sizeof lines[0];
    words[0] = t;
    memset(info, 0, sizeof *info);
    info->words = words;
}

/* A line of a term and the quote it gives: the paragraph, list item or
 * table row the line stands in. */
static const struct quote_case {
    const char *name;
    long line;
    const char *quote;
} quote_cases[] = {
    {"a paragraph is quoted whole", 4,
     "lines 3-4: \"The provider will make the service available at least 99.9% of each calendar "
     "month.\""},
    {"a list item stops at the next item", 7,
     "lines 6-7: \"- \"Downtime\" means five consecutive minutes of errors. Degraded service is "
     "not Downtime.\""},
    {"a list item that is the last", 8, "line 8: \"- Maintenance is announced 48 hours ahead.\""},
    {"a table row stands alone, without its pipes", 11, "line 11: \"< 99.9% — 10%\""},
};

Test(claim_letter, a_line_is_quoted_with_what_it_stands_in)
{
    struct sla_terms t;
    const struct sla_terms *words[1];
    struct claim_book_info info;
    char buf[400];
    with_words(&t, words, &info);
    for (size_t i = 0; i < sizeof quote_cases / sizeof quote_cases[0]; i++) {
        const struct quote_case *c = &quote_cases[i];
        cr_assert(claim_quote(&info, 0, c->line, buf, sizeof buf), "%s: no quote", c->name);
        cr_assert_str_eq(buf, c->quote, "%s: got %s", c->name, buf);
    }
}

Test(claim_letter, without_the_document_nothing_is_quoted)
{
    struct claim_book_info info = {0};
    const struct sla_terms *words[1] = {NULL};
    char buf[100];
    cr_assert(!claim_quote(&info, 0, 4, buf, sizeof buf));
    info.words = words;
    cr_assert(!claim_quote(&info, 0, 4, buf, sizeof buf));
    struct sla_terms t;
    with_words(&t, words, &info);
    cr_assert(!claim_quote(&info, 0, 2, buf, sizeof buf), "a blank line is no quote");
    cr_assert(!claim_quote(&info, 0, 99, buf, sizeof buf), "a line past the end");
}
