/* yamldoc.h — reading YAML through libyaml; the only file that includes
 * yaml.h. A stream holds one or more documents (separated by ---); each is a
 * tree of borrowed `struct yaml_node` pointers owned by its document: free
 * the document with yamldoc_free() and every node taken from it goes with it.
 * Errors carry libyaml's problem and line. Aliases are resolved by libyaml;
 * a document larger than YAMLDOC_MAX_NODES nodes is refused (billion-laughs
 * style expansion). libyaml builds each scalar whole, however long, so the
 * bytes are counted as they are read: a stream longer than
 * YAMLDOC_MAX_BYTES — one huge scalar, or a huge document — is refused at
 * the read that crosses it, SL_ERR_LIMIT "YAML longer than 16 MiB, the
 * most slaudit reads of one YAML file", with the line reached, and never
 * held whole. */
#ifndef SLAUDIT_YAMLDOC_H
#define SLAUDIT_YAMLDOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/base/status.h"

#define YAMLDOC_MAX_NODES 1000000
#define YAMLDOC_MAX_BYTES ((size_t)16 << 20)

struct yamldoc;        /* one document */
struct yamldoc_stream; /* a file of documents */
struct yaml_node;

enum ynode_kind { YNODE_NONE, YNODE_SCALAR, YNODE_SEQUENCE, YNODE_MAPPING };

enum sl_status yamldoc_open(FILE *f, const char *path, struct yamldoc_stream **out,
                            struct sl_diag *diag);
void yamldoc_close(struct yamldoc_stream *s);
/* The next document, or *doc NULL at the end of the stream. */
enum sl_status yamldoc_next(struct yamldoc_stream *s, struct yamldoc **doc, struct sl_diag *diag);
void yamldoc_free(struct yamldoc *doc);

struct yaml_node *yamldoc_root(const struct yamldoc *doc);
enum ynode_kind yamldoc_kind(const struct yaml_node *n);
/* The line (from 1) where the node starts. */
long yamldoc_line(const struct yaml_node *n);
/* The scalar's text, or NULL when n is not a scalar. */
const char *yamldoc_scalar(const struct yaml_node *n);
/* Value of key in a mapping, or NULL. */
struct yaml_node *yamldoc_get(const struct yamldoc *doc, const struct yaml_node *n,
                              const char *key);
/* The member's scalar text, or NULL. */
const char *yamldoc_get_scalar(const struct yamldoc *doc, const struct yaml_node *n,
                               const char *key);
/* Items of a sequence or pairs of a mapping; 0 for anything else. */
size_t yamldoc_size(const struct yaml_node *n);
/* Item i of a sequence, or NULL. */
struct yaml_node *yamldoc_at(const struct yamldoc *doc, const struct yaml_node *n, size_t i);
/* Key and value of pair i of a mapping; false past the end. */
bool yamldoc_pair(const struct yamldoc *doc, const struct yaml_node *n, size_t i,
                  struct yaml_node **key, struct yaml_node **value);

#endif
