/* profile_json.c — an entity profile as one JSON object: regimes, critical
 * services, zone, holidays, threshold overrides and the facts some rules need
 * (docs/audit-inputs.md). Stored whole as the entity's profile record. */
#include <errno.h>
#include <string.h>

#include "engine/audit/auditrec.h"
#include "engine/base/infile.h"
#include "engine/base/jsondoc.h"
#include "engine/audit/profile.h"
#include "engine/base/strbuf.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

#define PROFILE_MAX_BYTES (1 << 20)

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct strbuf text = STRBUF_INIT;
    struct json_node *root = NULL;
    struct profile check;
    char buf[8192];
    size_t n;
    enum sl_status rc = SL_OK;
    strbuf_init(&text, PROFILE_MAX_BYTES);
    profile_init(&check);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        if ((rc = strbuf_add(&text, buf, n))) {
            rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 0, "a profile larger than %d bytes",
                          PROFILE_MAX_BYTES);
            goto out;
        }
    if (ferror(f)) {
        rc = infile_read_error(ing->diag, ing->path, 0, errno);
        goto out;
    }
    /* The profile is stored as its text: without a byte-order mark, which
     * is not JSON. */
    const char *json = text.buf;
    if (text.len >= 3 && !memcmp(json, "\xEF\xBB\xBF", 3))
        json += 3;
    if ((rc = jsondoc_load_buffer(json, text.len - (size_t)(json - text.buf), ing->path, 1, &root,
                                  ing->diag)))
        goto out;
    if (jsondoc_kind(root) != JNODE_OBJECT) {
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1, "a profile must be a JSON object");
        goto out;
    }
    const char *entity = jsondoc_get_string(root, "entity");
    if (!entity)
        entity = ing->entity;
    if (!entity || ((strncmp(entity, "provider:", 9) || !entity[9]) &&
                    (strncmp(entity, "team:", 5) || !entity[5]))) {
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1,
                      "the profile names no entity (provider:NAME or team:NAME): add \"entity\" "
                      "or give --entity");
        goto out;
    }
    /* Check every field now, so that a bad profile fails at ingest, not audit. */
    if ((rc = profile_from_json(&check, json, ing->zone, ing->diag))) {
        char msg[sizeof ing->diag->message];
        memcpy(msg, ing->diag->message, sizeof msg);
        diag_set(ing->diag, rc, ing->path, 1, "%s", msg);
        goto out;
    }
    struct audit_record r = {AUDITREC_PROFILE, entity, "profile", json, 1, NULL};
    rc = auditrec_ingest(ing, &r);
out:
    profile_release(&check);
    jsondoc_free(root);
    strbuf_release(&text);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_first(head, len) != '{')
        return 0;
    return memmem(head, len, "\"regimes\"", 9) ? 60 : 0;
}

const struct parser parser_profile_json = {
    "profile-json",
    "an entity profile: entity, regimes, critical_services, zone, holidays, thresholds, "
    "response_minutes, tests, rto_minutes, retention_months (docs/audit-inputs.md)",
    "a JSON object with a \"regimes\" member",
    sniff,
    parse,
};
