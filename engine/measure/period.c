/* period.c — the default periods: the last complete month of the stored
 * data, and months ending with one (period.h). */
#include "engine/measure/period.h"

#include <assert.h>

#include "engine/store/store.h"
#include "engine/time/sltime.h"

enum sl_status
period_last_complete_month(struct store *st, const char *zone, struct window *out, bool *empty,
                           struct sl_diag *diag)
{
    int64_t first, last;
    enum sl_status rc = store_data_span(st, &first, &last, diag);
    *empty = false;
    if (rc)
        return rc;
    if (last == SLTIME_NONE) {
        *empty = true;
        return SL_OK;
    }
    struct window w = window_month_of(last - 1, zone);
    if (w.end > last)
        w = window_month_prev(&w, zone);
    if (w.end <= first)
        w = window_month_of(first, zone);
    *out = w;
    return SL_OK;
}

int64_t
period_months_start(const struct window *last, int n, const char *zone)
{
    assert(n >= 1);
    struct window from = *last;
    for (int i = 1; i < n; i++)
        from = window_month_prev(&from, zone);
    return from.start;
}
