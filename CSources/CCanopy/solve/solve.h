/*
 * The driver's own declarations, shared by its files: the options, validation, and a pass's
 * blocks.
 */
#ifndef CNP_SOLVE_H
#define CNP_SOLVE_H

#include "reuse/reuse.h"
#include "strategy/strategy.h"

/// What cnp_solve uses.
solver_options cnp__solver_default_options(void);

/// cnp_solve_on_lanes with explicit options.
cnp_status cnp__solver_solve(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                             cnp_solve_report *report, const solver_options *options, cnp_solve_record *record,
                             const cnp_solve_lanes *lanes);

// validate.c
cnp_status cnp__validate_system(const cnp_system *system, const cnp_solution *solution, uint32_t *failed_row);

// blocks.c
/// Solves the `blocks` blocks cnp__find_blocks listed (starts in `variable_start` and `row_start`):
/// each gets its answer from the memo when it can, the others are solved, on the solve's lanes
/// when there are many, and every result is merged in block order, so that the values, flags,
/// conflict groups, report and work equal those of solving the blocks one after another. A
/// block whose required rows conflict after substitution gets its first row flagged
/// ROW_UNSOUND instead; `*flagged` counts them.
cnp_status cnp__solve_listed_blocks(solver *s, const uint32_t *variable_start, const uint32_t *row_start,
                                    uint32_t blocks, bool substituted, uint32_t *flagged);

#endif
