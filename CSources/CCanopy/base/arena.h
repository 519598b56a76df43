/*
 * Scratch memory: the workspace parts the solver's layers use, and arrays carved out of one
 * reservation (measured in a first pass, handed out in a second).
 */
#ifndef CNP_BASE_ARENA_H
#define CNP_BASE_ARENA_H

#include "base/workspace.h"

#include <stdbool.h>
#include <stddef.h>

/// The workspace parts the solver uses (cnp_workspace_reserve_part): parts never move one
/// another, and a lane's workspace needs only PART_DENSE and the PART_BANDED pair.
enum {
    PART_SOLVER = 0,        // the per-variable, per-row and per-term arrays (the driver's carve)
    PART_DENSE = 1,         // the dense block being solved
    PART_PINS = 2,          // the system with pins made required
    PART_BLOCKS = 3,        // the pass's per-block results
    PART_RELAX = 4,         // the system with inequalities left out
    PART_BANDED = 5,        // a banded block's rows and unknowns
    PART_BANDED_MATRIX = 6, // and its matrix
    PART_SPARSE = 7         // a sparse block's vectors
};

/// Carves aligned arrays out of one workspace reservation. A first pass with `base` NULL only
/// measures; a second pass with the reserved block hands the same pieces out.
typedef struct arena {
    unsigned char *base;
    size_t used;
    bool overflowed;
} arena;

/// `count` elements of `size` bytes, aligned to 64 bytes in absolute address: the dense
/// kernels then see the same alignment whatever else the workspace holds, which keeps their
/// rounding, and so the answer, independent of unrelated blocks.
void *cnp__arena_take(arena *a, size_t count, size_t size);

/// Grows `*buffer` (room for `*capacity` elements of `size` bytes) to hold `count`, keeping
/// its contents, by doubling from 256; false when memory is out. For memory kept between
/// solves, which no workspace holds.
bool cnp__grow_buffer(void **buffer, size_t *capacity, size_t count, size_t size);

#endif
