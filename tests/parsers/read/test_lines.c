/* test_lines.c — the capped line reader (parsers/lines.c): terminators,
 * numbering, the byte-order mark, over-long lines skipped without losing the
 * next one, and lines that straddle the read buffer. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/read/lines.h"

static FILE *
mem(const void *data, size_t len)
{
    FILE *f = fmemopen((void *)(uintptr_t)data, len, "r");
    cr_assert_not_null(f);
    return f;
}

/* Reads the next line and checks its text, length and number. */
static void
expect_line(struct lines *r, enum lines_result want, const char *text, size_t len, long number)
{
    const char *line = NULL;
    size_t n = 0;
    cr_assert_eq(lines_next(r, &line, &n), want);
    cr_assert_eq(n, len, "length %zu, expected %zu", n, len);
    cr_assert_eq(memcmp(line, text, len), 0);
    cr_assert_eq(line[n], '\0', "lines are NUL-terminated");
    cr_assert_eq(r->number, number);
}

static void
expect_end(struct lines *r)
{
    const char *line;
    size_t n;
    cr_assert_eq(lines_next(r, &line, &n), LINES_END);
    cr_assert_eq(lines_next(r, &line, &n), LINES_END, "the end stays the end");
}

Test(lines, terminators_and_numbers)
{
    static const char data[] = "one\ntwo\r\nthree";
    FILE *f = mem(data, sizeof data - 1);
    struct lines r;
    lines_init(&r, f, 0);
    expect_line(&r, LINES_OK, "one", 3, 1);
    expect_line(&r, LINES_OK, "two", 3, 2);   /* \r\n: the \r goes too */
    expect_line(&r, LINES_OK, "three", 5, 3); /* no final newline */
    expect_end(&r);
    lines_release(&r);
    fclose(f);
}

Test(lines, empty_lines_are_lines)
{
    static const char data[] = "\n\na\n";
    FILE *f = mem(data, sizeof data - 1);
    struct lines r;
    lines_init(&r, f, 0);
    expect_line(&r, LINES_OK, "", 0, 1);
    expect_line(&r, LINES_OK, "", 0, 2);
    expect_line(&r, LINES_OK, "a", 1, 3);
    expect_end(&r);
    lines_release(&r);
    fclose(f);
}

Test(lines, empty_file)
{
    FILE *f = mem("x", 0);
    struct lines r;
    lines_init(&r, f, 0);
    expect_end(&r);
    cr_assert_eq(r.number, 0);
    lines_release(&r);
    fclose(f);
}

Test(lines, bom_dropped_only_at_start)
{
    static const char data[] = "\xef\xbb\xbf"
                               "abc\n\xef\xbb\xbf"
                               "def\n";
    FILE *f = mem(data, sizeof data - 1);
    struct lines r;
    lines_init(&r, f, 0);
    expect_line(&r, LINES_OK, "abc", 3, 1);
    expect_line(&r, LINES_OK,
                "\xef\xbb\xbf"
                "def",
                6, 2);
    expect_end(&r);
    lines_release(&r);
    fclose(f);
}

Test(lines, too_long_skipped_then_next)
{
    /* cap 8: the 13-byte line comes back as its first 8 bytes, flagged; the
     * next line is intact and numbered 2 */
    static const char data[] = "0123456789abc\nok\n";
    FILE *f = mem(data, sizeof data - 1);
    struct lines r;
    lines_init(&r, f, 8);
    expect_line(&r, LINES_TOO_LONG, "01234567", 8, 1);
    expect_line(&r, LINES_OK, "ok", 2, 2);
    expect_end(&r);
    lines_release(&r);
    fclose(f);
}

Test(lines, exactly_the_cap_fits)
{
    static const char data[] = "01234567\n";
    FILE *f = mem(data, sizeof data - 1);
    struct lines r;
    lines_init(&r, f, 8);
    expect_line(&r, LINES_OK, "01234567", 8, 1);
    lines_release(&r);
    fclose(f);
}

Test(lines, line_across_buffer_refills)
{
    /* 100,000 bytes is more than the 64 KiB read buffer */
    size_t big = 100000;
    char *data = malloc(big + 5);
    memset(data, 'x', big);
    data[10] = 'y';
    data[big - 1] = 'z';
    memcpy(data + big, "\nend", 4);
    FILE *f = mem(data, big + 4);
    struct lines r;
    lines_init(&r, f, 0);
    const char *line;
    size_t n;
    cr_assert_eq(lines_next(&r, &line, &n), LINES_OK);
    cr_assert_eq(n, big);
    cr_assert_eq(line[10], 'y');
    cr_assert_eq(line[big - 1], 'z');
    expect_line(&r, LINES_OK, "end", 3, 2);
    expect_end(&r);
    lines_release(&r);
    fclose(f);
    free(data);
}

Test(lines, crlf_split_across_refill)
{
    /* the \r is the last byte of the first 64 KiB block, the \n the first of the next */
    size_t block = 65536;
    char *data = malloc(block + 4);
    memset(data, 'a', block - 1);
    data[block - 1] = '\r';
    memcpy(data + block, "\nb\n", 3);
    FILE *f = mem(data, block + 3);
    struct lines r;
    lines_init(&r, f, 0);
    const char *line;
    size_t n;
    cr_assert_eq(lines_next(&r, &line, &n), LINES_OK);
    cr_assert_eq(n, block - 1, "the \\r is dropped even across the refill");
    expect_line(&r, LINES_OK, "b", 1, 2);
    lines_release(&r);
    fclose(f);
    free(data);
}

Test(lines, copy_cut_to_fit_like_snprintf)
{
    static const char text[] = "gpu-01 state set to DRAIN";
    char out[8], want[8];
    for (size_t n = 0; n <= sizeof text - 1; n++) {
        for (size_t size = 1; size <= sizeof out; size++) {
            memset(out, 'x', sizeof out);
            lines_copy(out, size, text, n);
            size_t keep = n < size ? n : size - 1; /* what snprintf "%.*s" keeps */
            memcpy(want, text, keep);
            want[keep] = '\0';
            cr_assert_str_eq(out, want, "n %zu size %zu", n, size);
        }
    }
}

/* Classic Mac OS line ends: the first line ends with a lone CR, so CR, LF
 * and CRLF all end lines (a file written so used to be one long line). */
Test(lines, lone_cr_line_ends)
{
    static const char data[] = "one\rtwo\r\rthree\r\nfour\nfive\r";
    FILE *f = mem(data, sizeof data - 1);
    struct lines r;
    lines_init(&r, f, 0);
    expect_line(&r, LINES_OK, "one", 3, 1);
    expect_line(&r, LINES_OK, "two", 3, 2);
    expect_line(&r, LINES_OK, "", 0, 3);
    expect_line(&r, LINES_OK, "three", 5, 4); /* CRLF is one line end */
    expect_line(&r, LINES_OK, "four", 4, 5);
    expect_line(&r, LINES_OK, "five", 4, 6);
    expect_end(&r);
    lines_release(&r);
    fclose(f);
}

/* In a file of LF line ends a lone CR is text, as inside a quoted field. */
Test(lines, lone_cr_is_text_after_lf_ends)
{
    static const char data[] = "a\r\nb\rc\nd\n";
    FILE *f = mem(data, sizeof data - 1);
    struct lines r;
    lines_init(&r, f, 0);
    expect_line(&r, LINES_OK, "a", 1, 1);
    expect_line(&r, LINES_OK, "b\rc", 3, 2);
    expect_line(&r, LINES_OK, "d", 1, 3);
    expect_end(&r);
    lines_release(&r);
    fclose(f);
}

/* CR line ends with a CRLF split across the refill, and a line longer than
 * the buffer gathered in pieces. */
Test(lines, lone_cr_across_refills)
{
    size_t block = 65536, big = 3 * block;
    char *data = malloc(block + big + 16);
    size_t n = 0;
    memcpy(data, "x\r", 2);
    n = 2;
    memset(data + n, 'a', block - 1 - n);
    n = block - 1;
    data[n++] = '\r'; /* the last byte of the first block */
    data[n++] = '\n'; /* the first of the next: one line end */
    memset(data + n, 'b', big);
    n += big;
    memcpy(data + n, "\rc\r", 3);
    n += 3;
    FILE *f = mem(data, n);
    struct lines r;
    lines_init(&r, f, 0);
    const char *line;
    size_t len;
    expect_line(&r, LINES_OK, "x", 1, 1);
    cr_assert_eq(lines_next(&r, &line, &len), LINES_OK);
    cr_assert_eq(len, block - 3);
    cr_assert_eq(r.number, 2);
    cr_assert_eq(lines_next(&r, &line, &len), LINES_OK);
    cr_assert_eq(len, big, "the long line ends at its CR");
    cr_assert_eq(r.number, 3, "the LF after the split CR made no line of its own");
    expect_line(&r, LINES_OK, "c", 1, 4);
    expect_end(&r);
    lines_release(&r);
    fclose(f);
    free(data);
}
