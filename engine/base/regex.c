/* regex.c — PCRE2 compile, JIT and bounded matching. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "engine/base/regex.h"

#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/literals.h"

struct regex {
    pcre2_code *code;
    pcre2_match_context *context;
    pcre2_match_data *data; /* reused by every search: a regex is for one thread */
    bool jit;
    bool anchored;         /* the pattern can only start at the subject's start */
    struct literals needs; /* one of which every match holds (literals.h) */
};

static void
pcre2_message(int code, char *buf, size_t size)
{
    if (pcre2_get_error_message(code, (PCRE2_UCHAR *)buf, size) < 0)
        snprintf(buf, size, "PCRE2 error %d", code);
}

enum sl_status
regex_compile(const char *pattern, unsigned flags, struct regex **out, struct sl_diag *diag)
{
    /* \C matches one byte of a character in UTF mode: a capture could
     * end inside a character, and the text kept would not be UTF-8. */
    uint32_t options = PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C;
    if (flags & REGEX_CASELESS)
        options |= PCRE2_CASELESS;
    if (flags & REGEX_MULTILINE)
        options |= PCRE2_MULTILINE;
    if (flags & REGEX_ANCHORED)
        options |= PCRE2_ANCHORED;
    if (flags & REGEX_DOTALL)
        options |= PCRE2_DOTALL;
    int err;
    PCRE2_SIZE offset;
    struct regex *re = calloc(1, sizeof *re);
    if (!re)
        return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
    re->code =
        pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, options, &err, &offset, NULL);
    if (!re->code) {
        char msg[256];
        pcre2_message(err, msg, sizeof msg);
        free(re);
        /* A pattern is bad input; PCRE2 running out of heap is not. */
        return diag_set(diag, err == PCRE2_ERROR_HEAP_FAILED ? SL_ERR_NOMEM : SL_ERR_INPUT, NULL, 0,
                        "bad pattern at offset %zu: %s", (size_t)offset, msg);
    }
    /* Memory checkers such as valgrind cannot follow JIT-generated code
     * and report its reads: REGEX_NO_JIT interprets the pattern instead. */
    if (!(flags & REGEX_NO_JIT))
        re->jit = pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE) == 0;
    re->context = pcre2_match_context_create(NULL);
    re->data = pcre2_match_data_create_from_pattern(re->code, NULL);
    if (!re->context || !re->data) {
        regex_free(re);
        return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
    }
    uint32_t all = 0;
    pcre2_pattern_info(re->code, PCRE2_INFO_ALLOPTIONS, &all);
    re->anchored = (all & PCRE2_ANCHORED) != 0;
    literals_of(pattern, flags, &re->needs);
    pcre2_set_match_limit(re->context, REGEX_MATCH_LIMIT);
    pcre2_set_depth_limit(re->context, REGEX_DEPTH_LIMIT);
    *out = re;
    return SL_OK;
}

bool
regex_jit(const struct regex *re)
{
    return re->jit;
}

void
regex_free(struct regex *re)
{
    if (!re)
        return;
    pcre2_match_data_free(re->data);
    pcre2_match_context_free(re->context);
    pcre2_code_free(re->code);
    free(re);
}

/* Whether s[0..len) is all ASCII, and so valid UTF-8: PCRE2 then need not
 * check the subject again, which cost it more than the match itself on a
 * short log line. Anything else PCRE2 checks as before. */
static bool
ascii(const char *s, size_t len)
{
    uint64_t seen = 0, word[4];
    size_t i = 0;
    for (; i + 32 <= len; i += 32) { /* four words a step */
        memcpy(word, s + i, 32);
        seen |= word[0] | word[1] | word[2] | word[3];
    }
    for (; i + 8 <= len; i += 8) {
        memcpy(word, s + i, 8);
        seen |= word[0];
    }
    if (i < len && len >= 8) { /* the last word again, ending at the last byte */
        memcpy(word, s + len - 8, 8);
        seen |= word[0];
    } else {
        for (; i < len; i++)
            seen |= (unsigned char)s[i];
    }
    return !(seen & UINT64_C(0x8080808080808080));
}

/* pcre2_match under the match limit `limit` for each start position;
 * positions > 0 says the limit is a share of the subject's budget. */
static enum sl_status
search(const struct regex *re, const char *subject, size_t len, size_t from, uint32_t limit,
       size_t positions, bool *found, struct regex_match *m, struct sl_diag *diag)
{
    bool plain = ascii(subject, len);
    *found = false;
    /* An ASCII subject without the literals every match needs cannot match,
     * and is passed over before PCRE2 starts; any other goes to PCRE2, which
     * checks its UTF-8 as before. */
    if (plain && from <= len && !literals_found(&re->needs, subject + from, len - from))
        return SL_OK;
    uint32_t options = plain ? PCRE2_NO_UTF_CHECK : 0;
    pcre2_set_match_limit(re->context, limit);
    int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, from, options, re->data, re->context);
    pcre2_set_match_limit(re->context, REGEX_MATCH_LIMIT);
    if (rc == PCRE2_ERROR_NOMATCH)
        return SL_OK;
    if (rc == PCRE2_ERROR_MATCHLIMIT && positions == 1)
        return diag_set(diag, SL_ERR_LIMIT, NULL, 0,
                        "pattern ran out of its match budget on this line (%u steps from its one "
                        "start position): it backtracks too much; make it less ambiguous",
                        limit);
    if (rc == PCRE2_ERROR_MATCHLIMIT && positions)
        return diag_set(diag, SL_ERR_LIMIT, NULL, 0,
                        "pattern ran out of its match budget on this line (%u steps at each of "
                        "%zu start positions): it backtracks too much; anchor it or make it less "
                        "ambiguous",
                        limit, positions);
    if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
        rc == PCRE2_ERROR_JIT_STACKLIMIT)
        return diag_set(diag, SL_ERR_LIMIT, NULL, 0,
                        "pattern stopped at the PCRE2 %s limit: it backtracks too much on this "
                        "input; anchor it or make it less ambiguous",
                        rc == PCRE2_ERROR_MATCHLIMIT ? "match" : "depth");
    if (rc < 0) {
        char msg[256];
        pcre2_message(rc, msg, sizeof msg);
        return diag_set(diag, SL_ERR_INPUT, NULL, 0, "cannot match: %s", msg);
    }
    *found = true;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(re->data);
    /* The match data was sized from the pattern: one pair for every group,
     * and PCRE2 sets the pairs of groups that took no part to UNSET. */
    uint32_t n = pcre2_get_ovector_count(re->data), all = n;
    if (n > REGEX_MAX_GROUPS)
        n = REGEX_MAX_GROUPS;
    m->ngroups = n;
    m->pattern_groups = all;
    m->ovector = ov;
    for (uint32_t i = 0; i < n; i++) {
        bool unset = i >= (uint32_t)rc || ov[2 * i] == PCRE2_UNSET;
        m->start[i] = unset ? (size_t)-1 : ov[2 * i];
        m->end[i] = unset ? (size_t)-1 : ov[2 * i + 1];
    }
    return SL_OK;
}

bool
regex_match_span(const struct regex_match *m, int g, size_t *start, size_t *end)
{
    if (g < 0 || (size_t)g >= m->pattern_groups || m->ovector[2 * g] == PCRE2_UNSET)
        return false;
    *start = m->ovector[2 * g];
    *end = m->ovector[2 * g + 1];
    return true;
}

enum sl_status
regex_search(const struct regex *re, const char *subject, size_t len, size_t from, bool *found,
             struct regex_match *m, struct sl_diag *diag)
{
    return search(re, subject, len, from, REGEX_MATCH_LIMIT, 0, found, m, diag);
}

enum sl_status
regex_search_budget(const struct regex *re, const char *subject, size_t len, bool *found,
                    struct regex_match *m, struct sl_diag *diag)
{
    size_t positions = re->anchored ? 1 : len + 1;
    uint64_t share = REGEX_SUBJECT_BUDGET / positions;
    uint32_t limit = share > REGEX_MATCH_LIMIT ? REGEX_MATCH_LIMIT
                     : share < REGEX_MIN_LIMIT ? REGEX_MIN_LIMIT
                                               : (uint32_t)share;
    return search(re, subject, len, 0, limit, positions, found, m, diag);
}

int
regex_group(const struct regex *re, const char *name)
{
    int n = pcre2_substring_number_from_name(re->code, (PCRE2_SPTR)name);
    return n > 0 ? n : -1;
}

size_t
regex_group_count(const struct regex *re)
{
    uint32_t n = 0;
    pcre2_pattern_info(re->code, PCRE2_INFO_CAPTURECOUNT, &n);
    return n;
}

void
regex_each_name(const struct regex *re, void (*fn)(void *ctx, const char *name, int number),
                void *ctx)
{
    uint32_t count = 0, entry_size = 0;
    PCRE2_SPTR table;
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMECOUNT, &count);
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMEENTRYSIZE, &entry_size);
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMETABLE, &table);
    for (uint32_t i = 0; i < count; i++) {
        const unsigned char *entry = table + i * entry_size;
        fn(ctx, (const char *)entry + 2, (entry[0] << 8) | entry[1]);
    }
}
