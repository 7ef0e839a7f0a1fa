/* line_pattern.c — user-defined line formats: --config FILE names a PCRE2
 * pattern whose named groups are fields (parsers/fieldmap.h), so any log of
 * one record per line can be read without code. The pattern is JIT-compiled
 * and each line is matched under a budget for the whole line
 * (regex_search_budget in engine/base/regex.h) and PCRE2's depth limit; a
 * line longer than LINE_PATTERN_MAX_LINE is not matched at all. A line that
 * spends its budget is rejected with the reason; after
 * LINE_PATTERN_MAX_SPENT such lines the file stops (the pattern is the
 * trouble, not the lines), so a pattern that backtracks without end costs a
 * bounded time per line and per file instead of hanging.
 * A line the pattern does not match is rejected; blank lines are skipped.
 * Time groups take RFC 3339 or epoch seconds, or a log stamp (syslog with
 * --year, dmesg -T; parsers/logstamp.h). Chosen with --config, never
 * detected. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/regex.h"
#include "parsers/read/fieldmap.h"
#include "parsers/read/lines.h"
#include "parsers/read/logstamp.h"
#include "parsers/formats/registry.h"

#define VALUE_MAX 1024
/* The longest line a user's pattern is matched against. */
#define LINE_PATTERN_MAX_LINE ((size_t)64 << 10)
/* Lines that may spend their match budget before the file stops. */
#define LINE_PATTERN_MAX_SPENT 100

static bool
is_time_field(int f)
{
    return f == FM_STARTED || f == FM_DETECTED || f == FM_ACKNOWLEDGED || f == FM_MITIGATED ||
           f == FM_RESOLVED || f == FM_TIME;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct fieldmap fm;
    struct regex *re = NULL;
    struct lines r;
    struct logstamp ls;
    int group[FM_COUNT];
    char(*buf)[VALUE_MAX] = NULL;
    enum lines_result got;
    const char *line;
    size_t len;
    long spent = 0;
    lines_init(&r, f, LINE_PATTERN_MAX_LINE);
    logstamp_init(&ls, f);
    enum sl_status rc = fieldmap_load(&fm, ing->config, ing->map, ing->diag);
    if (rc)
        goto out;
    if (!fm.pattern) {
        rc = diag_set(ing->diag, SL_ERR_USAGE, ing->config ? ing->config : ing->path, 0,
                      "the line-pattern format needs --config FILE with a pattern");
        goto out;
    }
    if ((rc = regex_compile(fm.pattern, ing->regex_flags, &re, ing->diag))) {
        snprintf(ing->diag->file, sizeof ing->diag->file, "%s", ing->config);
        ing->diag->line = fm.pattern_line;
        rc = SL_ERR_USAGE;
        goto out;
    }
    int named = 0;
    for (int i = 0; i < FM_COUNT; i++) {
        group[i] = regex_group(re, fm.path[i] ? fm.path[i] : fieldmap_name((enum fm_field)i));
        if (fm.path[i] && group[i] < 0) {
            rc = diag_set(ing->diag, SL_ERR_USAGE, ing->config, fm.pattern_line,
                          "field %s names group '%s', which the pattern does not have",
                          fieldmap_name((enum fm_field)i), fm.path[i]);
            goto out;
        }
        named += group[i] >= 0;
    }
    if (!named) {
        rc = diag_set(ing->diag, SL_ERR_USAGE, ing->config, fm.pattern_line,
                      "the pattern has no named group for any field (e.g. (?<time>...))");
        goto out;
    }
    if (!(buf = calloc(FM_COUNT, sizeof *buf))) {
        rc = diag_set(ing->diag, SL_ERR_NOMEM, ing->path, 0, "out of memory");
        goto out;
    }
    struct sl_diag d; /* a match's error; cleared per line, not zeroed whole */
    while (!rc && (got = lines_next(&r, &line, &len)) != LINES_END) {
        if (got == LINES_IO) {
            rc = lines_read_error(&r, ing->path, ing->diag);
            break;
        }
        if (got == LINES_TOO_LONG) {
            rc = ingest_reject(ing, r.number,
                               "line longer than 64 KiB, the longest a pattern is matched against",
                               line, len);
            continue;
        }
        if (strspn(line, " \t") == len)
            continue;
        bool found;
        struct regex_match m;
        d.message[0] = '\0';
        enum sl_status mrc = regex_search_budget(re, line, len, &found, &m, &d);
        if (mrc == SL_ERR_LIMIT && ++spent >= LINE_PATTERN_MAX_SPENT) {
            rc = diag_set(ing->diag, SL_ERR_LIMIT, ing->path, r.number,
                          "the pattern ran out of its match budget on %ld lines, the most one "
                          "file may: it backtracks too much on this input; anchor it or make it "
                          "less ambiguous",
                          spent);
            break;
        }
        if (mrc || !found) {
            rc = ingest_reject(ing, r.number,
                               mrc ? d.message : "the line does not match the pattern", line, len);
            continue;
        }
        const char *values[FM_COUNT] = {0};
        char bad[VALUE_MAX + 128] = "";
        for (int i = 0; i < FM_COUNT; i++) {
            /* A user's pattern may have more groups than struct
             * regex_match holds: read them from the pattern's own match
             * data. */
            size_t start, end;
            if (group[i] < 0 || !regex_match_span(&m, group[i], &start, &end))
                continue;
            lines_copy(buf[i], VALUE_MAX, line + start, end - start);
            values[i] = buf[i];
            int64_t t;
            const char *why;
            size_t rest;
            if (!is_time_field(i))
                continue;
            /* A time ingest_time reads goes on as text: fieldmap_emit reads
             * it again (from the hour it just cached) and counts it when it
             * has no offset, so this first reading must not count it too.
             * Only a log stamp it cannot read becomes epoch seconds. */
            size_t n = strlen(buf[i]);
            long naive = ing->naive_timestamps;
            if (ingest_time(ing, buf[i], n, &t, &why) == SL_OK)
                ing->naive_timestamps = naive;
            else if (!logstamp_read(&ls, ing, buf[i], n, &t, &rest, NULL, 0, &why))
                snprintf(buf[i], VALUE_MAX, "%lld", (long long)t);
            else if (why != logstamp_no_stamp && !bad[0]) /* a log stamp, out of place */
                snprintf(bad, sizeof bad, "bad %s%s '%.60s': %s", fieldmap_name((enum fm_field)i),
                         i == FM_TIME ? "" : " time", buf[i], why);
        }
        rc = bad[0] ? ingest_reject(ing, r.number, bad, line, len)
                    : fieldmap_emit(ing, &fm, values, r.number, line, len);
    }
out:
    free(buf);
    regex_free(re);
    fieldmap_release(&fm);
    lines_release(&r);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    (void)head;
    (void)len;
    return 0;
}

const struct parser parser_line_pattern = {
    "line-pattern",
    "any one-record-per-line text, read with the PCRE2 pattern of --config FILE: named "
    "groups are fields (time, status, service; or key, title, severity, started, resolved, "
    "...)",
    "never detected: chosen by --config with a pattern, or --format line-pattern",
    sniff,
    parse,
};
