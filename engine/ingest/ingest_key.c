/* ingest_key.c — the file's SHA-256 together with every option that changes
 * its records (ingest_key.h). */
#include "engine/ingest/ingest_key.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/sha256.h"

/* The parts hashed: the version of the scheme, the file's SHA-256, and one
 * NAME=VALUE an option set; a value too long for a part is written as its
 * SHA-256. */
enum { KEY_MAX_PARTS = 16, KEY_PART_BYTES = 512 };

struct key_parts {
    const char *v[KEY_MAX_PARTS];
    char text[KEY_MAX_PARTS][KEY_PART_BYTES];
    size_t n;
    enum sl_status status;
};

static void
add_part(struct key_parts *k, const char *name, const char *value)
{
    if (k->status || !value)
        return;
    char *t = k->text[k->n], hex[65];
    size_t n = strlen(name), m = strlen(value);
    if (n + m + 2 > KEY_PART_BYTES) {
        const char *whole[] = {value};
        if ((k->status = sha256_strings(whole, 1, hex)))
            return;
        value = hex;
        m = 64;
        assert(n + m + 2 <= KEY_PART_BYTES);
    }
    memcpy(t, name, n);
    t[n] = '=';
    memcpy(t + n + 1, value, m + 1);
    k->v[k->n++] = t;
}

static void
add_number(struct key_parts *k, const char *name, int64_t value)
{
    char text[32];
    snprintf(text, sizeof text, "%" PRId64, value);
    add_part(k, name, text);
}

/* A --config file counts by its bytes: the same name may hold another
 * mapping tomorrow. One that cannot be read counts by its name (its parse
 * then fails, and the key is never recorded). */
static void
add_config(struct key_parts *k, const char *path)
{
    char hex[65];
    long long bytes;
    FILE *f = fopen(path, "rb");
    bool hashed = f && !sha256_stream(f, hex, &bytes);
    if (f)
        fclose(f);
    add_part(k, "config", hashed ? hex : path);
}

enum sl_status
ingest_key(const char *file_sha256, const struct ingest_file_options *opt, const char *scope,
           char key[65])
{
    struct key_parts k = {.n = 0};
    add_part(&k, "slaudit-ingest-key", "1");
    add_part(&k, "file", file_sha256);
    size_t plain = k.n;
    if (scope && *scope)
        add_part(&k, "owner", scope);
    if (opt) {
        add_part(&k, "entity", opt->entity);
        add_part(&k, "service", opt->service);
        add_part(&k, "tz", opt->zone);
        add_part(&k, "host", opt->host);
        add_part(&k, "map", opt->map);
        if (opt->config)
            add_config(&k, opt->config);
        if (opt->boot_time)
            add_number(&k, "boot-time", opt->boot_time);
        if (opt->year)
            add_number(&k, "year", opt->year);
        if (opt->probe_interval)
            add_number(&k, "probe-interval", opt->probe_interval);
        if (opt->covers) {
            add_number(&k, "covers-from", opt->covers_from);
            add_number(&k, "covers-to", opt->covers_to);
        }
    }
    if (k.status)
        return k.status;
    if (k.n == plain) {
        snprintf(key, 65, "%s", file_sha256);
        return SL_OK;
    }
    return sha256_strings(k.v, k.n, key);
}
