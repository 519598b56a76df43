/*
 * cnp_solver_testing.h: solves with chosen paths, so that tests reach each of the solver's
 * paths directly (reductions, block paths, dense kernels, large-component strategies) and check
 * it against another on the same systems. Not for layout: cnp_solve chooses by size and shape.
 */
#ifndef CNP_SOLVER_TESTING_H
#define CNP_SOLVER_TESTING_H

#include "cnp_solver.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The dense kernel of a test solve.
typedef enum cnp_testing_kernel {
    /// By size, as cnp_solve: the hand-written kernel up to 16 unknowns, LAPACK above.
    CNP_TESTING_KERNEL_BY_SIZE = 0,
    /// The hand-written kernel for every dense block.
    CNP_TESTING_KERNEL_TINY = 1,
    /// LAPACK for every dense block.
    CNP_TESTING_KERNEL_LAPACK = 2
} cnp_testing_kernel;

/// The paths a test solve may take. cnp_testing_default_paths() gives cnp_solve's; a block that
/// no enabled path takes goes to the dense hierarchy, which takes any block within its limits.
typedef struct cnp_testing_paths {
    /// Eliminate required rows of one or two variables before any block is formed.
    bool substitute;
    /// After substitution, remove the variables that one required equality alone defines.
    bool peel;
    /// Solve blocks of one unknown on the line.
    bool single;
    /// Blocks of more unknowns than this try the banded path first (64; UINT32_MAX: none).
    uint32_t banded_from;
    /// Blocks of more unknowns than this try the triangular path first (64; 1: every block of
    /// two or more unknowns; UINT32_MAX: none).
    uint32_t triangular_from;
    /// Blocks of more unknowns than this try the sparse path first (512; 1: every block of two
    /// or more unknowns; UINT32_MAX: none).
    uint32_t sparse_from;
    cnp_testing_kernel kernel;
    /// Whether a block of more than `strategies_from` unknowns sends the system to the
    /// large-component strategies (pins, relaxation) first.
    bool strategies;
    /// 16 in cnp_solve.
    uint32_t strategies_from;
} cnp_testing_paths;

/// How many times each path answered in a test solve.
typedef struct cnp_testing_path_counts {
    /// Blocks solved on the line, banded, triangular, sparse, and by the dense hierarchy.
    uint32_t single_blocks, banded_blocks, triangular_blocks, sparse_blocks, dense_blocks;
    /// Solves answered by the triangular pass over large blocks, the pins, a relaxation, or a
    /// dense pass after the strategies declined (0 or 1 each).
    uint32_t triangular_passes, pinned, relaxed, dense_after_strategies;
} cnp_testing_path_counts;

/// The paths cnp_solve takes.
cnp_testing_paths cnp_testing_default_paths(void);

/// cnp_solve through `paths` only; `counts` (may be NULL) gets the paths that answered.
cnp_status cnp_testing_solve(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                             cnp_solve_report *report, const cnp_testing_paths *paths,
                             cnp_testing_path_counts *counts);

/// When a test record indexes rows by variable (see cnp_solve_changed_constants).
typedef enum cnp_testing_indexing {
    /// As cnp_solve_changed_constants: once a change moves fewer than a sixteenth of the
    /// variables, for the changes after it.
    CNP_TESTING_INDEXING_BY_SHARE = 0,
    /// Never: every change sweeps every elimination and row.
    CNP_TESTING_INDEXING_NEVER = 1,
    /// At the first change after each solve.
    CNP_TESTING_INDEXING_AT_ONCE = 2
} cnp_testing_indexing;

/// Sets when `record` indexes rows by variable, from its next change on.
void cnp_testing_set_record_indexing(cnp_solve_record *record, cnp_testing_indexing indexing);

#ifdef __cplusplus
}
#endif

#endif
