/* sla_terms.h — the terms of a provider's SLA (docs/design.md §5), whether read
 * from a document by the SLA extractor or from JSON a person corrected. The
 * extractor fills it; the contract measure, credits and findings read it.
 *
 * Absent numbers are NAN (use isnan()); absent counts are -1; absent text is
 * NULL. Every string is owned by the struct and freed by sla_terms_release().
 * Each term remembers the document line it came from (0 = not from a line). */
#ifndef SLAUDIT_SLA_TERMS_H
#define SLAUDIT_SLA_TERMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The window a target is measured over: a calendar month, quarter or year
 * in the zone; ROLLING, the `days` local days ending at the instant
 * evaluated (an objective's "last 14 days"); DAYS, calendar windows of
 * `days` local days one after another from the local day start_day (an
 * objective's "calendar week from 2022-01-01"). */
enum sla_window {
    SLA_WINDOW_MONTH,
    SLA_WINDOW_QUARTER,
    SLA_WINDOW_YEAR,
    SLA_WINDOW_ROLLING,
    SLA_WINDOW_DAYS
};

/* Longest window of days a target may name (ten years). */
#define SLA_WINDOW_MAX_DAYS 3660

/* What a commitment's uptime is a share of (docs/design.md §5): minutes up
 * (TIME), successful requests, one minus an error rate, successful builds,
 * ticks of a probe; UNKNOWN when the document does not say. */
enum sla_measure {
    SLA_MEASURE_UNKNOWN,
    SLA_MEASURE_TIME,
    SLA_MEASURE_REQUESTS,
    SLA_MEASURE_ERROR_RATE,
    SLA_MEASURE_BUILDS,
    SLA_MEASURE_TICKS
};

/* A condition a customer must meet for a commitment to apply ("deployed
 * across two or more availability zones"), as written, with its line. */
struct sla_condition {
    char *text;
    long line;
};

struct sla_uptime_target {
    double percent; /* 99.9 */
    enum sla_window window;
    /* The document states no window (or names one it never defines, a
     * "Reporting Period"): JSON null, and the contract measure takes
     * window, the calendar month, and says so. */
    bool window_unstated;
    char *scope; /* what it covers, e.g. "single instance"; may be NULL */
    long line;
    int days;          /* ROLLING and DAYS: the window's length in days (1 .. max); else 0 */
    int64_t start_day; /* DAYS: the day number (sltime_days_from_civil) of a window's first day */
    enum sla_measure measure;
    /* The scope in parts, each NULL when unsaid: the service, the region
     * ("EU"), the plan ("Premium"), the operation ("read" or "write"). */
    char *scope_service, *scope_region, *scope_plan, *scope_operation;
    struct sla_condition *eligibility; /* who may rely on it; NULL when none */
    size_t neligibility;
};

/* The unit a tier's credit is written in (JSON "unit"), and what value is
 * in it. PERCENT_OF_FEE: credit_percent of the fee (value the same number).
 * PERCENT_PER_STEP: value percent of the fee for each full step_percent
 * points the attainment falls short of the band's top ("5 % for each full
 * 1 % below the target"); credit_percent then holds the credit of one step.
 * The others leave credit_percent NAN (they are no share of the fee):
 * SERVICE_TIME_MULTIPLE, value times the countable downtime as service
 * time ("10 times the downtime", "30:1"); SERVICE_DAYS, value days of
 * service (per hour of downtime with SLA_BASIS_DOWNTIME_HOUR);
 * FIXED_AMOUNT, value in currency (per outage with SLA_BASIS_INCIDENT, per
 * hour of downtime with SLA_BASIS_DOWNTIME_HOUR);
 * USAGE_CREDITS, value credits of usage; PRO_RATA, the fee × downtime ÷
 * window (value 1, the share of the downtime refunded); LICENSE_EXTENSION,
 * the subscription extended by value days. */
enum sla_credit_unit {
    SLA_UNIT_PERCENT_OF_FEE,
    SLA_UNIT_PERCENT_PER_STEP,
    SLA_UNIT_SERVICE_TIME_MULTIPLE,
    SLA_UNIT_SERVICE_DAYS,
    SLA_UNIT_FIXED_AMOUNT,
    SLA_UNIT_USAGE_CREDITS,
    SLA_UNIT_PRO_RATA,
    SLA_UNIT_LICENSE_EXTENSION
};

/* What a tier's value is counted per (JSON "of"): nothing (the value as
 * it stands), the window's countable downtime (a multiple of it), each full
 * hour of that downtime, each countable outage. */
enum sla_credit_basis {
    SLA_BASIS_NONE,
    SLA_BASIS_DOWNTIME,
    SLA_BASIS_DOWNTIME_HOUR,
    SLA_BASIS_INCIDENT
};

/* A credit band. A bound is NAN when the band is open on that side; the
 * inclusivity is as the document wrote it. */
struct sla_credit_tier {
    double lower_percent, upper_percent;
    bool lower_inclusive, upper_inclusive;
    double credit_percent; /* NAN for the units that are no share of the fee */
    long line;
    enum sla_credit_unit unit; /* PERCENT_OF_FEE unless the document says otherwise */
    double value;              /* the credit in unit (above) */
    double step_percent;       /* PERCENT_PER_STEP: points of attainment per step */
    enum sla_credit_basis basis;
    char currency[4]; /* FIXED_AMOUNT: "USD", "EUR", "GBP"; "" when unstated */
};

struct sla_exclusion {
    char *text;
    long line;
};

struct sla_response_time {
    char *severity; /* as written: "Severity 1", "P1", "urgent" */
    double minutes;
    bool business_hours;
    bool resolution; /* a resolution/restoration target, not a first response */
    long line;
};

/* Clauses the scorecard weighs that have no field of their own in docs/design.md
 * §5: each one found is kept with its value (NAN when it has none), the
 * sentence it was read from, and its line. */
enum sla_clause_kind {
    SLA_CLAUSE_MEASURED_BY_PROVIDER, /* uptime as measured by the provider only */
    SLA_CLAUSE_CUSTOMER_EVIDENCE,    /* a claim must bring the customer's logs/proof */
    SLA_CLAUSE_CREDITS_AUTOMATIC,    /* credits applied without a claim */
    SLA_CLAUSE_CREDITS_FUTURE_ONLY,  /* credits only against future bills */
    SLA_CLAUSE_PARTIAL_COUNTED,      /* degraded/partial service counts as downtime */
    SLA_CLAUSE_PARTIAL_EXCLUDED,     /* degraded/partial service is said not to be downtime */
    SLA_CLAUSE_MIN_OUTAGE,           /* value: minutes an outage must last to count */
    SLA_CLAUSE_MAINTENANCE_CAP,      /* value: hours of maintenance allowed per month */
    SLA_CLAUSE_CATCH_ALL_EXCLUSION,  /* "beyond reasonable control", uncapped emergencies */
    SLA_CLAUSE_DATA_RETURN,          /* value: days to retrieve data at exit (NAN: unstated) */
    SLA_CLAUSE_AUDIT_RIGHTS,         /* SOC 2 report, ISO certificate, right to audit */
    SLA_CLAUSE_UNILATERAL_CHANGE,    /* the provider may change the SLA on its own */
    SLA_CLAUSE_DR_TESTED,            /* business continuity / DR tested */
    SLA_CLAUSE_BEST_EFFORTS,         /* "commercially reasonable efforts" towards the target */
    SLA_CLAUSE_CREDITS_VOUCHER,      /* credits paid as vouchers for the same service */
    SLA_CLAUSE_COUNT
};

struct sla_clause {
    enum sla_clause_kind kind;
    double value;
    char *text;
    long line;
};

enum sla_coverage { SLA_COVERAGE_UNKNOWN, SLA_COVERAGE_24X7, SLA_COVERAGE_BUSINESS_HOURS };

/* What a credit cap is a share of: the monthly fee, the fee of the affected
 * service; UNKNOWN when the document does not say (or states no cap). */
enum sla_cap_of { SLA_CAP_OF_UNKNOWN, SLA_CAP_OF_MONTHLY_FEE, SLA_CAP_OF_AFFECTED_SERVICE_FEE };

/* The unit a claim deadline is written in ("within two (2) months": MONTHS,
 * amount 2); NONE when the deadline is words only or absent. */
enum sla_claim_unit {
    SLA_CLAIM_NONE,
    SLA_CLAIM_DAYS, /* weeks are read as 7 days */
    SLA_CLAIM_BUSINESS_DAYS,
    SLA_CLAIM_HOURS,
    SLA_CLAIM_MONTHS,
    SLA_CLAIM_BILLING_CYCLES
};

/* The form credits are paid in (sla_remedy.h): a credit on the invoice,
 * a voucher for the same service, money back, more time of service. */
enum sla_credit_form {
    SLA_FORM_UNKNOWN,
    SLA_FORM_INVOICE_CREDIT,
    SLA_FORM_VOUCHER,
    SLA_FORM_REFUND,
    SLA_FORM_SERVICE_EXTENSION
};

/* A cap on the provider's whole liability, not on credits: a share of the
 * fees paid over some months, or a fixed amount. Absent when both percent
 * and amount are NAN. */
struct sla_liability_cap {
    double percent;   /* of the fees: 100 for "the fees paid"; NAN for a fixed amount */
    double months;    /* the months of fees counted (12); NAN when unstated */
    double amount;    /* a fixed amount in currency; NAN when a share of fees */
    char currency[4]; /* "USD", "EUR", "GBP"; "" when unstated */
    char *text;
    long line;
};

/* The smallest credit issued ("credits under $10 will not be issued"): an
 * amount in currency or a percent of the fee. Absent when both are NAN. */
struct sla_minimum_credit {
    double amount;
    char currency[4];
    double percent;
    char *text;
    long line;
};

struct sla_terms {
    char *document;
    char *provider, *service;
    char *effective_date; /* as the document's front matter writes it; may be NULL */
    char language[4];     /* "en", "de"; "" when unknown (terms from JSON without it) */
    struct sla_uptime_target *targets;
    size_t ntargets;
    /* No commitment is written: the only target is the top of the highest
     * band of a credit table (JSON: "implied": true on that target). */
    bool target_implied;
    struct sla_credit_tier *tiers;
    size_t ntiers;
    double credit_cap_percent;
    char *credit_cap_text;
    long credit_cap_line;
    enum sla_cap_of credit_cap_of;
    long claim_deadline_days; /* -1 when absent or given in months */
    char *claim_deadline_text;
    long claim_deadline_line;
    enum sla_claim_unit claim_deadline_unit;
    double claim_deadline_amount; /* in that unit; NAN with SLA_CLAIM_NONE */
    bool maintenance_excluded;
    double maintenance_notice_hours;
    struct sla_exclusion *exclusions;
    size_t nexclusions;
    struct sla_response_time *response_times;
    size_t nresponse_times;
    enum sla_coverage support_coverage;
    bool sole_remedy;
    long sole_remedy_line; /* where credits are said to be the sole remedy */
    bool chronic_failure_termination;
    double incident_notice_hours;
    double rpo_minutes, rto_minutes;
    struct sla_clause *clauses;
    size_t nclauses;
    /* The document's lines as read (after HTML was turned into text), for
     * quoting a term by its line; NULL when the terms came from JSON. */
    char **source_lines;
    size_t nsource_lines;
    /* The credit side (sla_remedy.h). The voucher form is the clause
     * credits_voucher, never this field: read it by sla_remedy_credit_form(). */
    enum sla_credit_form credit_form;
    long credit_form_line;
    bool void_at_termination; /* credits forfeited at termination / no cash value */
    long void_at_termination_line;
    struct sla_liability_cap liability_cap;
    struct sla_minimum_credit minimum_credit;
    /* A durability figure ("99.999999999% durability"): never an uptime
     * target. NAN and 0 when the document states none. */
    double durability_percent;
    long durability_line;
};

/* Sets every field to absent. */
void sla_terms_init(struct sla_terms *t);
/* True when t states at least one term (a target, a credit tier or cap, a
 * claim deadline, maintenance, an exclusion, a response time, support
 * coverage, a remedy, a notice, RPO/RTO, a recognised clause, a form of
 * credit, forfeiture, a liability cap or a minimum credit); the document's
 * name, provider and service alone are not terms. */
bool sla_terms_any(const struct sla_terms *t);
void sla_terms_release(struct sla_terms *t);
/* Removes target i (the later ones move up); nothing when there is none. */
void sla_terms_drop_target(struct sla_terms *t, size_t i);

/* "month", "quarter", "year", "rolling", "days"; and back (false when s is
 * none of them). */
const char *sla_window_name(enum sla_window w);
bool sla_window_parse(const char *s, enum sla_window *out);
const char *sla_coverage_name(enum sla_coverage c);
/* "sole_remedy"-style names of clause kinds, and back; false when unknown. */
const char *sla_clause_name(enum sla_clause_kind k);
bool sla_clause_parse(const char *name, enum sla_clause_kind *out);
/* The target credit tier i belongs to: the last target written at or
 * before the tier's line, else the first target; -1 when there is none. */
long sla_terms_tier_commitment(const struct sla_terms *t, size_t i);
/* "percent_of_fee", "percent_per_step", "service_time_multiple", ...; and
 * back (false when s is none of them). */
const char *sla_credit_unit_name(enum sla_credit_unit u);
bool sla_credit_unit_parse(const char *s, enum sla_credit_unit *out);
/* "downtime", "downtime_hour", "incident"; NULL for NONE; and back. */
const char *sla_credit_basis_name(enum sla_credit_basis b);
bool sla_credit_basis_parse(const char *s, enum sla_credit_basis *out);
/* Whether the tier's credit is a share of the fee (PERCENT_OF_FEE,
 * PERCENT_PER_STEP): the units whose credit_percent is a number. */
bool sla_credit_unit_of_fee(enum sla_credit_unit u);
/* "time", "requests", "error_rate", "builds", "ticks"; NULL for UNKNOWN;
 * and back (false when s is none of them). */
const char *sla_measure_name(enum sla_measure m);
bool sla_measure_parse(const char *s, enum sla_measure *out);
/* "monthly_fee", "affected_service_fee"; NULL for UNKNOWN; and back. */
const char *sla_cap_of_name(enum sla_cap_of o);
bool sla_cap_of_parse(const char *s, enum sla_cap_of *out);
/* "days", "business_days", "hours", "months", "billing_cycles"; NULL for
 * NONE; and back (false when s is none of them). */
const char *sla_claim_unit_name(enum sla_claim_unit u);
bool sla_claim_unit_parse(const char *s, enum sla_claim_unit *out);
/* The deadline in calendar days as far as the unit allows: days and
 * business days as written, hours / 24, a month or billing cycle as 30
 * days; -1 when there is no number. */
double sla_claim_deadline_days(const struct sla_terms *t);
/* The first clause of kind k, or NULL. */
const struct sla_clause *sla_terms_clause(const struct sla_terms *t, enum sla_clause_kind k);
/* The text of document line n (1-based), or NULL when unknown. */
const char *sla_terms_line_text(const struct sla_terms *t, long n);
/* A document line as a reader quotes it, into buf (size > 0 bytes, cut
 * there): its blanks at either end dropped, and a Markdown table row
 * ("| Less than 99.9% | 10% |") as its cells joined by " — ", without the
 * pipes. Returns the length written. */
size_t sla_line_words(const char *line, char *buf, size_t size);

#endif
