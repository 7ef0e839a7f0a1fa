/* http.h — HTTP GET through libcurl, the only file that includes its
 * header: what `slaudit pull` asks the services' APIs.
 *
 * A request verifies TLS (the peer's certificate and name, against the
 * system's store), takes proxies from the environment as curl reads them
 * (http_proxy, https_proxy, no_proxy), speaks HTTP and HTTPS only, follows
 * at most five redirects, and ends after limits->timeout_ms. A network
 * error (no connection, a timeout, a body cut short) and a 5xx answer are
 * tried again after a pause that doubles from limits->backoff_ms; a 429
 * (and a 503 that says so) waits what its Retry-After asks. No try starts,
 * and no pause runs, past limits->deadline_ms. Other answers that are not
 * 2xx fail at once.
 *
 * headers may hold a secret (an Authorization header): it is sent, never
 * put in a diagnostic, and the copy libcurl holds is freed with the
 * request. Diagnostics name the URL as the file: "HTTP 404 Not Found: ...",
 * "timed out after 5000 ms", each with the number of tries when more than
 * one was made. */
#ifndef SLAUDIT_HTTP_H
#define SLAUDIT_HTTP_H

#include <stdint.h>

#include "engine/base/status.h"
#include "engine/base/strbuf.h"

struct http_limits {
    long timeout_ms;     /* one request, connection and transfer */
    int retries;         /* further tries after a failure that may pass */
    long backoff_ms;     /* the first pause between tries; doubled each time */
    long long max_bytes; /* a longer body fails with SL_ERR_LIMIT */
    int64_t deadline_ms; /* http_now_ms() after which nothing starts; 0: none */
};

/* A monotonic clock in milliseconds, for deadlines. */
int64_t http_now_ms(void);

/* GETs url with headers[0..n_headers) ("Name: value" each); the 2xx body
 * goes into body (reset first). Errors: SL_ERR_IO for the request that
 * failed (what the server said, or the network's error), SL_ERR_LIMIT for
 * a body past max_bytes or a wait past the deadline, SL_ERR_NOMEM. */
enum sl_status http_get(const char *url, const char *const *headers, int n_headers,
                        const struct http_limits *limits, struct strbuf *body,
                        struct sl_diag *diag);

#endif
