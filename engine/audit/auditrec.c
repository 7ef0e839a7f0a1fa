/* auditrec.c — audit records from parsers into the store, counted. */
#include "engine/audit/auditrec.h"

enum sl_status
auditrec_ingest(struct ingest *ing, const struct audit_record *r)
{
    bool updated = false;
    ing->counts.read++;
    /* Audit records are stored here, not through the store thread: it must
     * have stopped first, or two threads would share one connection. */
    enum sl_status rc = ingest_store_here(ing);
    if (!rc)
        rc = store_add_audit_record(ing->store, r, &updated, ing->diag);
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
