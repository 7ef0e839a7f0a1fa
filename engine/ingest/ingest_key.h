/* ingest_key.h — the key a file is recorded under, so that "already
 * ingested" means the same records, not only the same bytes.
 *
 * The same bytes read with another --entity, --service, --tz, field mapping
 * (--map, --config: the mapping file's bytes), --boot-time, --host, --year,
 * --probe-interval or --covers give other records: each of
 * them is part of the key. On a server the key includes the role that
 * ingests unless it owns the store (store_source_scope), so that one
 * team's upload is never taken for another's and a team cannot learn what
 * another has ingested.
 *
 * A file read with none of those options into a SQLite store, or by the
 * owner of a server's store, is keyed by its SHA-256 alone, as every store before these keys: the
 * stores already written need no migration, and `forget SHA256` takes the hash sha256sum prints.
 * Otherwise the key is the SHA-256 of the file's SHA-256 and the options, each written as
 * NAME=VALUE. */
#ifndef SLAUDIT_INGEST_KEY_H
#define SLAUDIT_INGEST_KEY_H

#include "engine/base/status.h"
#include "engine/ingest/ingest_file.h"

/* key gets the 64 hex digits of the key of the file whose SHA-256 is
 * file_sha256, read with opt (may be NULL: no option) by the owner scope
 * ("" when none). Errors: SL_ERR_NOMEM. */
enum sl_status ingest_key(const char *file_sha256, const struct ingest_file_options *opt,
                          const char *scope, char key[65]);

#endif
