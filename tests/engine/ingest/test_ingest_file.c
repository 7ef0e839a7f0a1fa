/* test_ingest_file.c — the ingest protocol (engine/ingest/ingest_file.c): a
 * file stored once however often it is ingested, all of it or nothing, its
 * format chosen by the caller or the caller's detect, and refused when it
 * changes under the reader. The parser is the test's own "lines" format, so
 * the protocol is tested apart from the real parsers. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

#include "engine/ingest/ingest_file.h"
#include "engine/base/strbuf.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */

static struct fixture fx;
static struct sl_diag diag;

static void
setup(void)
{
    fixture_open(&fx);
    memset(&diag, 0, sizeof diag);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(ingest_file, .init = setup, .fini = teardown);

/* Appends text to the file being read, as a writer that is not done would. */
static void
grow(const char *path)
{
    FILE *f = fopen(path, "ab");
    cr_assert_not_null(f);
    fputs("late\n", f);
    cr_assert_eq(fclose(f), 0);
}

/* Rewrites the first byte with itself and sets the mtime back: size and
 * mtime are as before, only the change time moved. */
static void
rewrite_in_place(const char *path)
{
    struct stat before;
    cr_assert_eq(stat(path, &before), 0);
    FILE *f = fopen(path, "r+b");
    cr_assert_not_null(f);
    int c = fgetc(f);
    cr_assert_eq(fseek(f, 0, SEEK_SET), 0);
    fputc(c, f);
    cr_assert_eq(fclose(f), 0);
    struct timespec times[2] = {before.st_atim, before.st_mtim};
    cr_assert_eq(utimensat(AT_FDCWD, path, times, 0), 0);
}

/* The "lines" format: one incident a line, named by the line's text;
 * "reject" is a record that cannot be used, "garbage" means the file is not
 * this format at all, "grow" and "rewrite" change the file being read. */
static enum sl_status
lines_parse(struct ingest *ing, FILE *f)
{
    char line[128];
    long n = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        line[strcspn(line, "\n")] = '\0';
        enum sl_status s = SL_OK;
        if (!strcmp(line, "garbage"))
            return diag_set(ing->diag, SL_ERR_INPUT, ing->path, n, "not a lines file");
        if (!strcmp(line, "grow"))
            grow(ing->path);
        else if (!strcmp(line, "rewrite"))
            rewrite_in_place(ing->path);
        if (!strcmp(line, "reject")) {
            s = ingest_reject(ing, n, "a reject", line, strlen(line));
        } else {
            struct incident inc = {.key = line,
                                   .entity = ing->entity ? ing->entity : "provider:acme",
                                   .service = ing->service,
                                   .title = line,
                                   .started = T + n,
                                   .line = n};
            inc.detected = inc.acknowledged = inc.mitigated = inc.resolved = SLTIME_NONE;
            s = ingest_incident(ing, &inc);
        }
        if (s)
            return s;
    }
    return SL_OK;
}

static const struct ingest_file_options lines = {.format = {.name = "lines", .parse = lines_parse}};

/* What detect was shown, and whether it recognises anything. */
static size_t detect_len;
static char detect_first;
static bool detect_recognises;
static const char *detect_says; /* the format's detects, NULL for none */

static bool
lines_detect(const char *head, size_t len, struct ingest_file_format *out)
{
    detect_len = len;
    detect_first = len ? head[0] : '\0';
    if (detect_recognises)
        *out = (struct ingest_file_format){
            .name = "lines-detected", .parse = lines_parse, .detects = detect_says};
    return detect_recognises;
}

static long
count(const char *sql)
{
    return fixture_count(&fx, sql);
}

Test(ingest_file, stored_once_however_often_ingested)
{
    char path[512];
    static const char text[] = "INC-1\nINC-2\nreject\nINC-3\n";
    fixture_write(&fx, "a.lines", text, strlen(text), path);
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert_not(res.already);
    cr_assert_str_eq(res.format, "lines");
    cr_assert_eq(res.bytes, (long long)strlen(text));
    cr_assert_eq(strlen(res.sha256), 64);
    cr_assert_eq(res.counts.read, 4);
    cr_assert_eq(res.counts.stored, 3);
    cr_assert_eq(res.counts.rejected, 1);
    cr_assert_eq(res.shown[0].line, 3);
    cr_assert_str_eq(res.shown[0].reason, "a reject");

    char sha[65];
    memcpy(sha, res.sha256, sizeof sha);
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert(res.already, "the same bytes are known by their SHA-256");
    cr_assert_str_eq(res.sha256, sha);
    cr_assert_eq(res.counts.read, 0, "the file is not read again");

    /* The same bytes under another name are the same file. */
    char copy[512];
    fixture_write(&fx, "copy.lines", text, strlen(text), copy);
    cr_assert_eq(ingest_file(fx.st, copy, &lines, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert(res.already);

    cr_assert_eq(count("SELECT count(*) FROM sources"), 1);
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 3);
    cr_assert_eq(count("SELECT count(*) FROM rejects"), 1);
    struct fx_sources src;
    fixture_sources(&fx, &src);
    cr_assert_eq(src.n, 1);
    cr_assert_str_eq(src.v[0].format, "lines");
    cr_assert_str_eq(src.v[0].sha256, sha);
    cr_assert_eq(src.v[0].counts.stored, 3);
    cr_assert_eq(src.v[0].counts.rejected, 1);
}

Test(ingest_file, parse_error_rolls_back_and_stores_nothing)
{
    char path[512];
    static const char text[] = "INC-1\nINC-2\nreject\ngarbage\nINC-3\n";
    fixture_write(&fx, "bad.lines", text, strlen(text), path);
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_ERR_INPUT);
    cr_assert(res.rolled_back);
    cr_assert_str_eq(diag.message, "not a lines file");
    cr_assert_eq(diag.line, 4);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 0);
    cr_assert_eq(count("SELECT count(*) FROM rejects"), 0);

    /* Nothing was recorded: the same bytes are read again, not "already". */
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_ERR_INPUT);
    cr_assert_not(res.already);
}

Test(ingest_file, a_file_that_grows_while_read_is_refused)
{
    char path[512];
    static const char text[] = "INC-1\ngrow\nINC-2\n";
    fixture_write(&fx, "growing.lines", text, strlen(text), path);
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_ERR_INPUT);
    cr_assert(res.rolled_back);
    cr_assert(strstr(diag.message, "the file changed while it was read"), "%s", diag.message);
    cr_assert_str_eq(diag.file, path);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 0);
}

/* Size and mtime as before: the change time still gives the write away. */
Test(ingest_file, a_rewrite_that_restores_the_mtime_is_refused)
{
    char path[512];
    static const char text[] = "INC-1\nrewrite\nINC-2\n";
    fixture_write(&fx, "rewritten.lines", text, strlen(text), path);
    /* Let the clock move past the file's change time (it is coarse). */
    nanosleep(&(struct timespec){0, 30 * 1000 * 1000}, NULL);
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_ERR_INPUT);
    cr_assert(strstr(diag.message, "the file changed while it was read"), "%s", diag.message);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 0);
}

Test(ingest_file, detect_sees_the_head_and_names_the_format)
{
    char path[512];
    static const char text[] = "INC-7\n";
    fixture_write(&fx, "d.lines", text, strlen(text), path);
    struct ingest_file_options opt = {.detect = lines_detect, .entity = "team:ops"};
    struct ingest_file_result res;
    detect_recognises = true;
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(detect_len, strlen(text));
    cr_assert_eq(detect_first, 'I');
    cr_assert_str_eq(res.format, "lines-detected");
    cr_assert_eq(res.counts.stored, 1, "the file is read from its start after detection");
    cr_assert_eq(count("SELECT count(*) FROM incidents WHERE entity = 'team:ops'"), 1);
    struct fx_sources src;
    fixture_sources(&fx, &src);
    cr_assert_str_eq(src.v[0].format, "lines-detected");
}

Test(ingest_file, an_unrecognised_file_leaves_the_store_untouched)
{
    char path[512];
    static const char text[] = "what is this\n";
    fixture_write(&fx, "u.txt", text, strlen(text), path);
    struct ingest_file_options opt = {.detect = lines_detect};
    struct ingest_file_result res;
    detect_recognises = false;
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_ERR_INPUT);
    cr_assert(res.unrecognised);
    cr_assert_not(res.rolled_back);
    cr_assert_null(res.format);
    cr_assert_eq(diag.line, 1);
    cr_assert_str_eq(diag.message, "format not recognised");
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
}

Test(ingest_file, a_missing_file_is_an_io_error)
{
    char path[600];
    snprintf(path, sizeof path, "%s/none.lines", fx.dir);
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_ERR_IO);
    cr_assert_not(res.rolled_back);
    cr_assert_not(res.unrecognised);
    cr_assert(strstr(diag.message, "cannot open"), "%s", diag.message);
}

Test(ingest_file, a_dry_run_counts_and_keeps_nothing)
{
    char path[512];
    static const char text[] = "INC-1\nINC-2\nreject\n";
    fixture_write(&fx, "dry.lines", text, strlen(text), path);
    struct ingest_file_options opt = lines;
    opt.dry_run = true;
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(res.counts.stored, 2);
    cr_assert_eq(res.counts.rejected, 1);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 0);
    cr_assert_eq(count("SELECT count(*) FROM rejects"), 0);
    /* and the real run afterwards stores it */
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert_not(res.already);
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 2);
}

/* The progress callback: every INGEST_PROGRESS_EVERY records, with how far
 * into the file the parser is. */
static long progress_calls, progress_records;
static long long progress_offset, progress_bytes;

static void
progress(void *ctx, long long offset, long long bytes, long records)
{
    (void)ctx;
    progress_calls++;
    progress_offset = offset;
    progress_bytes = bytes;
    progress_records = records;
}

Test(ingest_file, progress_is_told_the_position)
{
    char path[512];
    struct strbuf sb = STRBUF_INIT;
    for (long i = 0; i < INGEST_PROGRESS_EVERY + 10; i++)
        cr_assert_eq(strbuf_addf(&sb, "INC-%ld\n", i), SL_OK);
    fixture_write(&fx, "long.lines", sb.buf, sb.len, path);
    struct ingest_file_options opt = lines;
    opt.progress = progress;
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(progress_calls, 1);
    cr_assert_eq(progress_records, INGEST_PROGRESS_EVERY);
    cr_assert_eq(progress_bytes, (long long)sb.len);
    cr_assert_gt(progress_offset, 0);
    cr_assert_leq(progress_offset, progress_bytes);
    strbuf_release(&sb);
}

Test(ingest_file, a_commitment_document_is_stored_once)
{
    char path[512];
    static const char text[] = "# Acme SLA\n99.9 % a month\n";
    fixture_write(&fx, "sla.md", text, strlen(text), path);
    struct commitment c = {.entity = "provider:acme",
                           .kind = "sla",
                           .effective_from = SLTIME_NONE,
                           .document = "Acme SLA",
                           .terms = "{}"};
    bool already = true, replaced = true;
    cr_assert_eq(
        ingest_file_commitment(fx.st, path, "sla-document", &c, &already, &replaced, &diag), SL_OK,
        "%s", diag.message);
    cr_assert_not(already);
    cr_assert_not(replaced);
    cr_assert_eq(
        ingest_file_commitment(fx.st, path, "sla-document", &c, &already, &replaced, &diag), SL_OK,
        "%s", diag.message);
    cr_assert(already);
    cr_assert_eq(count("SELECT count(*) FROM sources WHERE format = 'sla-document'"), 1);
    cr_assert_eq(count("SELECT count(*) FROM commitments"), 1);
    struct fx_sources src;
    fixture_sources(&fx, &src);
    cr_assert_eq(src.v[0].counts.read, 1);
    cr_assert_eq(src.v[0].counts.stored, 1);

    char missing[600];
    snprintf(missing, sizeof missing, "%s/none.md", fx.dir);
    cr_assert_eq(
        ingest_file_commitment(fx.st, missing, "sla-document", &c, &already, &replaced, &diag),
        SL_ERR_IO);
    cr_assert(strstr(diag.message, "cannot read"), "%s", diag.message);
}

Test(ingest_file, a_file_of_no_records_is_refused_and_recorded_nowhere)
{
    char path[512];
    fixture_write(&fx, "empty.lines", "", 0, path);
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_ERR_INPUT);
    cr_assert(res.rolled_back);
    cr_assert(strstr(diag.message, "no records: nothing in the file reads as lines (--format)"),
              "%s", diag.message);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);

    /* Detected rather than chosen: the message does not blame --format. */
    struct ingest_file_options opt = {.detect = lines_detect};
    detect_recognises = true;
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_ERR_INPUT);
    cr_assert_str_eq(diag.message, "no records: nothing in the file reads as lines-detected");
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);

    /* A format that says what detection saw: the message names the mismatch. */
    detect_says = "text with a line in it";
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_ERR_INPUT);
    detect_says = NULL;
    cr_assert_str_eq(diag.message, "no records: the file looked like lines-detected (text with a "
                                   "line in it), but nothing in it reads as lines-detected's "
                                   "records; give --format if it is another");
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
}

Test(ingest_file, a_file_whose_every_record_is_rejected_is_not_recorded)
{
    char path[512];
    static const char text[] = "reject\nreject\n";
    fixture_write(&fx, "rejects.lines", text, strlen(text), path);
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_ERR_INPUT);
    cr_assert_str_eq(diag.message, "nothing stored: all 2 records read as lines were rejected");
    cr_assert_eq(res.counts.rejected, 2, "the rejects are still there to be shown");
    cr_assert_str_eq(res.shown[0].reason, "a reject");
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
    cr_assert_eq(count("SELECT count(*) FROM rejects"), 0);
}

static bool lines_parsed;

static enum sl_status
lines_parse_noted(struct ingest *ing, FILE *f)
{
    lines_parsed = true;
    return lines_parse(ing, f);
}

Test(ingest_file, a_format_that_needs_an_entity_is_refused_before_reading)
{
    char path[512];
    static const char text[] = "INC-1\n";
    fixture_write(&fx, "e.lines", text, strlen(text), path);
    struct ingest_file_options opt = {
        .format = {.name = "lines", .parse = lines_parse_noted, .needs_entity = true}};
    struct ingest_file_result res;
    lines_parsed = false;
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_ERR_INPUT);
    cr_assert_not(lines_parsed, "nothing of the file was read");
    cr_assert_not(res.rolled_back);
    cr_assert(strstr(diag.message, "no entity: lines files name none; give --entity"), "%s",
              diag.message);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 0);
    opt.entity = "team:ops";
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert(lines_parsed);
}

Test(ingest_file, replace_forgets_the_old_file_of_the_same_path)
{
    char path[512];
    static const char old_text[] = "INC-1\nINC-2\nreject\n";
    fixture_write(&fx, "r.lines", old_text, strlen(old_text), path);
    struct ingest_file_result res;
    cr_assert_eq(ingest_file(fx.st, path, &lines, &res, &diag), SL_OK, "%s", diag.message);
    static const char new_text[] = "INC-3\n";
    fixture_write(&fx, "r.lines", new_text, strlen(new_text), path);
    struct ingest_file_options opt = lines;
    opt.replace = true;
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(res.forgotten.sources, 1);
    cr_assert_eq(res.forgotten.incidents, 2);
    cr_assert_eq(res.forgotten.rejects, 1);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 1);
    cr_assert_eq(count("SELECT count(*) FROM incidents"), 1);
    cr_assert_eq(count("SELECT count(*) FROM incidents WHERE key = 'INC-3'"), 1);
    cr_assert_eq(count("SELECT count(*) FROM rejects"), 0);

    /* The same bytes again with --replace are read again, not "already". */
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_OK, "%s", diag.message);
    cr_assert_not(res.already);
    cr_assert_eq(res.counts.stored, 1);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 1);

    /* A replacement that fails keeps what was there. */
    static const char bad[] = "INC-4\ngarbage\n";
    fixture_write(&fx, "r.lines", bad, strlen(bad), path);
    cr_assert_eq(ingest_file(fx.st, path, &opt, &res, &diag), SL_ERR_INPUT);
    cr_assert_eq(count("SELECT count(*) FROM sources"), 1);
    cr_assert_eq(count("SELECT count(*) FROM incidents WHERE key = 'INC-3'"), 1);
}
