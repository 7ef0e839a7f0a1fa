/* test_tzfile.c — the TZif reader (engine/time/tzfile.c) on zone files built
 * here byte by byte: the footer's rules (last-Sunday and first-Sunday dates,
 * the southern hemisphere, Jn and n days around February 29, a negative
 * change time), the choices before the first and after the last transition,
 * version 1 files, and the files it must refuse. Instants of the Berlin and
 * Sydney rules were checked with `TZ=... date -d @T`; the others are worked
 * in the comments. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/time/tzfile.h"

struct zone_spec {
    int version; /* 0 or '2' */
    size_t ntimes, ntypes;
    int64_t times[4];
    unsigned char idx[4];
    long offsets[4];
    unsigned char dst[4];
    uint32_t leaps;
    const char *footer;
};

struct bytes {
    unsigned char b[1024];
    size_t n;
};

static void
put32(struct bytes *o, uint32_t v)
{
    for (int s = 24; s >= 0; s -= 8)
        o->b[o->n++] = (unsigned char)(v >> s);
}

static void
put_header(struct bytes *o, const struct zone_spec *z, size_t ntimes, size_t ntypes, uint32_t leaps)
{
    memcpy(o->b + o->n, "TZif", 4);
    o->b[o->n + 4] = (unsigned char)z->version;
    memset(o->b + o->n + 5, 0, 15);
    o->n += 20;
    put32(o, 0);
    put32(o, 0);
    put32(o, leaps);
    put32(o, (uint32_t)ntimes);
    put32(o, (uint32_t)ntypes);
    put32(o, 4); /* "AAA\0" */
}

static void
put_block(struct bytes *o, const struct zone_spec *z, int timesize)
{
    for (size_t i = 0; i < z->ntimes; i++) {
        if (timesize == 8)
            put32(o, (uint32_t)((uint64_t)z->times[i] >> 32));
        put32(o, (uint32_t)z->times[i]);
    }
    for (size_t i = 0; i < z->ntimes; i++)
        o->b[o->n++] = z->idx[i];
    for (size_t i = 0; i < z->ntypes; i++) {
        put32(o, (uint32_t)z->offsets[i]);
        o->b[o->n++] = z->dst[i];
        o->b[o->n++] = 0;
    }
    memcpy(o->b + o->n, "AAA", 4);
    o->n += 4;
    for (uint32_t i = 0; i < z->leaps; i++) {
        put32(o, 0);
        if (timesize == 8)
            put32(o, 78796800);
        put32(o, 1);
    }
}

/* The TZif bytes of z: for version 2, an empty-ish first block (one type,
 * as zic -b slim writes), the 64-bit block and the footer. */
static struct bytes
build(const struct zone_spec *z)
{
    struct bytes o = {.n = 0};
    if (z->version == 0) {
        put_header(&o, z, z->ntimes, z->ntypes, z->leaps);
        put_block(&o, z, 4);
        return o;
    }
    struct zone_spec v1 = {.version = z->version, .ntypes = 1};
    put_header(&o, &v1, 0, 1, 0);
    put_block(&o, &v1, 4);
    put_header(&o, z, z->ntimes, z->ntypes, z->leaps);
    put_block(&o, z, 8);
    int n = snprintf((char *)o.b + o.n, sizeof o.b - o.n, "\n%s\n", z->footer);
    o.n += (size_t)n;
    return o;
}

static struct tzfile *
parse_ok(const struct zone_spec *z)
{
    struct bytes b = build(z);
    struct tzfile *f = NULL;
    const char *why = NULL;
    cr_assert_eq(tzfile_parse(b.b, b.n, &f, &why), SL_OK, "%s", why ? why : "?");
    return f;
}

static const char *
parse_bad(const struct zone_spec *z)
{
    struct bytes b = build(z);
    struct tzfile *f = (struct tzfile *)&b;
    const char *why = NULL;
    cr_assert_eq(tzfile_parse(b.b, b.n, &f, &why), SL_ERR_INPUT);
    cr_assert_null(f);
    cr_assert_not_null(why);
    return why;
}

/* A zone whose one transition is at 1970 and whose rule then holds. */
static struct tzfile *
rule_zone(const char *footer, long std, long dst)
{
    struct zone_spec z = {'2', 1, 2, {0}, {0}, {std, dst}, {0, 1}, 0, footer};
    return parse_ok(&z);
}

Test(tzfile, northern_rule_last_sundays)
{
    /* Berlin's footer in 2100: CEST from 2100-03-28T01:00Z (last Sunday of
     * March, 02:00 CET) to 2100-10-31T01:00Z (last Sunday of October, 03:00
     * CEST). */
    struct tzfile *z = rule_zone("CET-1CEST,M3.5.0,M10.5.0/3", 3600, 7200);
    cr_assert_eq(tzfile_offset(z, INT64_C(4109878799)), 3600);
    cr_assert_eq(tzfile_offset(z, INT64_C(4109878800)), 7200);
    cr_assert_eq(tzfile_offset(z, INT64_C(4128627599)), 7200);
    cr_assert_eq(tzfile_offset(z, INT64_C(4128627600)), 3600);
    tzfile_free(z);
}

Test(tzfile, fifth_week_is_the_last)
{
    /* February 2100 begins on a Monday and has four: M2.5.1, "the fifth
     * Monday", is the last one, February 22 (02:00 UTC here). */
    struct tzfile *z = rule_zone("XXX0YYY,M2.5.1,M10.5.0", 0, 3600);
    cr_assert_eq(tzfile_offset(z, INT64_C(4106944799)), 0);
    cr_assert_eq(tzfile_offset(z, INT64_C(4106944800)), 3600);
    tzfile_free(z);
}

Test(tzfile, southern_rule_daylight_over_new_year)
{
    /* Sydney: AEDT until the first Sunday of April (2050-04-03 03:00 AEDT =
     * 2050-04-02T16:00Z), again from the first Sunday of October (2050-10-02
     * 02:00 AEST = 2050-10-01T16:00Z). */
    struct tzfile *z = rule_zone("AEST-10AEDT,M10.1.0,M4.1.0/3", 36000, 39600);
    cr_assert_eq(tzfile_offset(z, INT64_C(2525817600)), 39600); /* 2050-01-15 */
    cr_assert_eq(tzfile_offset(z, INT64_C(2532527999)), 39600);
    cr_assert_eq(tzfile_offset(z, INT64_C(2532528000)), 36000);
    cr_assert_eq(tzfile_offset(z, INT64_C(2541456000)), 36000); /* 2050-07-15 */
    cr_assert_eq(tzfile_offset(z, INT64_C(2548252799)), 36000);
    cr_assert_eq(tzfile_offset(z, INT64_C(2548252800)), 39600);
    tzfile_free(z);
}

Test(tzfile, julian_days_and_leap_years)
{
    /* J60 is March 1 in every year (February 29 is never counted); day 300
     * counted from 0 is October 27 in 2028 (leap), October 28 in 2027. The
     * change out of daylight time is at 02:00 daylight = 01:00Z. */
    struct tzfile *z = rule_zone("XXX0YYY,J60/0,300", 0, 3600);
    cr_assert_eq(tzfile_offset(z, INT64_C(1835481599)), 0); /* 2028-02-29T23:59:59Z */
    cr_assert_eq(tzfile_offset(z, INT64_C(1835481600)), 3600);
    cr_assert_eq(tzfile_offset(z, INT64_C(1856221199)), 3600); /* 2028-10-27T00:59:59Z */
    cr_assert_eq(tzfile_offset(z, INT64_C(1856221200)), 0);
    cr_assert_eq(tzfile_offset(z, INT64_C(1803859200)), 3600); /* 2027-03-01 */
    cr_assert_eq(tzfile_offset(z, INT64_C(1824685199)), 3600); /* 2027-10-28T00:59:59Z */
    cr_assert_eq(tzfile_offset(z, INT64_C(1824685200)), 0);
    tzfile_free(z);
}

Test(tzfile, negative_change_time)
{
    /* M3.2.0/-2: two hours before the second Sunday of March 2030 (March
     * 10), i.e. Saturday 22:00 at -03:00 = 2030-03-10T01:00Z. */
    struct tzfile *z = rule_zone("<-03>3<-02>,M3.2.0/-2,M11.1.0/-1", -10800, -7200);
    cr_assert_eq(tzfile_offset(z, INT64_C(1899334799)), -10800);
    cr_assert_eq(tzfile_offset(z, INT64_C(1899334800)), -7200);
    tzfile_free(z);
}

Test(tzfile, fixed_offset_rule)
{
    struct tzfile *z = rule_zone("<+0530>-5:30", 19800, 19800);
    cr_assert_eq(tzfile_offset(z, INT64_C(4102444800)), 19800);
    tzfile_free(z);
}

Test(tzfile, transitions_then_rule)
{
    /* +01:00 from 1980, +03:00 from 1990, the rule (+02:00) from 2000. */
    struct zone_spec s = {
        '2',       3, 3,        {315532800, 631152000, 946684800}, {0, 1, 2}, {3600, 10800, 7200},
        {0, 0, 0}, 0, "<+02>-2"};
    struct tzfile *z = parse_ok(&s);
    cr_assert_eq(tzfile_offset(z, 315532799), 3600); /* before the first: first standard type */
    cr_assert_eq(tzfile_offset(z, 315532800), 3600);
    cr_assert_eq(tzfile_offset(z, 631151999), 3600);
    cr_assert_eq(tzfile_offset(z, 631152000), 10800);
    cr_assert_eq(tzfile_offset(z, 946684799), 10800);
    cr_assert_eq(tzfile_offset(z, 946684800), 7200);
    cr_assert_eq(tzfile_offset(z, INT64_C(7000000000)), 7200);
    tzfile_free(z);
}

Test(tzfile, empty_footer_keeps_the_last_type)
{
    struct zone_spec s = {'2', 2, 2, {0, 500000000}, {0, 1}, {3600, 7200}, {0, 0}, 0, ""};
    struct tzfile *z = parse_ok(&s);
    cr_assert_eq(tzfile_offset(z, 499999999), 3600);
    cr_assert_eq(tzfile_offset(z, INT64_C(7000000000)), 7200);
    tzfile_free(z);
}

Test(tzfile, before_the_first_transition_standard_time)
{
    /* Type 0 is daylight time: before the first transition the C library
     * takes the first standard type, and so does the reader. With no
     * transitions at all the footer is not consulted either. */
    struct zone_spec s = {'2', 1, 2, {400000000}, {0}, {7200, 3600}, {1, 0}, 0, "CET-1"};
    struct tzfile *z = parse_ok(&s);
    cr_assert_eq(tzfile_offset(z, 399999999), 3600);
    cr_assert_eq(tzfile_offset(z, 400000000), 3600); /* the rule from the last transition */
    tzfile_free(z);
    struct zone_spec none = {
        '2', 0, 2, {0}, {0}, {-14400, -18000}, {1, 0}, 0, "EST5EDT,M3.2.0,M11.1.0"};
    z = parse_ok(&none);
    cr_assert_eq(tzfile_offset(z, INT64_C(1784109600)), -18000); /* July 2026 */
    tzfile_free(z);
}

Test(tzfile, version_1_file)
{
    struct zone_spec s = {0,      3, 2,   {0, 300000000, 600000000}, {0, 1, 0}, {3600, 7200},
                          {0, 1}, 0, NULL};
    struct tzfile *z = parse_ok(&s);
    cr_assert_eq(tzfile_offset(z, 299999999), 3600);
    cr_assert_eq(tzfile_offset(z, 300000000), 7200);
    cr_assert_eq(tzfile_offset(z, INT64_C(7000000000)), 3600); /* no footer: the last type */
    tzfile_free(z);
}

Test(tzfile, refuses_offsets_beyond_18_hours)
{
    struct zone_spec type = {'2', 1, 1, {0}, {0}, {18 * 3600 + 1}, {0}, 0, ""};
    cr_assert_str_eq(parse_bad(&type), "an offset more than 18 hours from UTC");
    type.offsets[0] = -18 * 3600 - 60;
    cr_assert_str_eq(parse_bad(&type), "an offset more than 18 hours from UTC");
    type.offsets[0] = -18 * 3600; /* the limit itself is a zone */
    tzfile_free(parse_ok(&type));
    struct zone_spec rule = {'2', 1, 1, {0}, {0}, {0}, {0}, 0, "<+19>-19"};
    cr_assert_str_eq(parse_bad(&rule), "an offset more than 18 hours from UTC");
    rule.footer = "<-12>12<+1830>-18:30,M3.2.0,M11.1.0";
    cr_assert_str_eq(parse_bad(&rule), "an offset more than 18 hours from UTC");
}

Test(tzfile, refuses_what_is_not_a_zone)
{
    const char *text = "# tzdb timezone descriptions\nDE\t+5230+01322\tEurope/Berlin\n";
    struct tzfile *z = NULL;
    const char *why = NULL;
    cr_assert_eq(tzfile_parse((const unsigned char *)text, strlen(text), &z, &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "not a zone file of the tz database");
    cr_assert_eq(tzfile_parse((const unsigned char *)"", 0, &z, &why), SL_ERR_INPUT);

    struct zone_spec leap = {'2', 1, 1, {0}, {0}, {0}, {0}, 1, ""};
    cr_assert_str_eq(parse_bad(&leap),
                     "a zone counting leap seconds (a right/ zone); use the zone without them");
    struct zone_spec order = {'2', 2, 1, {100, 100}, {0, 0}, {0}, {0}, 0, ""};
    cr_assert_str_eq(parse_bad(&order), "zone file with transitions out of order");
    struct zone_spec index = {'2', 1, 1, {0}, {1}, {0}, {0}, 0, ""};
    cr_assert_str_eq(parse_bad(&index), "not a zone file of the tz database");
    struct zone_spec rule = {'2', 1, 2, {0}, {0}, {3600, 7200}, {0, 1}, 0, "CET-1CEST"};
    cr_assert_str_eq(parse_bad(&rule), "zone file with a rule in its footer that cannot be read");
    rule.footer = "CET-1CEST,M13.5.0,M10.5.0";
    cr_assert_str_eq(parse_bad(&rule), "zone file with a rule in its footer that cannot be read");
    rule.footer = "C-1";
    cr_assert_str_eq(parse_bad(&rule), "zone file with a rule in its footer that cannot be read");
}

Test(tzfile, refuses_every_truncation)
{
    struct zone_spec s = {
        '2', 2, 2, {0, 500000000}, {0, 1}, {3600, 7200}, {0, 1}, 0, "CET-1CEST,M3.5.0,M10.5.0/3"};
    struct bytes b = build(&s);
    for (size_t n = 0; n < b.n; n++) {
        struct tzfile *z = NULL;
        const char *why = NULL;
        cr_assert_eq(tzfile_parse(b.b, n, &z, &why), SL_ERR_INPUT, "%zu of %zu bytes", n, b.n);
    }
}

Test(tzfile, load_from_a_folder)
{
    char dir[] = "/tmp/tzfile-XXXXXX", path[64];
    cr_assert_not_null(mkdtemp(dir));
    struct zone_spec s = {'2', 1, 1, {0}, {0}, {19800}, {0}, 0, "<+0530>-5:30"};
    struct bytes b = build(&s);
    snprintf(path, sizeof path, "%s/Area", dir);
    cr_assert_eq(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/Area/City", dir);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    fwrite(b.b, 1, b.n, f);
    fclose(f);

    struct tzfile *z = NULL;
    const char *why = NULL;
    cr_assert_eq(tzfile_load(dir, "Area/City", &z, &why), SL_OK, "%s", why);
    cr_assert_eq(tzfile_offset(z, 0), 19800);
    tzfile_free(z);
    cr_assert_eq(tzfile_load(dir, "Area", &z, &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "a folder of zones, not a zone");
    cr_assert_eq(tzfile_load(dir, "Area/Town", &z, &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "unknown time zone");
    cr_assert_eq(tzfile_load(dir, "Area/City/x", &z, &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "unknown time zone");
    cr_assert_eq(tzfile_load(dir, "../etc/passwd", &z, &why), SL_ERR_INPUT);
    cr_assert_eq(tzfile_load(dir, path, &z, &why), SL_ERR_INPUT, "an absolute name leaves dir");
    cr_assert_eq(tzfile_load(dir, "", &z, &why), SL_ERR_INPUT);
    cr_assert_null(z);

    unlink(path);
    snprintf(path, sizeof path, "%s/Area", dir);
    rmdir(path);
    rmdir(dir);
}
