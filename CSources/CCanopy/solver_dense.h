/*
 * The dense state of one block, shared by the hierarchy (solver_hierarchy.c), the active set
 * (solver_active_set.c) and the conflict search (solver_conflicts.c).
 *
 * The block's unknowns are x (n of them). Everything the levels solved so far is kept as:
 *   - a point x that satisfies every locked row at its locked value, and
 *   - an orthonormal basis Z (n x k) of the directions that keep every locked row's value,
 *   - the inherited inequalities (rows that held with room to spare at their own level).
 * A level then moves x by Z y, for y minimizing the level's squared violations subject to the
 * inherited inequalities: the hierarchical least-squares step. Row vectors are handled as
 * "row times Z" (k long), so nothing locked can move.
 */
#ifndef CNP_SOLVER_DENSE_H
#define CNP_SOLVER_DENSE_H

#include "solver_internal.h"

typedef struct dense_block {
    solver *s;
    kernel kernel;
    kernel_scratch scratch;
    uint32_t n;
    const uint32_t *variables;
    /// Reference pull per unknown: weight * x = target (one row per representative, the sum of
    /// its members' "variable == reference" rows).
    double *reference_weight;
    double *reference_target;

    uint32_t k;
    double *z;
    double *z_spare;
    double *x;

    // The level being solved: rows as (row times Z) y ~ b, inequalities turned into <=.
    uint32_t objective_capacity;
    uint32_t objective_count;
    uint32_t *objective_row;      // a row, or NONE for a reference row
    uint32_t *objective_unknown;  // for a reference row: its unknown
    int8_t *objective_sign;       // 0 for an equality, +1 for <=, -1 for >= (negated to <=)
    double *objective_norm;       // |row| in x space
    double *objective_tolerance;
    double *a;                    // objective_count x k, leading dimension objective_capacity
    double *b;
    double *slack;
    uint8_t *in_objective;        // an inequality currently counted (its slack is active)

    // Inherited inequalities, as unit rows in <= form: (row times Z) y <= h.
    uint32_t inequality_capacity;
    uint32_t inequality_count;
    uint32_t *inequality_row;
    int8_t *inequality_sign;
    double *inequality_tolerance;
    double *g;                    // inequality_count x k, leading dimension inequality_capacity
    double *h;
    uint8_t *in_working_set;
    uint32_t *working_set;
    uint32_t *working_pivot;      // the working set's QR column order
    uint32_t working_count;

    // Scratch.
    double *y;
    double *step;
    double *gradient;
    double *multiplier;
    double *m;       // n x max(n, rows): a matrix to factor
    double *q;       // n x n
    double *basis;   // n x n
    double *ls_matrix;
    double *ls_rhs;
    double *ls_solution;
    uint32_t *row_scratch;
    uint32_t *row_scratch2;
} dense_block;

/// A lane's latest carve of its dense memory, which the next block of the same size reuses
/// while the memory has not moved: blocks of one unknown come by the hundred thousand, and
/// carving their four dozen arrays afresh took a third of the time spent on each.
typedef struct dense_carving {
    uint32_t n;
    uint32_t row_count;
    size_t bytes;
    /// Where the arrays were carved; NULL before the first carve.
    unsigned char *memory;
    /// The arrays, as carved (nothing solved in them yet).
    dense_block block;
} dense_carving;

/// Reserves the block's dense memory (PART_DENSE of the workspace) for `n` unknowns and
/// `row_count` rows, reusing the solver's latest carve (`s->carving`) when it fits.
cnp_status dense_reserve(solver *s, dense_block *d, const uint32_t *variables, uint32_t n, uint32_t row_count);
/// Forgets every level: x = 0, Z = identity, no inherited inequalities.
void dense_start(dense_block *d);
/// Makes `rows` (reduced rows of this block) the level to solve.
void dense_load_rows(dense_block *d, const uint32_t *rows, uint32_t count);
/// Makes the reference rows the level to solve.
void dense_load_reference(dense_block *d);
/// Solves the loaded level: y minimizing its squared violations, inherited inequalities kept.
cnp_status dense_minimize(dense_block *d);
/// x += Z y.
void dense_move(dense_block *d);
/// Locks the loaded level at x: equalities and violated inequalities keep their values (Z
/// shrinks), inequalities that hold join the inherited ones.
cnp_status dense_lock(dense_block *d);
/// A reduced row's violation at x; `tolerance` gets the row's tolerance.
double dense_row_violation(const dense_block *d, uint32_t row, double *tolerance);

// solver_conflicts.c
/// Whether `rows` (required, of this block) can all hold.
cnp_status dense_rows_are_feasible(dense_block *d, const uint32_t *rows, uint32_t count, bool *feasible);
/// Shrinks the infeasible `rows` to a smallest infeasible subset (no member can be dropped),
/// in place, by the deletion filter; `*count` is updated.
cnp_status dense_smallest_conflict(dense_block *d, uint32_t *rows, uint32_t *count);

#endif
