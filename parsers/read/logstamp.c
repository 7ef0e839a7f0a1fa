/* logstamp.c — time stamps at the start of log lines (see logstamp.h). */
#include "parsers/read/logstamp.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "engine/time/sltime.h"

void
logstamp_init(struct logstamp *ls, FILE *f)
{
    struct stat st;
    struct sl_civil now;
    long off;
    memset(ls, 0, sizeof *ls);
    sltime_to_civil(fstat(fileno(f), &st) ? 0 : (int64_t)st.st_mtime, NULL, &now, &off);
    ls->file_year = now.year;
    ls->file_month = now.month;
}

int
logstamp_month(const char *s, size_t len)
{
    static const char names[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    if (len < 3)
        return 0;
    for (int i = 0; i < 12; i++)
        if (!strncmp(s, names + 3 * i, 3))
            return i + 1;
    return 0;
}

int
logstamp_syslog_year(struct logstamp *ls, const struct ingest *ing, int month)
{
    if (!ls->year)
        ls->year = ing->year ? ing->year : ls->file_year - (month > ls->file_month ? 1 : 0);
    else if (month < ls->last_month)
        ls->year++;
    ls->last_month = month;
    return ls->year;
}

static bool
digits(const char *s, size_t len, size_t at, size_t n, int *out)
{
    int v = 0;
    if (at + n > len)
        return false;
    for (size_t i = at; i < at + n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

/* "HH:MM:SS" at s[at]. */
static bool
clock_at(const char *s, size_t len, size_t at, struct sl_civil *c)
{
    return digits(s, len, at, 2, &c->hour) && at + 8 <= len && s[at + 2] == ':' &&
           digits(s, len, at + 3, 2, &c->minute) && s[at + 5] == ':' &&
           digits(s, len, at + 6, 2, &c->second);
}

/* "Mon DD HH:MM:SS" at s[at] (day padded with a space or not); returns the
 * offset after it, 0 when it is not there. */
static size_t
month_day_clock(const char *s, size_t len, size_t at, struct sl_civil *c)
{
    c->month = logstamp_month(s + at, len - at);
    if (!c->month || at + 4 > len || s[at + 3] != ' ')
        return 0;
    size_t p = at + 4;
    if (p < len && s[p] == ' ')
        p++;
    size_t d = p;
    while (p < len && p - d < 2 && s[p] >= '0' && s[p] <= '9')
        p++;
    if (p == d || !digits(s, len, d, p - d, &c->day) || p >= len || s[p] != ' ' ||
        !clock_at(s, len, p + 1, c))
        return 0;
    return p + 9;
}

/* Minutes and seconds into its hour of "YYYY-MM-DDTHH:MM:SS" with an
 * optional fraction and nothing after it (no offset: read in the zone), or
 * -1 when the stamp has another shape or a leap second (those go the long
 * way). */
static int
seconds_into_hour(const char *s, size_t n)
{
    int minute, second;
    if (n < 19 || s[13] != ':' || s[16] != ':' || !digits(s, n, 14, 2, &minute) ||
        !digits(s, n, 17, 2, &second) || minute > 59 || second > 59)
        return -1;
    if (n > 19) {
        if ((s[19] != '.' && s[19] != ',') || n == 20)
            return -1;
        for (size_t i = 20; i < n; i++)
            if (s[i] < '0' || s[i] > '9')
                return -1;
    }
    return minute * 60 + second;
}

/* An ISO stamp s[0..n) as sltime_parse() reads it; a stamp in the hour of the
 * one before is read by arithmetic from it (in UTC an hour's instants are its
 * first plus minutes and seconds), which is most of a log's lines. */
static enum sl_status
iso_stamp(struct logstamp *ls, struct ingest *ing, const char *s, size_t n, int64_t *t,
          const char **why)
{
    int into = ing->zone ? -1 : seconds_into_hour(s, n);
    if (into >= 0 && ls->hour_valid && !memcmp(s, ls->hour, sizeof ls->hour)) {
        *t = ls->hour_start + into;
        ing->naive_timestamps++;
        return SL_OK;
    }
    bool had;
    if (sltime_parse(s, n, ing->zone, t, &had, why))
        return SL_ERR_INPUT;
    if (!had)
        ing->naive_timestamps++;
    if (into >= 0) {
        memcpy(ls->hour, s, sizeof ls->hour);
        ls->hour_start = *t - into;
        ls->hour_valid = true;
    }
    return SL_OK;
}

static size_t
word(const char *s, size_t len, size_t at, char *out, size_t outlen)
{
    while (at < len && s[at] == ' ')
        at++;
    size_t b = at;
    while (at < len && s[at] != ' ')
        at++;
    if (outlen)
        snprintf(out, outlen, "%.*s", (int)(at - b < outlen ? at - b : outlen - 1), s + b);
    return at;
}

const char logstamp_no_stamp[] = "no time stamp at the start of the line";

/* A stamp without an offset, read in the input's zone: an instant only
 * inside the range (a year the stamp writes or the turns of the year
 * reach may lie outside it). */
static enum sl_status
civil_stamp(struct ingest *ing, const struct sl_civil *c, int64_t *t, const char **why)
{
    if (c->year < SLTIME_MIN_YEAR || c->year > SLTIME_MAX_YEAR) {
        *why = "year out of range (1970-2200)";
        return SL_ERR_INPUT;
    }
    int64_t v = sltime_from_civil(c, ing->zone);
    if (!sltime_in_range(v)) {
        *why = SLTIME_RANGE_WHY;
        return SL_ERR_INPUT;
    }
    *t = v;
    ing->naive_timestamps++;
    return SL_OK;
}

enum sl_status
logstamp_read(struct logstamp *ls, struct ingest *ing, const char *line, size_t len, int64_t *t,
              size_t *rest, char *host, size_t hostlen, const char **why)
{
    struct sl_civil c = {0};
    int y;
    if (hostlen)
        host[0] = '\0';
    *why = logstamp_no_stamp;
    if (len && line[0] == '[') {
        const char *close = memchr(line, ']', len < 64 ? len : 64);
        if (!close)
            return SL_ERR_INPUT;
        size_t in = (size_t)(close - line);
        *rest = in + 1;
        size_t p = 1;
        while (p < in && line[p] == ' ')
            p++;
        if (digits(line, len, p, 4, &y) && p + 4 < in && line[p + 4] == '-')
            return iso_stamp(ls, ing, line + p, in - p, t, why);
        if (line[p] >= '0' && line[p] <= '9') { /* seconds since boot */
            char *end;
            char num[32];
            snprintf(num, sizeof num, "%.*s", (int)(in - p < 31 ? in - p : 31), line + p);
            double secs = strtod(num, &end);
            if (end == num || *end)
                return SL_ERR_INPUT;
            if (!ing->boot_time) {
                *why = "seconds since boot only: give --boot-time, run dmesg -T or use the "
                       "journal";
                return SL_ERR_INPUT;
            }
            if (!sltime_add_seconds(ing->boot_time, secs, t)) {
                *why = SLTIME_RANGE_WHY ": --boot-time plus the seconds since boot";
                return SL_ERR_INPUT;
            }
            return SL_OK;
        }
        /* dmesg -T: "[Sun Feb 23 16:24:18 2025]"; the weekday is optional */
        if (p + 4 <= in && line[p + 3] == ' ' && !logstamp_month(line + p, 3))
            p += 4;
        size_t q = month_day_clock(line, in, p, &c);
        if (!q || q >= in || line[q] != ' ' || !digits(line, in, q + 1, 4, &c.year))
            return SL_ERR_INPUT;
        return civil_stamp(ing, &c, t, why);
    }
    if (digits(line, len, 0, 4, &y) && len > 10 && line[4] == '-') {
        size_t end = 0;
        while (end < len && line[end] != ' ')
            end++;
        bool had;
        if (sltime_parse(line, end, ing->zone, t, &had, why))
            return SL_ERR_INPUT;
        if (!had)
            ing->naive_timestamps++;
        *rest = word(line, len, end, host, hostlen);
        return SL_OK;
    }
    size_t q = month_day_clock(line, len, 0, &c);
    if (q) {
        c.year = logstamp_syslog_year(ls, ing, c.month);
        if (civil_stamp(ing, &c, t, why))
            return SL_ERR_INPUT;
        *rest = word(line, len, q, host, hostlen);
        return SL_OK;
    }
    return SL_ERR_INPUT;
}

/* The named zones RFC 822 allows, with their offsets in hours. */
static const struct {
    const char *name;
    int hours;
} rfc822_zones[] = {{"UT", 0},   {"UTC", 0},  {"GMT", 0},  {"Z", 0},    {"EST", -5},
                    {"EDT", -4}, {"CST", -6}, {"CDT", -5}, {"MST", -7}, {"MDT", -6},
                    {"PST", -8}, {"PDT", -7}, {NULL, 0}};

enum sl_status
logstamp_rfc822(struct ingest *ing, const char *s, size_t len, int64_t *t, const char **why)
{
    char buf[80], mon[8] = "", zone[16] = "";
    struct sl_civil c = {0};
    int n = 0;
    *why = "not an RFC 822 date (Tue, 21 Oct 2025 12:28:19 +0000)";
    if (len >= sizeof buf)
        return SL_ERR_INPUT;
    memcpy(buf, s, len);
    buf[len] = '\0';
    const char *p = buf;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    const char *comma = strchr(p, ',');
    if (comma)
        p = comma + 1; /* the day of the week says nothing the date does not */
    if (sscanf(p, " %2d %3s %4d %2d:%2d%n", &c.day, mon, &c.year, &c.hour, &c.minute, &n) != 5)
        return SL_ERR_INPUT;
    p += n;
    if (*p == ':') {
        int sec, m = 0;
        if (sscanf(p, ":%2d%n", &sec, &m) != 1)
            return SL_ERR_INPUT;
        c.second = sec;
        p += m;
    }
    if (sscanf(p, " %15s", zone) != 1)
        zone[0] = '\0';
    if (c.year < 100) /* RFC 2822's reading of a two-digit year */
        c.year += c.year < 50 ? 2000 : 1900;
    c.month = logstamp_month(mon, strlen(mon));
    if (!c.month || c.day < 1 || c.day > sltime_days_in_month(c.year, c.month) || c.hour > 23 ||
        c.minute > 59 || c.second > 60) {
        *why = "RFC 822 date out of range";
        return SL_ERR_INPUT;
    }
    if (c.second == 60)
        c.second = 59;
    if (!zone[0])
        return civil_stamp(ing, &c, t, why);
    long offset = 0;
    bool known = false;
    if ((zone[0] == '+' || zone[0] == '-') && strlen(zone) == 5 &&
        strspn(zone + 1, "0123456789") == 4) {
        long hh = (zone[1] - '0') * 10 + (zone[2] - '0'),
             mm = (zone[3] - '0') * 10 + (zone[4] - '0');
        if (hh > 23 || mm > 59) {
            *why = "RFC 822 offset out of range";
            return SL_ERR_INPUT;
        }
        offset = (zone[0] == '-' ? -1 : 1) * (hh * 3600 + mm * 60);
        known = true;
    }
    for (size_t i = 0; !known && rfc822_zones[i].name; i++)
        if (!strcasecmp(zone, rfc822_zones[i].name)) {
            offset = rfc822_zones[i].hours * 3600L;
            known = true;
        }
    if (!known) {
        *why = "RFC 822 date with a zone that is not an offset (+0000) nor UT, GMT, EST..PDT";
        return SL_ERR_INPUT;
    }
    if (c.year < SLTIME_MIN_YEAR || c.year > SLTIME_MAX_YEAR) {
        *why = "year out of range (1970-2200)";
        return SL_ERR_INPUT;
    }
    int64_t v = sltime_from_civil(&c, NULL) - offset;
    if (!sltime_in_range(v)) {
        *why = SLTIME_RANGE_WHY;
        return SL_ERR_INPUT;
    }
    *t = v;
    return SL_OK;
}
