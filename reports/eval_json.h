/* eval_json.h — an eval_result as the JSON of DESIGN.md §5:
 * {"definitions": {...}, "results": [...]}, one result per entity, service
 * (null for the entity as a whole), window and measure. */
#ifndef SLAUDIT_EVAL_JSON_H
#define SLAUDIT_EVAL_JSON_H

#include "engine/eval.h"
#include "engine/strbuf.h"

enum sl_status eval_json_write(const struct eval_result *r, struct strbuf *out);

#endif
