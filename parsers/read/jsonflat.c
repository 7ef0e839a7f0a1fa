/* jsonflat.c — flat JSON objects read in place (see jsonflat.h). */
#include "parsers/read/jsonflat.h"

#include <string.h>

#include "engine/base/jsonw.h"

/* The longest integer taken: 15 digits are exact as a double, so jansson's
 * value printed back ("%lld") is the text itself. */
#define INTEGER_DIGITS_MAX 15

static size_t
skip_blank(const char *s, size_t i, size_t len)
{
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    return i;
}

/* A string from s[i] (its opening quote) to its closing quote; returns the
 * index after it, or 0 when it is not plain. The first quote after the
 * opening one closes a plain string: an escaped quote needs a backslash,
 * which is not plain. */
static size_t
plain_string(const char *s, size_t i, size_t len, const char **text, size_t *text_len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t start = i + 1;
    const unsigned char *quote = memchr(p + start, '"', len - start);
    if (!quote)
        return 0;
    size_t end = (size_t)(quote - p);
    for (i = start; i < end;) {
        unsigned char c = p[i];
        if ((unsigned char)(c - 0x20) < 0x60 && c != '\\') {
            i++;
            continue;
        }
        size_t n = c >= 0x80 ? jsonw_utf8_sequence_length(p + i, end - i) : 0;
        if (!n)
            return 0;
        i += n;
    }
    *text = s + start;
    *text_len = end - start;
    return end + 1;
}

/* An integer jansson reads to the same digits: no leading zero, no "-0". */
static size_t
plain_integer(const char *s, size_t i, size_t len)
{
    size_t start = i + (s[i] == '-');
    size_t end = start;
    while (end < len && s[end] >= '0' && s[end] <= '9')
        end++;
    size_t digits = end - start;
    if (digits == 0 || digits > INTEGER_DIGITS_MAX ||
        (s[start] == '0' && (digits > 1 || start > i)))
        return 0;
    if (end < len && (s[end] == '.' || s[end] == 'e' || s[end] == 'E'))
        return 0;
    return end;
}

static size_t
plain_word(const char *s, size_t i, size_t len, const char *word)
{
    size_t n = strlen(word);
    return len - i >= n && !memcmp(s + i, word, n) ? i + n : 0;
}

static size_t
plain_value(const char *s, size_t i, size_t len, struct jsonflat_member *m)
{
    size_t end = 0;
    switch (s[i]) {
    case '"':
        m->kind = JNODE_STRING;
        return plain_string(s, i, len, &m->text, &m->len);
    case 't':
        m->kind = JNODE_BOOL;
        end = plain_word(s, i, len, "true");
        break;
    case 'f':
        m->kind = JNODE_BOOL;
        end = plain_word(s, i, len, "false");
        break;
    case 'n':
        m->kind = JNODE_NULL;
        end = plain_word(s, i, len, "null");
        break;
    default:
        m->kind = JNODE_NUMBER;
        end = plain_integer(s, i, len);
        break;
    }
    m->text = s + i;
    m->len = end ? end - i : 0;
    return end;
}

static bool
named_before(const struct jsonflat *jf, const struct jsonflat_member *m)
{
    for (size_t k = 0; k < jf->n; k++)
        if (jf->member[k].name_len == m->name_len &&
            !memcmp(jf->member[k].name, m->name, m->name_len))
            return true;
    return false;
}

bool
jsonflat_parse(struct jsonflat *jf, const char *text, size_t len)
{
    size_t i = skip_blank(text, 0, len);
    jf->n = 0;
    if (i == len || text[i] != '{')
        return false;
    i = skip_blank(text, i + 1, len);
    if (i < len && text[i] == '}')
        return skip_blank(text, i + 1, len) == len;
    for (;;) {
        if (jf->n == JSONFLAT_MAX_MEMBERS || i == len || text[i] != '"')
            return false;
        struct jsonflat_member *m = &jf->member[jf->n];
        if (!(i = plain_string(text, i, len, &m->name, &m->name_len)) || named_before(jf, m))
            return false;
        i = skip_blank(text, i, len);
        if (i == len || text[i] != ':')
            return false;
        i = skip_blank(text, i + 1, len);
        if (i == len || !(i = plain_value(text, i, len, m)))
            return false;
        jf->n++;
        i = skip_blank(text, i, len);
        if (i == len)
            return false;
        if (text[i] == '}')
            return skip_blank(text, i + 1, len) == len;
        if (text[i] != ',')
            return false;
        i = skip_blank(text, i + 1, len);
    }
}
