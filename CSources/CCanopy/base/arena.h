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
    PART_SPARSE = 7         // a sparse or triangular block's arrays
};

/// Carves aligned arrays out of one reservation. A first pass with `base` NULL only measures; a
/// second pass over the reserved block hands the same pieces out.
typedef struct arena {
    unsigned char *base;
    size_t used;
    bool overflowed;
    /// The bytes reserved for the second pass: what the first measured.
    size_t reserved;
} arena;

/// Which pass of a carve comes next.
typedef enum carve_pass { CARVE_MEASURE, CARVE_HAND_OUT, CARVE_DONE } carve_pass;

/// `count` elements of `size` bytes, aligned to 64 bytes in absolute address: the dense
/// kernels then see the same alignment whatever else the workspace holds, which keeps their
/// rounding, and so the answer, independent of unrelated blocks.
void *cnp__arena_take(arena *a, size_t count, size_t size);

/// Runs the two passes of a carve over the same carving code:
///
///     carve_pass pass = CARVE_MEASURE;
///     while (cnp__carve_in_part(&a, &pass, workspace, PART_X, &status)) {
///         take the arrays out of &a
///     }
///
/// The first pass measures; the second hands out pieces of part `part` of `workspace`, reserved
/// for what the first measured. `*status` then says CNP_OK, CNP_ERROR_TOO_LARGE (the sizes
/// overflow) or CNP_ERROR_OUT_OF_MEMORY.
bool cnp__carve_in_part(arena *a, carve_pass *pass, cnp_workspace *workspace, unsigned part, cnp_status *status);

/// cnp__carve_in_part out of a block the caller keeps between solves (`*memory`, `*capacity`
/// bytes), replaced by a larger one (its contents dropped) when it is short. With `zeroed`, a
/// replacement of 32 MB or more is taken zeroed (from the system so, its pages untouched until
/// written), and `*zeroed` says whether the block handed out is all zeros.
bool cnp__carve_in_block(arena *a, carve_pass *pass, unsigned char **memory, size_t *capacity, bool *zeroed,
                         cnp_status *status);

/// Grows `*buffer` (room for `*capacity` elements of `size` bytes) to hold `count`, keeping
/// its contents, by doubling from 256; false when memory is out. For memory kept between
/// solves, which no workspace holds.
bool cnp__grow_buffer(void **buffer, size_t *capacity, size_t count, size_t size);

#endif
