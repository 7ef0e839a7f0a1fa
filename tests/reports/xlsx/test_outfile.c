/* test_outfile.c — report files appear whole or not at all, and temporary
 * files left by a dead writer are removed by the next one. */
#include <criterion/criterion.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reports/xlsx/outfile.h"

static char dir[] = "/tmp/slaudit-outfile-XXXXXX";
static char path[128];

static void
setup(void)
{
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/r.xlsx", dir);
}

/* Files in dir, less "." and "..". */
static int
count_files(void)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void
touch(const char *name)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    cr_assert_not_null(f, "%s", p);
    fputs("partial", f);
    fclose(f);
}

static bool
exists(const char *name)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return access(p, F_OK) == 0;
}

static void
teardown(void)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.')
            unlinkat(dirfd(d), e->d_name, 0);
    if (d)
        closedir(d);
    rmdir(dir);
}

TestSuite(outfile, .init = setup, .fini = teardown);

Test(outfile, written_beside_then_renamed)
{
    struct outfile o;
    struct sl_diag diag = {0};
    cr_assert_eq(outfile_begin(&o, path, &diag), SL_OK, "%s", diag.message);
    cr_assert(strncmp(o.tmp, dir, strlen(dir)) == 0 && strlen(o.tmp) == strlen(dir) + 16 &&
                  strstr(o.tmp, "/.slaudit-"),
              "a short name in the same folder: %s", o.tmp);
    cr_assert_eq(write(o.fd, "whole", 5), 5);
    cr_assert_eq(access(path, F_OK), -1, "the final name does not exist while writing");
    cr_assert_eq(outfile_commit(&o, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(count_files(), 1, "only the final file is left");
    FILE *f = fopen(path, "r");
    char buf[8] = {0};
    cr_assert_not_null(f);
    cr_assert_eq(fread(buf, 1, sizeof buf - 1, f), 5);
    fclose(f);
    cr_assert_str_eq(buf, "whole");
    outfile_abandon(&o); /* after commit: does nothing */
    cr_assert(exists("r.xlsx"));
}

Test(outfile, abandon_removes_the_temporary_file)
{
    struct outfile o;
    struct sl_diag diag = {0};
    cr_assert_eq(outfile_begin(&o, path, &diag), SL_OK, "%s", diag.message);
    outfile_abandon(&o);
    cr_assert_eq(count_files(), 0);
    outfile_abandon(&o); /* twice: nothing */
    struct outfile zeroed = {0};
    outfile_abandon(&zeroed); /* never begun: must not close descriptor 0 */
    cr_assert_neq(fcntl(0, F_GETFD), -1, "stdin still open");
}

Test(outfile, leftovers_of_dead_writers_are_removed)
{
    touch(".slaudit-0123ab"); /* a writer killed mid-way: nobody holds it */
    touch(".slaudit-short");  /* not a name outfile makes */
    touch("r.xlsx.tmp-0123abcd");
    touch("r.xlsx");
    struct outfile o;
    struct sl_diag diag = {0};
    cr_assert_eq(outfile_begin(&o, path, &diag), SL_OK, "%s", diag.message);
    cr_assert_not(exists(".slaudit-0123ab"), "the dead writer's file is removed");
    cr_assert(exists(".slaudit-short"));
    cr_assert(exists("r.xlsx.tmp-0123abcd"), "files of other names are left alone");
    cr_assert(exists("r.xlsx"), "the previous report stays until the rename");
    outfile_abandon(&o);
    char p[256];
    snprintf(p, sizeof p, "%s/.slaudit-short", dir);
    unlink(p);
}

Test(outfile, a_live_writers_file_is_kept)
{
    struct outfile first, second;
    struct sl_diag diag = {0};
    cr_assert_eq(outfile_begin(&first, path, &diag), SL_OK, "%s", diag.message);
    char *held = strdup(first.tmp);
    /* A second writer of the same name (another process; flock locks belong
     * to the open file, so this process's second open does not share it). */
    cr_assert_eq(outfile_begin(&second, path, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(access(held, F_OK), 0, "the first writer still holds its file");
    cr_assert_str_neq(first.tmp, second.tmp);
    cr_assert_eq(outfile_commit(&second, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(outfile_commit(&first, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(count_files(), 1);
    free(held);
}

Test(outfile, missing_folder_is_a_clear_error)
{
    struct outfile o;
    struct sl_diag diag = {0};
    cr_assert_eq(outfile_begin(&o, "/nonexistent/dir/r.xlsx", &diag), SL_ERR_REPORT);
    cr_assert_str_eq(diag.message, "the folder /nonexistent/dir does not exist");
    cr_assert_str_eq(diag.file, "/nonexistent/dir/r.xlsx");
    outfile_abandon(&o);
}

Test(outfile, a_device_fifo_or_dash_is_refused_and_left_alone)
{
    char fifo[160];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    struct outfile o;
    struct sl_diag diag = {0};
    cr_assert_eq(outfile_begin(&o, fifo, &diag), SL_ERR_REPORT);
    cr_assert(strstr(diag.message, "it is a FIFO, not a regular file"), "%s", diag.message);
    struct stat sb;
    cr_assert_eq(stat(fifo, &sb), 0);
    cr_assert(S_ISFIFO(sb.st_mode), "still a FIFO");
    unlink(fifo);
    cr_assert_eq(outfile_begin(&o, "/dev/null", &diag), SL_ERR_REPORT);
    cr_assert(strstr(diag.message, "character device"), "%s", diag.message);
    cr_assert_eq(outfile_begin(&o, "-", &diag), SL_ERR_REPORT);
    cr_assert(strstr(diag.message, "standard output"), "%s", diag.message);
    cr_assert_eq(count_files(), 0);
}

Test(outfile, the_longest_valid_name_works)
{
    char name[256], p[512];
    memset(name, 'n', 250);
    memcpy(name + 250, ".xlsx", 6); /* 255 characters */
    snprintf(p, sizeof p, "%s/%s", dir, name);
    struct outfile o;
    struct sl_diag diag = {0};
    cr_assert_eq(outfile_begin(&o, p, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(outfile_commit(&o, &diag), SL_OK, "%s", diag.message);
    cr_assert(exists(name));
}

/* Writes name with text into the temporary folder of o. */
static void
put(struct outdir *o, const char *name, const char *text)
{
    int fd = openat(o->fd, name, O_WRONLY | O_CREAT | O_EXCL, 0666);
    cr_assert_geq(fd, 0, "%s", name);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

static void
read_back(const char *name, char *buf, size_t size)
{
    char p[256];
    snprintf(p, sizeof p, "%s/tables/%s", dir, name);
    FILE *f = fopen(p, "r");
    cr_assert_not_null(f, "%s", p);
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    fclose(f);
}

Test(outfile, a_folder_appears_whole_and_replaces_an_earlier_set)
{
    static const char *const names[] = {"a.csv", "b.csv"};
    char final[160], buf[16];
    snprintf(final, sizeof final, "%s/tables/", dir);
    struct sl_diag diag = {0};
    for (int run = 0; run < 2; run++) {
        struct outdir o;
        cr_assert_eq(outdir_begin(&o, final, &diag), SL_OK, "%s", diag.message);
        cr_assert(strstr(o.tmp, "/.slaudit-"), "%s", o.tmp);
        put(&o, "a.csv", run ? "new a" : "old a");
        if (run == 1)
            cr_assert(exists("tables/b.csv"), "the earlier set stays while writing");
        put(&o, "b.csv", run ? "new b" : "old b");
        cr_assert_eq(outdir_commit(&o, names, 2, &diag), SL_OK, "%s", diag.message);
        outdir_abandon(&o); /* released: nothing */
    }
    read_back("a.csv", buf, sizeof buf);
    cr_assert_str_eq(buf, "new a");
    read_back("b.csv", buf, sizeof buf);
    cr_assert_str_eq(buf, "new b");
    cr_assert_eq(count_files(), 1, "only the folder is left beside it");
    char p[200];
    for (int i = 0; i < 2; i++) {
        snprintf(p, sizeof p, "%s/tables/%s", dir, names[i]);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/tables", dir);
    rmdir(p);
}

Test(outfile, an_abandoned_folder_leaves_nothing_and_a_dead_writers_goes)
{
    char final[160], dead[160];
    snprintf(final, sizeof final, "%s/tables", dir);
    snprintf(dead, sizeof dead, "%s/.slaudit-Ab12Cd", dir);
    cr_assert_eq(mkdir(dead, 0700), 0);
    touch(".slaudit-Ab12Cd/summary.csv"); /* a writer killed mid-way */
    struct outdir o;
    struct sl_diag diag = {0};
    cr_assert_eq(outdir_begin(&o, final, &diag), SL_OK, "%s", diag.message);
    cr_assert_not(exists(".slaudit-Ab12Cd"), "the dead writer's folder is removed");
    put(&o, "a.csv", "half");
    outdir_abandon(&o);
    cr_assert_eq(count_files(), 0, "nothing left: no final folder, no temporary one");
    struct outdir zeroed = {0};
    outdir_abandon(&zeroed);
    cr_assert_neq(fcntl(0, F_GETFD), -1, "stdin still open");
}
