/* test_jsonflat.c — flat JSON objects read in place (parsers/jsonflat.c):
 * the values taken, and every kind of line left to the tree. */
#include <criterion/criterion.h>
#include <string.h>

#include "parsers/read/jsonflat.h"

static bool
parse(struct jsonflat *jf, const char *line)
{
    return jsonflat_parse(jf, line, strlen(line));
}

static void
expect_member(const struct jsonflat *jf, size_t i, const char *name, enum jnode_kind kind,
              const char *text)
{
    cr_assert_lt(i, jf->n);
    const struct jsonflat_member *m = &jf->member[i];
    cr_assert_eq(m->name_len, strlen(name));
    cr_assert(!memcmp(m->name, name, m->name_len), "member %zu is not %s", i, name);
    cr_assert_eq(m->kind, kind, "member %s", name);
    if (text) {
        cr_assert_eq(m->len, strlen(text), "member %s", name);
        cr_assert(!memcmp(m->text, text, m->len), "member %s", name);
    }
}

Test(jsonflat, scalars)
{
    struct jsonflat jf;
    cr_assert(parse(&jf, " { \"id\" : \"INC-1\", \"n\":-42,\"z\":0, \"up\":true,\"ok\":false,"
                         "\"gone\":null,\"t\":\"caf\xc3\xa9\",\"\":\"\"}\r"));
    cr_assert_eq(jf.n, 8);
    expect_member(&jf, 0, "id", JNODE_STRING, "INC-1");
    expect_member(&jf, 1, "n", JNODE_NUMBER, "-42");
    expect_member(&jf, 2, "z", JNODE_NUMBER, "0");
    expect_member(&jf, 3, "up", JNODE_BOOL, "true");
    expect_member(&jf, 4, "ok", JNODE_BOOL, "false");
    expect_member(&jf, 5, "gone", JNODE_NULL, NULL);
    expect_member(&jf, 6, "t", JNODE_STRING, "caf\xc3\xa9");
    expect_member(&jf, 7, "", JNODE_STRING, "");
    cr_assert(parse(&jf, "{}"));
    cr_assert_eq(jf.n, 0);
    cr_assert(parse(&jf, "{\"big\":123456789012345}"));
}

Test(jsonflat, left_to_the_tree)
{
    static const char *const lines[] = {
        "{\"a\":\"x\",\"a\":\"y\"}",          /* duplicate name: jansson rejects it */
        "{\"a\":\"tab\\tescaped\"}",          /* escapes */
        "{\"a\\u0041\":1}",                   /* escaped name */
        "{\"a\":\"raw\ttab\"}",               /* control character */
        "{\"a\":\"bad \xff byte\"}",          /* not UTF-8 */
        "{\"a\":\"\xc0\xaf overlong\"}",      /* overlong UTF-8 */
        "{\"a\":\"\xed\xa0\x80 surrogate\"}", /* a surrogate in UTF-8 */
        "{\"a\":1.5}",                        /* reals */
        "{\"a\":1e9}",
        "{\"a\":-0}",               /* jansson reads 0 */
        "{\"a\":012}",              /* leading zero: not JSON */
        "{\"a\":1234567890123456}", /* more digits than a double holds exactly */
        "{\"a\":-}",
        "{\"a\":tru}",
        "{\"a\":truex}",
        "{\"a\":{\"b\":1}}", /* nesting */
        "{\"a\":[1]}",
        "{\"a\":1,}", /* broken */
        "{\"a\" 1}",
        "{\"a\":1",
        "{\"a\":1} x",
        "[1,2]",
        "\"text\"",
        "",
        "not json",
    };
    struct jsonflat jf;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        cr_assert(!parse(&jf, lines[i]), "line %zu taken: %s", i, lines[i]);
}

Test(jsonflat, member_limit)
{
    char line[4096];
    size_t n = 0;
    line[n++] = '{';
    for (int i = 0; i <= JSONFLAT_MAX_MEMBERS; i++)
        n += (size_t)snprintf(line + n, sizeof line - n, "%s\"m%d\":%d", i ? "," : "", i, i);
    line[n++] = '}';
    struct jsonflat jf;
    cr_assert(!jsonflat_parse(&jf, line, n));
}

/* Strings are scanned eight bytes at a time: a byte that needs a look is
 * found at every place of the word. */
Test(jsonflat, every_place_in_a_word)
{
    static const char special[] = {'\\', '\t', '\x01', '\x7f', '\xff', '\xc3'};
    for (size_t len = 0; len < 24; len++) {
        char line[64];
        struct jsonflat jf;
        int n =
            snprintf(line, sizeof line, "{\"k\":\"%.*s\"}", (int)len, "abcdefghijklmnopqrstuvwxyz");
        cr_assert(jsonflat_parse(&jf, line, (size_t)n));
        expect_member(&jf, 0, "k", JNODE_STRING, NULL);
        cr_assert(!memcmp(jf.member[0].text, "abcdefghijklmnopqrstuvwxyz", len));
        cr_assert_eq(jf.member[0].len, len);
        for (size_t at = 0; at < len; at++) {
            for (size_t k = 0; k < sizeof special; k++) {
                line[6 + at] = special[k];
                bool taken = jsonflat_parse(&jf, line, (size_t)n);
                /* DEL is plain JSON; a lone byte >= 0x80 is not UTF-8 */
                cr_assert_eq(taken, special[k] == '\x7f', "byte %#x at %zu of %zu",
                             (unsigned char)special[k], at, len);
            }
            line[6 + at] = 'a';
        }
    }
}
