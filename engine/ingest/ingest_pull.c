/* ingest_pull.c — the answers of one pull and the pull itself stored in
 * one transaction, each answer a source read by the API's format
 * (ingest_pull.h). */
#include "engine/ingest/ingest_pull.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/sha256.h"
#include "engine/base/strbuf.h"
#include "engine/ingest/ingest_key.h"

static enum sl_status
hash_buffer(const char *data, size_t len, char hex[65], const char *what, struct sl_diag *diag)
{
    long long bytes;
    FILE *f = len ? fmemopen((void *)(uintptr_t)data, len, "r") : fopen("/dev/null", "r");
    if (!f)
        return diag_set(diag, SL_ERR_NOMEM, what, 0, "cannot hash the answer: %s", strerror(errno));
    enum sl_status s = sha256_stream(f, hex, &bytes);
    fclose(f);
    return s ? diag_set(diag, s, what, 0, "cannot hash the answer") : SL_OK;
}

static void
add_kinds(struct ingest_kinds *to, const struct ingest_kinds *k)
{
    to->incidents += k->incidents;
    to->intervals += k->intervals;
    to->maintenance += k->maintenance;
    to->gpu_events += k->gpu_events;
    to->commitments += k->commitments;
    to->audit_records += k->audit_records;
    to->probes += k->probes;
    to->changes += k->changes;
    to->skipped += k->skipped;
    to->latency_samples += k->latency_samples;
}

static void
add_result(struct ingest_pull_result *out, const struct ingest *ing)
{
    for (long i = 0;
         i < ing->counts.rejected && i < INGEST_SHOWN_REJECTS && out->nshown < INGEST_SHOWN_REJECTS;
         i++)
        out->shown[out->nshown++] = ing->shown[i];
    out->counts.read += ing->counts.read;
    out->counts.stored += ing->counts.stored;
    out->counts.rejected += ing->counts.rejected;
    out->counts.duplicates += ing->counts.duplicates;
    out->intervals += ing->intervals;
    add_kinds(&out->kinds, &ing->kinds);
}

/* The key an answer is recorded under: as for a file (ingest_key.h), its
 * SHA-256 with the options that change its records and the role, so the
 * same answer pulled for another entity is read again, not taken as known. */
static enum sl_status
answer_key(struct store *st, const char *sha, const struct ingest_pull_options *opt, char key[65],
           struct sl_diag *diag)
{
    struct ingest_file_options as_file = {.entity = opt->entity,
                                          .service = opt->service,
                                          .zone = opt->zone,
                                          .probe_interval = opt->probe_interval};
    char scope[256];
    enum sl_status s = store_source_scope(st, scope, sizeof scope, diag);
    if (!s && (s = ingest_key(sha, &as_file, scope, key)))
        diag_set(diag, s, "", 0, "out of memory");
    return s;
}

/* One answer, its source recorded and its body read, in the open batch;
 * its request and SHA-256 added to the pull's manifest. */
static enum sl_status
store_answer(struct store *st, const struct ingest_pull_answer *a,
             const struct ingest_pull_options *opt, struct strbuf *manifest,
             struct ingest_pull_result *out, struct sl_diag *diag)
{
    char sha[65], key[65];
    bool already;
    enum sl_status s = hash_buffer(a->body, a->len, sha, a->request, diag);
    if (!s && (strbuf_addf(manifest, "%s %s\n", a->request, sha)))
        s = diag_set(diag, SL_ERR_NOMEM, a->request, 0, "out of memory");
    if (!s)
        s = answer_key(st, sha, opt, key, diag);
    if (!s)
        s = store_batch_source(st, a->request, key, opt->format.name, (long long)a->len, &already,
                               diag);
    if (s)
        return s;
    if (already) {
        out->known++;
        return SL_OK;
    }
    FILE *f = a->len ? fmemopen((void *)(uintptr_t)a->body, a->len, "r") : fopen("/dev/null", "r");
    if (!f)
        return diag_set(diag, SL_ERR_NOMEM, a->request, 0, "cannot read the answer: %s",
                        strerror(errno));
    struct ingest ing;
    ingest_init(&ing, st, a->request, diag);
    ing.entity = opt->entity;
    ing.service = opt->service;
    ing.zone = opt->zone;
    ing.probe_interval = opt->probe_interval;
    s = ingest_parse(&ing, opt->format.parse, f);
    if (!s)
        s = ingest_finish(&ing);
    if (!s)
        s = store_batch_source_done(st, &ing.counts, diag);
    add_result(out, &ing);
    out->answers++;
    ingest_release(&ing);
    fclose(f);
    return s;
}

enum sl_status
ingest_pull(struct store *st, const struct ingest_pull_answer *answers, size_t n,
            const struct ingest_pull_options *opt, struct ingest_pull_result *out,
            struct sl_diag *diag)
{
    memset(out, 0, sizeof *out);
    struct strbuf manifest = STRBUF_INIT;
    long long bytes = 0;
    enum sl_status s = store_batch_begin(st, diag);
    if (s)
        return s;
    if (strbuf_addf(&manifest, "%s\n", opt->record))
        s = diag_set(diag, SL_ERR_NOMEM, opt->record, 0, "out of memory");
    for (size_t i = 0; !s && i < n; i++) {
        s = store_answer(st, &answers[i], opt, &manifest, out, diag);
        bytes += (long long)answers[i].len;
    }
    char sha[65];
    if (!s)
        s = hash_buffer(manifest.buf, manifest.len, sha, opt->record, diag);
    if (!s)
        s = store_batch_source(st, opt->record, sha, INGEST_PULL_FORMAT, bytes, &out->already,
                               diag);
    if (!s && !out->already)
        s = store_batch_source_done(st, &out->counts, diag);
    if (!s && !out->already && !opt->dry_run)
        s = store_batch_commit(st, diag);
    else
        store_source_abort(st);
    strbuf_release(&manifest);
    return s;
}
