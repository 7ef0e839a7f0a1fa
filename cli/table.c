/* table.c — evaluation rows as a terminal table. */
#include <stdio.h>

#include "cli/cli.h"

static void
print_minutes(const struct duration_stats *s)
{
    if (s->n == 0)
        printf(" %8s %8s", "-", "-");
    else
        printf(" %8.1f %8.1f", s->mean / 60.0, s->median / 60.0);
}

void
cli_print_eval_table(const struct eval_result *r, bool entities_only, const struct window *window)
{
    printf("%-22s %-20s %-8s %9s %8s %7s %4s %14s %5s %8s %8s %8s %8s\n", "entity", "service",
           "month", "avail", "down_min", "unk_h", "inc", "sev1/2/3/4/5", "open", "mtta_min",
           "p50", "mttr_min", "p50");
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if ((entities_only && row->service) ||
            (window && (row->window.start != window->start || row->window.end != window->end)))
            continue;
        char label[48], sev[32];
        window_label(&row->window, label);
        const struct incident_summary *inc = &row->incidents;
        snprintf(sev, sizeof sev, "%ld/%ld/%ld/%ld/%ld", inc->by_severity[1], inc->by_severity[2],
                 inc->by_severity[3], inc->by_severity[4], inc->by_severity[5]);
        printf("%-22.22s %-20.20s %-8s", row->entity, row->service ? row->service : "(all)",
               label);
        if (row->avail.known)
            printf(" %8.3f%%", 100.0 * row->avail.availability);
        else
            printf(" %9s", "unknown");
        printf(" %8.1f %7.1f %4ld %14s %5ld", row->avail.downtime_seconds / 60.0,
               (double)row->avail.unknown_seconds / 3600.0, inc->total, sev, inc->open);
        print_minutes(&inc->measure[MEASURE_TTA]);
        print_minutes(&inc->measure[MEASURE_TTR]);
        putchar('\n');
    }
}
