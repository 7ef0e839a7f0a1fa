/* test_sla_points.c — the points schedule of the scorecard
 * (engine/sla/sla_points.c): every criterion's rows stay within its weight,
 * the prose is written from the rows, and docs/sla.md shows the same table. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sla/sla_points.h"
#include "engine/sla/sla_score.h"

Test(sla_points, every_row_belongs_to_a_criterion_and_fits_its_weight)
{
    for (size_t i = 0; i < SLA_PT_COUNT; i++) {
        const struct sla_point_row *r = &sla_points[i];
        cr_assert_lt(r->criterion, SLA_SCORE_CRITERIA, "row %zu", i);
        cr_assert_not_null(r->when, "row %zu", i);
        if (r->op != SLA_POINTS_TIMES)
            cr_assert_leq(r->points, sla_criteria[r->criterion].weight, "row %zu", i);
    }
}

Test(sla_points, the_prose_is_written_from_the_rows)
{
    char how[1024];
    sla_points_describe(0, how, sizeof how);
    cr_assert(strstr(how, "uptime of at least 99.99 %: 15"), "%s", how);
    cr_assert(strstr(how, "a yearly window: times 0.5"), "%s", how);
    sla_points_describe(1, how, sizeof how);
    cr_assert(strstr(how, "a catch-all exclusion: less 3"), "%s", how);
}

/* docs/sla.md's table of criteria is this schedule, row for row. */
Test(sla_points, docs_show_the_same_schedule)
{
    FILE *f = fopen("../docs/sla.md", "rb");
    cr_assert_not_null(f, "run from tests/");
    char *doc = NULL;
    size_t cap = 0;
    ssize_t n = getdelim(&doc, &cap, '\0', f);
    fclose(f);
    cr_assert_gt(n, 0);
    for (size_t i = 0; i < SLA_SCORE_CRITERIA; i++) {
        char how[1024], row[1400];
        sla_points_describe(i, how, sizeof how);
        snprintf(row, sizeof row, "| %s | %g | %s |\n", sla_criteria[i].name,
                 sla_criteria[i].weight, how);
        cr_expect(strstr(doc, row), "docs/sla.md lacks the row:\n%s", row);
    }
    free(doc);
}
