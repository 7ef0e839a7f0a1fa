/* test_target.c — targets compared and written as documents write them
 * (engine/measure/target.c). */
#include <criterion/criterion.h>
#include <math.h>

#include "engine/measure/target.h"

Test(target, fraction_as_written)
{
    /* 99.9 / 100 is 0.9990000000000001 in binary; the written value is 0.999 */
    cr_assert_neq(99.9 / 100.0, 0.999);
    cr_assert_eq(target_fraction(99.9), 0.999);
    cr_assert_eq(target_fraction(99.95), 0.9995);
    cr_assert_eq(target_fraction(99.5), 0.995);
    cr_assert_eq(target_fraction(100), 1.0);
    cr_assert(isnan(target_fraction(NAN)));
}

Test(target, an_imported_target_matches_the_written_one)
{
    /* An imported 99.9 % read back as a fraction times 100, or with a trace
     * of arithmetic, is still 99.9 %; 99.95 % is not. */
    double traced = nextafter(99.9, 100.0);
    cr_assert_neq(traced, 99.9);
    cr_assert(target_same(99.9, traced));
    cr_assert(target_same(99.9, nextafter(99.9, 0.0)));
    cr_assert(target_same(TARGET_DEFAULT_PERCENT, 100.0 * (99.9 / 100.0)));
    cr_assert(target_same(99.9, 100.0 * 0.9990000000000001));
    cr_assert_eq(target_fraction(traced), 0.999);
    cr_assert_not(target_same(99.9, 99.95));
    cr_assert_not(target_same(99.9, 99.900001));
    cr_assert(target_same(NAN, NAN));
    cr_assert_not(target_same(99.9, NAN));
}

Test(target, source_phrases)
{
    cr_assert_str_eq(target_source_phrase(TARGET_DEFAULT), "the default target");
    cr_assert_str_eq(target_source_phrase(TARGET_OBJECTIVE), "the profile's objective");
    cr_assert_str_eq(target_source_phrase(TARGET_COMMITMENT), "the commitment's target");
    cr_assert_str_eq(target_source_name(TARGET_DEFAULT), "default");
    cr_assert_str_eq(target_source_name(TARGET_OBJECTIVE), "objective");
    cr_assert_str_eq(target_source_name(TARGET_COMMITMENT), "commitment");
}
