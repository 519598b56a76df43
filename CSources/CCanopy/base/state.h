/*
 * One solve's state, which the driver (solve/) owns and carves, and the layers below read and
 * write through `solver *`: the options, the row and variable flags, the substitution classes,
 * the per-row reductions, and what the solve reports.
 *
 * The solver's layers, each a folder, depend one way:
 *
 *   solve/     the driver: validation, passes, a pass's blocks in order (on lanes), outputs
 *   strategy/  large components: soft pins made required, required inequalities left out
 *   reuse/     what one solve keeps for the next: eliminations, block answers, level maps
 *   reduce/    substitution, peeling, components and blocks
 *   block/     one block: a dispatcher, and the paths it picks (single, banded, sparse, dense)
 *   level/     the dense state of a block, one level's active set, levels as maps
 *   kernels/   dense and sparse factorizations, reflectors
 *   base/      this state, rows, scratch memory
 *
 * Functions one file shares with another are named cnp__*: they link into the app beside the
 * public cnp_* API, and that one prefix keeps them from meeting an app's own symbols.
 */
#ifndef CNP_BASE_STATE_H
#define CNP_BASE_STATE_H

#include "base/arena.h"
#include "base/eliminations.h"
#include "base/rows.h"
#include "include/cnp_solver.h"
#include "include/cnp_solver_testing.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
    /// Solve blocks of one unknown on the line (block/single.c).
    bool single;
    kernel_choice kernel;
    uint32_t tiny_limit;
    /// The most unknowns a dense block may have.
    uint32_t dense_limit;
    /// The most doubles a block's dense matrices may hold.
    double dense_memory_limit;
    /// Estimated floating-point operations allowed for all dense work of one solve.
    double work_limit;
    /// When a block is too large, or has more than `pin_block_limit` unknowns, try the
    /// large-component strategies (solve/large.c) first.
    bool pin_fallback;
    uint32_t pin_block_limit;
    /// Blocks of more unknowns than this try the banded path (block/banded.c) first.
    uint32_t banded_from;
    /// Blocks of more unknowns than this try the triangular path (block/triangular.c) first.
    uint32_t triangular_from;
    /// Blocks of more unknowns than this try the sparse path (block/sparse.c) before the dense one.
    uint32_t sparse_from;
} solver_options;

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
    VARIABLE_IN_BLOCK = 1 << 4,  // a representative some open row mentions
    VARIABLE_CLASSED = 1 << 5,   // its class entries are written (see class_rep)
    VARIABLE_SLOTTED = 1 << 6,   // its slot is written (see variable_slot)
    VARIABLE_PLACED = 1 << 7     // its class entries have a place (see write_class_entries)
};

/// One solve's state. Per-variable arrays are indexed by variable, per-row arrays by row.
typedef struct solver {
    const cnp_system *system;
    cnp_solution *solution;
    cnp_solve_report report;
    solver_options options;
    cnp_workspace *workspace;
    /// Estimated floating-point operations spent on dense work so far.
    double work;
    /// The dense work this pass may spend: the options' limit, less what earlier rounds of the
    /// same strategy spent (on a lane, less what the blocks merged before spent too).
    double budget;
    /// Whether a block past `pin_block_limit` stops the pass, for the large-component
    /// strategies (solve/large.c) to take: in the first pass and the pinned one.
    bool defers_large_blocks;
    /// Whether the pass is the triangular one (solve/large.c): every block past
    /// `pin_block_limit` must be taken by the triangular path, or the pass declines.
    bool triangular_pass;
    /// Blocks solved (neither recalled nor reused) over every pass.
    uint32_t solved_blocks;
    uint32_t next_group;

    // Variables. Substitution keeps every variable as scale * (its representative) + offset.
    // The class entries (rep to class_size) are read through class_rep() and the others below;
    // a variable's are at its class place, handed out in the order the variables are classed.
    uint32_t *find;
    uint32_t *class_place; // per variable, under VARIABLE_PLACED
    uint32_t class_count;  // the places handed out in this pass
    uint32_t *rep;
    double *scale;
    double *offset;
    uint32_t *next_member; // the next variable of the same representative, or NONE
    uint32_t *last_member; // on a representative: its class's last member
    uint32_t *class_size;  // on a representative
    uint8_t *variable_flags;
    double *rep_value;     // on a representative: its value once fixed or solved
    uint32_t *local;       // on a representative: its unknown's index in its block
    uint32_t *slot;        // scratch, NONE between uses (read through variable_slot)
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
    uint32_t *group;              // on a row flagged ROW_CONFLICT (read through row_group)
    // A row's reduced form, written by cnp__reduce_rows on the rows not settled (and read only
    // on them).
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
    elimination_list *eliminations;
    /// Whether a pass after the first (a component solved again, the pins) made the record
    /// incomplete.
    bool record_broken;
    /// Block answers kept between recorded solves; NULL when the solve is not recorded.
    struct block_memo *memo;
    /// Where independent blocks may be solved at once; NULL for the calling thread only.
    const cnp_solve_lanes *lanes;
    /// The lane's latest carve of its dense memory (level/dense.h), or NULL.
    struct dense_carving *carving;
    /// Where the block being solved records its level maps; NULL when it does not.
    struct map_recorder *recorder;
    /// Where a test solve counts the paths that answered (cnp_testing_solve); NULL otherwise.
    cnp_testing_path_counts *counts;
    /// The previous solve's record of the block being solved (level maps or outcomes), whose
    /// levels' outcomes start its levels; NULL for none.
    const uint64_t *hints;
    size_t hints_length;
} solver;

// MARK: - Class entries

/// A variable without VARIABLE_CLASSED is a class of its own (its own representative, scale 1,
/// offset 0, no other member, size 1) and its class entries are not written: a stack of views,
/// whose rows each fix a variable of its own, then leaves those six arrays' pages untouched
/// (32 bytes a variable). The entries of the variables classed are packed at their places, in
/// the order classed: a tree, whose sibling rows class two variables of a view's four, then
/// touches the pages of half its variables' entries, not every page.
static inline bool is_classed(const solver *s, uint32_t v) {
    return (s->variable_flags[v] & VARIABLE_CLASSED) != 0;
}

static inline uint32_t class_rep(const solver *s, uint32_t v) {
    return is_classed(s, v) ? s->rep[s->class_place[v]] : v;
}

static inline double class_scale(const solver *s, uint32_t v) {
    return is_classed(s, v) ? s->scale[s->class_place[v]] : 1.0;
}

static inline double class_offset(const solver *s, uint32_t v) {
    return is_classed(s, v) ? s->offset[s->class_place[v]] : 0.0;
}

/// The next member of `v`'s class after `v`, or NONE.
static inline uint32_t class_next(const solver *s, uint32_t v) {
    return is_classed(s, v) ? s->next_member[s->class_place[v]] : NONE;
}

/// The size of the class `rep` represents.
static inline uint32_t class_size(const solver *s, uint32_t rep) {
    return is_classed(s, rep) ? s->class_size[s->class_place[rep]] : 1;
}

/// Writes `v`'s class entries as a class of its own, before one of them changes, and returns
/// their place. A variable keeps its place when its component is reset within a pass (see
/// cnp__reset_component), so a pass hands out at most one place a variable.
static inline uint32_t write_class_entries(solver *s, uint32_t v) {
    if (!(s->variable_flags[v] & VARIABLE_PLACED)) {
        s->class_place[v] = s->class_count++;
        s->variable_flags[v] |= VARIABLE_PLACED;
    }
    uint32_t k = s->class_place[v];
    if (!is_classed(s, v)) {
        s->rep[k] = v;
        s->scale[k] = 1.0;
        s->offset[k] = 0.0;
        s->next_member[k] = NONE;
        s->last_member[k] = v;
        s->class_size[k] = 1;
        s->variable_flags[v] |= VARIABLE_CLASSED;
    }
    return k;
}

/// `v`'s slot, NONE between uses. A slot not written since the variable's flags were cleared
/// is NONE: a solve need not write every variable's.
static inline uint32_t variable_slot(const solver *s, uint32_t v) {
    return (s->variable_flags[v] & VARIABLE_SLOTTED) ? s->slot[v] : NONE;
}

static inline void set_variable_slot(solver *s, uint32_t v, uint32_t slot) {
    s->slot[v] = slot;
    s->variable_flags[v] |= VARIABLE_SLOTTED;
}

/// The conflict group of row `r`, or NONE: only a row in a conflicting set has one, so the
/// groups of other rows are never written.
static inline uint32_t row_group(const solver *s, uint32_t r) {
    return (s->row_flags[r] & ROW_CONFLICT) ? s->group[r] : NONE;
}

/// Entry `j` of a list of rows or variables. A NULL list is 0, 1, 2...: the first sweep takes
/// the whole system in order, and writes no list of it (8 bytes a variable and a row).
static inline uint32_t list_at(const uint32_t *list, uint32_t j) {
    return list != NULL ? list[j] : j;
}

/// Counts an answer of the path `field` names, in a test solve.
#define COUNT_PATH(s, field)                                                                                          \
    do {                                                                                                              \
        if ((s)->counts != NULL) {                                                                                    \
            (s)->counts->field++;                                                                                     \
        }                                                                                                             \
    } while (0)

/// Adds `operations` to the dense work spent; CNP_ERROR_TOO_LARGE once it is past the limit.
static inline cnp_status solver_spend(solver *s, double operations) {
    s->work += operations;
    return s->work > s->budget ? CNP_ERROR_TOO_LARGE : CNP_OK;
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
    for (uint32_t m = rep; m != NONE; m = class_next(s, m)) {
        double aim = (reference != NULL ? reference[m] : 0.0) - class_offset(s, m);
        squares += class_scale(s, m) * class_scale(s, m);
        pull += class_scale(s, m) * aim;
    }
    *weight = sqrt(squares);
    *target = *weight > 0 ? pull / *weight : 0.0;
}

/// The violation of `lhs relation constant`: lhs - constant for an equality, the excess for an

#endif
