/* sla_remedy.h — the credit side of SLA terms (docs/design.md §5) beyond the
 * tiers, cap and claim deadline: who measures, the form credits are paid in,
 * whether they die with the contract, the cap on the whole liability, and
 * the smallest credit issued; their names and their JSON.
 *
 * Two of them are derived, never stored twice:
 *   measured_by   from the clauses measured_by_provider and customer_evidence;
 *   credit_form   "voucher" is the clause credits_voucher; the other forms
 *                 are the field credit_form of struct sla_terms.
 * Reading JSON, a derived value the clauses do not already give adds its
 * clause; one that contradicts them is an error. */
#ifndef SLAUDIT_SLA_REMEDY_H
#define SLAUDIT_SLA_REMEDY_H

#include "engine/base/jsondoc.h"
#include "engine/base/jsonw.h"
#include "engine/base/status.h"
#include "engine/sla/sla_terms.h"

/* Who measures the service for a claim: the provider's own records
 * (PROVIDER), the customer's proof (CUSTOMER_EVIDENCE), both named
 * (EITHER), or the document says neither (UNKNOWN, JSON null). */
enum sla_measured_by {
    SLA_MEASURED_UNKNOWN,
    SLA_MEASURED_PROVIDER,
    SLA_MEASURED_CUSTOMER_EVIDENCE,
    SLA_MEASURED_EITHER
};

enum sla_measured_by sla_remedy_measured_by(const struct sla_terms *t);
/* "provider", "customer_evidence", "either"; NULL for UNKNOWN; and back. */
const char *sla_measured_by_name(enum sla_measured_by m);
bool sla_measured_by_parse(const char *s, enum sla_measured_by *out);

/* The form credits are paid in: VOUCHER when the clause credits_voucher is
 * there, else the field; and its line. */
enum sla_credit_form sla_remedy_credit_form(const struct sla_terms *t);
long sla_remedy_credit_form_line(const struct sla_terms *t);
/* "invoice_credit", "voucher", "refund", "service_extension"; NULL for
 * UNKNOWN; and back. */
const char *sla_credit_form_name(enum sla_credit_form f);
bool sla_credit_form_parse(const char *s, enum sla_credit_form *out);

bool sla_remedy_has_liability_cap(const struct sla_terms *t);
bool sla_remedy_has_minimum_credit(const struct sla_terms *t);

/* Writes the fields measured_by, credit_form, credit_form_line,
 * void_at_termination, void_at_termination_line, liability_cap and
 * minimum_credit into the open object of w. */
void sla_remedy_json_write(struct jsonw *w, const struct sla_terms *t);
/* Reads them from root into t (whose clauses are already read). Errors:
 * SL_ERR_INPUT naming the field, SL_ERR_NOMEM. */
enum sl_status sla_remedy_json_read(const struct json_node *root, const char *path,
                                    struct sla_terms *t, struct sl_diag *diag);

#endif
