/* tzfile.c — a reader of TZif zone files and of the POSIX TZ rule in their
 * footer, answering the offset at an instant as glibc does (tzfile.h). */
#include "engine/time/tzfile.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/time/sltime.h"

#define HEADER_BYTES 44
#define NOT_A_ZONE_FILE "not a zone file of the tz database"

/* A date of the footer rule: Jn (1..365, February 29 never counted), n
 * (0..365, counted) or Mm.w.d (weekday d of week w of month m, week 5 the
 * last), with the local time of day the change happens at. */
struct rule_day {
    char kind; /* 'J', 'N' or 'M' */
    int m, w, d;
    long secs;
};

struct rule {
    long std, dst; /* seconds east of UTC */
    bool has_dst;
    struct rule_day start, end; /* into and out of daylight time */
};

struct tzfile {
    int64_t *times;       /* strictly ascending */
    unsigned char *types; /* the type each transition changes to */
    size_t ntimes;
    long *offsets; /* per type, seconds east of UTC */
    long before;   /* before the first transition: the first standard type's offset */
    bool has_rule;
    struct rule rule;
};

struct counts {
    uint32_t isut, isstd, leap, time, type, chars;
};

static enum sl_status
fail(const char **why, const char *reason)
{
    *why = reason;
    return SL_ERR_INPUT;
}

static uint32_t
be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int64_t
be64(const unsigned char *p)
{
    return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4));
}

static bool
read_header(const unsigned char *data, size_t len, size_t *at, int *version, struct counts *c)
{
    if (len - *at < HEADER_BYTES || memcmp(data + *at, "TZif", 4))
        return false;
    const unsigned char *h = data + *at;
    *version = h[4];
    c->isut = be32(h + 20);
    c->isstd = be32(h + 24);
    c->leap = be32(h + 28);
    c->time = be32(h + 32);
    c->type = be32(h + 36);
    c->chars = be32(h + 40);
    *at += HEADER_BYTES;
    return true;
}

static uint64_t
block_bytes(const struct counts *c, unsigned timesize)
{
    return (uint64_t)c->time * (timesize + 1) + (uint64_t)c->type * 6 + c->chars +
           (uint64_t)c->leap * (timesize + 4) + c->isstd + c->isut;
}

/* The transitions and types of one data block (times of timesize bytes). */
static enum sl_status
read_block(struct tzfile *z, const unsigned char *p, const struct counts *c, unsigned timesize,
           const char **why)
{
    if (c->type == 0 || c->type > 256 || c->chars == 0 || (c->isut && c->isut != c->type) ||
        (c->isstd && c->isstd != c->type))
        return fail(why, NOT_A_ZONE_FILE);
    if (c->leap)
        return fail(why, "a zone counting leap seconds (a right/ zone); use the zone without them");
    z->ntimes = c->time;
    z->times = malloc((c->time ? c->time : 1) * sizeof *z->times);
    z->types = malloc(c->time ? c->time : 1);
    z->offsets = malloc(c->type * sizeof *z->offsets);
    if (!z->times || !z->types || !z->offsets)
        return SL_ERR_NOMEM;
    for (uint32_t i = 0; i < c->time; i++, p += timesize) {
        z->times[i] = timesize == 8 ? be64(p) : (int32_t)be32(p);
        if (i && z->times[i] <= z->times[i - 1])
            return fail(why, "zone file with transitions out of order");
    }
    for (uint32_t i = 0; i < c->time; i++, p++) {
        if (*p >= c->type)
            return fail(why, NOT_A_ZONE_FILE);
        z->types[i] = *p;
    }
    size_t first_std = c->type;
    for (uint32_t i = 0; i < c->type; i++, p += 6) {
        long off = (int32_t)be32(p);
        if (p[4] > 1 || p[5] >= c->chars)
            return fail(why, NOT_A_ZONE_FILE);
        if (off < -TZFILE_MAX_OFFSET || off > TZFILE_MAX_OFFSET)
            return fail(why, "an offset more than 18 hours from UTC");
        z->offsets[i] = off;
        if (!p[4] && first_std == c->type)
            first_std = i;
    }
    /* glibc's choice before the first transition, or when there is none. */
    z->before = z->offsets[first_std < c->type ? first_std : 0];
    return SL_OK;
}

/* A zone abbreviation of the rule: three or more letters, or <...> quoted. */
static bool
rule_name(const char **p, const char *end)
{
    const char *s = *p, *from;
    if (s < end && *s == '<') {
        for (from = ++s; s < end && *s != '>'; s++)
            if (!isalnum((unsigned char)*s) && *s != '+' && *s != '-')
                return false;
        if (s == end || s - from < 3)
            return false;
        *p = s + 1;
        return true;
    }
    for (from = s; s < end && isalpha((unsigned char)*s); s++)
        ;
    if (s - from < 3)
        return false;
    *p = s;
    return true;
}

/* Up to three digits at *p, in 0..max. */
static bool
rule_number(const char **p, const char *end, long max, long *out)
{
    const char *s = *p;
    long v = 0;
    for (; s < end && isdigit((unsigned char)*s) && s - *p < 3; s++)
        v = v * 10 + (*s - '0');
    if (s == *p || v > max)
        return false;
    *p = s;
    *out = v;
    return true;
}

/* [+|-]hh[:mm[:ss]] with hh at most max_hours, in seconds. */
static bool
rule_clock(const char **p, const char *end, long max_hours, long *out)
{
    const char *s = *p;
    long sign = 1, h, m = 0, sec = 0;
    if (s < end && (*s == '+' || *s == '-'))
        sign = *s++ == '-' ? -1 : 1;
    if (!rule_number(&s, end, max_hours, &h))
        return false;
    if (s < end && *s == ':' && (++s, !rule_number(&s, end, 59, &m)))
        return false;
    if (s < end && *s == ':' && (++s, !rule_number(&s, end, 59, &sec)))
        return false;
    *out = sign * (h * 3600 + m * 60 + sec);
    *p = s;
    return true;
}

static bool
rule_date(const char **p, const char *end, struct rule_day *r)
{
    const char *s = *p;
    long m = 0, w = 0, d;
    if (s < end && *s == 'M') {
        s++;
        if (!rule_number(&s, end, 12, &m) || m < 1 || s >= end || *s++ != '.' ||
            !rule_number(&s, end, 5, &w) || w < 1 || s >= end || *s++ != '.' ||
            !rule_number(&s, end, 6, &d))
            return false;
        r->kind = 'M';
    } else if (s < end && *s == 'J') {
        s++;
        if (!rule_number(&s, end, 365, &d) || d < 1)
            return false;
        r->kind = 'J';
    } else {
        if (!rule_number(&s, end, 365, &d))
            return false;
        r->kind = 'N';
    }
    r->m = (int)m;
    r->w = (int)w;
    r->d = (int)d;
    r->secs = 7200; /* 02:00 unless the rule says */
    /* Version 3 files may give -167..167 hours, for a change the day before
     * or after the date. */
    if (s < end && *s == '/' && (++s, !rule_clock(&s, end, 167, &r->secs)))
        return false;
    *p = s;
    return true;
}

/* "std offset [dst [offset] ,start[/time],end[/time]]"; offsets are west of
 * UTC in the text. A daylight name without dates is refused: zic always
 * writes them, and the C library's fallback for it is a file of its own. */
static bool
parse_rule(const char *s, const char *end, struct rule *r)
{
    long west;
    if (!rule_name(&s, end) || !rule_clock(&s, end, 24, &west))
        return false;
    r->std = -west;
    r->has_dst = false;
    if (s == end)
        return true;
    if (!rule_name(&s, end))
        return false;
    r->has_dst = true;
    r->dst = r->std + 3600;
    if (s < end && *s != ',') {
        if (!rule_clock(&s, end, 24, &west))
            return false;
        r->dst = -west;
    }
    if (s >= end || *s++ != ',' || !rule_date(&s, end, &r->start) || s >= end || *s++ != ',' ||
        !rule_date(&s, end, &r->end))
        return false;
    return s == end;
}

/* The instant of change r in year, whose local time is read at offset. */
static int64_t
rule_change(const struct rule_day *r, int year, long offset)
{
    int64_t jan1 = sltime_days_from_civil(year, 1, 1), day;
    if (r->kind == 'J') {
        day = jan1 + r->d - 1 + (r->d >= 60 && sltime_days_in_month(year, 2) == 29);
    } else if (r->kind == 'N') {
        day = jan1 + r->d;
    } else {
        int64_t first = sltime_days_from_civil(year, r->m, 1);
        int weekday = (int)(((first + 4) % 7 + 7) % 7); /* 1970-01-01 was a Thursday */
        int d = (r->d - weekday + 7) % 7 + 7 * (r->w - 1);
        while (d >= sltime_days_in_month(year, r->m))
            d -= 7;
        day = first + d;
    }
    return day * 86400 + r->secs - offset;
}

static long
rule_offset(const struct rule *r, int64_t t)
{
    if (!r->has_dst)
        return r->std;
    struct sl_civil utc;
    sltime_to_civil(t, NULL, &utc, NULL);
    int64_t start = rule_change(&r->start, utc.year, r->std);
    int64_t end = rule_change(&r->end, utc.year, r->dst);
    /* In the southern hemisphere daylight time ends early in the year. */
    bool dst = start > end ? t < end || t >= start : t >= start && t < end;
    return dst ? r->dst : r->std;
}

static enum sl_status
read_footer(struct tzfile *z, const unsigned char *p, size_t len, const char **why)
{
    const char *s = (const char *)p, *nl;
    if (len < 2 || s[0] != '\n' || !(nl = memchr(s + 1, '\n', len - 1)))
        return fail(why, NOT_A_ZONE_FILE);
    if (nl == s + 1)
        return SL_OK; /* no rule: the last transition's type holds for ever */
    if (!parse_rule(s + 1, nl, &z->rule))
        return fail(why, "zone file with a rule in its footer that cannot be read");
    if (labs(z->rule.std) > TZFILE_MAX_OFFSET ||
        (z->rule.has_dst && labs(z->rule.dst) > TZFILE_MAX_OFFSET))
        return fail(why, "an offset more than 18 hours from UTC");
    z->has_rule = true;
    return SL_OK;
}

enum sl_status
tzfile_parse(const unsigned char *data, size_t len, struct tzfile **out, const char **why)
{
    struct counts c;
    int version;
    size_t at = 0;
    enum sl_status rc;
    *out = NULL;
    struct tzfile *z = calloc(1, sizeof *z);
    if (!z)
        return SL_ERR_NOMEM;
    rc = fail(why, NOT_A_ZONE_FILE);
    if (!read_header(data, len, &at, &version, &c) || block_bytes(&c, 4) > len - at)
        goto out;
    if (version == 0) {
        rc = read_block(z, data + at, &c, 4, why);
        goto out;
    }
    /* Version 2 and later repeat the data with 64-bit times after the first
     * block, then give the rule for times after the last transition. */
    at += block_bytes(&c, 4);
    if (!read_header(data, len, &at, &version, &c) || block_bytes(&c, 8) > len - at)
        goto out;
    if ((rc = read_block(z, data + at, &c, 8, why)))
        goto out;
    at += block_bytes(&c, 8);
    rc = read_footer(z, data + at, len - at, why);
out:
    if (rc) {
        tzfile_free(z);
        return rc;
    }
    *out = z;
    return SL_OK;
}

/* Reads the whole regular file at path into a new buffer. */
static enum sl_status
read_file(const char *path, unsigned char **buf, size_t *len, const char **why)
{
    enum sl_status rc = SL_OK;
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    *buf = NULL;
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR || errno == ENAMETOOLONG)
            return fail(why, "unknown time zone");
        *why = "the zone file cannot be read";
        return SL_ERR_IO;
    }
    if (fstat(fd, &st)) {
        *why = "the zone file cannot be read";
        rc = SL_ERR_IO;
        goto out;
    }
    if (S_ISDIR(st.st_mode)) {
        rc = fail(why, "a folder of zones, not a zone");
        goto out;
    }
    if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size > TZFILE_MAX_BYTES) {
        rc = fail(why, NOT_A_ZONE_FILE);
        goto out;
    }
    if (!(*buf = malloc(st.st_size ? (size_t)st.st_size : 1))) {
        rc = SL_ERR_NOMEM;
        goto out;
    }
    *len = 0;
    while (*len < (size_t)st.st_size) {
        ssize_t n = read(fd, *buf + *len, (size_t)st.st_size - *len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            *why = "the zone file cannot be read";
            rc = SL_ERR_IO;
            goto out;
        }
        *len += (size_t)n;
    }
out:
    close(fd);
    if (rc) {
        free(*buf);
        *buf = NULL;
    }
    return rc;
}

enum sl_status
tzfile_load(const char *dir, const char *name, struct tzfile **out, const char **why)
{
    char path[1024];
    unsigned char *buf;
    size_t len;
    *out = NULL;
    if (!*name || name[0] == '/' || strstr(name, "..") || strlen(name) > 200 ||
        (size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path)
        return fail(why, "unknown time zone");
    enum sl_status rc = read_file(path, &buf, &len, why);
    if (rc)
        return rc;
    rc = tzfile_parse(buf, len, out, why);
    free(buf);
    return rc;
}

long
tzfile_offset(const struct tzfile *z, int64_t t)
{
    if (z->ntimes == 0 || t < z->times[0])
        return z->before;
    if (t >= z->times[z->ntimes - 1])
        return z->has_rule ? rule_offset(&z->rule, t) : z->offsets[z->types[z->ntimes - 1]];
    size_t lo = 0, hi = z->ntimes - 1; /* times[lo] <= t < times[hi] */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (z->times[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    return z->offsets[z->types[lo]];
}

void
tzfile_free(struct tzfile *z)
{
    if (!z)
        return;
    free(z->times);
    free(z->types);
    free(z->offsets);
    free(z);
}
