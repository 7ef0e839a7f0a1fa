/* xlsx_read.c — reading a workbook back for the tests (xlsx_read.h). */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/reports/xlsx_read.h"

/* ---- reading the workbook back ---- */

char *
zip_part(const char *xlsx, const char *part)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "unzip -p '%s' '%s' 2>/dev/null", xlsx, part);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    size_t len = 0, cap = 1 << 16;
    char *buf = malloc(cap);
    for (size_t n; (n = fread(buf + len, 1, cap - len - 1, p)) > 0;) {
        len += n;
        if (cap - len < 2)
            buf = realloc(buf, cap *= 2);
    }
    buf[len] = '\0';
    cr_assert_eq(pclose(p), 0, "unzip %s %s failed", xlsx, part);
    return buf;
}

/* The <c> element of cell ref ("D3"), or NULL when the sheet has none. */
char *
cell(const char *sheet, const char *ref)
{
    char pat[32];
    snprintf(pat, sizeof pat, "<c r=\"%s\"", ref);
    const char *s = strstr(sheet, pat);
    if (!s)
        return NULL;
    const char *e = strchr(s, '>');
    if (e[-1] != '/')
        e = strstr(s, "</c>") + 3;
    return strndup(s, (size_t)(e - s + 1));
}

long
attr(const char *elem, const char *name)
{
    char pat[32];
    snprintf(pat, sizeof pat, " %s=\"", name);
    const char *s = strstr(elem, pat);
    return s ? strtol(s + strlen(pat), NULL, 10) : -1;
}

double
value(const char *c)
{
    const char *v = strstr(c, "<v>");
    cr_assert_not_null(v, "no value in %s", c);
    return strtod(v + 3, NULL);
}

/* The text of the <t> element at or after s, entities decoded. */
char *
text_at(const char *s)
{
    s = strchr(strstr(s, "<t"), '>') + 1;
    const char *e = strstr(s, "</t>");
    char *out = strndup(s, (size_t)(e - s));
    static const char *const ent[][2] = {
        {"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}};
    for (size_t k = 0; k < 4; k++) {
        size_t len = strlen(ent[k][0]);
        for (char *p; (p = strstr(out, ent[k][0]));) {
            *p = ent[k][1][0];
            memmove(p + 1, p + len, strlen(p + len) + 1);
        }
    }
    return out;
}

/* The text of shared string idx. */
char *
shared(const char *sst, long idx)
{
    const char *s = sst;
    for (long i = 0; i <= idx; i++) {
        s = strstr(s, "<si>");
        cr_assert_not_null(s, "no shared string %ld", idx);
        s += 4;
    }
    return text_at(s);
}

/* The text of a cell: inline (the monthly workbook is written in constant
 * memory) or shared (sst, which may be NULL for a book without a table). */
char *
cell_text(const char *sheet, const char *sst, const char *ref)
{
    char *c = cell(sheet, ref);
    cr_assert_not_null(c, "no cell %s", ref);
    char *t;
    if (strstr(c, "t=\"inlineStr\"")) {
        t = text_at(strstr(c, "<is>"));
    } else {
        cr_assert(strstr(c, "t=\"s\""), "cell %s is not a string: %s", ref, c);
        cr_assert_not_null(sst, "shared string cell %s without a table", ref);
        t = shared(sst, (long)value(c));
    }
    free(c);
    return t;
}

/* The XML of the worksheet named name: the nth <sheet> of workbook.xml is
 * xl/worksheets/sheet<n>.xml (the workbook has no chartsheets). */
char *
sheet_xml(const char *xlsx, const char *name)
{
    char *wb = zip_part(xlsx, "xl/workbook.xml");
    char pat[96];
    snprintf(pat, sizeof pat, "<sheet name=\"%s\"", name);
    const char *at = strstr(wb, pat);
    cr_assert_not_null(at, "no sheet '%s' in %s", name, wb);
    int n = 0;
    for (const char *s = wb; (s = strstr(s, "<sheet ")) && s <= at; s++)
        n++;
    free(wb);
    char part[64];
    snprintf(part, sizeof part, "xl/worksheets/sheet%d.xml", n);
    return zip_part(xlsx, part);
}

/* The nth element named tag after section in xml. */
const char *
nth(const char *xml, const char *section, const char *tag, long n)
{
    const char *s = strstr(xml, section);
    cr_assert_not_null(s);
    for (long i = 0; i <= n; i++) {
        s = strstr(s + 1, tag);
        cr_assert_not_null(s, "no %s %ld", tag, n);
    }
    return s;
}

/* The number format code and fill colour of a cell's style. */
void
style_of(const char *styles, const char *c, char *numfmt, size_t size, char *fill)
{
    const char *xf = nth(styles, "<cellXfs", "<xf ", attr(c, "s"));
    char pat[48];
    snprintf(pat, sizeof pat, "<numFmt numFmtId=\"%ld\" formatCode=\"", attr(xf, "numFmtId"));
    const char *f = strstr(styles, pat);
    snprintf(numfmt, size, "%.*s", f ? (int)strcspn(f + strlen(pat), "\"") : 0,
             f ? f + strlen(pat) : "");
    const char *fl = nth(styles, "<fills", "<fill>", attr(xf, "fillId"));
    const char *rgb = strstr(fl, "<fgColor rgb=\"");
    snprintf(fill, 9, "%.8s", rgb && rgb < strstr(fl, "</fill>") ? rgb + 14 : "none");
}
