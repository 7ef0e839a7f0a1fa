/* test_csvfile.c — RFC 4180 records with line numbers (parsers/csvfile.c):
 * quoting, embedded newlines, CRLF, the BOM, blank lines, and every kind of
 * unreadable record (NUL byte, bad UTF-8, a 2 MiB line, broken or unclosed
 * quoting) coming back as CSV_BAD with reading going on after it. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/read/csvfile.h"

struct reader {
    FILE *f;
    struct csvfile *c;
};

static struct reader
open_mem(const void *data, size_t len)
{
    struct reader r;
    r.f = fmemopen((void *)(uintptr_t)data, len, "r");
    cr_assert_not_null(r.f);
    cr_assert_eq(csvfile_open(r.f, &r.c), SL_OK);
    return r;
}

static void
close_mem(struct reader *r)
{
    csvfile_free(r->c);
    fclose(r->f);
}

/* The next record must be CSV_RECORD on line `line` with nfields fields. */
static void
expect_record(struct reader *r, struct csv_record *rec, long line, size_t nfields)
{
    enum csv_next n = csvfile_next(r->c, rec);
    cr_assert_eq(n, CSV_RECORD, "expected a record at line %ld, got %d (%s)", line, n,
                 n == CSV_BAD ? rec->reason : "-");
    cr_assert_eq(rec->line, line, "record at line %ld, expected %ld", rec->line, line);
    cr_assert_eq(rec->nfields, nfields, "%zu fields, expected %zu", rec->nfields, nfields);
}

static void
expect_bad(struct reader *r, struct csv_record *rec, long line, const char *reason)
{
    enum csv_next n = csvfile_next(r->c, rec);
    cr_assert_eq(n, CSV_BAD, "expected a bad record at line %ld, got %d", line, n);
    cr_assert_eq(rec->line, line, "bad record at line %ld, expected %ld", rec->line, line);
    cr_assert_str_eq(rec->reason, reason);
}

static void
expect_end(struct reader *r)
{
    struct csv_record rec;
    cr_assert_eq(csvfile_next(r->c, &rec), CSV_END);
    cr_assert_eq(csvfile_status(r->c), SL_OK);
}

Test(csvfile, quoted_fields)
{
    static const char data[] = "a,b,c\n"
                               "\"x, y\",\"he said \"\"hi\"\"\",\"line1\n"
                               "line2\"\n"
                               "next,1,2\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 3);
    cr_assert_str_eq(rec.fields[0], "a");

    /* starts on line 2, ends on line 3 */
    expect_record(&r, &rec, 2, 3);
    cr_assert_str_eq(rec.fields[0], "x, y");
    cr_assert_str_eq(rec.fields[1], "he said \"hi\"");
    cr_assert_str_eq(rec.fields[2], "line1\nline2");
    cr_assert_eq(rec.lengths[2], 11);
    /* the raw text is the record as written, both lines */
    const char raw[] = "\"x, y\",\"he said \"\"hi\"\"\",\"line1\nline2\"";
    cr_assert_eq(rec.raw_len, sizeof raw - 1);
    cr_assert_eq(memcmp(rec.raw, raw, rec.raw_len), 0);

    /* the next record's number is right after the embedded newline */
    expect_record(&r, &rec, 4, 3);
    cr_assert_str_eq(rec.fields[0], "next");
    cr_assert_str_eq(rec.fields[2], "2");
    expect_end(&r);
    close_mem(&r);
}

Test(csvfile, empty_fields_and_trimming)
{
    static const char data[] = "  a , ,\" keep \"\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 3);
    cr_assert_str_eq(rec.fields[0], "a", "unquoted fields are trimmed");
    cr_assert_str_eq(rec.fields[1], "");
    cr_assert_eq(rec.lengths[1], 0);
    cr_assert_str_eq(rec.fields[2], " keep ", "quoted spaces are data");
    expect_end(&r);
    close_mem(&r);
}

Test(csvfile, crlf)
{
    static const char data[] = "a,b\r\n1,\"two\r\nlines\"\r\n3,4\r\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    cr_assert_str_eq(rec.fields[1], "b", "no \\r left on the last field");
    expect_record(&r, &rec, 2, 2);
    cr_assert_str_eq(rec.fields[0], "1");
    cr_assert_str_eq(rec.fields[1], "two\nlines");
    expect_record(&r, &rec, 4, 2);
    cr_assert_str_eq(rec.fields[1], "4");
    expect_end(&r);
    close_mem(&r);
}

Test(csvfile, bom_stripped)
{
    static const char data[] = "\xef\xbb\xbfid,title\nX,y\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    cr_assert_str_eq(rec.fields[0], "id");
    cr_assert_eq(rec.lengths[0], 2);
    cr_assert_eq(csvfile_column(&rec, "id"), 0);
    close_mem(&r);
}

Test(csvfile, blank_lines_skipped)
{
    static const char data[] = "a\n\n\n b \n\r\nc";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 1);
    expect_record(&r, &rec, 4, 1);
    cr_assert_str_eq(rec.fields[0], "b");
    expect_record(&r, &rec, 6, 1); /* a \r\n blank line is blank too */
    cr_assert_str_eq(rec.fields[0], "c");
    expect_end(&r);
    close_mem(&r);
}

Test(csvfile, blank_line_inside_quotes_is_data)
{
    static const char data[] = "\"a\n\nb\",x\nnext\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    cr_assert_str_eq(rec.fields[0], "a\n\nb");
    expect_record(&r, &rec, 4, 1);
    close_mem(&r);
}

Test(csvfile, nul_byte)
{
    static const char data[] = "a,b\n1,\0,2\n3,4\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    expect_bad(&r, &rec, 2, "NUL byte in the line");
    cr_assert_eq(rec.raw_len, 5, "the raw line is kept, NUL and all");
    expect_record(&r, &rec, 3, 2);
    cr_assert_str_eq(rec.fields[0], "3");
    expect_end(&r);
    close_mem(&r);
}

Test(csvfile, invalid_utf8)
{
    static const char data[] = "a,b\nx\xff,y\n\xc3\xa9,ok\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    expect_bad(&r, &rec, 2, "bytes that are not UTF-8");
    expect_record(&r, &rec, 3, 2);
    cr_assert_str_eq(rec.fields[0], "é");
    expect_end(&r);
    close_mem(&r);
}

Test(csvfile, two_mib_line)
{
    /* header, a 2 MiB line, then a normal record: the long one is CSV_BAD with
     * at most 256 bytes of raw text kept, and the next one reads as line 3. */
    size_t big = (size_t)2 << 20;
    size_t len = 4 + big + 1 + 4;
    char *data = malloc(len);
    memcpy(data, "a,b\n", 4);
    memset(data + 4, 'x', big);
    data[4 + big] = '\n';
    memcpy(data + 4 + big + 1, "1,2\n", 4);
    struct reader r = open_mem(data, len);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    expect_bad(&r, &rec, 2, "record longer than 1 MiB");
    cr_assert_leq(rec.raw_len, 256);
    expect_record(&r, &rec, 3, 2);
    cr_assert_str_eq(rec.fields[0], "1");
    cr_assert_str_eq(rec.fields[1], "2");
    expect_end(&r);
    close_mem(&r);
    free(data);
}

Test(csvfile, quoted_record_over_the_cap)
{
    /* many short lines inside one quoted field add up past 1 MiB */
    size_t nlines = 20000, per = 60;
    size_t len = 6 + nlines * per + 16;
    char *data = malloc(len);
    size_t at = 0;
    memcpy(data, "a,b\n\"", 5);
    at = 5;
    for (size_t i = 0; i < nlines; i++) {
        memset(data + at, 'q', per - 1);
        data[at + per - 1] = '\n';
        at += per;
    }
    memcpy(data + at, "\",x\n1,2\n", 8);
    at += 8;
    struct reader r = open_mem(data, at);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    cr_assert_eq(csvfile_next(r.c, &rec), CSV_BAD);
    cr_assert_eq(rec.line, 2);
    cr_assert_str_eq(rec.reason, "record longer than 1 MiB");
    cr_assert_leq(rec.raw_len, 256);
    cr_assert_eq(memcmp(rec.raw, "\"qqq", 4), 0, "the record's first bytes are kept");
    /* the rest of the field is skipped to its closing quote: the record
     * after it is the next one read, on its own line (it used to be read
     * from inside the open quote: junk rejects, then rows swallowed) */
    expect_record(&r, &rec, 20003, 2);
    cr_assert_str_eq(rec.fields[0], "1");
    expect_end(&r);
    close_mem(&r);
    free(data);
}

/* One line over the cap inside a quoted field that goes on for two more
 * lines, one of them looking like a record: all one bad record. */
Test(csvfile, over_long_line_inside_quotes)
{
    size_t big = (size_t)2 << 20;
    struct {
        char *buf;
        size_t len;
    } d = {malloc(big + 128), 0};
    memcpy(d.buf, "a,b\n1,\"", 7);
    d.len = 7;
    memset(d.buf + d.len, 'y', big);
    d.len += big;
    static const char rest[] = "\nlooks,like a row\nend\"\n2,3\n";
    memcpy(d.buf + d.len, rest, sizeof rest - 1);
    d.len += sizeof rest - 1;
    struct reader r = open_mem(d.buf, d.len);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    expect_bad(&r, &rec, 2, "record longer than 1 MiB");
    expect_record(&r, &rec, 5, 2);
    cr_assert_str_eq(rec.fields[0], "2");
    expect_end(&r);
    close_mem(&r);
    free(d.buf);
}

/* The quote that closes the field is in the part of the over-long line
 * that was skipped: the next line is a record again. */
Test(csvfile, quote_closed_in_the_skipped_part)
{
    size_t big = (size_t)2 << 20;
    char *data = malloc(big + 64);
    size_t n = 0;
    memcpy(data, "a,b\n\"", 5);
    n = 5;
    memset(data + n, 'z', big);
    n += big;
    memcpy(data + n, "\",x\n4,5\n", 8);
    n += 8;
    struct reader r = open_mem(data, n);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    expect_bad(&r, &rec, 2, "record longer than 1 MiB");
    expect_record(&r, &rec, 3, 2);
    cr_assert_str_eq(rec.fields[0], "4");
    expect_end(&r);
    close_mem(&r);
    free(data);
}

/* A NUL byte in a line inside a quoted field: the field's later lines go
 * with the bad record. */
Test(csvfile, bad_byte_inside_quotes)
{
    static const char data[] = "a,b\n1,\"one\ntw\0o\nthree \"\"x\"\" y\",z\n2,3\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    expect_bad(&r, &rec, 2, "NUL byte in the line");
    expect_record(&r, &rec, 5, 2);
    cr_assert_str_eq(rec.fields[0], "2");
    expect_end(&r);
    close_mem(&r);
}

Test(csvfile, unterminated_quote_at_eof)
{
    static const char data[] = "a,b\n1,\"open\n2,3\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    expect_bad(&r, &rec, 2, "quoted field not closed before the end of the file");
    expect_end(&r);
    close_mem(&r);
}

Test(csvfile, broken_quoting)
{
    static const char data[] = "a,b\nx,ab\"c\"d\"\n3,4\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    expect_bad(&r, &rec, 2, "broken quoting (a quote inside an unquoted field?)");
    expect_record(&r, &rec, 3, 2);
    cr_assert_str_eq(rec.fields[0], "3");
    close_mem(&r);
}

Test(csvfile, empty_input)
{
    struct reader r = open_mem("x", 0);
    expect_end(&r);
    close_mem(&r);
    static const char blank[] = "\n\r\n\n";
    r = open_mem(blank, sizeof blank - 1);
    expect_end(&r);
    close_mem(&r);
}

Test(csvfile, column_and_field)
{
    static const char data[] = "ID,Started,title\nINC-1,2026,x\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record head, rec;
    expect_record(&r, &head, 1, 3);
    cr_assert_eq(csvfile_column(&head, "id"), 0);
    cr_assert_eq(csvfile_column(&head, "started"), 1);
    cr_assert_eq(csvfile_column(&head, "TITLE"), 2);
    cr_assert_eq(csvfile_column(&head, "resolved"), -1);
    expect_record(&r, &rec, 2, 3);
    cr_assert_str_eq(csvfile_field(&rec, 0), "INC-1");
    cr_assert_str_eq(csvfile_field(&rec, -1), "");
    cr_assert_str_eq(csvfile_field(&rec, 3), "");
    close_mem(&r);
}

Test(csvfile, header_matches)
{
    static const char *const names[] = {"id", "started", "resolved", "title", NULL};
    static const char head[] = "\xef\xbb\xbf\"Id\", started ,resolved,other\ntitle,x\n";
    /* id, started, resolved on the first line; title is only on the second */
    cr_assert_eq(csvfile_header_matches(head, sizeof head - 1, names), 3);
    cr_assert_eq(csvfile_header_matches("hello world", 11, names), 0);
    cr_assert_eq(csvfile_header_matches("", 0, names), 0);
    /* a cut-off head still counts the columns it has */
    cr_assert_eq(csvfile_header_matches("id,title", 8, names), 2);
    /* a prefix of a name is not the name */
    cr_assert_eq(csvfile_header_matches("ids,start", 9, names), 0);
}

/* Classic Mac OS line ends, as older tools write CSV: every record read
 * (they used to read as one line: `read 0, stored 0`); a line break inside
 * quotes is one too, and reads as "\n" as any other. */
Test(csvfile, lone_cr_line_ends)
{
    static const char data[] = "a,b\r1,\"two\rlines\"\r3,4\r\r5,6";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    cr_assert_str_eq(rec.fields[1], "b");
    expect_record(&r, &rec, 2, 2);
    cr_assert_str_eq(rec.fields[1], "two\nlines");
    expect_record(&r, &rec, 4, 2);
    cr_assert_str_eq(rec.fields[1], "4");
    expect_record(&r, &rec, 6, 2);
    cr_assert_str_eq(rec.fields[0], "5");
    expect_end(&r);
    close_mem(&r);
}

/* A lone CR outside quotes in a file of LF line ends: libcsv would end a
 * record there and the line's two halves would merge into one record. */
Test(csvfile, lone_cr_outside_quotes_rejected)
{
    static const char data[] = "a,b\n1,2\r3\n\"x\ry\",4\n";
    struct reader r = open_mem(data, sizeof data - 1);
    struct csv_record rec;
    expect_record(&r, &rec, 1, 2);
    expect_bad(&r, &rec, 2, "a carriage return (CR) outside quotes inside the record");
    expect_record(&r, &rec, 3, 2);
    cr_assert_str_eq(rec.fields[0], "x\ry", "a CR inside quotes is text");
    expect_end(&r);
    close_mem(&r);
}
