/* sha256.c — file hashing with libmd's SHA-256. */
#include "engine/sha256.h"

#include <sha2.h>
#include <stdint.h>

enum sl_status
sha256_stream(FILE *f, char hex[65], long long *bytes)
{
    SHA2_CTX ctx;
    unsigned char buf[65536];
    uint8_t digest[SHA256_DIGEST_LENGTH];
    size_t n;
    *bytes = 0;
    SHA256Init(&ctx);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        SHA256Update(&ctx, buf, n);
        *bytes += (long long)n;
    }
    if (ferror(f))
        return SL_ERR_IO;
    SHA256Final(digest, &ctx);
    for (int i = 0; i < SHA256_DIGEST_LENGTH; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    return SL_OK;
}
