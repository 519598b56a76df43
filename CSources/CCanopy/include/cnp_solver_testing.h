/*
 * cnp_solver_testing.h: an entry point for tests that force the solver's sparse path, so that it
 * can be checked against the dense path on the same systems. Not for layout: cnp_solve chooses
 * by size.
 */
#ifndef CNP_SOLVER_TESTING_H
#define CNP_SOLVER_TESTING_H

#include "cnp_solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/// cnp_solve, with blocks of more than `sparse_from` unknowns tried by the sparse path before the
/// dense one (cnp_solve uses 512): 1 sends every block of two or more unknowns there, UINT32_MAX
/// none.
cnp_status cnp_testing_solve_sparse_from(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                                         cnp_solve_report *report, uint32_t sparse_from);

#ifdef __cplusplus
}
#endif

#endif
