/* test_jsonw.c — JSON string escaping, numbers and UTF-8 validation
 * (engine/jsonw.c). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsonw.h"

/* Runs one writer into a fresh buffer and compares the text. */
#define EXPECT_JSON(call, expected)                                                                \
    do {                                                                                           \
        struct strbuf sb_ = STRBUF_INIT;                                                           \
        struct strbuf *sb = &sb_;                                                                  \
        cr_assert_eq((call), SL_OK);                                                               \
        cr_assert_str_eq(sb_.buf, (expected));                                                     \
        strbuf_release(&sb_);                                                                      \
    } while (0)

Test(jsonw, plain_string)
{
    EXPECT_JSON(jsonw_str(sb, "hello"), "\"hello\"");
    EXPECT_JSON(jsonw_str(sb, ""), "\"\"");
}

Test(jsonw, null_string)
{
    EXPECT_JSON(jsonw_str(sb, NULL), "null");
}

Test(jsonw, escapes)
{
    /* quote, backslash, newline, tab, 0x01 and DEL (JSON allows DEL raw;
     * it is escaped so that JSON on a terminal cannot drive it) */
    EXPECT_JSON(jsonw_str(sb, "a\"b\\c\nd\te\x01\x7f"),
                "\"a\\\"b\\\\c\\u000ad\\u0009e\\u0001\\u007f\"");
    /* C1 characters (U+0080..U+009F) too; U+00A0 and above pass */
    EXPECT_JSON(jsonw_str(sb, "\xc2\x80\xc2\x9b\xc2\xa0"), "\"\\u0080\\u009b\xc2\xa0\"");
    /* a formula-looking title is just text */
    EXPECT_JSON(jsonw_str(sb, "=SUM(A1)"), "\"=SUM(A1)\"");
}

Test(jsonw, strn_with_nul)
{
    EXPECT_JSON(jsonw_strn(sb, "a\0b", 3), "\"a\\u0000b\"");
}

Test(jsonw, utf8_kept)
{
    EXPECT_JSON(jsonw_str(sb, "Zürich – 😀"), "\"Zürich – 😀\"");
}

Test(jsonw, invalid_utf8_replaced)
{
    EXPECT_JSON(jsonw_str(sb, "a\xff"
                              "b"),
                "\"a\\ufffdb\"");
    /* overlong encoding of '/': both bytes are replaced */
    EXPECT_JSON(jsonw_str(sb, "\xc0\xaf"), "\"\\ufffd\\ufffd\"");
    /* a UTF-16 surrogate encoded in UTF-8 is not valid UTF-8 */
    EXPECT_JSON(jsonw_str(sb, "\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\"");
    /* a sequence cut short at the end */
    EXPECT_JSON(jsonw_strn(sb, "x\xe2\x82", 3), "\"x\\ufffd\\ufffd\"");
}

Test(jsonw, utf8_sequence_length)
{
    cr_assert_eq(jsonw_utf8_sequence_length((const unsigned char *)"A", 1), 1);
    cr_assert_eq(jsonw_utf8_sequence_length((const unsigned char *)"\xc3\xa9", 2), 2);
    cr_assert_eq(jsonw_utf8_sequence_length((const unsigned char *)"\xe2\x82\xac", 3), 3);
    cr_assert_eq(jsonw_utf8_sequence_length((const unsigned char *)"\xf0\x9f\x98\x80", 4), 4);
    /* truncated, beyond U+10FFFF, stray continuation byte, overlong */
    cr_assert_eq(jsonw_utf8_sequence_length((const unsigned char *)"\xe2\x82\xac", 2), 0);
    cr_assert_eq(jsonw_utf8_sequence_length((const unsigned char *)"\xf4\x90\x80\x80", 4), 0);
    cr_assert_eq(jsonw_utf8_sequence_length((const unsigned char *)"\x80", 1), 0);
    cr_assert_eq(jsonw_utf8_sequence_length((const unsigned char *)"\xe0\x80\x80", 3), 0);
    cr_assert_eq(jsonw_utf8_sequence_length((const unsigned char *)"\xf8\x88\x80\x80\x80", 5), 0);
}

Test(jsonw, numbers_shortest_round_trip)
{
    EXPECT_JSON(jsonw_num(sb, 0.1), "0.1");
    EXPECT_JSON(jsonw_num(sb, 100), "100");
    EXPECT_JSON(jsonw_num(sb, -2.5), "-2.5");
    EXPECT_JSON(jsonw_num(sb, 0.999), "0.999");
    EXPECT_JSON(jsonw_num(sb, 1e21), "1e+21");
    /* 1/3 needs 16 significant digits to come back exactly (not 6, not 17) */
    EXPECT_JSON(jsonw_num(sb, 1.0 / 3.0), "0.3333333333333333");
    struct strbuf b = STRBUF_INIT;
    cr_assert_eq(jsonw_num(&b, 0.1 + 0.2), SL_OK);
    cr_assert_eq(strtod(b.buf, NULL), 0.1 + 0.2, "%s does not round-trip", b.buf);
    cr_assert_str_eq(b.buf, "0.30000000000000004");
    strbuf_release(&b);
}

Test(jsonw, non_finite_numbers_are_null)
{
    EXPECT_JSON(jsonw_num(sb, NAN), "null");
    EXPECT_JSON(jsonw_num(sb, INFINITY), "null");
    EXPECT_JSON(jsonw_num(sb, -INFINITY), "null");
}

Test(jsonw, integers)
{
    EXPECT_JSON(jsonw_int(sb, 0), "0");
    EXPECT_JSON(jsonw_int(sb, 2682000), "2682000");
    EXPECT_JSON(jsonw_int(sb, INT64_MIN), "-9223372036854775808");
}

Test(jsonw, key)
{
    EXPECT_JSON(jsonw_key(sb, "read"), "\"read\":");
    EXPECT_JSON(jsonw_key(sb, "a\"b"), "\"a\\\"b\":");
}

Test(jsonw, respects_buffer_cap)
{
    struct strbuf sb;
    strbuf_init(&sb, 5);
    cr_assert_eq(jsonw_str(&sb, "abcdefgh"), SL_ERR_LIMIT);
    strbuf_release(&sb);
}

Test(jsonw, writer_places_commas_and_nests)
{
    struct strbuf sb = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "a", "x\"y");
    jsonw_field_int(&w, "n", -3);
    jsonw_open(&w, "list", '[');
    jsonw_field_num(&w, NULL, 0.5);
    jsonw_field_null(&w, NULL);
    jsonw_open(&w, NULL, '{');
    jsonw_close(&w, '}');
    jsonw_close(&w, ']');
    jsonw_field_bool(&w, "ok", true);
    jsonw_field_str(&w, "none", NULL);
    jsonw_close(&w, '}');
    cr_assert_eq(w.status, SL_OK);
    cr_assert_str_eq(
        sb.buf, "{\"a\":\"x\\\"y\",\"n\":-3,\"list\":[0.5,null,{}],\"ok\":true,\"none\":null}");
    strbuf_release(&sb);
}

Test(jsonw, writer_strn_takes_n_bytes)
{
    struct strbuf sb = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_strn(&w, "a", "one;two", 3);
    jsonw_field_strn(&w, "b", "x\0y", 3);
    jsonw_close(&w, '}');
    cr_assert_eq(w.status, SL_OK);
    cr_assert_str_eq(sb.buf, "{\"a\":\"one\",\"b\":\"x\\u0000y\"}");
    strbuf_release(&sb);
}

Test(jsonw, writer_fixed_decimals)
{
    struct strbuf sb = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_open(&w, NULL, '[');
    jsonw_field_fixed(&w, NULL, 72, 1);
    jsonw_field_fixed(&w, NULL, 64.26, 1);
    jsonw_field_fixed(&w, NULL, -0.5, 2);
    jsonw_field_fixed(&w, NULL, NAN, 1);
    jsonw_close(&w, ']');
    cr_assert_eq(w.status, SL_OK);
    cr_assert_str_eq(sb.buf, "[72.0,64.3,-0.50,null]");
    strbuf_release(&sb);
}

Test(jsonw, writer_adds_no_comma_after_a_separator_the_caller_wrote)
{
    struct strbuf sb = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_field_int(&w, NULL, 1);
    cr_assert_eq(strbuf_addch(&sb, ','), SL_OK);
    jsonw_field_int(&w, NULL, 2);
    cr_assert_eq(strbuf_addch(&sb, '\n'), SL_OK);
    jsonw_field_int(&w, NULL, 3);
    jsonw_field_int(&w, NULL, 4);
    cr_assert_eq(w.status, SL_OK);
    cr_assert_str_eq(sb.buf, "1,2\n3,4");
    strbuf_release(&sb);
}

Test(jsonw, writer_continues_after_a_key_the_caller_wrote)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(strbuf_addstr(&sb, "{\"terms\":"), SL_OK);
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_int(&w, "n", 1);
    jsonw_close(&w, '}');
    cr_assert_eq(w.status, SL_OK);
    cr_assert_str_eq(sb.buf, "{\"terms\":{\"n\":1}");
    strbuf_release(&sb);
}

Test(jsonw, writer_indents_the_outermost_levels)
{
    struct strbuf sb = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &sb);
    w.indent = 2;
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "a", "x");
    jsonw_open(&w, "list", '[');
    jsonw_open(&w, NULL, '{');
    jsonw_field_int(&w, "n", 1);
    jsonw_field_null(&w, "m");
    jsonw_close(&w, '}');
    jsonw_field_int(&w, NULL, 2);
    jsonw_close(&w, ']');
    jsonw_open(&w, "none", '[');
    jsonw_close(&w, ']');
    jsonw_close(&w, '}');
    cr_assert_eq(w.status, SL_OK);
    cr_assert_str_eq(sb.buf,
                     "{\n  \"a\": \"x\",\n  \"list\": [\n    {\"n\":1,\"m\":null},\n    2\n  "
                     "],\n  \"none\": []\n}");
    strbuf_release(&sb);
}

Test(jsonw, writer_keeps_the_first_error)
{
    struct strbuf sb;
    strbuf_init(&sb, 8); /* room for 8 bytes only */
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "key", "a value longer than the cap");
    cr_assert_eq(w.status, SL_ERR_LIMIT);
    size_t len = sb.len;
    jsonw_field_int(&w, "k", 1);
    jsonw_close(&w, '}');
    cr_assert_eq(w.status, SL_ERR_LIMIT);
    cr_assert_eq(sb.len, len, "nothing is written after an error");
    strbuf_release(&sb);
}
