/*
 * cnp_solver.h: the Auto Layout solver, a strict-priority least-squares solver with inequalities.
 *
 * A system is a list of linear rows `sum(coefficient * variable) relation constant`, each at a
 * priority from 1 to 1000 (1000 = required). Priorities are strict: the solver satisfies the
 * required rows exactly, then, level by level in descending priority, minimizes the sum of the
 * squared violations of that level's rows without giving up anything a higher level achieved
 * (hierarchical least squares). No number of low-priority rows outweighs one higher row. What
 * is still free after the lowest level is settled by a last level that pulls every variable
 * toward its reference value, so the answer is always unique and deterministic.
 *
 * Unsatisfiable required rows are not an error: the solver finds a smallest conflicting set,
 * breaks one member of it (the one with the largest row index) and goes on, reporting both.
 *
 * Cost: what required equalities of one or two variables settle costs O((rows + terms) log
 * variables); most of a UI is settled that way. The rest is split into independent blocks,
 * each solved by the cheapest path that can take it (on the line, banded, triangular, sparse or
 * dense). A solve recorded in a cnp_solve_record lets the next one carry new constants through
 * it and recall blocks whose inputs did not change. A system no path can take (a block of more
 * than 1,024 unknowns that the triangular and sparse paths give back, or dense work past about
 * 2e10 floating-point operations) returns CNP_ERROR_TOO_LARGE. The stages, their costs and what
 * each keeps are described in docs/solver.md.
 */
#ifndef CNP_SOLVER_H
#define CNP_SOLVER_H

#include "cnp_workspace.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How a row's left-hand side compares with its constant.
typedef enum cnp_relation {
    CNP_RELATION_EQUAL = 0,
    CNP_RELATION_LESS_EQUAL = 1,
    CNP_RELATION_GREATER_EQUAL = 2
} cnp_relation;

/// What the solver made of a row (the `row_state` output).
typedef enum cnp_row_state {
    /// The row holds (within a tolerance scaled to the row's magnitudes).
    CNP_ROW_SATISFIED = 0,
    /// A soft row that does not hold: a higher priority, or its own level's least squares, won.
    CNP_ROW_VIOLATED = 1,
    /// A violated soft row that trades error with other violated rows of its level and block:
    /// a move the higher levels allow shrinks one of them and grows another. The split of the
    /// error is a least-squares choice (a solver minimizing the sum of absolute errors, as
    /// Cassowary does, could pick another), so the layout is ambiguous there. A violation the
    /// higher levels force, alone or against an inequality, trades nothing and is no tie.
    CNP_ROW_TIED = 2,
    /// A required row in a smallest set of required rows that cannot hold together; it was
    /// kept and holds.
    CNP_ROW_CONFLICT = 3,
    /// A required row broken to make the rest satisfiable; the solve ignored it.
    CNP_ROW_BROKEN = 4
} cnp_row_state;

/// What the solver made of a variable (the `variable_state` output).
typedef enum cnp_variable_state {
    /// The rows and priorities fix the variable.
    CNP_VARIABLE_DETERMINED = 0,
    /// The rows leave the variable free to move (equalities do not pin it; inequalities never
    /// count as pinning); its value came from the reference level.
    CNP_VARIABLE_AMBIGUOUS = 1
} cnp_variable_state;

/// The priority of a required row.
static const double CNP_PRIORITY_REQUIRED = 1000.0;

/// `conflict_group` of a row in no conflicting set.
static const uint32_t CNP_NO_CONFLICT_GROUP = UINT32_MAX;

/// `sum(coefficient * variable over terms first_term ..< first_term + term_count) relation
/// constant`, at `priority`.
typedef struct cnp_row {
    uint32_t first_term;
    uint32_t term_count;
    double constant;
    /// 1...1000; 1000 (CNP_PRIORITY_REQUIRED) must hold. Rows of equal priority form a level.
    /// Single precision, as a layout priority is: the row then takes 24 bytes, not 32.
    float priority;
    /// A cnp_relation.
    int32_t relation;
} cnp_row;

/// A whole system. The solver reads it and never keeps a pointer into it.
typedef struct cnp_system {
    uint32_t variable_count;
    uint32_t row_count;
    /// The number of terms; every row's terms must lie inside them.
    uint32_t term_count;
    const cnp_row *rows;
    /// Each term's variable and coefficient, in arrays of `term_count`: the passes that follow
    /// the variables alone (components, substitution's index, the record's) then read 4 bytes
    /// a term, not 16.
    const uint32_t *term_variables;
    /// The coefficients in double precision, or NULL when they are given in single precision
    /// below (then exactly those singles, widened: no digit is lost or made up).
    const double *term_coefficients;
    /// The coefficients in single precision, read only when `term_coefficients` is NULL: a
    /// window's coefficients (±1, halves, whole lengths) are mostly singles exactly, and it
    /// then keeps 8 bytes a term, not 12.
    const float *term_coefficients_single;
    /// Each coefficient times two, read only when both arrays above are NULL (the coefficient
    /// is then exactly half of it): a window's coefficients are mostly ±1 and ±1/2, and it then
    /// keeps 5 bytes a term, not 8.
    const int8_t *term_coefficient_halves;
    /// Each variable's reference value (where the last level pulls it), or NULL for zeros.
    /// Passing the previous layout keeps undetermined views where they were.
    const double *reference;
} cnp_system;

/// Caller-owned outputs. Every non-NULL array is fully written when the call returns CNP_OK.
typedef struct cnp_solution {
    /// `variable_count` values.
    double *values;
    /// `row_count` signed violations at the answer: lhs - constant for an equality and for a
    /// violated inequality, 0 for an inequality that holds; for a broken row, what it misses by.
    /// NULL when not wanted (a caller that reads only the states saves 8 bytes a row).
    double *row_error;
    /// `row_count` cnp_row_state values.
    uint8_t *row_state;
    /// `variable_count` cnp_variable_state values.
    uint8_t *variable_state;
    /// `row_count` conflict groups, or NULL. Rows marked CONFLICT or BROKEN in the same group
    /// form one smallest conflicting set; others get CNP_NO_CONFLICT_GROUP.
    uint32_t *conflict_group;
} cnp_solution;

/// What a solve did, for diagnostics and benchmarks.
typedef struct cnp_solve_report {
    /// Independent blocks solved: densely, or on the line for one unknown.
    uint32_t blocks;
    /// Unknowns of the largest such block.
    uint32_t largest_block;
    /// Variables settled without the dense path: expressed through another variable, fixed, or
    /// computed afterwards from the only required equality that mentions them.
    uint32_t substituted;
    /// Unknowns of the blocks solved, over all blocks.
    uint32_t dense_variables;
    /// Priority levels solved, over all blocks, the reference level included where it ran (it
    /// does not where the levels above leave no direction free).
    uint32_t levels;
    /// Active-set steps, over all levels and blocks; a block of one unknown counts one for each
    /// level that moves it.
    uint32_t active_set_iterations;
    /// Required rows broken.
    uint32_t broken_rows;
    /// The row an input error was found in, or UINT32_MAX.
    uint32_t failed_row;
    /// 1 when cnp_solve_recording kept this solve in its record, else 0.
    uint32_t recorded;
    /// Of `blocks`, those whose inputs were bit for bit those of a block of the previous
    /// recorded solve, and which got its answer again without solving.
    uint32_t recalled_blocks;
    /// Of `blocks`, dense ones whose inputs differed from a block of the previous recorded
    /// solve only in their constants, and whose levels kept their active sets: solved again
    /// through that block's kept level maps (its levels' factorizations applied to each unit
    /// input when recorded), without factoring.
    uint32_t reused_blocks;
    /// Blocks solved (neither recalled nor reused) over every pass the solve made over the
    /// system: a large block's solve may make one with soft pins made required and one per
    /// round of relaxation before the answer's (see cnp_solve_recording), whose blocks the
    /// other counts leave out. Blocks found to need their rows from before substitution (and
    /// solved again from them) count too.
    uint32_t solved_blocks;
    /// Levels, over the blocks this solve solved (a recalled or reused block solves none), whose
    /// active set started from the working set and counted rows the same level of the same
    /// block ended with in the previous recorded solve, rather than from nothing (where that
    /// start was feasible: otherwise the level starts from nothing).
    uint32_t warm_started_levels;
    /// Of `blocks`, those solved without dense matrices: as a triangular system (blocks of more
    /// than 64 unknowns), or through sparse factorizations (more than 512; see docs/solver.md).
    uint32_t sparse_blocks;
} cnp_solve_report;

/// Solves `system` into `solution`. `report` may be NULL.
///
/// Input errors, checked before any work: CNP_ERROR_BAD_ARGUMENT for a NULL workspace, system,
/// solution or required array (rows and terms may be NULL only when their counts are 0), a term
/// range outside the terms, a relation that is not a cnp_relation, or a priority outside
/// 1...1000; CNP_ERROR_BAD_INDEX for a variable index out of range; CNP_ERROR_NON_FINITE for a
/// NaN or infinite coefficient, constant, priority or reference value. The offending row goes
/// to `report->failed_row`. Solve errors: CNP_ERROR_OUT_OF_MEMORY when the workspace cannot grow,
/// CNP_ERROR_TOO_LARGE when a block needs more dense work than the limits above allow,
/// CNP_ERROR_NOT_CONVERGED when the active set exceeds its iteration cap (a safeguard; it has
/// not been seen to trigger), CNP_ERROR_NON_FINITE when the answer overflows. On any error the
/// outputs are unspecified.
///
/// Deterministic: the same system gives the same bits. Each block's answer depends only on
/// its own rows in their order, so adding an unrelated block changes nothing else.
/// Scratch memory comes from `workspace`: O(variables + rows + terms), plus O(n^2 + n * m) for
/// the largest dense block of n unknowns and m rows.
cnp_status cnp_solve(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                     cnp_solve_report *report);

// MARK: - Re-solving after new constants

/// What a solve did, kept for the next: the eliminations of a solve that substitution settled
/// whole, through which later changes of constants are carried without solving again, and the
/// answers of its dense blocks. Caller-owned; it describes one system at a time.
typedef struct cnp_solve_record cnp_solve_record;

/// A new, empty record, or NULL when memory is exhausted. Free it with cnp_solve_record_destroy.
cnp_solve_record *cnp_solve_record_create(void);

/// Frees `record`. NULL is allowed and ignored.
void cnp_solve_record_destroy(cnp_solve_record *record);

/// The number of bytes the record holds (for memory reports): its blocks, less the pages it
/// gave back to the system (those of a solve it did not keep, and of the variables it keeps
/// nothing for).
size_t cnp_solve_record_capacity(const cnp_solve_record *record);

/// cnp_solve, with a record (NULL: cnp_solve itself).
///
/// When substitution settles the whole system (every variable fixed by required equalities of
/// one or two variables, no conflict, no dense block; the other rows only checked), `record`
/// keeps the order and factors of its eliminations, for cnp_solve_changed_constants, and
/// `report->recorded` is 1; otherwise, or on an error, it keeps none.
///
/// Whatever the system, `record` also keeps each dense block's answer, the rows it broke and its
/// conflict groups included: a block of the next recorded solve whose inputs are the same bit for
/// bit gets that answer again without being solved (`report->recalled_blocks`), so the result is
/// the one solving gives. A solve that passes over the system several times (pins, rounds of
/// relaxation) has each of its first 16 passes' blocks compared with the same pass's of the
/// previous solve. A failed solve keeps no answers. A dense block whose inputs differ from a kept
/// block's only in their constants (the reference targets and the constants of the rows as
/// substitution left them) is solved and, when fewer than 16 blocks are solved and it has 2 to 32
/// unknowns and at most 128 rows, its priority levels are kept as linear maps of their right-hand
/// sides (the factorizations each ended with, applied once per input; that work is not counted
/// against the limit). The next block of that shape is solved through them
/// (`report->reused_blocks`, no active-set steps) when every level keeps its active set: the active
/// set's own stopping rules hold at the mapped point, and the same rows are violated; otherwise it
/// is solved afresh, and after two such solves in a row, recorded again. Blocks with conflicts or
/// ties are not recorded. The answer is the solve's up to rounding (within the rows' tolerances
/// where constraints are that close to degenerate); while a block keeps its maps, the same
/// constants give it the same bits.
///
/// A block of a kept block's shape that is solved (not recalled nor reused) starts each priority
/// level's active set from the working set and counted rows that level ended with, read from the
/// kept maps, or, for a block of more than 32 unknowns or 128 rows, from its levels' outcomes
/// recorded alone (a few words per level, when fewer than 16 blocks are solved; kept as they
/// were otherwise): at the point they give, when it keeps every inequality the level inherits
/// (`report->warm_started_levels`), and from nothing otherwise. The start does not change the
/// optimum, only the steps to it and the rounding; it depends on the record alone, so the bits
/// are the same on any number of lanes.
///
/// When the record cannot grow, the solve goes on without it.
cnp_status cnp_solve_recording(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                               cnp_solve_report *report, cnp_solve_record *record);

/// Brings `solution` up to date after the constants of `changed_rows` changed, and nothing
/// else, since the solve `record` was filled by (or the last call of this function on it).
/// `previous_constants[j]` is the constant row `changed_rows[j]` had then (a row listed twice
/// takes its first entry's): the record keeps no copy of the constants. `solution` must hold
/// that solve's or call's outputs as it left them (the record reads its classes' values there);
/// it is updated in place, as is `record`. The eliminations are replayed in the order they were
/// made, and the rows over the variables that moved are checked (but those with which
/// substitution merged or fixed a class: they hold by construction, and their `row_error` keeps
/// the recorded solve's rounding residue). Until a change moves fewer than a sixteenth of the
/// variables, a change sweeps the eliminations from the first a changed row made on, and the
/// rows substitution left to check; after one does, the record indexes rows by variable and
/// visits only what the changes reach.
/// The values equal a full solve's up to rounding.
/// A change of one row alone is kept as a response (the variables it moved and their change
/// per unit of the row's constant); the next change of that row alone sets those variables
/// from it and checks the same rows, without visiting the eliminations, and while only that
/// row changes, the same constant gives the same values. The next other call (even one of no
/// rows) replays that row too, and may list variables that moved only by rounding.
///
/// The variables whose values changed are counted in `*changed_count` and listed, in no
/// particular order, in `changed_variables`, as many as `changed_capacity` allows (it may be 0,
/// and `changed_variables` NULL): a count above the capacity says the list is partial, and a
/// caller that then treats everything as changed need not hold room for every variable.
/// `report` (may be NULL) receives the recorded solve's report.
///
/// CNP_ERROR_STALE when the record cannot carry the change: it is empty, or holds a system of
/// 2^31 rows or more, or was filled for a system of other counts or other rows (checked in full
/// at the first change after a solve, and on every row a change reads), or a changed row is no
/// longer a required equality although substitution settled it, or a required row over settled
/// variables no longer holds (a conflict: the full solve finds its smallest set). Input errors
/// as cnp_solve's, for the changed rows and their previous constants. On any error `record` is
/// emptied and `solution` is unspecified: solve in full.
cnp_status cnp_solve_changed_constants(cnp_solve_record *record, const cnp_system *system, const uint32_t *changed_rows,
                                       const double *previous_constants, uint32_t changed_row_count,
                                       cnp_solution *solution, uint32_t *changed_variables,
                                       uint32_t changed_capacity, uint32_t *changed_count, cnp_solve_report *report);

// MARK: - Solving on several threads

/// One lane's work: the solver calls it once per lane, with the lane's index.
typedef void (*cnp_lane_task)(void *task_context, uint32_t lane);

/// How a solve may solve independent blocks at once. The core starts no threads: `run` is the
/// caller's way of running work in parallel (Dispatch's concurrentPerform, say).
typedef struct cnp_solve_lanes {
    /// At least 1.
    uint32_t lane_count;
    /// `lane_count` distinct workspaces, one per lane, which no other call may use meanwhile.
    /// The first may be the solve's own workspace: the solve waits while the lanes run. Each
    /// keeps the dense scratch of the largest block its lane solved.
    cnp_workspace *const *workspaces;
    /// Calls `task(task_context, lane)` once for every lane in 0..<lane_count, at the same time
    /// on several threads if it can, and returns once every call has returned (and what they
    /// wrote is visible to the caller, as after joining threads).
    void (*run)(void *run_context, uint32_t lane_count, cnp_lane_task task, void *task_context);
    void *run_context;
} cnp_solve_lanes;

/// cnp_solve_recording, with independent dense blocks solved on `lanes` when there are many of
/// them (NULL, or one lane: all on the calling thread). The outputs, the report and the record
/// are the same bit for bit as with one lane: each block is solved alone, and the results are
/// put together in block order, the dense work limit included. That assumes the BLAS and
/// LAPACK linked in may be called from several threads at once and round alike on each (the
/// reference libraries and single-threaded OpenBLAS do), and that every thread computes in the
/// default floating-point environment. CNP_ERROR_BAD_ARGUMENT for lanes without a lane, a
/// workspace or `run`; otherwise as cnp_solve_recording.
cnp_status cnp_solve_on_lanes(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                              cnp_solve_report *report, cnp_solve_record *record, const cnp_solve_lanes *lanes);

#ifdef __cplusplus
}
#endif

#endif
