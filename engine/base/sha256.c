/* sha256.c — file hashing with OpenSSL's libcrypto SHA-256, which uses the
 * CPU's SHA instructions where they exist (several times libmd's speed: the
 * hash reads every byte of every input before it is parsed). */
#include "engine/base/sha256.h"

#include <openssl/evp.h>
#include <stdint.h>
#include <string.h>

static void
to_hex(const unsigned char digest[32], char hex[65])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 15];
    }
    hex[64] = '\0';
}

enum sl_status
sha256_stream(FILE *f, char hex[65], long long *bytes)
{
    unsigned char buf[65536];
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    size_t n;
    enum sl_status rc = SL_ERR_NOMEM;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    *bytes = 0;
    if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL))
        goto out;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (!EVP_DigestUpdate(ctx, buf, n))
            goto out;
        *bytes += (long long)n;
    }
    rc = SL_ERR_IO;
    if (ferror(f) || !EVP_DigestFinal_ex(ctx, digest, &len) || len != 32)
        goto out;
    to_hex(digest, hex);
    rc = SL_OK;
out:
    EVP_MD_CTX_free(ctx);
    return rc;
}

enum sl_status
sha256_strings(const char *const *parts, size_t n, char hex[65])
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    enum sl_status rc = SL_ERR_NOMEM;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL))
        goto out;
    for (size_t i = 0; i < n; i++)
        if (!EVP_DigestUpdate(ctx, parts[i], strlen(parts[i]) + 1))
            goto out;
    if (!EVP_DigestFinal_ex(ctx, digest, &len) || len != 32)
        goto out;
    to_hex(digest, hex);
    rc = SL_OK;
out:
    EVP_MD_CTX_free(ctx);
    return rc;
}
