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

/* Column (0-based) and row (1-based) of a reference such as "AC12". */
static void
parse_ref(const char *ref, long *col, long *row)
{
    *col = 0;
    for (; *ref >= 'A' && *ref <= 'Z'; ref++)
        *col = *col * 26 + (*ref - 'A' + 1);
    (*col)--;
    *row = strtol(ref, NULL, 10);
}

/* True when ref lies in the range "D2:F5" (or the single cell "D2"). */
static int
in_range(const char *range, const char *ref)
{
    char first[16] = "", last[16] = "";
    sscanf(range, "%15[A-Z0-9]:%15[A-Z0-9]", first, last);
    if (!*last)
        snprintf(last, sizeof last, "%s", first);
    long c, r, c0, r0, c1, r1;
    parse_ref(ref, &c, &r);
    parse_ref(first, &c0, &r0);
    parse_ref(last, &c1, &r1);
    return c >= c0 && c <= c1 && r >= r0 && r <= r1;
}

/* True when the opening tag at elem holds text (an attribute and value). */
static int
in_tag(const char *elem, const char *text)
{
    const char *close = strchr(elem, '>'), *at = strstr(elem, text);
    return at && close && at < close;
}

void
conditional_fill(const char *sheet, const char *styles, const char *ref, char fill[9])
{
    snprintf(fill, 9, "none");
    char *c = cell(sheet, ref); /* a blank reads as 0, as a spreadsheet reads it */
    int number = !c || !strstr(c, "t=\"");
    double v = c && strstr(c, "<v>") ? value(c) : 0.0;
    free(c);
    long best = -1, best_dxf = -1;
    for (const char *cf = sheet; (cf = strstr(cf, "<conditionalFormatting sqref=\"")); cf++) {
        const char *end = strstr(cf, "</conditionalFormatting>");
        cr_assert_not_null(end);
        if (!in_range(cf + strlen("<conditionalFormatting sqref=\""), ref))
            continue;
        for (const char *rule = cf; (rule = strstr(rule + 1, "<cfRule ")) && rule < end;) {
            cr_assert(in_tag(rule, "type=\"cellIs\""), "rule %.80s", rule);
            const char *f1 = strstr(rule, "<formula>");
            double lo = strtod(f1 + 9, NULL), hi = lo;
            const char *f2 = strstr(f1 + 1, "<formula>");
            const char *close = strstr(rule, "</cfRule>");
            int between = in_tag(rule, "operator=\"between\"");
            if (between) {
                cr_assert(f2 && f2 < close);
                hi = strtod(f2 + 9, NULL);
            } else {
                cr_assert(in_tag(rule, "operator=\"lessThan\""), "rule %.80s", rule);
            }
            int meets = number && (between ? v >= lo && v <= hi : v < lo);
            long priority = attr(rule, "priority");
            if (meets && (best < 0 || priority < best)) {
                best = priority;
                best_dxf = attr(rule, "dxfId");
            }
        }
    }
    if (best_dxf < 0)
        return;
    const char *dxf = nth(styles, "<dxfs", "<dxf>", best_dxf);
    const char *rgb = strstr(dxf, "<bgColor rgb=\"");
    cr_assert(rgb && rgb < strstr(dxf, "</dxf>"), "dxf %ld has no fill", best_dxf);
    snprintf(fill, 9, "%.8s", rgb + 14);
}
