/*
 * The dense state of one block, shared by the hierarchy (block/hierarchy.c), the active set
 * (level/active_set.c) and the conflict search (block/conflicts.c).
 *
 * The block's unknowns are x (n of them). Everything the levels solved so far is kept as:
 *   - a point x that satisfies every locked row at its locked value, and
 *   - an orthonormal basis Z (n x k) of the directions that keep every locked row's value,
 *   - the inherited inequalities (rows that held with room to spare at their own level).
 * A level then moves x by Z y, for y minimizing the level's squared violations subject to the
 * inherited inequalities: the hierarchical least-squares step. Row vectors are handled as
 * "row times Z" (k long), so nothing locked can move.
 */
#ifndef CNP_LEVEL_DENSE_H
#define CNP_LEVEL_DENSE_H

#include "base/state.h"
#include "kernels/kernels.h"

/// A counted level inequality stops counting once it holds with more room than this fraction of
/// its tolerance (about a thousand times its rounding). Not its whole tolerance: a row that
/// outweighs the others by many orders of magnitude is met to within its tolerance wherever the
/// least squares of the rows counted with it stops, and would then never let the others reach
/// their own least squares.
#define COUNTED_ROOM 1e-4
/// An uncounted level inequality blocks a step once it would fail by more than this fraction
/// of its tolerance.
#define BLOCKING_EXCESS 1e-3

/// How a level of a block ended in an earlier solve: a start for the same level now.
typedef struct level_outcome {
    /// The level's rows among the block's sorted rows (0 and the count of live required rows
    /// for the required level; 0 and 0 for the reference level).
    uint32_t start, end;
    /// Per level row: bit 0 set when it counted (NULL for the reference level: all count).
    const uint64_t *flags;
    uint32_t flag_count;
    /// The working members, as indexes of inherited inequalities.
    const uint64_t *members;
    uint32_t working;
} level_outcome;

/// A dense block's level maps as they are recorded (level/level_maps.c), and the scratch that
/// recording and applying them use.
typedef struct map_recorder {
    uint64_t *words;
    size_t length, capacity;
    /// Whether the block's maps are all there, and whether recording gave up.
    bool finished, refused;
    /// Whether only the levels' outcomes are recorded, without their maps (a block too large
    /// to map: the outcomes start the next solve's levels).
    bool outcomes_only;
    double *doubles;
    size_t doubles_capacity;
    uint32_t *indexes;
    size_t indexes_capacity;
} map_recorder;

/// Sorts `rows` by descending priority, keeping index order within a level (a stable merge
/// sort, bottom-up, through `spare`, which has room for `count`).
void cnp__sort_by_level(const solver *s, uint32_t *rows, uint32_t count, uint32_t *spare);


typedef struct dense_block {
    solver *s;
    /// The outcome to start the level being solved from (cnp__dense_minimize), or NULL.
    const level_outcome *start;
    /// Where the block's level maps are being recorded (level/level_maps.c), or NULL.
    map_recorder *recorder;
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
    double *working_tau;          // its reflectors' factors (their vectors stay below m's diagonal)
    uint32_t working_count;

    // Scratch.
    double *y;
    double *step;
    double *gradient;
    double *multiplier;
    double *m;       // n x max(n, rows): a matrix to factor
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
cnp_status cnp__dense_reserve(solver *s, dense_block *d, const uint32_t *variables, uint32_t n, uint32_t row_count);
/// Forgets every level: x = 0, Z = identity, no inherited inequalities.
void cnp__dense_start(dense_block *d);
/// A reduced row times Z (into `out`, stride `stride`), times `sign`; returns the row at x and
/// writes its magnitude (sum |coefficient * x|) and norm.
double cnp__dense_project_row(const dense_block *d, uint32_t row, double sign, double *out, size_t stride,
                              double *magnitude, double *norm);
/// Projects the inherited inequalities for the current x and Z, as unit rows.
void cnp__dense_load_inequalities(dense_block *d);
/// Makes `rows` (reduced rows of this block) the level to solve.
void cnp__dense_load_rows(dense_block *d, const uint32_t *rows, uint32_t count);
/// Makes the reference rows the level to solve.
void cnp__dense_load_reference(dense_block *d);
/// Solves the loaded level: y minimizing its squared violations, inherited inequalities kept.
cnp_status cnp__dense_minimize(dense_block *d);
/// x += Z y.
void cnp__dense_move(dense_block *d);
/// The loaded level's answer as a linear map, for the working set and counted rows the last
/// cnp__dense_minimize ended with. Its `inputs` are the counted rows' b (in objective order), then
/// the working inequalities' h (in working-set order). Column i of `moves` (n long) is the move
/// of x for input i at 1 and the others at 0; column i of `multipliers` (working_count long) the
/// working set's multipliers then. `saved` has room for k + objective_count + inequality_count;
/// y, b, h and the work spent are left as they were.
cnp_status cnp__dense_map_level(dense_block *d, uint32_t inputs, double *saved, double *moves, double *multipliers);
/// Locks the loaded level at x: equalities and violated inequalities keep their values (Z
/// shrinks), inequalities that hold join the inherited ones.
cnp_status cnp__dense_lock(dense_block *d);
/// A reduced row's violation at x; `tolerance` gets the row's tolerance.
double cnp__dense_row_violation(const dense_block *d, uint32_t row, double *tolerance);

/// Whether objective row j counts in the level's least squares: an equality, or an inequality
/// whose slack is active.
static inline bool dense_row_counts(const dense_block *d, uint32_t j) {
    return d->objective_sign[j] == 0 || d->in_objective[j];
}

// level_maps.c
/// Starts recording a block's level maps, or with `outcomes_only` its levels' outcomes alone.
void cnp__maps_begin(map_recorder *recorder, bool outcomes_only);
/// Solves the block (its sorted rows' order is found again from `rows`) by its level maps
/// `maps` (`length` words), when the outcome they recorded holds at its current constants:
/// the values go to rep_value, the ambiguity to variable_flags, the levels solved to `*levels`,
/// and true is returned. Otherwise returns false and writes nothing but scratch (s->local
/// among it).
bool cnp__maps_apply(solver *s, map_recorder *scratch, const uint32_t *variables, uint32_t variable_count,
                     const uint32_t *rows, uint32_t row_count, const uint64_t *maps, size_t length, uint32_t *levels);
/// Frees the recorder's memory.
void cnp__maps_free(map_recorder *recorder);

/// The kinds of a level map record.
typedef enum map_kind {
    MAP_LEVEL, MAP_CONE, MAP_REFERENCE, MAP_ANSWER, MAP_LEVEL_OUTCOME, MAP_REFERENCE_OUTCOME
} map_kind;
/// Records the level just solved and moved to (rows `start..<end` of the block's sorted rows;
/// none for the reference level), before it is locked.
void cnp__maps_record_level(dense_block *d, map_kind kind, uint32_t start, uint32_t end);
/// Records which inherited inequalities are active (h == 0 after load_active_cone).
void cnp__maps_record_cone(dense_block *d);
/// Gives up recording the block's maps (a conflict, ties: outcomes the maps do not follow);
/// outcomes alone are still recorded.
void cnp__maps_refuse(dense_block *d);
/// Completes the block's maps with its answer's levels and ambiguity.
void cnp__maps_finish(dense_block *d);
/// Reads the next level's outcome (a level's or the reference level's, from maps or outcomes
/// alone) of a kept record at `*cursor`, for a block of `n` unknowns, and moves the cursor past
/// it; false at the record's end, or where it does not read as a record.
bool cnp__maps_next_outcome(const uint64_t **cursor, const uint64_t *end, uint32_t n, level_outcome *outcome);

#endif
