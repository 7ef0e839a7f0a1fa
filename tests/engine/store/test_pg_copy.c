/* test_pg_copy.c — values written as cells of COPY's text format
 * (engine/store/postgres/pg_copy.h): every byte the format gives a meaning
 * to escaped, NULL apart from empty text, numbers exact, blobs as bytea's
 * hex. No server needed: what the server reads back is test_pg_db.c's. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "engine/store/postgres/pg_copy.h"

/* v as a cell, NUL-terminated here, checked to fit its size bound. */
static const char *
cell(struct db_value v)
{
    static char out[4096];
    size_t bound = pg_copy_cell_size(&v);
    cr_assert_lt(bound, sizeof out);
    memset(out, '#', sizeof out);
    size_t n = pg_copy_cell(out, &v);
    cr_assert_leq(n, bound, "%zu bytes written, %zu promised", n, bound);
    cr_assert_eq(out[bound], '#', "nothing written past the bound");
    out[n] = '\0';
    return out;
}

Test(pg_copy, the_bytes_copy_reads_as_syntax_are_escaped)
{
    cr_assert_str_eq(cell(db_value_text("a\tb")), "a\\tb");
    cr_assert_str_eq(cell(db_value_text("a\nb")), "a\\nb");
    cr_assert_str_eq(cell(db_value_text("a\rb")), "a\\rb");
    cr_assert_str_eq(cell(db_value_text("a\\b")), "a\\\\b");
    cr_assert_str_eq(cell(db_value_text("\\N")), "\\\\N", "text that reads as NULL");
    cr_assert_str_eq(cell(db_value_text("\\.")), "\\\\.", "text that reads as the end");
    cr_assert_str_eq(cell(db_value_text("\t\n\r\\")), "\\t\\n\\r\\\\");
}

Test(pg_copy, other_control_bytes_are_escaped)
{
    cr_assert_str_eq(cell(db_value_text("\b\f\v")), "\\b\\f\\v");
    cr_assert_str_eq(cell(db_value_text("\x01x\x1f\x7f")), "\\001x\\037\\177");
    cr_assert_str_eq(cell(db_value_text("\x1b[31m")), "\\033[31m", "a terminal escape");
}

Test(pg_copy, text_copy_gives_no_meaning_to_goes_as_it_is)
{
    cr_assert_str_eq(cell(db_value_text("=HYPERLINK(\"x\")")), "=HYPERLINK(\"x\")");
    cr_assert_str_eq(cell(db_value_text("+1;-2,@3 'q' \"d\"")), "+1;-2,@3 'q' \"d\"");
    cr_assert_str_eq(cell(db_value_text("\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80")),
                     "\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80", "UTF-8 bytes unchanged");
}

Test(pg_copy, empty_text_is_not_null)
{
    cr_assert_str_eq(cell(db_value_text("")), "");
    cr_assert_str_eq(cell(db_value_text(NULL)), "\\N");
    cr_assert_str_eq(cell(db_value_null()), "\\N");
}

Test(pg_copy, numbers_are_exact)
{
    cr_assert_str_eq(cell(db_value_int64(0)), "0");
    cr_assert_str_eq(cell(db_value_int64(INT64_MIN)), "-9223372036854775808");
    cr_assert_str_eq(cell(db_value_int64(INT64_MAX)), "9223372036854775807");
    cr_assert_str_eq(cell(db_value_double(0.1)), "0.10000000000000001");
    cr_assert_str_eq(cell(db_value_double(-1.7976931348623157e308)), "-1.7976931348623157e+308");
    cr_assert_str_eq(cell(db_value_double(4.9406564584124654e-324)), "4.9406564584124654e-324");
}

Test(pg_copy, blobs_are_bytea_hex_with_the_backslash_doubled)
{
    static const unsigned char b[] = {0x00, 0xff, '\\', '\t', '\n', 0x7f};
    cr_assert_str_eq(cell(db_value_blob(b, sizeof b)), "\\\\x00ff5c090a7f");
    cr_assert_str_eq(cell(db_value_blob(b, 0)), "\\\\x", "an empty blob is not NULL");
}

Test(pg_copy, no_control_byte_is_left_in_a_cell)
{
    char text[128];
    for (int i = 0; i < 127; i++)
        text[i] = (char)(i + 1); /* every byte below 0x80, control bytes among them */
    text[127] = '\0';
    const char *out = cell(db_value_text(text)); /* fits its bound (cell checks) */
    for (const char *p = out; *p; p++)
        cr_assert(*p >= 0x20 && *p != 0x7f, "byte 0x%02x left at %td", *p, p - out);
}
