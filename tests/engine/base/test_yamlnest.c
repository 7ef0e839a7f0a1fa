/* test_yamlnest.c — the YAML nesting scan (engine/base/yamlnest.h): flow
 * and block nesting counted, brackets in text not counted (plain scalars,
 * quotes, comments, block scalars), properties before a node, documents
 * measured one by one, the limit at exactly 256, the line where it is
 * crossed, and the project's own YAML files far below it. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "engine/base/yamlnest.h"

static struct yamlnest
scan(const char *text, enum yamlnest_result want)
{
    struct yamlnest n;
    yamlnest_init(&n);
    cr_assert_eq(yamlnest_feed(&n, text, strlen(text)), want, "%s", text);
    /* byte by byte, as a reader's short reads would hand it over */
    struct yamlnest b;
    yamlnest_init(&b);
    enum yamlnest_result r = YAMLNEST_OK;
    for (size_t i = 0; text[i] && r == YAMLNEST_OK; i++)
        r = yamlnest_feed(&b, text + i, 1);
    cr_assert_eq(r, want, "byte by byte: %s", text);
    cr_assert_eq(b.deepest, n.deepest, "byte by byte: %s", text);
    return n;
}

static void
expect_depth(const char *text, int deepest)
{
    struct yamlnest n = scan(text, YAMLNEST_OK);
    cr_assert_eq(n.deepest, deepest, "%d levels, expected %d: %s", n.deepest, deepest, text);
}

Test(yamlnest, flow_and_block_nesting)
{
    expect_depth("x: [[[]]]\n", 4);
    expect_depth("x: {a: [1, {b: 2}]}\n", 4);
    expect_depth("- - - x\n", 3);
    expect_depth("a:\n  b:\n    c: 1\n  d: 2\ne: 3\n", 3);
    expect_depth("- a: 1\n  b: [2]\n", 3);
    expect_depth("key:\n- a\n- b\n", 1); /* an indentless sequence */
    expect_depth("[a, [b], {c: [d]}]\n", 3);
    expect_depth("\"k\": [1]\n'q': {a: 1}\n", 2);
    expect_depth("? [a]\n: b\n", 2);
    expect_depth("a:\n      b: 1\nc:\n  d:\n    e: 1\n", 3); /* columns close as lines go back */
    expect_depth("[a#[b]]\n", 2); /* no comment without a blank before it */
}

Test(yamlnest, brackets_in_text_do_not_count)
{
    expect_depth("title: see [1] and [[[[ {{{\n", 1);
    expect_depth("a: it's\nb: [[1]]\n", 3); /* an apostrophe in text opens no quote */
    expect_depth("a: '[[[[ it''s [['\nb: \"[[\\\" [[\"\n", 1);
    expect_depth("a: 1 # [[[[\n# [[[[\nb: 2 #{{\n", 1);
    expect_depth("a: b#[[[\n", 1);
    expect_depth("a: |\n  [[[[[\n  {{{{\n\n  [[[\nb: [x]\n", 2);
    expect_depth("- >-\n  [[[\n- [y]\n", 2);
    expect_depth("q: \"multi\n  line [[[\"\n", 1);
    expect_depth("[a, 'b]]]', \"c]]]\"]\n", 1);
    expect_depth("%YAML 1.1\n---\na: 1\n", 1);
}

Test(yamlnest, properties_before_a_node)
{
    expect_depth("x: &a [[1]]\n", 3);
    expect_depth("x: &a[[1]]\n", 3); /* an anchor ends at a flow indicator */
    expect_depth("x: !t [[1]]\n", 3);
    expect_depth("x: !!seq [[1]]\ny: *a\n", 3);
    expect_depth("[&a [1], *a]\n", 2);
}

Test(yamlnest, each_document_on_its_own)
{
    struct strbuf sb = STRBUF_INIT;
    for (int d = 0; d < 5; d++) {
        strbuf_addstr(&sb, "--- ");
        for (int i = 0; i < 200; i++)
            strbuf_addch(&sb, '[');
        for (int i = 0; i < 200; i++)
            strbuf_addch(&sb, ']');
        strbuf_addch(&sb, '\n');
    }
    expect_depth(sb.buf, 200);
    strbuf_reset(&sb);
    strbuf_addstr(&sb, "--- ");
    for (int i = 0; i < 300; i++)
        strbuf_addch(&sb, '[');
    scan(sb.buf, YAMLNEST_TOO_DEEP); /* "--- " then content on the marker's line */
    strbuf_release(&sb);
}

/* `x: ` is one level; then `open` brackets. */
static char *
deep(const char *before, int open)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, before);
    for (int i = 0; i < open; i++)
        strbuf_addch(&sb, '[');
    for (int i = 0; i < open; i++)
        strbuf_addch(&sb, ']');
    strbuf_addch(&sb, '\n');
    return strbuf_detach(&sb);
}

Test(yamlnest, limit_and_line)
{
    char *ok = deep("x: ", YAMLNEST_MAX_DEPTH - 1);
    expect_depth(ok, YAMLNEST_MAX_DEPTH);
    char *over = deep("x: ", YAMLNEST_MAX_DEPTH);
    scan(over, YAMLNEST_TOO_DEEP);
    char *later = deep("a: 1\nb: 2\r\nc: ", 100000);
    struct yamlnest n = scan(later, YAMLNEST_TOO_DEEP);
    cr_assert_eq(n.line, 3);
    cr_assert_eq(yamlnest_feed(&n, "a", 1), YAMLNEST_TOO_DEEP, "refused stays refused");
    struct strbuf sb = STRBUF_INIT;
    for (int i = 0; i < 300; i++)
        strbuf_addstr(&sb, "- ");
    strbuf_addstr(&sb, "x\n");
    scan(sb.buf, YAMLNEST_TOO_DEEP);
    strbuf_reset(&sb);
    for (int i = 0; i < 300; i++) {
        for (int k = 0; k < i; k++)
            strbuf_addch(&sb, ' ');
        strbuf_addstr(&sb, "k:\n");
    }
    scan(sb.buf, YAMLNEST_TOO_DEEP);
    strbuf_release(&sb);
    free(ok);
    free(over);
    free(later);
}

Test(yamlnest, byte_order_marks)
{
    char *bom = deep("\xEF\xBB\xBFx: ", YAMLNEST_MAX_DEPTH);
    scan(bom, YAMLNEST_TOO_DEEP);
    expect_depth("\xEF\xBB\xBF[1]\n", 1);
    scan("\xFF\xFEx\0:\0", YAMLNEST_UTF16);
    scan("\xFE\xFF\0x", YAMLNEST_UTF16);
    free(bom);
}

static void
scan_dir(const char *dir, int *files)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "%s (tests run from tests/)", dir);
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 ||
            (strcmp(e->d_name + len - 5, ".yaml") && strcmp(e->d_name + len - 4, ".yml")))
            continue;
        char path[512], buf[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        cr_assert_not_null(f, "%s", path);
        struct yamlnest n;
        yamlnest_init(&n);
        size_t got;
        while ((got = fread(buf, 1, sizeof buf, f)) > 0)
            cr_assert_eq(yamlnest_feed(&n, buf, got), YAMLNEST_OK, "%s", path);
        cr_assert_lt(n.deepest, 16, "%s: %d levels", path, n.deepest);
        fclose(f);
        (*files)++;
    }
    closedir(d);
}

Test(yamlnest, the_project_s_own_yaml)
{
    int files = 0;
    scan_dir("data/formats", &files);
    scan_dir("data/decide", &files);
    scan_dir("../sample-data", &files);
    cr_assert_gt(files, 10);
}
