/* test_ingest_key.c — the key a file is recorded under (engine/ingest/
 * ingest_key.c): its SHA-256 alone without options, else one key for each
 * set of options and owner that changes its records. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/ingest/ingest_key.h"

static const char sha[] = "9d8e1ee640ff4b505ba1bf6c87cbe55bae10bcddb41c4b7e95219e5c06c96a62";

Test(ingest_key, no_option_is_the_file_sha256)
{
    char key[65];
    struct ingest_file_options opt = {.replace = true, .dry_run = true};
    cr_assert_eq(ingest_key(sha, NULL, "", key), SL_OK);
    cr_assert_str_eq(key, sha);
    cr_assert_eq(ingest_key(sha, &opt, NULL, key), SL_OK);
    cr_assert_str_eq(key, sha);
}

Test(ingest_key, every_option_that_changes_records_changes_the_key)
{
    static const struct ingest_file_options opts[] = {
        {.entity = "team:a"},
        {.entity = "team:b"},
        {.entity = "team:a", .service = "api"},
        {.entity = "team:a", .zone = "Europe/Paris"},
        {.map = "entity=.team"},
        {.host = "gpu-1"},
        {.year = 2026},
        {.boot_time = 1790812800},
        {.probe_interval = 60},
        {.covers = true, .covers_from = 1, .covers_to = 2},
    };
    enum { N = sizeof opts / sizeof opts[0] };
    char keys[N + 1][65];
    for (size_t i = 0; i < N; i++)
        cr_assert_eq(ingest_key(sha, &opts[i], "", keys[i]), SL_OK);
    cr_assert_eq(ingest_key(sha, &opts[0], "team_core", keys[N]), SL_OK);
    for (size_t i = 0; i <= N; i++) {
        cr_assert_eq(strlen(keys[i]), 64);
        cr_assert_str_neq(keys[i], sha);
        for (size_t j = 0; j < i; j++)
            cr_assert_str_neq(keys[i], keys[j], "options %zu and %zu share a key", i, j);
    }
    char again[65];
    cr_assert_eq(ingest_key(sha, &opts[2], "", again), SL_OK);
    cr_assert_str_eq(again, keys[2]);
}

Test(ingest_key, the_owner_alone_scopes_the_key)
{
    char a[65], b[65];
    cr_assert_eq(ingest_key(sha, NULL, "team_platform", a), SL_OK);
    cr_assert_eq(ingest_key(sha, NULL, "team_core", b), SL_OK);
    cr_assert_str_neq(a, sha);
    cr_assert_str_neq(a, b);
}

Test(ingest_key, a_long_value_counts_whole)
{
    char map1[2000], map2[2000], a[65], b[65];
    memset(map1, 'x', sizeof map1 - 1);
    map1[sizeof map1 - 1] = '\0';
    memcpy(map2, map1, sizeof map2);
    map2[1990] = 'y';
    struct ingest_file_options o1 = {.map = map1}, o2 = {.map = map2};
    cr_assert_eq(ingest_key(sha, &o1, "", a), SL_OK);
    cr_assert_eq(ingest_key(sha, &o2, "", b), SL_OK);
    cr_assert_str_neq(a, b);
}
