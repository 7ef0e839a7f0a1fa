/* sla_provider.h — who makes the commitments of an SLA: the name the
 * strongest evidence gives (sla_provider_evidence in sla_patterns.h), never
 * a pronoun, a role word or a generic word. */
#ifndef SLAUDIT_SLA_PROVIDER_H
#define SLAUDIT_SLA_PROVIDER_H

#include "engine/base/status.h"
#include "parsers/sla/sla_match.h"
#include "parsers/sla/sla_text.h"

/* The provider of doc into *out (malloc'd), NULL when no evidence names one;
 * the title (doc->meta_service) counts as a heading. Errors: SL_ERR_NOMEM,
 * a regex failure. */
enum sl_status sla_provider_read(const struct sla_matcher *mx, const struct sla_text *doc,
                                 char **out, struct sl_diag *diag);

#endif
