/* termsafe.c — invisible characters and line breaks in text bound for a
 * terminal (termsafe.h). */
#include "engine/base/termsafe.h"

#include <stdio.h>
#include <string.h>

/* Code point ranges, sorted, both ends included. */
static const struct {
    uint32_t first, last;
} invisible_ranges[] = {
    {0x00ad, 0x00ad},   {0x0600, 0x0605},   {0x061c, 0x061c},   {0x06dd, 0x06dd},
    {0x070f, 0x070f},   {0x0890, 0x0891},   {0x08e2, 0x08e2},   {0x115f, 0x1160},
    {0x17b4, 0x17b5},   {0x180b, 0x180f},   {0x200b, 0x200f},   {0x2028, 0x202e},
    {0x2060, 0x2064},   {0x2066, 0x206f},   {0x3164, 0x3164},   {0xfe00, 0xfe0f},
    {0xfeff, 0xfeff},   {0xffa0, 0xffa0},   {0xfff9, 0xfffb},   {0x110bd, 0x110bd},
    {0x110cd, 0x110cd}, {0x13430, 0x1343f}, {0x1bca0, 0x1bca3}, {0x1d173, 0x1d17a},
    {0xe0000, 0xe0fff},
};

size_t
termsafe_utf8_length(unsigned char lead)
{
    if (lead >= 0xc2 && lead <= 0xdf)
        return 2;
    if (lead >= 0xe0 && lead <= 0xef)
        return 3;
    if (lead >= 0xf0 && lead <= 0xf4)
        return 4;
    return 0;
}

static bool
invisible_code_point(uint32_t cp)
{
    for (size_t i = 0; i < sizeof invisible_ranges / sizeof invisible_ranges[0]; i++) {
        if (cp < invisible_ranges[i].first)
            return false;
        if (cp <= invisible_ranges[i].last)
            return true;
    }
    return false;
}

size_t
termsafe_invisible(const char *s, size_t n, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t len = n ? termsafe_utf8_length(u[0]) : 0;
    if (len == 0 || len > n)
        return 0;
    uint32_t c = u[0] & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((u[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (u[i] & 0x3f);
    }
    /* overlong forms and surrogates are not characters */
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[len] || (c >= 0xd800 && c <= 0xdfff) || !invisible_code_point(c))
        return 0;
    *cp = c;
    return len;
}

size_t
termsafe_code_point_text(uint32_t cp, char out[13])
{
    char text[16];
    int n;
    if (cp > 0xffff)
        n = snprintf(text, sizeof text, "\\u%04x\\u%04x", 0xd800u + ((cp - 0x10000) >> 10),
                     0xdc00u + ((cp - 0x10000) & 0x3ff));
    else
        n = snprintf(text, sizeof text, "\\u%04x", (unsigned)cp);
    memcpy(out, text, (size_t)n);
    return (size_t)n;
}

const char *
termsafe_line(const char *s, char *buf, size_t size)
{
    if (!s || size == 0 || (!s[strcspn(s, "\n\r\t")] && !termsafe_has_invisible(s)))
        return s;
    size_t k = 0;
    while (*s) {
        char text[13];
        uint32_t cp;
        size_t in = termsafe_invisible(s, strnlen(s, 4), &cp), out = 1;
        if (in > 0) {
            out = termsafe_code_point_text(cp, text);
        } else if (*s == '\n' || *s == '\r' || *s == '\t') {
            text[0] = '\\';
            text[1] = *s == '\n' ? 'n' : *s == '\r' ? 'r' : 't';
            out = 2;
            in = 1;
        } else {
            text[0] = *s;
            in = 1;
        }
        if (k + out >= size)
            break;
        memcpy(buf + k, text, out);
        k += out;
        s += in;
    }
    buf[k] = '\0';
    return buf;
}

bool
termsafe_has_invisible(const char *s)
{
    uint32_t cp;
    for (; *s; s++)
        if (termsafe_invisible(s, strnlen(s, 4), &cp))
            return true;
    return false;
}

/* Moves *s past the invisible characters it begins with. */
static void
skip_invisible(const char **s)
{
    uint32_t cp;
    size_t len;
    while ((len = termsafe_invisible(*s, strnlen(*s, 4), &cp)) > 0)
        *s += len;
}

bool
termsafe_twins(const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return false;
    for (;;) {
        skip_invisible(&a);
        skip_invisible(&b);
        if (*a != *b)
            return false;
        if (!*a)
            return true;
        a++;
        b++;
    }
}
