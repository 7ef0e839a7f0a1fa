/* test_strbuf.c — the growable string buffer (engine/strbuf.c) and its stated
 * invariants: never NULL, always NUL-terminated, a size cap that fails cleanly
 * and leaves the contents as they were, detach hands over ownership. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/strbuf.h"

Test(strbuf, init_is_empty_string)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_not_null(sb.buf);
    cr_assert_str_eq(sb.buf, "");
    cr_assert_eq(sb.len, 0);
    strbuf_release(&sb);
    cr_assert_not_null(sb.buf);
}

Test(strbuf, appends)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(strbuf_add(&sb, "ab", 2), SL_OK);
    cr_assert_eq(strbuf_addch(&sb, 'c'), SL_OK);
    cr_assert_eq(strbuf_addstr(&sb, "-"), SL_OK);
    cr_assert_eq(strbuf_addf(&sb, "%d/%s", 42, "x"), SL_OK);
    cr_assert_str_eq(sb.buf, "abc-42/x");
    cr_assert_eq(sb.len, 8);
    cr_assert_lt(sb.len, sb.alloc);
    strbuf_release(&sb);
    cr_assert_eq(sb.len, 0);
    cr_assert_str_eq(sb.buf, "");
}

Test(strbuf, addf_longer_than_its_scratch)
{
    /* 1000 characters go through the second, sized vsnprintf */
    char big[1001];
    memset(big, 'x', 1000);
    big[1000] = '\0';
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "<");
    cr_assert_eq(strbuf_addf(&sb, "%s>", big), SL_OK);
    cr_assert_eq(sb.len, 1002);
    cr_assert_eq(sb.buf[0], '<');
    cr_assert_eq(sb.buf[1000], 'x');
    cr_assert_eq(sb.buf[1001], '>');
    cr_assert_eq(sb.buf[1002], '\0');
    strbuf_release(&sb);
}

Test(strbuf, embedded_nul_kept_in_len)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_add(&sb, "a\0b", 3);
    cr_assert_eq(sb.len, 3);
    cr_assert_eq(memcmp(sb.buf, "a\0b", 4), 0);
    strbuf_release(&sb);
}

Test(strbuf, cap_fails_cleanly)
{
    struct strbuf sb;
    strbuf_init(&sb, 10);
    cr_assert_eq(strbuf_addstr(&sb, "0123456789"), SL_OK, "exactly the cap fits");
    cr_assert_eq(strbuf_addch(&sb, 'x'), SL_ERR_LIMIT);
    cr_assert_eq(strbuf_addstr(&sb, "yz"), SL_ERR_LIMIT);
    cr_assert_eq(strbuf_addf(&sb, "%d", 7), SL_ERR_LIMIT);
    /* unchanged by the failed appends */
    cr_assert_eq(sb.len, 10);
    cr_assert_str_eq(sb.buf, "0123456789");
    strbuf_reset(&sb);
    cr_assert_eq(strbuf_addstr(&sb, "again"), SL_OK, "the cap is on length, not history");
    strbuf_release(&sb);
}

Test(strbuf, grow_refuses_overflow)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "abc");
    cr_assert_eq(strbuf_grow(&sb, SIZE_MAX), SL_ERR_LIMIT);
    cr_assert_eq(strbuf_grow(&sb, SIZE_MAX - 1), SL_ERR_LIMIT);
    cr_assert_eq(strbuf_grow(&sb, STRBUF_DEFAULT_CAP), SL_ERR_LIMIT);
    cr_assert_str_eq(sb.buf, "abc");
    strbuf_release(&sb);
}

Test(strbuf, reset_keeps_buffer)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "something");
    char *before = sb.buf;
    size_t alloc = sb.alloc;
    strbuf_reset(&sb);
    cr_assert_eq(sb.len, 0);
    cr_assert_str_eq(sb.buf, "");
    cr_assert_eq(sb.buf, before);
    cr_assert_eq(sb.alloc, alloc);
    strbuf_release(&sb);
}

Test(strbuf, reset_of_unallocated)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_reset(&sb);
    cr_assert_str_eq(sb.buf, "");
    cr_assert_eq(strbuf_empty[0], '\0', "the shared empty string is never written");
}

Test(strbuf, detach_hands_over)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "mine");
    char *s = strbuf_detach(&sb);
    cr_assert_str_eq(s, "mine");
    cr_assert_eq(sb.len, 0);
    cr_assert_str_eq(sb.buf, "");
    cr_assert_neq(sb.buf, s);
    free(s);
    /* detaching an empty buffer still gives a heap string */
    char *e = strbuf_detach(&sb);
    cr_assert_not_null(e);
    cr_assert_str_eq(e, "");
    free(e);
}

Test(strbuf, grows_many_times)
{
    struct strbuf sb = STRBUF_INIT;
    for (int i = 0; i < 10000; i++)
        cr_assert_eq(strbuf_addch(&sb, (char)('a' + i % 26)), SL_OK);
    cr_assert_eq(sb.len, 10000);
    cr_assert_eq(strlen(sb.buf), 10000);
    cr_assert_eq(sb.buf[9999], (char)('a' + 9999 % 26));
    strbuf_release(&sb);
}
