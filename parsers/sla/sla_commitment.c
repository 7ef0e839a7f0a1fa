/* sla_commitment.c — measure, scope in parts, eligibility and durability
 * (sla_commitment.h). */
#include "parsers/sla/sla_commitment.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/base/regex.h"

/* ---- the words ---------------------------------------------------------- */

enum word_kind {
    W_UPTIME,         /* a sentence about the uptime itself */
    W_SLA,            /* a sentence about the SLA or its commitment */
    W_MEASURE,        /* arg: enum sla_measure */
    W_REGION,         /* v: the region */
    W_PLAN,           /* v: the plan */
    W_READ,           /* read operations */
    W_WRITE,          /* write operations */
    W_ELIGIBLE,       /* a condition on who may rely on the commitment */
    W_ELIGIBLE_COUNT, /* zones, replicas: a condition when W_PARTY is there too */
    W_PARTY,          /* the customer, their deployment */
    W_NOT_ELIGIBLE,   /* a claim, a notice, an exclusion: not a condition */
    W_COUNT
};

struct word_row {
    enum word_kind kind;
    int arg;
    bool cased;
    const char *pattern;
};

/* Non-time measures come first: minutes are named in every definition. */
static const struct word_row words[] = {
    {W_UPTIME, 0, false, "\\buptime\\b|\\bavailab|verf(?:ü|ue)gbar"},
    {W_SLA, 0, false,
     "\\bSLA\\b|service level|\\buptime\\b|\\bavailab|\\bcommitment|\\bguarantee|"
     "verf(?:ü|ue)gbar|\\bzusage"},
    {W_MEASURE, SLA_MEASURE_ERROR_RATE, false, "\\berror[ -]?rates?\\b|\\bfehler(?:rate|quote)"},
    {W_MEASURE, SLA_MEASURE_REQUESTS, false,
     "\\b(?:failed|successful|valid|total|erroneous)\\s+(?:\\w+\\s+)?requests\\b|"
     "\\bsuccessful(?:ly)?\\s+(?:\\w+\\s+){0,2}requests\\b|"
     "\\brequests\\s+(?:that|which)\\s+(?:succeed|fail)|\\b(?:erfolgreiche|fehlgeschlagene)n?\\s+"
     "anfragen"},
    {W_MEASURE, SLA_MEASURE_BUILDS, false,
     "\\b(?:successful|failed|completed)\\s+builds?\\b|\\bbuilds\\b|\\bbuilds?\\s+(?:that|which)"
     "\\b"},
    {W_MEASURE, SLA_MEASURE_TICKS, false, "\\bticks?\\b"},
    {W_MEASURE, SLA_MEASURE_TIME, false,
     "\\bminutes?\\b|\\bdowntime\\b|\\bunavailab|\\bhours\\b|\\bminuten\\b|\\bausfallzeit"},
    {W_REGION, 0, true, "\\b(?<v>[A-Z][A-Za-z0-9-]*)[ -][Rr]egions?\\b"},
    {W_REGION, 0, true, "\\bRegion\\s+(?<v>[A-Z][A-Za-z0-9-]*)"},
    {W_PLAN, 0, false,
     "\\b(?<v>[a-z][\\w-]*(?:\\s+(?-i:[A-Z])[\\w-]*)?)\\s+(?:plans?|tiers?|editions?|tarifs?)\\b(?!"
     "\\s+(?:of|for)\\b)"},
    {W_READ, 0, false,
     "\\brequests?\\s+to\\s+read\\b|\\breads?\\s+(?:operations?|requests?|access|traffic|queries)"
     "\\b|^\\s*reads?\\s*$|"
     "\\blese(?:zugriffe|operationen|anfragen)"},
    {W_WRITE, 0, false,
     "\\brequests?\\s+to\\s+write\\b|\\bwrites?\\s+(?:operations?|requests?|access|traffic|queries)"
     "\\b|^\\s*writes?\\s*$|"
     "\\bschreib(?:zugriffe|operationen|anfragen)"},
    {W_ELIGIBLE, 0, false,
     "\\bonly\\s+appl(?:y|ies)\\b|\\bappl(?:y|ies)\\s+only\\b|\\brequire[sd]?\\b|\\beligib|"
     "\\bmust\\s+(?:have|be|maintain|run|deploy|use|subscribe|purchase|enable|configure)\\b|"
     "\\bmulti-?(?:AZ|zone|region)\\s+only\\b|\\bplans?\\s+only\\b|\\bnur\\s+(?:f(?:ü|ue)r|bei|"
     "wenn|mit)\\b|\\bsetzt\\s+voraus|\\bvoraussetzung"},
    /* A count of zones or replicas is a condition when it is the customer's. */
    {W_ELIGIBLE_COUNT, 0, false,
     "\\b(?:two|three|four|five|\\d+)\\s+or\\s+more\\s+(?:availability\\s+zones|zones|regions|"
     "replicas|instances|nodes|servers)\\b|\\bat\\s+least\\s+(?:two|three|four|five|\\d+)\\s+"
     "(?:availability\\s+zones|zones|regions|replicas|instances|nodes|servers)\\b|"
     "\\bmindestens\\s+(?:zwei|drei|\\d+)\\s+(?:Verf(?:ü|ue)gbarkeitszonen|Zonen|Replikate|"
     "Instanzen)"},
    {W_PARTY, 0, false,
     "\\byou\\b|\\byour\\b|\\bcustomers?\\b|\\bdeploy|\\bconfigur|\\bprovision|\\bkunden?\\b|"
     "\\bsie\\b|\\bihre?\\b"},
    {W_NOT_ELIGIBLE, 0, false,
     "\\bclaims?\\b|\\bsubmit|\\bnotif|\\bticket|\\binvoice|\\bexclu|\\bnot\\s+apply|"
     "\\bmaintenance|\\bantrag|\\bwartung|\\bausgeschlossen|"
     /* the remedy for a missed target, not a condition of the target */
     "\\b(?:does|do|can)\\s*not\\s+(?:meet|achieve)|\\bnot\\s+(?:met|achieved)|"
     "\\bfails?\\s+to\\s+meet|\\bfees?\\s+paid|nicht\\s+nachkommen|unterschritten"},
};

#define NWORDS (sizeof words / sizeof *words)

/* Words before a region or a plan that do not name one. */
static const char *const not_names[] = {
    "the",        "a",        "an",      "any",      "your",         "this",    "that", "each",
    "all",        "our",      "every",   "one",      "single",       "another", "same", "multi",
    "support",    "pricing",  "service", "billing",  "subscription", "their",   "its",  "of",
    "per",        "which",    "higher",  "lower",    "other",        "credit",  "and",  "or",
    "on",         "multiple", "such",    "given",    "customer's",   "free",    "paid", "current",
    "applicable", "selected", "chosen",  "relevant", "respective",   NULL};

struct reading {
    const struct sla_text *doc;
    struct sla_terms *t;
    struct sl_diag *diag;
    enum sl_status status;
    struct regex *re[NWORDS];
};

static bool
matches(struct reading *rd, size_t i, const char *s, size_t len, struct regex_match *m)
{
    bool found = false;
    if (rd->status || !len)
        return false;
    struct regex_match scratch;
    if (regex_search(rd->re[i], s, len, 0, &found, m ? m : &scratch, rd->diag))
        return false; /* a match that hits the limits counts as none */
    return found;
}

static bool
has_kind(struct reading *rd, enum word_kind k, const char *s, size_t len)
{
    for (size_t i = 0; i < NWORDS; i++)
        if (words[i].kind == k && matches(rd, i, s, len, NULL))
            return true;
    return false;
}

static char *
dup_n(struct reading *rd, const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    char *c = malloc(n + 1);
    if (!c) {
        if (!rd->status)
            rd->status = diag_set(rd->diag, SL_ERR_NOMEM, "", 0, "out of memory");
        return NULL;
    }
    memcpy(c, s, n);
    c[n] = '\0';
    return c;
}

/* ---- sentences ---------------------------------------------------------- */

/* The unit whose text holds source line `line`: the last one starting at or
 * before it; -1 when none. */
static long
unit_of_line(const struct sla_text *doc, long line)
{
    long best = -1;
    for (size_t i = 0; i < doc->nunits && doc->units[i].line <= line; i++)
        best = (long)i;
    return best;
}

/* ---- measure ------------------------------------------------------------ */

/* The measure the sentences of unit u that name the uptime (every one of
 * the target's own unit) define: a
 * non-time measure over time; UNKNOWN when none does. */
static enum sla_measure
unit_measure(struct reading *rd, const struct sla_unit *u, bool own)
{
    enum sla_measure best = SLA_MEASURE_UNKNOWN;
    for (size_t from = 0; from < u->len;) {
        size_t end = sla_text_sentence_end(u->text, from, u->len);
        const char *s = u->text + from;
        size_t n = end - from;
        if (own || has_kind(rd, W_UPTIME, s, n))
            for (size_t i = 0; i < NWORDS; i++)
                if (words[i].kind == W_MEASURE && matches(rd, i, s, n, NULL)) {
                    enum sla_measure m = (enum sla_measure)words[i].arg;
                    if (m != SLA_MEASURE_TIME)
                        return m;
                    best = m;
                    break;
                }
        from = end;
    }
    return best;
}

static void
read_measures(struct reading *rd)
{
    const struct sla_text *doc = rd->doc;
    enum sla_measure doc_measure = SLA_MEASURE_UNKNOWN;
    for (size_t i = 0; i < doc->nunits && !rd->status; i++) {
        enum sla_measure m = unit_measure(rd, &doc->units[i], false);
        if (m != SLA_MEASURE_UNKNOWN && m != SLA_MEASURE_TIME) {
            doc_measure = m;
            break;
        }
        if (m == SLA_MEASURE_TIME)
            doc_measure = m;
    }
    for (size_t k = 0; k < rd->t->ntargets; k++) {
        struct sla_uptime_target *u = &rd->t->targets[k];
        long ui = unit_of_line(doc, u->line);
        enum sla_measure own =
            ui >= 0 ? unit_measure(rd, &doc->units[ui], true) : SLA_MEASURE_UNKNOWN;
        u->measure = own != SLA_MEASURE_UNKNOWN ? own : doc_measure;
    }
}

/* ---- scope in parts ------------------------------------------------------ */

static bool
is_not_name(const char *s, size_t n)
{
    for (size_t i = 0; not_names[i]; i++)
        if (strlen(not_names[i]) == n && !strncasecmp(s, not_names[i], n))
            return true;
    return false;
}

/* The first name kind k gives in s (its group v), or NULL. */
static char *
name_in(struct reading *rd, enum word_kind k, const char *s)
{
    if (!s)
        return NULL;
    for (size_t i = 0; i < NWORDS; i++) {
        struct regex_match m;
        size_t from = 0, len = strlen(s);
        if (words[i].kind != k)
            continue;
        while (from < len) {
            bool found = false;
            if (regex_search(rd->re[i], s, len, from, &found, &m, rd->diag) || !found)
                break;
            size_t vs, ve;
            if (regex_match_span(&m, 1, &vs, &ve)) {
                /* "the Premium plan": a leading word that names nothing goes */
                const char *sp = memchr(s + vs, ' ', ve - vs);
                if (sp && is_not_name(s + vs, (size_t)(sp - (s + vs))))
                    vs = (size_t)(sp + 1 - s);
                if (!is_not_name(s + vs, ve - vs))
                    return dup_n(rd, s + vs, ve - vs);
            }
            from = m.end[0] > from ? m.end[0] : from + 1;
        }
    }
    return NULL;
}

static const char *
operation_in(struct reading *rd, const char *s)
{
    if (!s)
        return NULL;
    bool r = has_kind(rd, W_READ, s, strlen(s)), w = has_kind(rd, W_WRITE, s, strlen(s));
    return r == w ? NULL : r ? "read" : "write";
}

/* The sentence of the target's unit that holds its line (a copy), or NULL. */
static char *
target_sentence(struct reading *rd, const struct sla_uptime_target *u)
{
    long ui = unit_of_line(rd->doc, u->line);
    if (ui < 0)
        return NULL;
    const struct sla_unit *un = &rd->doc->units[ui];
    size_t at = 0;
    for (size_t i = 0; i < un->nbreaks; i++)
        if (un->breaks[i].line <= u->line)
            at = un->breaks[i].off;
    for (size_t from = 0; from < un->len;) {
        size_t end = sla_text_sentence_end(un->text, from, un->len);
        if (at < end)
            return dup_n(rd, un->text + from, end - from);
        from = end;
    }
    return NULL;
}

/* s without the bracketed targets of another part ("at least 99.99% (99.9%
 * for the Archive Tier) of the time"): those words are that target's scope,
 * not this one's. In place. */
static void
drop_alternatives(char *s)
{
    for (char *open = s ? strchr(s, '(') : NULL; open; open = strchr(open, '(')) {
        char *num = open + 1, *after;
        while (*num == ' ')
            num++;
        strtod(num, &after);
        while (after > num && *after == ' ')
            after++;
        char *close = strchr(open, ')');
        if (after > num && *after == '%' && close)
            memmove(open, close + 1, strlen(close + 1) + 1);
        else
            open++;
    }
}

static void
read_scope(struct reading *rd, struct sla_uptime_target *u)
{
    char *line = target_sentence(rd, u);
    drop_alternatives(line);
    bool from_scope = false;
    if ((u->scope_region = name_in(rd, W_REGION, u->scope)))
        from_scope = true;
    else
        u->scope_region = name_in(rd, W_REGION, line);
    if ((u->scope_plan = name_in(rd, W_PLAN, u->scope)))
        from_scope = true;
    else
        u->scope_plan = name_in(rd, W_PLAN, line);
    const char *op = operation_in(rd, u->scope);
    if (op)
        from_scope = true;
    else
        op = operation_in(rd, line);
    if (op)
        u->scope_operation = dup_n(rd, op, strlen(op));
    if (u->scope && !from_scope)
        u->scope_service = dup_n(rd, u->scope, strlen(u->scope));
    free(line);
}

/* ---- eligibility -------------------------------------------------------- */

#define MAX_CONDITION 400

static void
add_condition(struct reading *rd, struct sla_uptime_target *u, const char *s, size_t n, long line)
{
    for (size_t i = 0; i < u->neligibility; i++)
        if (u->eligibility[i].line == line && strlen(u->eligibility[i].text) == n &&
            !memcmp(u->eligibility[i].text, s, n))
            return;
    struct sla_condition *grown = realloc(u->eligibility, (u->neligibility + 1) * sizeof *grown);
    if (!grown) {
        if (!rd->status)
            rd->status = diag_set(rd->diag, SL_ERR_NOMEM, "", 0, "out of memory");
        return;
    }
    u->eligibility = grown;
    char *text = dup_n(rd, s, n);
    if (!text)
        return;
    u->eligibility[u->neligibility].text = text;
    u->eligibility[u->neligibility].line = line;
    u->neligibility++;
}

static void
read_eligibility(struct reading *rd)
{
    const struct sla_text *doc = rd->doc;
    struct sla_terms *t = rd->t;
    for (size_t i = 0; i < doc->nunits && !rd->status; i++) {
        const struct sla_unit *un = &doc->units[i];
        if (un->kind == SLA_UNIT_HEADING)
            continue;
        for (size_t from = 0; from < un->len;) {
            size_t end = sla_text_sentence_end(un->text, from, un->len);
            const char *s = un->text + from;
            size_t n = end - from;
            while (n && *s == ' ')
                s++, n--;
            bool cond = has_kind(rd, W_ELIGIBLE, s, n) ||
                        (has_kind(rd, W_ELIGIBLE_COUNT, s, n) && has_kind(rd, W_PARTY, s, n));
            if (n && n <= MAX_CONDITION && cond && !has_kind(rd, W_NOT_ELIGIBLE, s, n)) {
                bool about_sla = has_kind(rd, W_SLA, s, n);
                long line = sla_text_line_at(un, (size_t)(s - un->text));
                for (size_t k = 0; k < t->ntargets; k++) {
                    long ui = unit_of_line(doc, t->targets[k].line);
                    bool same_section = ui >= 0 && doc->units[ui].heading == un->heading;
                    if (same_section || about_sla)
                        add_condition(rd, &t->targets[k], s, n, line);
                }
            }
            from = end;
        }
    }
}

/* ---- durability --------------------------------------------------------- */

static bool
has_word(const char *s, size_t n, const char *const *list)
{
    for (size_t i = 0; list[i]; i++) {
        size_t w = strlen(list[i]);
        for (size_t k = 0; k + w <= n; k++)
            if (!strncasecmp(s + k, list[i], w))
                return true;
    }
    return false;
}

static const char *const durability_words[] = {"durab", "haltbarkeit", "dauerhaftigkeit", NULL};
static const char *const uptime_words[] = {"uptime", "availab", "verfügbar", "verfuegbar", NULL};

/* The offset n words on from (or back from) at, stopping at a sentence or
 * clause mark. */
static size_t
words_after(const char *s, size_t len, size_t at, int n)
{
    size_t i = at;
    while (i < len && (isdigit((unsigned char)s[i]) || strchr(".,% ", s[i])))
        i++;
    for (int w = 0; w < n && i < len && !strchr(";(", s[i]); w++) {
        while (i < len && !isspace((unsigned char)s[i]) && !strchr(";(", s[i]))
            i++;
        while (i < len && isspace((unsigned char)s[i]))
            i++;
    }
    return i;
}

static size_t
words_before(const char *s, size_t at, int n)
{
    size_t i = at;
    for (int w = 0; w < n && i > 0 && !strchr(";.", s[i - 1]); w++) {
        while (i > 0 && isspace((unsigned char)s[i - 1]))
            i--;
        while (i > 0 && !isspace((unsigned char)s[i - 1]) && !strchr(";", s[i - 1]))
            i--;
    }
    return i;
}

bool
sla_commitment_is_durability(const char *text, size_t len, size_t at)
{
    if (at == 0 && memchr(text, '\t', len))
        return has_word(text, len, durability_words) && !has_word(text, len, uptime_words);
    if (at > len)
        return false;
    size_t b = words_before(text, at, 4), e = words_after(text, len, at, 3);
    if (has_word(text + at, e - at, durability_words))
        return true;
    /* "durability of 99.9%": the word is before, and no uptime word after it. */
    for (size_t k = b; k < at; k++)
        if (has_word(text + k, 5, durability_words))
            return !has_word(text + k, at - k, uptime_words);
    return false;
}

/* The first percentage of the document qualified as durability. */
static void
read_durability(struct reading *rd)
{
    const struct sla_text *doc = rd->doc;
    for (size_t i = 0; i < doc->nunits && isnan(rd->t->durability_percent); i++) {
        const struct sla_unit *u = &doc->units[i];
        for (const char *p = u->text; (p = memchr(p, '%', (size_t)(u->text + u->len - p))); p++) {
            const char *q = p;
            while (q > u->text && q[-1] == ' ')
                q--;
            const char *start = q;
            while (start > u->text &&
                   (isdigit((unsigned char)start[-1]) || start[-1] == '.' || start[-1] == ','))
                start--;
            if (start == q || !isdigit((unsigned char)*start))
                continue;
            size_t at = (size_t)(start - u->text);
            bool row = u->kind == SLA_UNIT_ROW;
            if (!(row && sla_commitment_is_durability(u->text, u->len, 0)) &&
                !sla_commitment_is_durability(u->text, u->len, at))
                continue;
            char num[64];
            size_t n = (size_t)(q - start) < sizeof num - 1 ? (size_t)(q - start) : sizeof num - 1;
            for (size_t k = 0; k < n; k++)
                num[k] = start[k] == ',' ? '.' : start[k];
            num[n] = '\0';
            char *endp;
            double v = strtod(num, &endp);
            if (*endp || v <= 0 || v > 100)
                continue;
            rd->t->durability_percent = v;
            rd->t->durability_line = sla_text_line_at(u, at);
            break;
        }
    }
}

/* ---- driving ------------------------------------------------------------ */

enum sl_status
sla_commitment_read(const struct sla_text *doc, unsigned regex_flags, struct sla_terms *t,
                    struct sl_diag *diag)
{
    struct reading rd = {.doc = doc, .t = t, .diag = diag};
    for (size_t i = 0; i < NWORDS && !rd.status; i++)
        rd.status = regex_compile(
            words[i].pattern, regex_flags | (words[i].cased ? 0 : REGEX_CASELESS), &rd.re[i], diag);
    if (!rd.status)
        read_measures(&rd);
    for (size_t k = 0; k < t->ntargets && !rd.status; k++)
        read_scope(&rd, &t->targets[k]);
    if (!rd.status)
        read_eligibility(&rd);
    if (!rd.status)
        read_durability(&rd);
    for (size_t i = 0; i < NWORDS; i++)
        regex_free(rd.re[i]);
    return rd.status;
}
