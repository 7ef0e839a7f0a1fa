/* sha256.h — the SHA-256 of a file, through OpenSSL's libcrypto (the only
 * file that includes its headers). Sources are identified by it, so the same
 * bytes are never ingested twice. */
#ifndef SLAUDIT_SHA256_H
#define SLAUDIT_SHA256_H

#include <stdio.h>

#include "engine/base/status.h"

/* Hashes f from its current position to its end; hex gets 64 digits and a
 * NUL; *bytes the number of bytes read. */
enum sl_status sha256_stream(FILE *f, char hex[65], long long *bytes);
/* The SHA-256 of the strings parts[0..n), each with its NUL, so that no two
 * lists of strings hash alike by moving text from one to the next. */
enum sl_status sha256_strings(const char *const *parts, size_t n, char hex[65]);

#endif
