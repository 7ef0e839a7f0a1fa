/* sla_remedy.c — the credit side of SLA terms (sla_remedy.h). */
#include "engine/sla/sla_remedy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const measured_names[] = {NULL, "provider", "customer_evidence", "either"};
static const char *const form_names[] = {NULL, "invoice_credit", "voucher", "refund",
                                         "service_extension"};

enum sla_measured_by
sla_remedy_measured_by(const struct sla_terms *t)
{
    bool provider = sla_terms_clause(t, SLA_CLAUSE_MEASURED_BY_PROVIDER) != NULL;
    bool customer = sla_terms_clause(t, SLA_CLAUSE_CUSTOMER_EVIDENCE) != NULL;
    if (provider && customer)
        return SLA_MEASURED_EITHER;
    if (provider)
        return SLA_MEASURED_PROVIDER;
    return customer ? SLA_MEASURED_CUSTOMER_EVIDENCE : SLA_MEASURED_UNKNOWN;
}

const char *
sla_measured_by_name(enum sla_measured_by m)
{
    return (unsigned)m <= SLA_MEASURED_EITHER ? measured_names[m] : NULL;
}

bool
sla_measured_by_parse(const char *s, enum sla_measured_by *out)
{
    for (int i = SLA_MEASURED_PROVIDER; s && i <= SLA_MEASURED_EITHER; i++)
        if (!strcmp(s, measured_names[i])) {
            *out = (enum sla_measured_by)i;
            return true;
        }
    return false;
}

enum sla_credit_form
sla_remedy_credit_form(const struct sla_terms *t)
{
    return sla_terms_clause(t, SLA_CLAUSE_CREDITS_VOUCHER) ? SLA_FORM_VOUCHER : t->credit_form;
}

long
sla_remedy_credit_form_line(const struct sla_terms *t)
{
    const struct sla_clause *c = sla_terms_clause(t, SLA_CLAUSE_CREDITS_VOUCHER);
    return c ? c->line : t->credit_form_line;
}

const char *
sla_credit_form_name(enum sla_credit_form f)
{
    return (unsigned)f <= SLA_FORM_SERVICE_EXTENSION ? form_names[f] : NULL;
}

bool
sla_credit_form_parse(const char *s, enum sla_credit_form *out)
{
    for (int i = SLA_FORM_INVOICE_CREDIT; s && i <= SLA_FORM_SERVICE_EXTENSION; i++)
        if (!strcmp(s, form_names[i])) {
            *out = (enum sla_credit_form)i;
            return true;
        }
    return false;
}

bool
sla_remedy_has_liability_cap(const struct sla_terms *t)
{
    return !isnan(t->liability_cap.percent) || !isnan(t->liability_cap.amount);
}

bool
sla_remedy_has_minimum_credit(const struct sla_terms *t)
{
    return !isnan(t->minimum_credit.amount) || !isnan(t->minimum_credit.percent);
}

/* ---- writing ------------------------------------------------------------ */

static void
write_currency(struct jsonw *w, const char *currency)
{
    jsonw_field_str(w, "currency", currency[0] ? currency : NULL);
}

void
sla_remedy_json_write(struct jsonw *w, const struct sla_terms *t)
{
    jsonw_field_str(w, "measured_by", sla_measured_by_name(sla_remedy_measured_by(t)));
    jsonw_field_str(w, "credit_form", sla_credit_form_name(sla_remedy_credit_form(t)));
    jsonw_field_int(w, "credit_form_line", sla_remedy_credit_form_line(t));
    jsonw_field_bool(w, "void_at_termination", t->void_at_termination);
    jsonw_field_int(w, "void_at_termination_line", t->void_at_termination_line);
    const struct sla_liability_cap *l = &t->liability_cap;
    if (!sla_remedy_has_liability_cap(t)) {
        jsonw_field_null(w, "liability_cap");
    } else {
        jsonw_open(w, "liability_cap", '{');
        jsonw_field_num(w, "percent", l->percent);
        jsonw_field_str(w, "of", isnan(l->percent) ? NULL : "fees");
        jsonw_field_num(w, "months", l->months);
        jsonw_field_num(w, "amount", l->amount);
        write_currency(w, l->currency);
        jsonw_field_str(w, "text", l->text);
        jsonw_field_int(w, "line", l->line);
        jsonw_close(w, '}');
    }
    const struct sla_minimum_credit *m = &t->minimum_credit;
    if (!sla_remedy_has_minimum_credit(t)) {
        jsonw_field_null(w, "minimum_credit");
    } else {
        jsonw_open(w, "minimum_credit", '{');
        jsonw_field_num(w, "amount", m->amount);
        write_currency(w, m->currency);
        jsonw_field_num(w, "percent", m->percent);
        jsonw_field_str(w, "text", m->text);
        jsonw_field_int(w, "line", m->line);
        jsonw_close(w, '}');
    }
}

/* ---- reading ------------------------------------------------------------ */

struct reader {
    const char *path;
    struct sl_diag *diag;
    enum sl_status status;
};

static void
wrong(struct reader *r, const char *field, const char *want)
{
    if (!r->status)
        r->status = diag_set(r->diag, SL_ERR_INPUT, r->path, 0, "'%s' is not %s", field, want);
}

static double
num_of(struct reader *r, const struct json_node *o, const char *k, const char *field)
{
    struct json_node *n = jsondoc_get(o, k);
    double v;
    if (!n || jsondoc_kind(n) == JNODE_NULL)
        return NAN;
    if (!jsondoc_number(n, &v)) {
        wrong(r, field, "a number");
        return NAN;
    }
    return v;
}

static long
line_of(struct reader *r, const struct json_node *o, const char *k, const char *field)
{
    double v = num_of(r, o, k, field);
    return isnan(v) || v < 0 ? 0 : (long)v;
}

static char *
str_of(struct reader *r, const struct json_node *o, const char *k, const char *field)
{
    struct json_node *n = jsondoc_get(o, k);
    if (!n || jsondoc_kind(n) == JNODE_NULL)
        return NULL;
    const char *s = jsondoc_string(n);
    if (!s) {
        wrong(r, field, "a string");
        return NULL;
    }
    char *copy = strdup(s);
    if (!copy && !r->status)
        r->status = diag_set(r->diag, SL_ERR_NOMEM, r->path, 0, "out of memory");
    return copy;
}

static void
currency_of(struct reader *r, const struct json_node *o, char out[4], const char *field)
{
    struct json_node *n = jsondoc_get(o, "currency");
    if (!n || jsondoc_kind(n) == JNODE_NULL)
        return;
    const char *s = jsondoc_string(n);
    if (!s || strlen(s) != 3) {
        wrong(r, field, "a three-letter currency code");
        return;
    }
    memcpy(out, s, 4);
}

/* The object k of root, or NULL when absent or null (an error when it is
 * something else). */
static const struct json_node *
object_of(struct reader *r, const struct json_node *root, const char *k)
{
    struct json_node *o = jsondoc_get(root, k);
    if (!o || jsondoc_kind(o) == JNODE_NULL)
        return NULL;
    if (jsondoc_kind(o) != JNODE_OBJECT) {
        wrong(r, k, "an object");
        return NULL;
    }
    return o;
}

/* Adds a clause of kind k with no words when t has none. */
static void
ensure_clause(struct reader *r, struct sla_terms *t, enum sla_clause_kind k, long line)
{
    if (sla_terms_clause(t, k))
        return;
    struct sla_clause *v = realloc(t->clauses, (t->nclauses + 1) * sizeof *v);
    if (!v) {
        if (!r->status)
            r->status = diag_set(r->diag, SL_ERR_NOMEM, r->path, 0, "out of memory");
        return;
    }
    t->clauses = v;
    v[t->nclauses++] = (struct sla_clause){k, NAN, NULL, line};
}

static void
read_measured_by(struct reader *r, const struct json_node *root, struct sla_terms *t)
{
    struct json_node *n = jsondoc_get(root, "measured_by");
    if (!n || jsondoc_kind(n) == JNODE_NULL)
        return;
    enum sla_measured_by want;
    if (!sla_measured_by_parse(jsondoc_string(n), &want)) {
        wrong(r, "measured_by", "provider, customer_evidence or either");
        return;
    }
    enum sla_measured_by have = sla_remedy_measured_by(t);
    if (have == SLA_MEASURED_UNKNOWN) {
        if (want != SLA_MEASURED_CUSTOMER_EVIDENCE)
            ensure_clause(r, t, SLA_CLAUSE_MEASURED_BY_PROVIDER, 0);
        if (want != SLA_MEASURED_PROVIDER)
            ensure_clause(r, t, SLA_CLAUSE_CUSTOMER_EVIDENCE, 0);
    } else if (have != want) {
        wrong(r, "measured_by", "what the clauses say");
    }
}

static void
read_form(struct reader *r, const struct json_node *root, struct sla_terms *t)
{
    long line = line_of(r, root, "credit_form_line", "credit_form_line");
    struct json_node *n = jsondoc_get(root, "credit_form");
    if (!n || jsondoc_kind(n) == JNODE_NULL)
        return;
    enum sla_credit_form f;
    if (!sla_credit_form_parse(jsondoc_string(n), &f)) {
        wrong(r, "credit_form", "invoice_credit, voucher, refund or service_extension");
        return;
    }
    bool voucher = sla_terms_clause(t, SLA_CLAUSE_CREDITS_VOUCHER) != NULL;
    if (voucher && f != SLA_FORM_VOUCHER) {
        wrong(r, "credit_form", "voucher, as the clause credits_voucher says");
    } else if (f == SLA_FORM_VOUCHER) {
        ensure_clause(r, t, SLA_CLAUSE_CREDITS_VOUCHER, line);
    } else {
        t->credit_form = f;
        t->credit_form_line = line;
    }
}

enum sl_status
sla_remedy_json_read(const struct json_node *root, const char *path, struct sla_terms *t,
                     struct sl_diag *diag)
{
    struct reader r = {path, diag, SL_OK};
    read_measured_by(&r, root, t);
    read_form(&r, root, t);
    struct json_node *v = jsondoc_get(root, "void_at_termination");
    if (v && jsondoc_kind(v) != JNODE_NULL && !jsondoc_bool(v, &t->void_at_termination))
        wrong(&r, "void_at_termination", "true or false");
    t->void_at_termination_line =
        line_of(&r, root, "void_at_termination_line", "void_at_termination_line");
    const struct json_node *o = object_of(&r, root, "liability_cap");
    if (o) {
        struct sla_liability_cap *l = &t->liability_cap;
        l->percent = num_of(&r, o, "percent", "liability_cap.percent");
        l->months = num_of(&r, o, "months", "liability_cap.months");
        l->amount = num_of(&r, o, "amount", "liability_cap.amount");
        currency_of(&r, o, l->currency, "liability_cap.currency");
        l->text = str_of(&r, o, "text", "liability_cap.text");
        l->line = line_of(&r, o, "line", "liability_cap.line");
    }
    if ((o = object_of(&r, root, "minimum_credit"))) {
        struct sla_minimum_credit *m = &t->minimum_credit;
        m->amount = num_of(&r, o, "amount", "minimum_credit.amount");
        currency_of(&r, o, m->currency, "minimum_credit.currency");
        m->percent = num_of(&r, o, "percent", "minimum_credit.percent");
        m->text = str_of(&r, o, "text", "minimum_credit.text");
        m->line = line_of(&r, o, "line", "minimum_credit.line");
    }
    return r.status;
}
