/* test_yamldoc.c — the libyaml wrapper's byte bound (engine/base/yamldoc.c):
 * a stream past YAMLDOC_MAX_BYTES, one long scalar, is refused with the
 * limit named, never read whole; one under it is read. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/yamldoc.h"

/* "key: aaa…\n" with a scalar of n bytes, as a stream to read. */
static FILE *
scalar_stream(size_t n, char **text)
{
    size_t len = 5 + n + 1;
    *text = malloc(len);
    cr_assert_not_null(*text);
    memcpy(*text, "key: ", 5);
    memset(*text + 5, 'a', n);
    (*text)[len - 1] = '\n';
    FILE *f = fmemopen(*text, len, "r");
    cr_assert_not_null(f);
    return f;
}

static enum sl_status
load(size_t n, struct sl_diag *d, size_t *scalar_len)
{
    char *text;
    FILE *f = scalar_stream(n, &text);
    struct yamldoc_stream *ys = NULL;
    struct yamldoc *doc = NULL;
    enum sl_status rc = yamldoc_open(f, "big.yaml", &ys, d);
    if (!rc)
        rc = yamldoc_next(ys, &doc, d);
    *scalar_len = 0;
    if (!rc && doc)
        *scalar_len = strlen(yamldoc_get_scalar(doc, yamldoc_root(doc), "key"));
    yamldoc_free(doc);
    yamldoc_close(ys);
    fclose(f);
    free(text);
    return rc;
}

Test(yamldoc, a_scalar_past_the_byte_bound_is_refused)
{
    struct sl_diag d = {0};
    size_t got;
    cr_assert_eq(load(YAMLDOC_MAX_BYTES, &d, &got), SL_ERR_LIMIT);
    cr_assert(strstr(d.message, "YAML longer than 16 MiB, the most slaudit reads of one YAML "
                                "file"),
              "%s", d.message);
    cr_assert_str_eq(d.file, "big.yaml");
}

Test(yamldoc, a_scalar_under_the_bound_is_read)
{
    struct sl_diag d = {0};
    size_t got;
    cr_assert_eq(load(YAMLDOC_MAX_BYTES - 64, &d, &got), SL_OK, "%s", d.message);
    cr_assert_eq(got, YAMLDOC_MAX_BYTES - 64);
}
