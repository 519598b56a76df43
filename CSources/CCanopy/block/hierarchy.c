/*
 * One block, level by level: required rows (breaking conflicts until they can hold), then each
 * soft level in descending priority, then the reference level, unless the levels leave no
 * direction free: the path every block can take (block/dispatch.c tries the others first).
 *
 * After a level is solved its optimal violations are unique, so the level is locked: its
 * equalities and violated inequalities keep their values (the free-direction basis Z shrinks to
 * the null space of those rows), and its inequalities that hold stay inequalities for every
 * lower level. Lower levels therefore cannot trade away anything a higher one achieved.
 */
#include "block/block.h"

#include <string.h>

static void gather_references(dense_block *d) {
    for (uint32_t u = 0; u < d->n; u++) {
        reference_pull(d->s, d->variables[u], &d->reference_weight[u], &d->reference_target[u]);
    }
}

static bool level_holds(const dense_block *d, const uint32_t *rows, uint32_t count) {
    for (uint32_t j = 0; j < count; j++) {
        double tolerance = 0.0;
        if (fabs(cnp__dense_row_violation(d, rows[j], &tolerance)) > tolerance) {
            return false;
        }
    }
    return true;
}

/// Records a smallest conflicting set and breaks its member with the largest row index.
static void break_conflict(solver *s, const uint32_t *members, uint32_t count) {
    uint32_t group = s->next_group++, broken = 0;
    for (uint32_t j = 0; j < count; j++) {
        uint32_t row = members[j];
        if (row_group(s, row) == NONE) {
            s->group[row] = group;
        }
        s->row_flags[row] |= ROW_CONFLICT;
        broken = row > broken ? row : broken;
    }
    s->row_flags[broken] |= ROW_BROKEN;
    s->group[broken] = group;
    s->report.broken_rows++;
}

/// The required rows that are not broken, in `out`.
static uint32_t live_required_rows(const solver *s, const uint32_t *rows, uint32_t required, uint32_t *out) {
    uint32_t count = 0;
    for (uint32_t j = 0; j < required; j++) {
        if (!(s->row_flags[rows[j]] & ROW_BROKEN)) {
            out[count++] = rows[j];
        }
    }
    return count;
}

/// The previous solve's level outcomes for the block being solved, read level by level.
typedef struct outcome_cursor {
    const uint64_t *word, *end;
    level_outcome outcome;
} outcome_cursor;

/// The outcome the record gives the level of sorted rows start..<end (0 and 0: the reference
/// level), to start it from, or NULL. An outcome for other rows is left for a later level (a
/// required level tried again after a conflict was broken has fewer rows, as when recorded).
static const level_outcome *level_start(outcome_cursor *c, const dense_block *d, uint32_t start, uint32_t end) {
    const uint64_t *next = c->word;
    if (next == NULL || !cnp__maps_next_outcome(&next, c->end, d->n, &c->outcome) || c->outcome.start != start ||
        c->outcome.end != end) {
        return NULL;
    }
    c->word = next;
    return &c->outcome;
}

/// Solves the required level, breaking conflicts until it holds; locks it.
static cnp_status solve_required(dense_block *d, const uint32_t *rows, uint32_t required, bool substituted,
                                 outcome_cursor *starts, block_outcome *outcome) {
    solver *s = d->s;
    for (;;) {
        cnp__dense_start(d);
        uint32_t count = live_required_rows(s, rows, required, d->row_scratch);
        if (count == 0) {
            return CNP_OK;
        }
        cnp__dense_load_rows(d, d->row_scratch, count);
        d->start = level_start(starts, d, 0, count);
        cnp_status status = cnp__dense_minimize(d);
        if (status != CNP_OK) {
            return status;
        }
        cnp__dense_move(d);
        if (level_holds(d, d->row_scratch, count)) {
            s->report.levels++;
            cnp__maps_record_level(d, MAP_LEVEL, 0, count);
            return cnp__dense_lock(d);
        }
        if (substituted) {
            *outcome = BLOCK_NEEDS_ORIGINAL_ROWS;
            return CNP_OK;
        }
        memcpy(d->row_scratch2, d->row_scratch, sizeof(uint32_t) * count);
        status = cnp__dense_smallest_conflict(d, d->row_scratch2, &count);
        if (status != CNP_OK) {
            return status;
        }
        break_conflict(s, d->row_scratch2, count);
        cnp__maps_refuse(d);
    }
}

/// The pivoted QR of `count` unit rows (k long) held as the columns of `m`, counted as dense work.
static cnp_status factor_columns(dense_block *d, uint32_t count, uint32_t *rank) {
    uint32_t k = d->k;
    cnp_status status = solver_spend(d->s, 4.0 * k * k * (double)count);
    return status != CNP_OK ? status : d->kernel.pivoted_qr(k, count, d->m, NULL, RANK_TOLERANCE, rank, &d->scratch);
}

/// Flags the unknowns with a nonzero component in the null space of `columns` (k x count unit
/// rows, destroyed) within Z: the ones that can still move. `*pinned` tells whether that null
/// space is empty: x is then the only point the levels allow.
static cnp_status flag_free_unknowns(dense_block *d, uint32_t count, bool *pinned) {
    uint32_t k = d->k, n = d->n, rank = 0, steps = k < count ? k : count;
    // The free directions are the trailing k - rank columns of Z Q.
    const double *directions = d->z;
    if (count > 0) {
        cnp_status status = factor_columns(d, count, &rank);
        if (status != CNP_OK) {
            return status;
        }
        (void)solver_spend(d->s, 4.0 * n * (double)k * steps); // checked by the next kernel call
        memcpy(d->z_spare, d->z, sizeof(double) * n * k);
        cnp__times_reflectors(d->m, d->k, d->scratch.tau, steps, d->z_spare, n, d->ls_rhs);
        directions = d->z_spare;
    }
    *pinned = rank == k;
    for (uint32_t u = 0; u < n; u++) {
        double length = 0.0;
        for (uint32_t c = rank; c < k; c++) {
            double entry = directions[u + (size_t)n * c];
            length += entry * entry;
        }
        if (sqrt(length) > AMBIGUITY_TOLERANCE) {
            d->s->variable_flags[d->variables[u]] |= VARIABLE_AMBIGUOUS;
        }
    }
    return CNP_OK;
}

/// Keeps, of the inherited inequalities, the ones active at x as g.y <= 0: the cone of small
/// moves. Inactive ones do not restrict small moves.
static void load_active_cone(dense_block *d) {
    cnp__dense_load_inequalities(d);
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        d->h[i] = d->h[i] <= d->inequality_tolerance[i] ? 0.0 : INFINITY;
    }
}

/// Makes objective slot j, whose row r is in `a`, the one-sided target r.y <= -1: minimizing it
/// finds a direction along which r decreases, when the cone has one.
static void aim_below(dense_block *d, uint32_t j) {
    d->objective_row[j] = NONE;
    d->objective_unknown[j] = NONE;
    d->objective_sign[j] = 1;
    d->objective_norm[j] = 1.0;
    d->objective_tolerance[j] = ROW_TOLERANCE;
    d->b[j] = -1.0;
}

static double slot_dot_y(const dense_block *d, uint32_t j) {
    double sum = 0.0;
    for (uint32_t c = 0; c < d->k; c++) {
        sum += d->a[j + (size_t)d->objective_capacity * c] * d->y[c];
    }
    return sum;
}

/// Copies the active rows of the cone into objective slots 0..<count, each aimed below.
static uint32_t load_active_slots(dense_block *d) {
    uint32_t active = 0;
    load_active_cone(d);
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        if (d->h[i] != 0.0) {
            continue;
        }
        for (uint32_t c = 0; c < d->k; c++) {
            d->a[active + (size_t)d->objective_capacity * c] = d->g[i + (size_t)d->inequality_capacity * c];
        }
        aim_below(d, active++);
    }
    d->objective_count = active;
    return active;
}

/// Copies active slot j into column `column` of `m`.
static void slot_to_column(dense_block *d, uint32_t j, uint32_t column) {
    for (uint32_t c = 0; c < d->k; c++) {
        d->m[c + (size_t)d->k * column] = d->a[j + (size_t)d->objective_capacity * c];
    }
}

/// Whether active slots i and j are one row with opposite signs (an intrinsic size's hugging
/// and compression rows when the size is met: its width can then move neither way).
static bool slots_are_opposite(const dense_block *d, uint32_t i, uint32_t j) {
    bool nonzero = false;
    for (uint32_t c = 0; c < d->k; c++) {
        double left = d->a[i + (size_t)d->objective_capacity * c], right = d->a[j + (size_t)d->objective_capacity * c];
        if (fabs(left + right) > 1e-13 * fmax(fabs(left), fabs(right))) {
            return false;
        }
        nonzero = nonzero || left != 0.0;
    }
    return nonzero;
}

/// Finds the cone's implicit equalities without minimizing, in the common cases: rows paired
/// with their opposites are implicit; when they are all the active rows, they are all there
/// is; when they alone pin every direction, every active row is implicit; with no pairs, rows
/// that are linearly independent leave a direction along which each decreases, so none is.
/// Writes them as the columns of `m` and `*found` = true; otherwise leaves `*found` false.
static cnp_status implicit_by_pairs(dense_block *d, uint32_t active, uint32_t *implicit, bool *found) {
    enum { MOST_ACTIVE = 32 }; // pairing is quadratic in the active rows
    uint8_t *paired = d->in_objective; // free until the cone is minimized
    uint32_t pairs = 0, rank = 0;
    *found = false;
    if (active > MOST_ACTIVE) {
        return CNP_OK;
    }
    for (uint32_t j = 0; j < active; j++) {
        paired[j] = 0;
    }
    for (uint32_t i = 0; i < active; i++) {
        for (uint32_t j = i + 1; j < active && !paired[i]; j++) {
            if (!paired[j] && slots_are_opposite(d, i, j)) {
                paired[i] = paired[j] = 1;
                slot_to_column(d, i, pairs);
                slot_to_column(d, j, pairs + 1);
                pairs += 2;
            }
        }
    }
    if (pairs == active) {
        *implicit = pairs;
        *found = true;
        return CNP_OK;
    }
    uint32_t factored = pairs > 0 ? pairs : active;
    for (uint32_t j = 0; pairs == 0 && j < active; j++) {
        slot_to_column(d, j, j);
    }
    cnp_status status = factor_columns(d, factored, &rank);
    if (status != CNP_OK || (pairs > 0 ? rank < d->k : rank < active)) {
        return status;
    }
    for (uint32_t j = 0; pairs > 0 && j < active; j++) {
        slot_to_column(d, j, j);
    }
    *implicit = pairs > 0 ? active : 0;
    *found = true;
    return CNP_OK;
}

/// The cone's implicit equalities by minimizing (see mark_ambiguous), as the columns of `m`.
static cnp_status implicit_by_minimizing(dense_block *d, uint32_t active, uint32_t *implicit) {
    cnp_status status = cnp__dense_minimize(d);
    if (status != CNP_OK) {
        return status;
    }
    *implicit = 0;
    for (uint32_t j = 0; j < active; j++) {
        if (slot_dot_y(d, j) > -1e-6) {
            slot_to_column(d, j, (*implicit)++);
        }
    }
    return CNP_OK;
}

/// Flags the unknowns that can still move after every soft level. Locked rows pin what they
/// span. An inherited inequality pins nothing on its own (the unknown may move away from it),
/// but active inequalities can pin together: width >= 31 and width <= 31 leave width no room.
/// Those are the cone's implicit equalities: the active rows g with g.y = 0 for every feasible
/// direction y. Minimizing the squared excess of g.y <= -1 over the rows, with g.y <= 0 held,
/// finds them: at the optimum every other active row has g.y < 0, since otherwise a direction
/// that leaves it would lower the objective. Most blocks are settled by pairing first
/// (implicit_by_pairs). `*pinned` tells whether no direction is left at all.
static cnp_status mark_ambiguous(dense_block *d, bool *pinned) {
    uint32_t active = load_active_slots(d), implicit = 0;
    cnp__maps_record_cone(d);
    bool found = active == 0;
    cnp_status status = found ? CNP_OK : implicit_by_pairs(d, active, &implicit, &found);
    if (status == CNP_OK && !found) {
        status = implicit_by_minimizing(d, active, &implicit);
    }
    return status != CNP_OK ? status : flag_free_unknowns(d, implicit, pinned);
}

/// The length of `count` entries of `v`, `stride` apart.
static double length_of(const double *v, size_t stride, uint32_t count) {
    double squares = 0.0;
    for (uint32_t c = 0; c < count; c++) {
        squares += v[stride * c] * v[stride * c];
    }
    return sqrt(squares);
}

/// Whether objective row `j` still moves with the free directions Z: a row the level cannot
/// move has its violation forced by higher levels and trades nothing.
static bool row_moves(const dense_block *d, uint32_t j) {
    return length_of(&d->a[j], d->objective_capacity, d->k) > AMBIGUITY_TOLERANCE * d->objective_norm[j];
}

/// Projects `row` into objective slot j, signed so that the slot decreases as the row's
/// violation shrinks; returns the slot's length.
static double load_violation_slot(dense_block *d, uint32_t row, uint32_t j) {
    double tolerance = 0.0, magnitude = 0.0, norm = 0.0;
    double sign = cnp__dense_row_violation(d, row, &tolerance) > 0 ? 1.0 : -1.0;
    cnp__dense_project_row(d, row, sign, &d->a[j], d->objective_capacity, &magnitude, &norm);
    return length_of(&d->a[j], d->objective_capacity, d->k);
}

/// Flags the tied rows of a level just solved and not yet locked (`rows`, `count`, loaded).
/// A violated row is tied when some small move allowed by the higher levels shrinks its
/// violation: at the least-squares optimum that move grows another row's violation, and the
/// rows it changes share an error that Cassowary's sum of absolute errors may place
/// differently. Violations forced by the higher levels, alone or against an inherited
/// inequality, trade nothing. Reloads the level's rows before returning.
static cnp_status mark_level_ties(dense_block *d, const uint32_t *rows, uint32_t count) {
    uint32_t *violated = d->row_scratch, violated_count = 0;
    for (uint32_t j = 0; j < d->objective_count; j++) {
        double tolerance = 0.0;
        if (fabs(cnp__dense_row_violation(d, d->objective_row[j], &tolerance)) > tolerance && row_moves(d, j)) {
            violated[violated_count++] = d->objective_row[j];
        }
    }
    if (violated_count < 2) {
        return CNP_OK;
    }
    cnp__maps_refuse(d);
    solver *s = d->s;
    load_active_cone(d);
    d->objective_count = 1;
    for (uint32_t t = 0; t < violated_count; t++) {
        if (load_violation_slot(d, violated[t], 0) == 0.0) {
            continue;
        }
        aim_below(d, 0);
        cnp_status status = cnp__dense_minimize(d);
        if (status != CNP_OK) {
            return status;
        }
        if (slot_dot_y(d, 0) > -0.5) {
            continue; // no allowed move shrinks it
        }
        double length = length_of(d->y, 1, d->k);
        s->row_flags[violated[t]] |= ROW_TIED;
        for (uint32_t other = 0; other < violated_count; other++) {
            double norm = load_violation_slot(d, violated[other], 1);
            if (other != t && fabs(slot_dot_y(d, 1)) > 1e-6 * norm * length) {
                s->row_flags[violated[other]] |= ROW_TIED;
            }
        }
    }
    cnp__dense_load_rows(d, rows, count);
    return CNP_OK;
}

cnp_status cnp__solve_dense(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                            uint32_t row_count, bool substituted, block_outcome *outcome) {
    *outcome = BLOCK_SOLVED;
    dense_block d;
    cnp_status status = cnp__dense_reserve(s, &d, variables, variable_count, row_count);
    if (status != CNP_OK) {
        return status;
    }
    for (uint32_t u = 0; u < variable_count; u++) {
        s->local[variables[u]] = u;
    }
    cnp__sort_by_level(s, rows, row_count, d.row_scratch);
    gather_references(&d);
    uint32_t required = 0;
    while (required < row_count && row_is_required(s, rows[required])) {
        required++;
    }
    // The previous solve's outcomes, when it had a block of this shape (reuse/memo.c).
    outcome_cursor starts = {.word = s->hints, .end = s->hints != NULL ? s->hints + s->hints_length : NULL};
    status = solve_required(&d, rows, required, substituted, &starts, outcome);
    if (status != CNP_OK || *outcome != BLOCK_SOLVED) {
        return status;
    }
    for (uint32_t start = required; start < row_count && d.k > 0;) {
        uint32_t end = start;
        while (end < row_count && solver_row(s, rows[end])->priority == solver_row(s, rows[start])->priority) {
            end++;
        }
        cnp__dense_load_rows(&d, &rows[start], end - start);
        d.start = level_start(&starts, &d, start, end);
        status = cnp__dense_minimize(&d);
        if (status != CNP_OK) {
            return status;
        }
        cnp__dense_move(&d);
        // The tie check's search moves the working set: outcomes alone are recorded before it,
        // maps after it (a level without ties is left as solved; one with ties refused them).
        bool outcomes_only = d.recorder != NULL && d.recorder->outcomes_only;
        if (outcomes_only) {
            cnp__maps_record_level(&d, MAP_LEVEL, start, end);
        }
        status = mark_level_ties(&d, &rows[start], end - start);
        if (status == CNP_OK) {
            if (!outcomes_only) {
                cnp__maps_record_level(&d, MAP_LEVEL, start, end);
            }
            status = cnp__dense_lock(&d);
        }
        if (status != CNP_OK) {
            return status;
        }
        s->report.levels++;
        start = end;
    }
    bool pinned = d.k == 0;
    if (!pinned) {
        status = mark_ambiguous(&d, &pinned);
        if (status != CNP_OK) {
            return status;
        }
    }
    if (!pinned) {
        // A point with no feasible direction left is the only one: no reference pull moves it.
        cnp__dense_load_reference(&d);
        d.start = level_start(&starts, &d, 0, 0);
        status = cnp__dense_minimize(&d);
        if (status != CNP_OK) {
            return status;
        }
        cnp__dense_move(&d);
        cnp__maps_record_level(&d, MAP_REFERENCE, 0, 0);
        s->report.levels++;
    }
    cnp__maps_finish(&d);
    for (uint32_t u = 0; u < variable_count; u++) {
        s->rep_value[variables[u]] = d.x[u];
    }
    s->report.blocks++;
    s->report.dense_variables += variable_count;
    if (variable_count > s->report.largest_block) {
        s->report.largest_block = variable_count;
    }
    return CNP_OK;
}
