/* http.c — HTTP GET through libcurl (http.h): TLS verified, proxies from the
 * environment, a timeout per request, tries again with a growing pause on
 * network errors and 5xx, Retry-After honoured on 429. */
#include "engine/base/http.h"

#include <curl/curl.h>
#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

/* The longest pause between two tries, whatever the backoff has grown to. */
#define HTTP_PAUSE_MAX_MS 30000
/* How much of an error body a diagnostic quotes. */
#define HTTP_QUOTE_MAX 160

int64_t
http_now_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

struct sink {
    struct strbuf *body;
    long long max;
    enum sl_status status;
};

static size_t
take(char *data, size_t size, size_t n, void *ctx)
{
    struct sink *k = ctx;
    size_t len = size * n;
    if ((long long)(k->body->len + len) > k->max) {
        k->status = SL_ERR_LIMIT;
        return 0;
    }
    if (strbuf_add(k->body, data, len)) {
        k->status = SL_ERR_NOMEM;
        return 0;
    }
    return len;
}

/* What one try came to. */
struct attempt {
    CURLcode code;
    long status;           /* the HTTP status, 0 without an answer */
    long long retry_after; /* seconds the server asked to wait; -1: none */
    char error[CURL_ERROR_SIZE];
};

static bool
attempt_passes(const struct attempt *a)
{
    switch (a->code) {
    case CURLE_OK:
        return a->status >= 500 || a->status == 429;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT:
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_PARTIAL_FILE:
    case CURLE_GOT_NOTHING:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
        return true;
    default:
        return false;
    }
}

static enum sl_status
try_once(CURL *h, const struct http_limits *lim, struct sink *k, struct attempt *a)
{
    strbuf_reset(k->body);
    k->status = SL_OK;
    a->error[0] = '\0';
    a->status = 0;
    a->retry_after = -1;
    long timeout = lim->timeout_ms;
    if (lim->deadline_ms) {
        int64_t left = lim->deadline_ms - http_now_ms();
        if (left < timeout)
            timeout = left > 1 ? (long)left : 1;
    }
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, timeout);
    a->code = curl_easy_perform(h);
    if (k->status)
        return k->status;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &a->status);
    curl_off_t wait = -1;
    if (!curl_easy_getinfo(h, CURLINFO_RETRY_AFTER, &wait) && wait > 0)
        a->retry_after = (long long)wait;
    return SL_OK;
}

/* The first line of an error body, printable characters only, in out. */
static void
quote_body(const struct strbuf *body, char out[HTTP_QUOTE_MAX + 1])
{
    size_t n = 0;
    for (size_t i = 0; i < body->len && n < HTTP_QUOTE_MAX; i++) {
        unsigned char c = (unsigned char)body->buf[i];
        if (c == '\n' || c == '\r')
            break;
        out[n++] = isprint(c) ? (char)c : ' ';
    }
    out[n] = '\0';
}

static enum sl_status
failure(const char *url, const struct attempt *a, int tries, const struct strbuf *body,
        struct sl_diag *diag)
{
    char tried[32] = "";
    if (tries > 1)
        snprintf(tried, sizeof tried, " (%d tries)", tries);
    if (a->code != CURLE_OK)
        return diag_set(diag, SL_ERR_IO, url, 0, "%s%s",
                        a->error[0] ? a->error : curl_easy_strerror(a->code), tried);
    char quoted[HTTP_QUOTE_MAX + 1];
    quote_body(body, quoted);
    return diag_set(diag, SL_ERR_IO, url, 0, "HTTP %ld%s%s%s", a->status, quoted[0] ? ": " : "",
                    quoted, tried);
}

/* The pause before try number `tries` + 1, in ms: what the server asked,
 * else the backoff doubled per try, at most HTTP_PAUSE_MAX_MS. */
static long long
pause_ms(const struct http_limits *lim, const struct attempt *a, int tries)
{
    if (a->retry_after >= 0)
        return a->retry_after * 1000;
    long long ms = lim->backoff_ms;
    for (int i = 1; i < tries && ms < HTTP_PAUSE_MAX_MS; i++)
        ms *= 2;
    return ms < HTTP_PAUSE_MAX_MS ? ms : HTTP_PAUSE_MAX_MS;
}

static void
sleep_ms(long long ms)
{
    struct timespec pause = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    while (nanosleep(&pause, &pause))
        ;
}

enum sl_status
http_get(const char *url, const char *const *headers, int n_headers,
         const struct http_limits *limits, struct strbuf *body, struct sl_diag *diag)
{
    CURL *h = curl_easy_init();
    struct curl_slist *list = NULL;
    enum sl_status s = SL_OK;
    for (int i = 0; h && i < n_headers; i++) {
        struct curl_slist *more = curl_slist_append(list, headers[i]);
        if (!more) {
            s = SL_ERR_NOMEM;
            break;
        }
        list = more;
    }
    if (!h || s) {
        curl_slist_free_all(list);
        curl_easy_cleanup(h);
        return diag_set(diag, SL_ERR_NOMEM, url, 0, "out of memory for the request");
    }
    struct sink k = {body, limits->max_bytes, SL_OK};
    struct attempt a;
    curl_easy_setopt(h, CURLOPT_URL, url);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, take);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &k);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, a.error);
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(h, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(h, CURLOPT_USERAGENT, "slaudit/" SLAUDIT_VERSION);
    curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)limits->max_bytes);
    int tries = 0;
    for (;;) {
        tries++;
        if ((s = try_once(h, limits, &k, &a))) {
            s = s == SL_ERR_LIMIT
                    ? diag_set(diag, s, url, 0, "the answer is longer than %lld bytes",
                               limits->max_bytes)
                    : diag_set(diag, s, url, 0, "out of memory for the answer");
            break;
        }
        if (a.code == CURLE_OK && a.status >= 200 && a.status < 300)
            break;
        if (!attempt_passes(&a) || tries > limits->retries) {
            s = failure(url, &a, tries, body, diag);
            break;
        }
        long long ms = pause_ms(limits, &a, tries);
        if (limits->deadline_ms && http_now_ms() + ms >= limits->deadline_ms) {
            struct sl_diag last = {0};
            failure(url, &a, tries, body, &last);
            s = diag_set(diag, SL_ERR_LIMIT, url, 0,
                         "%s; a further try in %lld ms would pass the time limit", last.message,
                         ms);
            break;
        }
        sleep_ms(ms);
    }
    /* The headers may hold a secret: the list libcurl was given is cleared
     * before it is freed. */
    for (struct curl_slist *l = list; l; l = l->next)
        memset(l->data, 0, strlen(l->data));
    curl_slist_free_all(list);
    curl_easy_cleanup(h);
    return s;
}
