/* sheet.c — what the sheet writers share: the target a row is judged against
 * and the red/amber/green bands around it. */
#include <math.h>

#include "reports/sheet.h"

double
sheet_target(const struct eval_row *row)
{
    (void)row; /* the evaluation carries no commitment targets yet */
    return SHEET_DEFAULT_TARGET;
}

double
sheet_amber_floor(double target)
{
    double floor = 1.0 - SHEET_AMBER_FACTOR * (1.0 - target);
    return floor > 0.0 ? floor : 0.0;
}

enum xlsx_style
sheet_rag_style(double availability, double target)
{
    if (availability >= target)
        return XLSX_PERCENT_GREEN;
    if (availability >= sheet_amber_floor(target))
        return XLSX_PERCENT_AMBER;
    return XLSX_PERCENT_RED;
}
