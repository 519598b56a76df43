/*
 * The driver's own declarations, shared by its files: the options, the solve's memory, passes
 * over the whole system, the large-component strategies' passes, validation, and a pass's
 * blocks.
 */
#ifndef CNP_SOLVE_DRIVER_H
#define CNP_SOLVE_DRIVER_H

#include "reuse/reuse.h"
#include "strategy/strategy.h"

/// What cnp_solve uses.
solver_options cnp__solver_default_options(void);

/// cnp_solve_on_lanes with explicit options; a test solve counts the paths that answered in
/// `counts` (NULL otherwise).
cnp_status cnp__solver_solve(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                             cnp_solve_report *report, const solver_options *options, cnp_solve_record *record,
                             const cnp_solve_lanes *lanes, cnp_testing_path_counts *counts);

/// Per-variable, per-row and per-term arrays, and the start arrays of components and blocks.
typedef struct layout {
    uint32_t *component_variable_start;
    uint32_t *component_row_start;
    uint32_t *block_variable_start;
    uint32_t *block_row_start;
} layout;

// passes.c
/// How a pass ended, besides its status.
typedef struct pass_outcome {
    /// Rows flagged ROW_UNSOUND: their components must be solved without substitution.
    uint32_t unsound;
    /// Rows flagged ROW_UNPEELED: their components must be solved without peeling.
    uint32_t unpeeled;
    /// The unknowns of the largest block when the pass left blocks to the large-component
    /// strategies (it stopped there); 0 when it did not.
    uint32_t deferred;
    /// Whether the pass found its answer, now in the outputs' values (which must be finite).
    bool answered;
} pass_outcome;

/// A whole pass over `system`, the solver's own or a stand-in with the same variables and rows
/// but for some rows (the solver's system stays), from a fresh start: its counts and work from
/// zero. With `stop_when_unsound`, rows that substitution finds false end it unanswered (in a
/// pass with pins, the pins contradict the required rows).
cnp_status cnp__solve_pass(solver *s, layout *l, const cnp_system *system, bool stop_when_unsound,
                          pass_outcome *outcome);

// large.c
/// Solves a system whose first pass deferred a block past the pin limit, or met the dense
/// limits, by the large-component strategies in turn; CNP_ERROR_TOO_LARGE when all decline.
cnp_status cnp__solve_large(solver *s, layout *l, const pass_outcome *first);

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
