/* eval_args.c — the evaluation options `eval` and `report` share (eval_args.h). */
#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/eval_args.h"
#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/infile.h"
#include "engine/time/bizclock.h"
#include "engine/sla/sla_json.h"
#include "engine/base/strbuf.h"

/* getopt codes: the characters `eval` has always used for them. */
static const struct option shared_options[] = {
    {"entity", required_argument, NULL, 'e'},
    {"holidays", required_argument, NULL, 'H'},
    {"sla", required_argument, NULL, 'S'},
    {"service", required_argument, NULL, 's'},
    {"fee", required_argument, NULL, 'F'},
    {"min-outage", required_argument, NULL, 'O'},
    {"min-coverage", required_argument, NULL, 2001},
    {"partial-coverage", required_argument, NULL, 2002},
    {NULL, 0, NULL, 0},
};

void
eval_args_init(struct eval_args *a)
{
    memset(a, 0, sizeof *a);
    /* -1 and NAN: the SLA's own clauses apply unless an option overrides them. */
    a->commitment = (struct eval_commitment){.monthly_fee = NAN,
                                             .min_outage_seconds = -1,
                                             .maintenance_cap_seconds = -1,
                                             .partial_weight = NAN,
                                             .effective_from = INT64_MIN};
}

void
eval_args_longopts(const struct option *own, struct option *out, size_t cap)
{
    size_t n = 0, k = 0;
    while (own[n].name)
        n++;
    while (shared_options[k].name)
        k++;
    assert(n + k < cap);
    memcpy(out, own, n * sizeof *out);
    memcpy(out + n, shared_options, (k + 1) * sizeof *out); /* with the sentinel */
    (void)cap;
}

/* A non-negative number for --fee or --min-outage. */
static int
parse_amount(const char *command, const char *option, const char *arg, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (errno || *end || end == arg || !(v >= 0) || v > 1e15)
        return msg_usage(command, "--%s '%s' is not a number", option, arg);
    *out = v;
    return 0;
}

int
eval_args_option(struct eval_args *a, struct eval_params *p, const char *command, int c,
                 const char *arg)
{
    double v;
    int rc;
    switch (c) {
    case 'e':
        p->entity = arg;
        return cli_check_entity_name(command, "--entity", arg);
    case 'H': {
        const char *why = NULL;
        free(a->holidays);
        a->holidays = NULL;
        p->holidays = NULL;
        p->nholidays = 0;
        enum sl_status s = bizclock_parse_holidays(arg, &a->holidays, &p->nholidays, &why);
        if (s == SL_ERR_USAGE)
            return msg_usage(command, "--holidays '%s': %s", arg, why);
        if (s)
            return msg_error(sl_exit_code(s), NULL, 0, "--holidays '%s': %s", arg, sl_strerror(s));
        p->holidays = a->holidays;
        return 0;
    }
    case 'S':
        a->sla_path = arg;
        return 0;
    case 's':
        a->commitment.service = arg;
        return 0;
    case 'F':
        if ((rc = parse_amount(command, "fee", arg, &v)))
            return rc;
        a->commitment.monthly_fee = v;
        return 0;
    case 'O':
        if ((rc = parse_amount(command, "min-outage", arg, &v)))
            return rc;
        a->commitment.min_outage_seconds = (int64_t)(v * 60.0);
        return 0;
    case 2001:
    case 2002: {
        const char *name = c == 2001 ? "min-coverage" : "partial-coverage";
        if ((rc = parse_amount(command, name, arg, &v)))
            return rc;
        if (v > 100)
            return msg_usage(command, "--%s '%s' is a percent, 0 to 100", name, arg);
        *(c == 2001 ? &p->avail.coverage.min : &p->avail.coverage.partial) = v / 100.0;
        return 0;
    }
    default:
        return -1;
    }
}

/* Reads SLA terms from a JSON file (the shape of `sla extract --json`). */
static int
read_terms(const char *path, struct sla_terms *t)
{
    struct sl_diag diag = {0};
    struct strbuf sb = STRBUF_INIT;
    sla_terms_init(t);
    enum sl_status s = infile_read_all(path, &sb, SLA_JSON_MAX_BYTES, &diag);
    if (!s)
        s = sla_json_read(sb.buf, sb.len, path, t, &diag);
    strbuf_release(&sb);
    if (s) {
        sla_terms_release(t);
        return msg_error(sl_exit_code(s), diag.file, diag.line, "%s", diag.message);
    }
    return 0;
}

int
eval_args_finish(struct eval_args *a, struct eval_params *p, const char *command)
{
    int rc;
    if (p->avail.coverage.min > p->avail.coverage.partial)
        return msg_usage(command, "--min-coverage %g %% is above --partial-coverage %g %%",
                         100.0 * p->avail.coverage.min, 100.0 * p->avail.coverage.partial);
    if (!a->sla_path && !isnan(a->commitment.monthly_fee)) {
        /* No document given: the fee prices the stored commitments. */
        if (!p->entity)
            return msg_usage(command, "--fee needs --entity: the entity whose stored SLA it "
                                      "prices (or --sla FILE)");
        p->stored_fee = a->commitment.monthly_fee;
        p->stored_fee_service = a->commitment.service;
    }
    if (!a->sla_path)
        return 0;
    if (!p->entity)
        return msg_usage(command, "--sla needs --entity: the entity the SLA applies to");
    if ((rc = read_terms(a->sla_path, &a->terms)))
        return rc;
    a->have_terms = true;
    a->commitment.entity = p->entity;
    a->commitment.terms = &a->terms;
    p->commitments = &a->commitment;
    p->ncommitments = 1;
    return 0;
}

void
eval_args_release(struct eval_args *a)
{
    if (a->have_terms)
        sla_terms_release(&a->terms);
    a->have_terms = false;
    free(a->holidays);
    a->holidays = NULL;
}
