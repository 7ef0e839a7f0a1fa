/* sla_credit_unit.h — the credits that are no share of the fee (struct
 * sla_credit_tier, enum sla_credit_unit): service time as a multiple of the
 * downtime, days of service, a fixed amount, usage credits, a pro-rata
 * refund, a licence extension; what one window owes in each, and how it
 * reads in words. credit.c computes the shares of the fee and hands the
 * rest here. */
#ifndef SLAUDIT_SLA_CREDIT_UNIT_H
#define SLAUDIT_SLA_CREDIT_UNIT_H

#include <stddef.h>

#include "engine/base/jsonw.h"
#include "engine/sla/credit.h"
#include "engine/sla/sla_terms.h"

/* What tier t (a unit that is no share of the fee) owes for a window,
 * into out's unit fields (out->match and tier already set by the caller):
 *   SERVICE_TIME_MULTIPLE  value × the countable downtime, in seconds;
 *   SERVICE_DAYS           value days, or value × full hours of downtime;
 *   FIXED_AMOUNT           value in t->currency, or value × the outages,
 *                          or value × full hours of downtime;
 *   USAGE_CREDITS          value credits; LICENSE_EXTENSION value days;
 *   PRO_RATA               credit_percent = downtime ÷ window × 100, and
 *                          amount that share of fee (NAN when unknown).
 * The cap (percent of the fee, NAN when none) bounds what is a share of a
 * window: service time to cap % of the window's time, days to cap % of its
 * days, pro rata to cap %. A fixed amount, credits and an extension are
 * not capped: the cap is in the fee and their unit is not. owed is NAN when
 * the unit counts by what win does not give (win NULL, downtime NAN,
 * outages < 0). */
void sla_credit_unit_owe(const struct sla_credit_tier *t, const struct credit_window *win,
                         double cap_percent, double fee, struct credit_result *out);

/* What r owes in words, for a unit that is no share of the fee:
 * "6 h 10 min of service", "3 days of service", "USD 50", "1000 usage
 * credits", "pro rata, 0.14% of the fee", "subscription extended by 14
 * days"; "unknown" when owed is NAN. Returns snprintf's count. */
int sla_credit_unit_owed_text(const struct credit_result *r, char *buf, size_t size);

/* A tier's credit in words, for a unit that is no share of the fee:
 * "10 × the downtime as service", "1 day of service per hour of downtime",
 * "EUR 100 per incident", ... Returns snprintf's count. */
int sla_credit_unit_tier_text(const struct sla_credit_tier *t, char *buf, size_t size);

/* The credit r owes in its unit, as the JSON object under key: {"unit",
 * "value", "in", "currency", "capped", "text"}, value in "in": percent_of_fee
 * (the fee units and pro rata), seconds (of service), days, money (in
 * currency), credits. null unless a tier applies. */
void sla_credit_unit_json(struct jsonw *w, const char *key, const struct credit_result *r);

#endif
