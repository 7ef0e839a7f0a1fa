/* sla_patterns.h — the phrasings the SLA extractor knows, as data: one row per
 * phrasing, a PCRE2 pattern and the term it fills. A new phrasing is one row
 * in sla_patterns.c.
 *
 * Named groups a pattern may use (see sla_extract.c for how each is read):
 *   pct    a percentage: "99.9", or the digits of "ten percent (10%)"
 *   num    an amount: "30", "thirty", "thirty (30)"
 *   unit   the unit of num: minutes, hours, days, business days, months, ...
 *   name   a name (provider, service)
 *   sev    a severity label
 *   text   the words to keep (a deadline written without a number)
 *   cur    a currency: "$", "EUR", "euros"
 *   amt    an amount of money: "10", "50,000", "1.5"
 *   mult   a multiple: "two times", "twice", "million"
 *   step   the size of a step below the target: the "1" of "for each 1% below"
 *   per    a credit counted per incident: "per incident", "for each outage"
 *   hour   a credit counted per hour of downtime: "for each hour of downtime"
 *   credit a credit in percent beside its threshold: the "5" of "99,8 < 5 %"
 *
 * Rows are tried in table order and, for single-valued terms, the first row
 * that matches in document order wins. */
#ifndef SLAUDIT_SLA_PATTERNS_H
#define SLAUDIT_SLA_PATTERNS_H

enum sla_fill {
    SLA_FILL_NONE = 0,
    SLA_FILL_UPTIME,             /* pct: a committed uptime */
    SLA_FILL_UPTIME_IS,          /* pct: "uptime ... is 99.9%", unless hypothetical */
    SLA_FILL_UPTIME_CONDITION,   /* pct: "if uptime falls below 99.9%" names the target */
    SLA_FILL_UPTIME_NAMED,       /* pct: "short of our 99.95% guarantee", in a tier or not */
    SLA_FILL_HYPOTHETICAL,       /* a condition, an example, a band: not a commitment */
    SLA_FILL_AIM,                /* pct: a figure aimed at, not committed to */
    SLA_FILL_CREDIT,             /* pct: the credit a tier sentence or cell grants */
    SLA_FILL_THRESHOLD_CREDIT,   /* pct credit: "99,8 < 5 %", the credit below pct */
    SLA_FILL_BAND_OP,            /* arg: enum sla_band_op; a comparison in a band */
    SLA_FILL_BAND_RANGE,         /* "between", "to", "-": two bounds of one band */
    SLA_FILL_CAP,                /* pct: the cap on credits */
    SLA_FILL_CAP_FEE,            /* credits capped at the whole fee: 100 % */
    SLA_FILL_CAP_DAYS,           /* num: credits capped at num days of fees */
    SLA_FILL_CAP_PERIOD,         /* a cap counted per quarter, per interruption: not monthly */
    SLA_FILL_CAP_OTHER_BASE,     /* a cap in a share of no fee ("of the Run Credits") */
    SLA_FILL_CLAIM,              /* num unit: the claim deadline */
    SLA_FILL_CLAIM_TEXT,         /* a claim deadline in words only */
    SLA_FILL_CLAIM_CONTEXT,      /* a sentence about making a claim */
    SLA_FILL_CREDIT_CONTEXT,     /* a sentence about credits or compensation */
    SLA_FILL_MAINTENANCE,        /* a sentence that names planned maintenance */
    SLA_FILL_CUSTOMER_DOWNTIME,  /* downtime the customer asks for: not maintenance */
    SLA_FILL_EXCLUDING,          /* words that exclude something from downtime */
    SLA_FILL_COUNTS_AS_DOWNTIME, /* words that keep something inside the downtime */
    SLA_FILL_MAINT_NOTICE,       /* num unit: notice before maintenance */
    SLA_FILL_SOLE_REMEDY,
    SLA_FILL_TERMINATION, /* a right to terminate */
    SLA_FILL_CHRONIC,     /* repeated or consecutive failures */
    SLA_FILL_24X7,
    SLA_FILL_BUSINESS_HOURS,
    SLA_FILL_SUPPORT_CONTEXT,      /* support, response, severity */
    SLA_FILL_RESPONSE,             /* sev num unit: a response target in prose */
    SLA_FILL_SEVERITY,             /* sev: a table cell naming a severity */
    SLA_FILL_DURATION,             /* num unit: a duration in a table cell */
    SLA_FILL_RESOLUTION_WORD,      /* resolution / restoration, not first response */
    SLA_FILL_INCIDENT_NOTICE,      /* num unit: notice of an incident to the customer */
    SLA_FILL_RPO,                  /* num unit */
    SLA_FILL_RTO,                  /* num unit */
    SLA_FILL_PROVIDER,             /* arg: enum sla_provider_evidence; name */
    SLA_FILL_NOT_A_NAME,           /* a word no provider's name ends in */
    SLA_FILL_NAME_LEAD,            /* a word a name does not start with ("The", "If") */
    SLA_FILL_SERVICE,              /* name (from the title) */
    SLA_FILL_WINDOW_MONTH,         /* words that make a window monthly */
    SLA_FILL_MONTH_OF_FEE,         /* at a WINDOW_MONTH match: "monthly charges", no window */
    SLA_FILL_WINDOW_MEASURE_MONTH, /* a measure named monthly ("Monthly Uptime Percentage") */
    SLA_FILL_COMMITMENT_WORD,      /* a column that holds the committed figure (SLA, guarantee) */
    SLA_FILL_LANGUAGE,             /* arg: enum sla_language; a function word of that language */
    SLA_FILL_WINDOW_QUARTER,
    SLA_FILL_WINDOW_YEAR,
    SLA_FILL_EXAMPLE,       /* a heading of a worked example: not terms */
    SLA_FILL_EXAMPLE_START, /* a paragraph that opens with "Example" */
    SLA_FILL_UPTIME_WORD,   /* uptime / availability */
    SLA_FILL_PLAIN_PERCENT, /* a cell that is only a percentage ("99.95%", ">= 99.9%") */
    SLA_FILL_CLAUSE,        /* arg: enum sla_clause_kind; num unit optional */
    SLA_FILL_CAP_OF,        /* arg: enum sla_cap_of; what the cap is a share of */
    /* The credit side (sla_credit_terms.c). */
    SLA_FILL_CREDIT_FORM,       /* arg: enum sla_credit_form; how credits are paid */
    SLA_FILL_CREDIT_VOID,       /* credits forfeited at termination, no cash value */
    SLA_FILL_LIABILITY_CONTEXT, /* a sentence about the provider's whole liability */
    SLA_FILL_LIABILITY_FEES,    /* [mult] [num unit]: liability capped at fees paid */
    SLA_FILL_LIABILITY_AMOUNT,  /* cur amt [mult]: liability capped at a fixed amount */
    SLA_FILL_MIN_CREDIT,        /* cur amt, or pct: the smallest credit issued */
    SLA_FILL_CREDIT_STEP,       /* pct step: pct of the fee for each step % below */
    SLA_FILL_CREDIT_UNIT,       /* arg: enum sla_credit_unit; num [unit] [per], or cur amt
                                 * [per]: a credit that is no share of the fee */
    SLA_FILL_CREDIT_FORM_CELL,  /* arg: enum sla_credit_form; a table cell naming the form */
    SLA_FILL_COUNT
};

enum sla_language { SLA_LANG_EN, SLA_LANG_DE, SLA_LANG_FR, SLA_LANG_ES, SLA_LANG_COUNT };

/* What names the provider, strongest first: the rows of each rank are
 * tried before those of the next. */
enum sla_provider_evidence {
    SLA_PROVIDER_PARTIES,    /* "between X and", "made by X", X ("Provider") */
    SLA_PROVIDER_DEFINITION, /* "Provider" means X, "we" refers to X */
    SLA_PROVIDER_COMMITTER,  /* X guarantees, X will use ..., provided by X */
    SLA_PROVIDER_TITLE,      /* the title or a heading: "X Service Level Agreement" */
    SLA_PROVIDER_AGREEMENT,  /* the agreement named after X: "part of the X Terms" */
    SLA_PROVIDER_CLAIMS,     /* where claims go: "by contacting X" */
    SLA_PROVIDER_COMPANY,    /* a name with a legal form: "X GmbH" */
    SLA_PROVIDER_COUNT
};

enum sla_band_op {
    SLA_OP_LT,      /* subject < x   ("less than x") */
    SLA_OP_LE,      /* subject <= x  ("x or less", "at most x") */
    SLA_OP_GT,      /* subject > x */
    SLA_OP_GE,      /* subject >= x  ("at least x") */
    SLA_OP_POST_GE, /* x or more     (follows its number) */
    SLA_OP_POST_LE, /* x or less     (follows its number) */
};

enum sla_pattern_flags {
    SLA_PAT_CASE = 1 << 0, /* case-sensitive (names) */
};

struct sla_pattern {
    enum sla_fill fill;
    int arg;
    unsigned flags;
    const char *pattern;
};

/* Every row, ending with {SLA_FILL_NONE, 0, 0, NULL}. */
extern const struct sla_pattern sla_patterns[];

#endif
