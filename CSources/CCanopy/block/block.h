/*
 * The block layer: one block of unknowns and the rows over them, solved to the strict-priority
 * answer. The dispatcher (dispatch.c) picks a path by the block's size and shape: on the line
 * (single.c), banded (banded.c), triangular (triangular.c), sparse (sparse.c), or the dense
 * hierarchy (hierarchy.c), whose conflicts conflicts.c narrows down.
 */
#ifndef CNP_BLOCK_H
#define CNP_BLOCK_H

#include "level/dense.h"

/// The outcome of solving one block.
typedef enum block_outcome {
    BLOCK_SOLVED,
    /// The required rows conflict and the block came from substitution: solve the component
    /// again without it, so that the conflicting set is found among the original rows.
    BLOCK_NEEDS_ORIGINAL_ROWS
} block_outcome;

/// How a path ended with a block it was offered.
typedef enum path_result {
    /// The block's answer is written.
    PATH_SOLVED,
    /// The block is not for this path (its shape, its size, rows it cannot meet): it is left
    /// as it was, but for scratch and the work spent, to the next path.
    PATH_DECLINED,
    /// The solve must stop; the path's `*failure` says why (memory, the work limit).
    PATH_FAILED
} path_result;

/// PATH_SOLVED when `status` is CNP_OK, else PATH_FAILED with `status` in `*failure`.
static inline path_result path_ended(cnp_status status, cnp_status *failure) {
    if (status == CNP_OK) {
        return PATH_SOLVED;
    }
    *failure = status;
    return PATH_FAILED;
}

/// Solves one block: its unknowns are `variables` (representatives), its rows `rows`, by the
/// first path that takes it (dispatch.c).
cnp_status cnp__solve_block(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                            uint32_t row_count, bool substituted, block_outcome *outcome);

// hierarchy.c
/// Solves the block densely, level by level: the path every block can take, up to the dense
/// limits (CNP_ERROR_TOO_LARGE past them).
cnp_status cnp__solve_dense(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                            uint32_t row_count, bool substituted, block_outcome *outcome);

// single.c
/// Solves a block of one unknown, `variable`, on the line (sorting `rows` by level), to the
/// dense path's answer. Declines required rows that cannot all hold, and blocks of many rows.
path_result cnp__solve_single(solver *s, uint32_t variable, uint32_t *rows, uint32_t row_count, cnp_status *failure);

// banded.c
/// Solves a block of bounds, differences and one level of pulls on every unknown by a banded
/// active set, when it has that shape and the active set settles. Otherwise declines it,
/// untouched but for the work spent and the active-set steps counted.
path_result cnp__solve_banded(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                              uint32_t row_count, cnp_status *failure);

// triangular.c
/// Solves a block as a square system of rows held exactly, in dependency order, when its answer
/// can be proved so (nothing tied, nothing left free). Otherwise declines it, untouched but for
/// scratch and the order of `rows`.
path_result cnp__solve_triangular(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                                  uint32_t row_count, cnp_status *failure);

// sparse.c
/// Solves a block by sparse factorizations. Declines (leaves untouched but for scratch) a block
/// whose required rows conflict, or whose levels of many rows cannot all be met.
path_result cnp__solve_sparse(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                              uint32_t row_count, cnp_status *failure);

// conflicts.c
/// Whether `rows` (required, of this block) can all hold.
cnp_status cnp__dense_rows_are_feasible(dense_block *d, const uint32_t *rows, uint32_t count, bool *feasible);
/// Shrinks the infeasible `rows` to a smallest infeasible subset (no member can be dropped),
/// in place, by the deletion filter; `*count` is updated.
cnp_status cnp__dense_smallest_conflict(dense_block *d, uint32_t *rows, uint32_t *count);

#endif
