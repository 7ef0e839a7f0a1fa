/* ivbatch.h — status intervals held for one batched insert: up to
 * IVBATCH_ROWS records with their strings copied into a fixed arena, so the
 * caller's strings may go as soon as ivbatch_add() returns. Nothing is
 * allocated; a batch is cleared by ivbatch_clear() (or zero-initialised).
 *
 * Invariants: n <= IVBATCH_ROWS; used <= IVBATCH_TEXT; every string of
 * rows[0..n) points into text (or is NULL, or a row's entity or service is
 * the one of the row before it, shared). */
#ifndef SLAUDIT_IVBATCH_H
#define SLAUDIT_IVBATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/model/model.h"

#define IVBATCH_ROWS 32
#define IVBATCH_TEXT 8192

struct ivbatch {
    int n;
    size_t used;
    struct interval rows[IVBATCH_ROWS];
    char text[IVBATCH_TEXT];
};

/* Copies iv in; false, with the batch unchanged, when it is full or the
 * strings do not fit in what is left of the arena. */
bool ivbatch_add(struct ivbatch *b, const struct interval *iv);
void ivbatch_clear(struct ivbatch *b);

#endif
