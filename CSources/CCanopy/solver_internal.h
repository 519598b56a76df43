/*
 * The solver's private types, shared by its files:
 *
 *   solver.c            the driver: checks, memory, components one by one, outputs
 *   solver_validate.c   input checks
 *   solver_components.c connected components of variables, then blocks of unknowns
 *   solver_blocks.c     a pass's blocks: recalled, solved (on lanes when many), merged in order
 *   solver_substitute.c elimination of required rows with one or two variables
 *   solver_peel.c       elimination of variables only one required equality mentions
 *   solver_hierarchy.c  one block: the levels in priority order, locking, reference level
 *   solver_single.c     a block of one unknown: the same levels on the line
 *   solver_active_set.c one level: least squares with inequalities by a primal active set
 *   solver_reflectors.c a QR's orthogonal factor applied from its reflectors, never formed
 *   solver_conflicts.c  a smallest set of conflicting required rows (deletion filter)
 *   solver_kernel_*.c   the dense factorizations, by LAPACK and by hand for tiny blocks, and
 *                       the sparse one (CHOLMOD) that solver_sparse.c projects through
 *   solver_record.c     substitution's eliminations kept, and new constants carried through them
 *   solver_memo.c       dense blocks' answers kept from one recorded solve to the next
 *   solver_level_maps.c a dense block's levels as linear maps, to solve it again for new constants
 *   solver_pins.c       large blocks: soft pins made required, when that gives the answer
 *   solver_relax.c      large blocks: required inequalities left out until they are needed
 *   solver_banded.c     large blocks of differences and pulls: a banded active set
 *   solver_sparse.c     large blocks through sparse factorizations (CHOLMOD), level by level
 *
 * Functions one file shares with another are named cnp__*: they link into the app beside the
 * public cnp_* API, and that one prefix keeps them from meeting an app's own symbols.
 */
#ifndef CNP_SOLVER_INTERNAL_H
#define CNP_SOLVER_INTERNAL_H

#include "include/cnp_solver.h"
#include "workspace_internal.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define NONE UINT32_MAX

// MARK: - Options (tests set them; cnp_solve uses the defaults)

/// Which dense kernel a block uses.
typedef enum kernel_choice {
    /// The hand-written kernel for blocks of at most `tiny_limit` unknowns, LAPACK above.
    KERNEL_AUTO = 0,
    KERNEL_TINY = 1,
    KERNEL_LAPACK = 2
} kernel_choice;

typedef struct solver_options {
    /// Eliminate required rows with one or two variables before the dense solve.
    bool substitute;
    /// After substitution, also peel off variables that only one required equality mentions.
    bool peel;
    kernel_choice kernel;
    uint32_t tiny_limit;
    /// The most unknowns a dense block may have.
    uint32_t dense_limit;
    /// The most doubles a block's dense matrices may hold.
    double dense_memory_limit;
    /// Estimated floating-point operations allowed for all dense work of one solve.
    double work_limit;
    /// When a block is too large, or has more than `pin_block_limit` unknowns, try first with
    /// soft pins made required (solver_pins.c), and solve densely only if that is not accepted.
    bool pin_fallback;
    uint32_t pin_block_limit;
    /// Blocks of more unknowns than this try the banded path (solver_banded.c) first.
    uint32_t banded_from;
    /// Blocks of more unknowns than this try the sparse path (solver_sparse.c) before the dense one.
    uint32_t sparse_from;
} solver_options;

/// What cnp_solve uses.
solver_options cnp__solver_default_options(void);

/// cnp_solve_on_lanes with explicit options.
cnp_status cnp__solver_solve(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                             cnp_solve_report *report, const solver_options *options, cnp_solve_record *record,
                             const cnp_solve_lanes *lanes);

// MARK: - Tolerances

/// Relative tolerance for "this row holds": a row holds when its violation is at most
/// ROW_TOLERANCE * (1 + |constant| + sum |coefficient * value|), so it scales with the numbers
/// the row adds up and the rounding they carry.
#define ROW_TOLERANCE 1e-9
/// A direction of unit rows whose pivoted-QR diagonal falls below this is dependent.
#define RANK_TOLERANCE 1e-10
/// Least-squares columns below this fraction of the largest pivot, or of the largest row norm
/// before projection, are dropped (minimum norm).
#define SOLVE_RANK_TOLERANCE 1e-11
/// A variable whose row of the free-direction basis is longer than this is ambiguous.
#define AMBIGUITY_TOLERANCE 1e-8
/// Substitution divides by a coefficient only when the coefficient ratio is inside
/// [1 / SUBSTITUTION_RATIO_LIMIT, SUBSTITUTION_RATIO_LIMIT]; others go to the dense path.
#define SUBSTITUTION_RATIO_LIMIT 1e8

// MARK: - Scratch memory

/// The workspace parts the solver uses (cnp_workspace_reserve_part): parts never move one
/// another, and a lane's workspace needs only PART_DENSE and the PART_BANDED pair.
enum {
    PART_SOLVER = 0, // the per-variable, per-row and per-term arrays (carve in solver.c)
    PART_DENSE = 1,  // the dense block being solved
    PART_PINS = 2,   // the system with pins made required
    PART_BLOCKS = 3, // the pass's per-block results
    PART_RELAX = 4,  // the system with inequalities left out
    PART_BANDED = 5, // a banded block's rows and unknowns
    PART_BANDED_MATRIX = 6, // and its matrix
    PART_SPARSE = 7 // a sparse block's vectors
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

// MARK: - Dense kernels

/// Scratch a kernel call may use: `doubles` of it, and a LAPACK integer array of `n` entries.
typedef struct kernel_scratch {
    double *work;
    size_t work_count;
    int *pivot;
    double *tau;
    double *second_tau;
    double *triangle;
} kernel_scratch;

/// Householder QR with column pivoting of the column-major `rows` x `cols` matrix `m` (leading
/// dimension `rows`): `m` P = `q` R. On return `m` holds R in its upper triangle, `pivot[j]` is
/// the original column of column j, `q` (rows x rows, explicit) the orthogonal factor, and
/// `*rank` the number of leading diagonal entries of R above `tolerance` in magnitude. With `q`
/// NULL the factor is not formed: it stays as its reflectors, H_j = I - tau[j] v v^T with v =
/// (1, m below the diagonal in column j) from row j on (LAPACK's convention), tau in scratch.
typedef cnp_status (*kernel_pivoted_qr)(uint32_t rows, uint32_t cols, double *m, double *q, double tolerance,
                                        uint32_t *rank, kernel_scratch *scratch);

/// The minimum-norm least-squares solution `z` (`cols`) of `b` z ~ `c`, `b` column-major
/// `rows` x `cols`; columns whose pivots fall below `floor`, or below SOLVE_RANK_TOLERANCE
/// times the largest pivot, are treated as dependent. The floor matters when every column is
/// rounding noise (rows whose directions are already locked): the largest pivot is then noise
/// too. `b` and `c` (at least max(rows, cols) long) are overwritten.
typedef cnp_status (*kernel_least_squares)(uint32_t rows, uint32_t cols, double *b, double *c, double *z,
                                           double floor, kernel_scratch *scratch);

typedef struct kernel {
    kernel_pivoted_qr pivoted_qr;
    kernel_least_squares least_squares;
} kernel;

cnp_status cnp__tiny_pivoted_qr(uint32_t rows, uint32_t cols, double *m, double *q, double tolerance, uint32_t *rank,
                                kernel_scratch *scratch);
cnp_status cnp__tiny_least_squares(uint32_t rows, uint32_t cols, double *b, double *c, double *z, double floor,
                                   kernel_scratch *scratch);
cnp_status cnp__lapack_pivoted_qr(uint32_t rows, uint32_t cols, double *m, double *q, double tolerance, uint32_t *rank,
                                  kernel_scratch *scratch);
cnp_status cnp__lapack_least_squares(uint32_t rows, uint32_t cols, double *b, double *c, double *z, double floor,
                                     kernel_scratch *scratch);
/// The doubles of scratch the LAPACK kernel needs for matrices up to `dimension` on a side.
size_t cnp__lapack_scratch_count(uint32_t dimension);

// MARK: - The solve

/// Row flags.
enum {
    ROW_QUEUED = 1 << 0,   // waiting in the substitution queue
    ROW_SETTLED = 1 << 1,  // eliminated by substitution; holds by construction
    ROW_BROKEN = 1 << 2,   // broken to resolve a conflict
    ROW_CONFLICT = 1 << 3, // in a smallest conflicting set
    ROW_TIED = 1 << 4,     // violated, sharing its level's error
    ROW_PEELED = 1 << 5,   // defines a peeled variable; holds by construction
    ROW_UNSOUND = 1 << 6,  // a reduction failed here: solve its component again without it
    ROW_UNPEELED = 1 << 7  // a peeled row whose variable depends on an ambiguous one
};

/// Variable flags.
enum {
    VARIABLE_FIXED = 1 << 0,    // a representative whose value substitution fixed
    VARIABLE_AMBIGUOUS = 1 << 1, // a representative the rows leave free
    VARIABLE_PEELED = 1 << 2,    // a representative its one row defines from the others
    VARIABLE_LISTED = 1 << 3,    // scratch of cnp__find_blocks
    VARIABLE_IN_BLOCK = 1 << 4   // a representative some open row mentions
};

/// One elimination substitution made, kept in the order made (solver_record.c).
typedef struct elimination {
    uint32_t row;
    /// The class merged into another (its representative then), the representative fixed, or
    /// NONE for a row found to hold as it was.
    uint32_t target;
    /// A merged class's size then; 0 for a fixed one.
    uint32_t run;
    /// What the row's reduced constant was divided by: the merged class's coefficient, or the
    /// fixed class's.
    double divisor;
} elimination;

/// A dense block's level maps as they are recorded (solver_level_maps.c), and the scratch that
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

/// The passes over the whole system of one solve whose blocks the memo keeps, each pass apart
/// (a large block's solve makes one for the pins, one per round of relaxation, and a dense
/// one); later passes' blocks are not kept.
#define MEMO_PASSES 16

/// Dense blocks' answers kept from one recorded solve to the next (solver_memo.c): entries of
/// 64-bit words, [first row, key length, answer length, state (filled, maps' misses), maps
/// (place and length), key..., answer...], pass by pass, in the order the blocks were looked
/// up (in order of their first rows, but for components solved again within a pass); an entry
/// whose answer is not filled in (yet) matches nothing. An entry's level maps, when it has
/// them, are in the maps array beside.
typedef struct block_memo {
    uint64_t *kept;     // the previous solve's entries
    size_t kept_length, kept_capacity;
    uint64_t *fresh;    // this solve's
    size_t fresh_length, fresh_capacity;
    uint64_t *kept_maps, *fresh_maps;
    size_t kept_maps_length, kept_maps_capacity, fresh_maps_length, fresh_maps_capacity;
    size_t cursor;      // the next kept entry to compare
    size_t pass_end;    // where the kept entries of the current pass end
    /// Where each pass's entries start, among the kept ones and the fresh ones.
    size_t kept_pass_start[MEMO_PASSES], fresh_pass_start[MEMO_PASSES];
    uint32_t kept_passes, pass;
    uint64_t *key;      // scratch: a block's key
    size_t key_length, key_capacity;
    map_recorder recorder;
} block_memo;

/// One solve's state. Per-variable arrays are indexed by variable, per-row arrays by row.
typedef struct solver {
    const cnp_system *system;
    cnp_solution *solution;
    cnp_solve_report report;
    solver_options options;
    cnp_workspace *workspace;
    /// Estimated floating-point operations spent on dense work so far.
    double work;
    /// Blocks solved (neither recalled nor reused) over every pass.
    uint32_t solved_blocks;
    uint32_t next_group;

    // Variables. Substitution keeps every variable as scale * (its representative) + offset.
    uint32_t *find;
    uint32_t *rep;
    double *scale;
    double *offset;
    uint32_t *next_member; // the next variable of the same representative, or NONE
    uint32_t *last_member; // on a representative: its class's last member
    uint32_t *class_size;  // on a representative
    uint8_t *variable_flags;
    double *rep_value;     // on a representative: its value once fixed or solved
    uint32_t *local;       // on a representative: its unknown's index in its block
    uint32_t *slot;        // scratch, NONE between uses
    uint32_t *component_variables;
    uint32_t *block_variables;
    uint32_t *block_of_root;
    // An index of some rows by variable (see cnp__index_rows_by_variable).
    uint32_t *variable_row_start;
    uint32_t *variable_row_count;
    uint32_t *variable_rows;

    // Rows.
    uint8_t *row_flags;
    uint32_t *queue;              // a ring of queue_ring entries (a component's rows)
    uint32_t queue_ring;
    uint32_t *group;
    uint32_t *reduced_start;
    uint32_t *reduced_count;
    uint32_t *reduced_variable;   // representatives
    double *reduced_coefficient;
    double *reduced_constant;
    uint32_t *component_rows;
    uint32_t *block_rows;
    uint32_t *row_block;          // scratch for cnp__find_blocks
    uint32_t *occurrences;        // on a representative: open rows that mention it
    uint32_t *peel_order;         // rows in the order their variables were peeled
    uint32_t peel_count;
    uint32_t *peeled_variable;    // on a peeled row: the representative it defines

    // Substitution's eliminations in order, when the solve is recorded; NULL otherwise.
    elimination *eliminations;
    uint32_t elimination_count;
    /// Whether a pass after the first (a component solved again, the pins) made the record
    /// incomplete.
    bool record_broken;
    /// Block answers kept between recorded solves; NULL when the solve is not recorded.
    block_memo *memo;
    /// Where independent blocks may be solved at once; NULL for the calling thread only.
    const cnp_solve_lanes *lanes;
    /// The lane's latest carve of its dense memory (solver_dense.h), or NULL.
    struct dense_carving *carving;
    /// Where the block being solved records its level maps; NULL when it does not.
    map_recorder *recorder;
    /// The previous solve's record of the block being solved (level maps or outcomes), whose
    /// levels' outcomes start its levels; NULL for none.
    const uint64_t *hints;
    size_t hints_length;
} solver;

/// Adds `operations` to the dense work spent; CNP_ERROR_TOO_LARGE once it is past the limit.
static inline cnp_status solver_spend(solver *s, double operations) {
    s->work += operations;
    return s->work > s->options.work_limit ? CNP_ERROR_TOO_LARGE : CNP_OK;
}

/// The rows of `row` as a cnp_row.
static inline const cnp_row *solver_row(const solver *s, uint32_t row) {
    return &s->system->rows[row];
}

static inline bool row_is_required(const solver *s, uint32_t row) {
    return solver_row(s, row)->priority >= CNP_PRIORITY_REQUIRED;
}

/// The reference pull of representative `rep`: its members' "variable == reference" rows
/// summed into one, weight * x = target with weight^2 = sum scale^2 (same minimizer).
static inline void reference_pull(const solver *s, uint32_t rep, double *weight, double *target) {
    const double *reference = s->system->reference;
    double squares = 0.0, pull = 0.0;
    for (uint32_t m = rep; m != NONE; m = s->next_member[m]) {
        double aim = (reference != NULL ? reference[m] : 0.0) - s->offset[m];
        squares += s->scale[m] * s->scale[m];
        pull += s->scale[m] * aim;
    }
    *weight = sqrt(squares);
    *target = *weight > 0 ? pull / *weight : 0.0;
}

/// The violation of `lhs relation constant`: lhs - constant for an equality, the excess for an
/// inequality that fails, 0 for one that holds.
static inline double row_violation(int32_t relation, double lhs, double constant) {
    double difference = lhs - constant;
    if (relation == CNP_RELATION_LESS_EQUAL) {
        return difference > 0 ? difference : 0;
    }
    if (relation == CNP_RELATION_GREATER_EQUAL) {
        return difference < 0 ? difference : 0;
    }
    return difference;
}

/// +1 for `<=`, -1 for `>=`, 0 for an equality: the side of its constant a row must stay on.
static inline int8_t relation_sign(int32_t relation) {
    return relation == CNP_RELATION_LESS_EQUAL ? 1 : relation == CNP_RELATION_GREATER_EQUAL ? -1 : 0;
}

/// The tolerance of a row whose terms add up `magnitude` (sum of |coefficient * value|).
static inline double row_tolerance(double constant, double magnitude) {
    return ROW_TOLERANCE * (1.0 + fabs(constant) + magnitude);
}

/// A double's bits as a 64-bit word, for the memo's keys and answers.
static inline uint64_t word_of(double value) {
    uint64_t word;
    memcpy(&word, &value, sizeof word);
    return word;
}

/// The double whose bits are `word`.
static inline double double_of(uint64_t word) {
    double value;
    memcpy(&value, &word, sizeof value);
    return value;
}

/// The left-hand side of row `r` of `system` at `values`, and its tolerance in `*tolerance`.
static inline double system_row_value(const cnp_system *system, const double *values, uint32_t r,
                                      double *tolerance) {
    const cnp_row *row = &system->rows[r];
    double lhs = 0.0, magnitude = 0.0;
    for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
        double term = system->terms[t].coefficient * values[system->terms[t].variable];
        lhs += term;
        magnitude += fabs(term);
    }
    *tolerance = row_tolerance(row->constant, magnitude);
    return lhs;
}

/// Row `r` of `system` at `values`: its violation (row_violation), and its tolerance in
/// `*tolerance`.
static inline double system_row_violation(const cnp_system *system, const double *values, uint32_t r,
                                          double *tolerance) {
    const cnp_row *row = &system->rows[r];
    return row_violation(row->relation, system_row_value(system, values, r, tolerance), row->constant);
}

// solver_validate.c
cnp_status cnp__validate_system(const cnp_system *system, const cnp_solution *solution, uint32_t *failed_row);

// solver_components.c
/// Numbers the connected components of variables (rows join the variables they mention) and
/// lists each component's variables and rows, ascending: component c has variables
/// component_variables[variable_start[c] ..< variable_start[c + 1]] and likewise rows.
/// Rows without terms belong to no component. Returns the component count.
uint32_t cnp__find_components(solver *s, uint32_t *variable_start, uint32_t *row_start);
/// Splits the unknowns (open representatives) that the open rows among `rows` mention into
/// blocks joined by those rows. Writes block_variables / block_rows and their starts, flags
/// the unknowns VARIABLE_IN_BLOCK, and returns the count. Unknowns no open row mentions are
/// left to the caller.
uint32_t cnp__find_blocks(solver *s, const uint32_t *rows, uint32_t row_count, uint32_t *variable_start,
                          uint32_t *row_start);

// solver_substitute.c
/// Lists, for each variable of `rows`, the rows among them that mention it, at
/// variable_rows[slot[v] ..< slot[v] + variable_row_count[v]] (slot[v] is NONE for the others).
/// Touches only those variables; cnp__forget_row_index puts slot back.
void cnp__index_rows_by_variable(solver *s, const uint32_t *rows, uint32_t count);
void cnp__forget_row_index(solver *s, const uint32_t *rows, uint32_t count);
/// Restores the component's variables and rows to the unsubstituted state.
void cnp__reset_component(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                          uint32_t row_count);
/// Eliminates the required equalities among `rows` (ascending) that have one or two variables.
/// Rows found to be false constants are flagged ROW_UNSOUND; returns how many.
uint32_t cnp__substitute_rows(solver *s, const uint32_t *rows, uint32_t row_count);
/// Writes each unsettled row's terms over representatives (fixed ones folded into the constant).
void cnp__reduce_rows(solver *s, const uint32_t *rows, uint32_t row_count);

// solver_peel.c
/// Peels variables that exactly one open required equality mentions, repeatedly.
void cnp__peel_component(solver *s, const uint32_t *rows, uint32_t row_count);
/// Computes the peeled variables from the solved ones, last peeled first. A peeled row whose
/// variable depends on an ambiguous one is flagged ROW_UNPEELED (its reference pull, dropped
/// by peeling, would have mattered: the component must be solved again without peeling);
/// returns how many.
uint32_t cnp__finish_peeled(solver *s);

// solver_hierarchy.c
/// The outcome of solving one block.
typedef enum block_outcome {
    BLOCK_SOLVED,
    /// The required rows conflict and the block came from substitution: solve the component
    /// again without it, so that the conflicting set is found among the original rows.
    BLOCK_NEEDS_ORIGINAL_ROWS
} block_outcome;

/// Sorts `rows` by descending priority, keeping index order within a level (a stable merge
/// sort, bottom-up, through `spare`, which has room for `count`).
void cnp__sort_by_level(const solver *s, uint32_t *rows, uint32_t count, uint32_t *spare);

/// Solves one block: its unknowns are `variables` (representatives), its rows `rows`.
cnp_status cnp__solve_block(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                            uint32_t row_count, bool substituted, block_outcome *outcome);

/// What a block's solve records for the next solve.
typedef enum block_recording { RECORD_NOTHING, RECORD_MAPS, RECORD_OUTCOMES } block_recording;

/// What solving or recalling one block leaves for the merge, which takes blocks in order.
typedef struct block_result {
    cnp_status status;
    block_outcome outcome;
    /// The block's own counts (the report's block fields, levels, steps and breaks).
    cnp_solve_report report;
    /// The dense work it took.
    double work;
    /// The conflict groups it numbered, from 0; the merge shifts them past earlier blocks'.
    uint32_t groups;
    /// Its entry among the memo's fresh ones, or SIZE_MAX.
    size_t memo_entry;
    bool recalled;
    /// What solving it records, when it is solved on the calling thread: its level maps (a
    /// block of the previous solve had its shape but other constants), or its levels' outcomes
    /// alone (a block too large to map).
    block_recording record;
    /// The previous solve's record of a block of its shape (level maps or outcomes), to start
    /// its levels from, on whichever lane solves it; NULL for none.
    const uint64_t *hints;
    size_t hints_length;
    /// Whether a lane (or the merge) solved it.
    bool solved;
} block_result;

// solver_single.c
/// Solves a block of one unknown, `variable`, on the line (sorting `rows` by level), to the
/// dense path's answer: `*solved` says whether it did. Required rows that cannot all hold, and
/// blocks of many rows, are left to the dense path, untouched.
cnp_status cnp__solve_single(solver *s, uint32_t variable, uint32_t *rows, uint32_t row_count, bool *solved);

// solver_banded.c
/// Solves a block of bounds, differences and one level of pulls on every unknown by a banded
/// active set, when it has that shape and the active set settles: `*solved` says whether it
/// did. Otherwise leaves the block to the dense path, untouched but for the work spent and the
/// active-set steps counted.
cnp_status cnp__solve_banded(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                             uint32_t row_count, bool *solved);

// solver_blocks.c
/// Solves the `blocks` blocks cnp__find_blocks listed (starts in `variable_start` and `row_start`):
/// each gets its answer from the memo when it can, the others are solved, on the solve's lanes
/// when there are many, and every result is merged in block order, so that the values, flags,
/// conflict groups, report and work equal those of solving the blocks one after another. A
/// block whose required rows conflict after substitution gets its first row flagged
/// ROW_UNSOUND instead; `*flagged` counts them.
cnp_status cnp__solve_listed_blocks(solver *s, const uint32_t *variable_start, const uint32_t *row_start,
                                    uint32_t blocks, bool substituted, uint32_t *flagged);

// solver_record.c
/// Lends the record's substitution arrays to the solver (so that what substitution leaves in
/// them is kept without a copy; the solver then carves none of its own) and gives it room for
/// the eliminations; `terms` is the total over all rows.
cnp_status cnp__record_prepare(cnp_solve_record *record, solver *s, uint64_t terms);
/// Keeps the solve in the record if it succeeded and substitution settled all of it; returns
/// whether it did.
bool cnp__record_finish(cnp_solve_record *record, const solver *s, cnp_status status);
/// Empties the record.
void cnp__record_forget(cnp_solve_record *record);

/// The record's block answers.
block_memo *cnp__record_memo(cnp_solve_record *record);

// solver_memo.c
/// Starts a pass over the whole system: its blocks are compared with those of the same pass of
/// the previous solve (the first pass of a solve starts with no answers kept from it yet).
void cnp__memo_begin(block_memo *memo);
/// Starts the block's entry among this solve's (blocks come in order) and, when its inputs are
/// bit for bit those of a block of the previous solve, gives it that block's answer: values,
/// ambiguity, ties and conflicts into the solver, outcome, conflict groups, counts and work
/// into `result` (returns true); or solves it by its kept level maps. Otherwise returns false;
/// cnp__memo_keep fills the entry in once the block is solved.
bool cnp__memo_recall(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                      uint32_t row_count, bool substituted, block_result *result);
/// Fills in the entry of a block just solved, from the solver and `result`, and keeps the level
/// maps recorded while it was solved.
void cnp__memo_keep(solver *s, const uint32_t *variables, uint32_t variable_count, const block_result *result);
/// Grows `*buffer` (room for `*capacity` elements of `size` bytes) to hold `count`, keeping
/// its contents; false when memory is out.
bool cnp__memo_grow(void **buffer, size_t *capacity, size_t count, size_t size);
/// Ends a solve: its answers become the ones kept, or, when it failed, none are.
void cnp__memo_finish(block_memo *memo, bool succeeded);
/// Frees the memo's memory.
void cnp__memo_free(block_memo *memo);

// solver_level_maps.c
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
/// The bytes the memo holds, for memory reports.
size_t cnp__memo_capacity(const block_memo *memo);

/// Notes an elimination in order, when the solve is recorded.
static inline void note_elimination(solver *s, uint32_t row, uint32_t target, uint32_t run, double divisor) {
    if (s->eliminations != NULL) {
        s->eliminations[s->elimination_count++] = (elimination){row, target, run, divisor};
    }
}

// solver_pins.c
/// A system with its pins made required equalities, rows in their original order.
typedef struct pin_pass {
    cnp_system system;
    cnp_row *rows;
    uint8_t *is_pin; // per row: a soft one-variable row whose variable is pinned, now `== pin`
    uint8_t *fixed;  // per variable: fixed by the required rows alone (the first pass's substitution)
} pin_pass;

/// Finds every variable that its soft one-variable rows pin to one value (upper and lower
/// bounds that meet: an intrinsic size's hugging and compression rows) and that the first
/// pass's substitution did not already fix from required rows alone (a pin there could only
/// repeat or contradict them), and makes those rows `variable == value`, required, in `pins`
/// (PART_PINS of the workspace). CNP_ERROR_TOO_LARGE when no variable is pinned: nothing to gain.
cnp_status cnp__pins_prepare(const solver *s, pin_pass *pins);

/// Whether the pinned pass's values (in s->solution) are the strict-priority answer of
/// `s->system`: no row broken, every pin row holding, and in each component no row violated at
/// or above the lowest priority of a pin row of that component, but for rows over variables the
/// required rows fix (their violation is the same at every point the required rows allow).
/// Finds the components into `variable_start` and `row_start`.
bool cnp__pins_accept(solver *s, const pin_pass *pins, uint32_t *variable_start, uint32_t *row_start);

// solver_relax.c
/// A system with required inequalities left out (their rows blanked), rows in their original
/// order.
typedef struct relaxation {
    cnp_system system;
    cnp_row *rows;
    /// Per row: 1 in a component that was relaxed (had rows left out).
    uint8_t *relaxed;
} relaxation;

/// Rounds after which a relaxed solve gives up (each puts back at least one row).
#define RELAX_ROUNDS 64

/// Components of more variables than this, whose blocks the dense path could take but slowly
/// (a chain of 1,000 took seconds), try the relaxation before the dense path.
#define RELAX_FIRST_VARIABLES 256

/// `s->system` without the required inequalities over two or more variables of its components
/// of more than `larger_than` variables, in PART_RELAX of the workspace (the components are
/// found with cnp__find_components, into `variable_start` and `row_start`). CNP_ERROR_TOO_LARGE
/// when there are none: nothing to gain.
cnp_status cnp__relax_prepare(solver *s, uint32_t *variable_start, uint32_t *row_start, uint32_t larger_than,
                              relaxation *r);

/// Pins the components the relaxation leaves whole with `pins`' rows, and unpins (in `pins`)
/// the relaxed ones: a pin there, made from a soft equality, would contradict the rows put
/// back. Returns how many pins stay.
uint32_t cnp__relax_pin(relaxation *r, pin_pass *pins, uint32_t row_count);

/// Whether the latest pass broke a required row of a relaxed component.
bool cnp__relax_broke_rows(const solver *s, const relaxation *r);

/// Puts back every row left out that does not hold with room to spare at `values` (an answer of
/// the relaxation of `system`); returns how many. None: `values` is the answer of `system`.
uint32_t cnp__relax_put_back(const cnp_system *system, const double *values, relaxation *r);

#endif
