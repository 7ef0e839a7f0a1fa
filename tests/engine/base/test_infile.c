/* test_infile.c — engine/infile.c: regular files open, everything else is
 * refused at once (a FIFO must not block), and read_all stops at its cap. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/base/infile.h"

static char dir[] = "/tmp/slaudit-infile-XXXXXX";

static void
setup(void)
{
    cr_assert_not_null(mkdtemp(dir));
}

static void
teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(infile, .init = setup, .fini = teardown);

static void
write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
}

Test(infile, opens_a_regular_file)
{
    char path[128];
    snprintf(path, sizeof path, "%s/a.txt", dir);
    write_file(path, "hello");
    FILE *f;
    struct stat st;
    struct sl_diag d = {0};
    cr_assert_eq(infile_open(path, &f, &st, &d), SL_OK);
    char buf[8] = {0};
    cr_assert_eq(fread(buf, 1, sizeof buf, f), 5);
    cr_assert_str_eq(buf, "hello");
    cr_assert_eq(st.st_size, 5);
    fclose(f);
}

Test(infile, refuses_a_directory_a_fifo_and_a_missing_file)
{
    char fifo[128], missing[128];
    FILE *f;
    struct sl_diag d = {0};
    cr_assert_eq(infile_open(dir, &f, NULL, &d), SL_ERR_INPUT);
    cr_assert_str_eq(d.message, "not a regular file");
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    cr_assert_eq(infile_open(fifo, &f, NULL, &d), SL_ERR_INPUT, "no writer, yet no wait");
    snprintf(missing, sizeof missing, "%s/none", dir);
    cr_assert_eq(infile_open(missing, &f, NULL, &d), SL_ERR_IO);
    cr_assert(strstr(d.message, "cannot open: ") == d.message);
    cr_assert_str_eq(d.file, missing);
}

Test(infile, read_all_stops_at_its_cap)
{
    char path[128];
    snprintf(path, sizeof path, "%s/b.txt", dir);
    write_file(path, "0123456789");
    struct strbuf sb = STRBUF_INIT;
    struct sl_diag d = {0};
    cr_assert_eq(infile_read_all(path, &sb, 10, &d), SL_OK);
    cr_assert_str_eq(sb.buf, "0123456789");
    strbuf_reset(&sb);
    cr_assert_eq(infile_read_all(path, &sb, 9, &d), SL_ERR_LIMIT);
    strbuf_release(&sb);
}
