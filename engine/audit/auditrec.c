/* auditrec.c — audit records from parsers into the store, counted. */
#include "engine/audit/auditrec.h"

enum sl_status
auditrec_ingest(struct ingest *ing, const struct audit_record *r)
{
    bool updated = false;
    ing->counts.read++;
    enum sl_status rc = store_add_audit_record(ing->store, r, &updated, ing->diag);
    if (rc)
        return rc;
    if (updated)
        ing->counts.duplicates++;
    else {
        ing->counts.stored++;
        ing->kinds.audit_records++;
    }
    return SL_OK;
}
