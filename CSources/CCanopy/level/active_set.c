/*
 * One level: minimize the squared violations of the level's rows over y, keeping the inherited
 * inequalities, by a primal active-set method in slack form.
 *
 * Slack form: an inequality row r y <= b of the level becomes r y - b <= w with w counted in the
 * objective; at the optimum w = max(0, r y - b), its violation. The working set holds inherited
 * inequalities treated as equalities and the level inequalities whose slack constraint is
 * active (they count in the least squares, like equalities). Each step solves that equality
 * problem in the null space of the working inequalities, walks toward its solution until an
 * inequality blocks (it joins the working set), and at a solution of the equality problem
 * drops the member with the most negative multiplier, or stops when none is negative.
 *
 * The start (y = 0) is feasible: x satisfies every inherited inequality. Ties go to the
 * smallest index, and after a run of zero-length steps the drop also takes the smallest
 * index (Bland's rule), which rules out cycling; an iteration cap backs this up.
 *
 * A level solved before in a block of the same shape starts warm instead: from the working
 * set and counted rows it ended with, at the point they give (the working set at its bounds,
 * the counted rows' least squares in its null space), when that point keeps every inherited
 * inequality outside the working set. Any feasible start leads the method to the optimum; this
 * one is usually the optimum already, found in one step where starting from y = 0 takes a step
 * per member. Level rows that fail there count from the start, as they do at y = 0 (start_slacks).
 */
#include "level/dense.h"

#include <string.h>

/// Zero-length steps in a row after which the drop follows Bland's rule.
#define DEGENERATE_RUN 8
static double dot_row(const double *matrix, uint32_t leading, uint32_t row, const double *v, uint32_t k) {
    double sum = 0.0;
    for (uint32_t j = 0; j < k; j++) {
        sum += matrix[row + (size_t)leading * j] * v[j];
    }
    return sum;
}

/// a . b over `count` entries, in four running sums: one sum waits on each addition before the
/// next, and the Gram-Schmidt of a large level's start is mostly these.
static double dot(const double *a, const double *b, uint32_t count) {
    double sums[4] = {0.0, 0.0, 0.0, 0.0};
    uint32_t j = 0;
    for (; j + 4 <= count; j += 4) {
        for (uint32_t lane = 0; lane < 4; lane++) {
            sums[lane] += a[j + lane] * b[j + lane];
        }
    }
    for (; j < count; j++) {
        sums[0] += a[j] * b[j];
    }
    return (sums[0] + sums[1]) + (sums[2] + sums[3]);
}

/// Starts the working set with the inherited inequalities active at y = 0, keeping only those
/// independent of the ones already taken (Gram-Schmidt, twice for stability), so that the
/// multipliers stay unique.
static void start_working_set(dense_block *d) {
    uint32_t k = d->k, taken = 0;
    d->working_count = 0;
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        d->in_working_set[i] = 0;
        if (-d->h[i] < -d->inequality_tolerance[i] || taken >= k) {
            continue;
        }
        double *v = &d->basis[(size_t)k * taken];
        for (uint32_t j = 0; j < k; j++) {
            v[j] = d->g[i + (size_t)d->inequality_capacity * j];
        }
        double norm_before = dot(v, v, k);
        for (int pass = 0; pass < 2; pass++) {
            for (uint32_t t = 0; t < taken; t++) {
                const double *u = &d->basis[(size_t)k * t];
                double along = dot(u, v, k);
                for (uint32_t j = 0; j < k; j++) {
                    v[j] -= along * u[j];
                }
            }
        }
        double norm = dot(v, v, k);
        if (norm_before == 0.0 || sqrt(norm) <= RANK_TOLERANCE * 100 * sqrt(norm_before)) {
            continue;
        }
        norm = sqrt(norm);
        for (uint32_t j = 0; j < k; j++) {
            v[j] /= norm;
        }
        taken++;
        d->in_working_set[i] = 1;
        d->working_set[d->working_count++] = i;
    }
}

/// The slacks at the start y: a level inequality that fails there counts from the start, beside
/// those already counted; a counted row's slack is its residual, the others' 0.
static void start_slacks(dense_block *d) {
    for (uint32_t j = 0; j < d->objective_count; j++) {
        double residual = dot_row(d->a, d->objective_capacity, j, d->y, d->k) - d->b[j];
        if (d->objective_sign[j] != 0 && residual > 0) {
            d->in_objective[j] = 1;
        }
        d->slack[j] = dense_row_counts(d, j) ? residual : 0.0;
    }
}

/// Factors the working set's rows (as columns, k x q) so that Q's trailing k - q columns span
/// its null space; R and Q's reflectors stay in m, their factors in working_tau. Drops members
/// found dependent; `*dropped` tells whether any was.
static cnp_status factor_working_set(dense_block *d, bool *dropped) {
    uint32_t k = d->k, q = d->working_count;
    *dropped = false;
    if (q == 0) {
        return CNP_OK;
    }
    for (uint32_t l = 0; l < q; l++) {
        for (uint32_t j = 0; j < k; j++) {
            d->m[j + (size_t)k * l] = d->g[d->working_set[l] + (size_t)d->inequality_capacity * j];
        }
    }
    cnp_status status = solver_spend(d->s, 4.0 * k * q * (double)q);
    if (status != CNP_OK) {
        return status;
    }
    uint32_t rank = 0;
    status = d->kernel.pivoted_qr(k, q, d->m, NULL, RANK_TOLERANCE, &rank, &d->scratch);
    if (status != CNP_OK) {
        return status;
    }
    // The least-squares solve reuses the kernel's pivot and tau arrays; the working set needs these.
    for (uint32_t l = 0; l < q; l++) {
        d->working_pivot[l] = (uint32_t)d->scratch.pivot[l];
    }
    memcpy(d->working_tau, d->scratch.tau, sizeof(double) * (k < q ? k : q));
    if (rank == q) {
        return CNP_OK;
    }
    // Members past the rank depend on the others: they hold whenever the others do.
    for (uint32_t l = rank; l < q; l++) {
        d->in_working_set[d->working_set[d->working_pivot[l]]] = 0;
    }
    uint32_t kept = 0;
    for (uint32_t l = 0; l < q; l++) {
        if (d->in_working_set[d->working_set[l]]) {
            d->working_set[kept++] = d->working_set[l];
        }
    }
    d->working_count = kept;
    *dropped = true;
    return CNP_OK;
}

/// The step p toward the minimum of the counted rows with the working set held: the
/// minimum-norm least-squares solution in the working set's null space.
static cnp_status equality_step(dense_block *d) {
    uint32_t k = d->k, q = d->working_count, free_count = k - q;
    uint32_t counted = 0;
    double largest_norm = 0.0;
    double *row = d->step; // free until the step is written
    for (uint32_t j = 0; j < d->objective_count; j++) {
        if (!dense_row_counts(d, j)) {
            continue;
        }
        largest_norm = fmax(largest_norm, d->objective_norm[j]);
        d->ls_rhs[counted] = d->b[j] - dot_row(d->a, d->objective_capacity, j, d->y, k);
        // The row in the working set's null space: its last k - q coordinates in Q.
        for (uint32_t c = 0; c < k; c++) {
            row[c] = d->a[j + (size_t)d->objective_capacity * c];
        }
        cnp__apply_reflectors(d->m, d->k, d->working_tau, q, row, true);
        for (uint32_t c = 0; c < free_count; c++) {
            d->ls_matrix[counted + (size_t)d->objective_capacity * c] = row[q + c];
        }
        counted++;
    }
    for (uint32_t j = 0; j < k; j++) {
        d->step[j] = 0.0;
    }
    if (counted == 0 || free_count == 0) {
        return CNP_OK;
    }
    // The kernel wants a compact matrix (leading dimension = rows).
    if (counted != d->objective_capacity) {
        for (uint32_t c = 1; c < free_count; c++) {
            for (uint32_t r = 0; r < counted; r++) {
                d->ls_matrix[r + (size_t)counted * c] = d->ls_matrix[r + (size_t)d->objective_capacity * c];
            }
        }
    }
    cnp_status status = solver_spend(d->s, 2.0 * counted * (double)free_count * free_count + 4.0 * counted * k * q);
    if (status == CNP_OK) {
        status = d->kernel.least_squares(counted, free_count, d->ls_matrix, d->ls_rhs, d->ls_solution,
                                         SOLVE_RANK_TOLERANCE * largest_norm, &d->scratch);
    }
    if (status != CNP_OK) {
        return status;
    }
    // step = Q (0, solution).
    for (uint32_t c = 0; c < free_count; c++) {
        d->step[q + c] = d->ls_solution[c];
    }
    cnp__apply_reflectors(d->m, d->k, d->working_tau, q, d->step, false);
    return CNP_OK;
}

/// The largest step fraction in [0, 1] that keeps every constraint outside the working set;
/// `*blocker` is the constraint that stops it (inherited inequalities first, then level
/// inequalities offset by inequality_count), or NONE. `skip` is exempt (just dropped).
static double ratio_test(const dense_block *d, uint32_t skip, uint32_t *blocker) {
    uint32_t k = d->k;
    double step_norm = 0.0;
    for (uint32_t j = 0; j < k; j++) {
        step_norm = fmax(step_norm, fabs(d->step[j]));
    }
    double alpha = 1.0;
    *blocker = NONE;
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        if (d->in_working_set[i] || i == skip) {
            continue;
        }
        double rate = dot_row(d->g, d->inequality_capacity, i, d->step, k);
        if (rate <= 1e-13 * step_norm) {
            continue;
        }
        double room = d->h[i] - dot_row(d->g, d->inequality_capacity, i, d->y, k);
        double limit = room > 0 ? room / rate : 0.0;
        if (limit < alpha) {
            alpha = limit;
            *blocker = i;
        }
    }
    for (uint32_t j = 0; j < d->objective_count; j++) {
        uint32_t index = d->inequality_count + j;
        if (d->objective_sign[j] == 0 || d->in_objective[j] || index == skip) {
            continue;
        }
        double now = dot_row(d->a, d->objective_capacity, j, d->y, k) - d->b[j];
        double before = now - d->slack[j];
        double after = now + dot_row(d->a, d->objective_capacity, j, d->step, k);
        if (after <= BLOCKING_EXCESS * d->objective_tolerance[j]) {
            continue;
        }
        double limit = before >= 0 ? 0.0 : -before / (after - before);
        if (limit < alpha) {
            alpha = limit;
            *blocker = index;
        }
    }
    return alpha;
}

static void take_step(dense_block *d, double alpha) {
    for (uint32_t j = 0; j < d->k; j++) {
        d->y[j] += alpha * d->step[j];
    }
    for (uint32_t j = 0; j < d->objective_count; j++) {
        if (d->objective_sign[j] == 0 || d->in_objective[j]) {
            d->slack[j] = dot_row(d->a, d->objective_capacity, j, d->y, d->k) - d->b[j];
        } else {
            d->slack[j] *= 1.0 - alpha; // an uncounted slack heads for 0 with the step
        }
    }
}

static void add_to_working_set(dense_block *d, uint32_t blocker) {
    if (blocker < d->inequality_count) {
        d->in_working_set[blocker] = 1;
        d->working_set[d->working_count++] = blocker;
    } else {
        uint32_t j = blocker - d->inequality_count;
        d->in_objective[j] = 1;
        d->slack[j] = dot_row(d->a, d->objective_capacity, j, d->y, d->k) - d->b[j];
    }
}

/// The working inequalities' multipliers at y, in the working set's pivot order, into
/// d->multiplier. The gradient of the counted rows is 2 A^T r; the multipliers solve
/// G_W^T lambda = -gradient through the working set's QR (R and Q's reflectors in d->m).
/// Returns the scale of the drop threshold: the largest |b| of a counted row, at least 1.
static double working_multipliers(dense_block *d) {
    uint32_t k = d->k, q = d->working_count;
    double scale = 1.0;
    for (uint32_t j = 0; j < k; j++) {
        d->gradient[j] = 0.0;
    }
    for (uint32_t j = 0; j < d->objective_count; j++) {
        if (!dense_row_counts(d, j)) {
            continue;
        }
        double residual = dot_row(d->a, d->objective_capacity, j, d->y, k) - d->b[j];
        scale = fmax(scale, fabs(d->b[j]));
        for (uint32_t c = 0; c < k; c++) {
            d->gradient[c] += 2.0 * residual * d->a[j + (size_t)d->objective_capacity * c];
        }
    }
    // u = -R^-1 (Q^T gradient)[0..<q]; lambda[pivot[l]] = u[l].
    cnp__apply_reflectors(d->m, d->k, d->working_tau, q, d->gradient, true);
    for (uint32_t l = 0; l < q; l++) {
        d->multiplier[l] = -d->gradient[l];
    }
    for (uint32_t l = q; l-- > 0;) {
        double sum = d->multiplier[l];
        for (uint32_t c = l + 1; c < q; c++) {
            sum -= d->m[l + (size_t)k * c] * d->multiplier[c];
        }
        d->multiplier[l] = sum / d->m[l + (size_t)k * l];
    }
    return scale;
}

/// At a minimum of the equality problem: the constraint to drop (same numbering as
/// ratio_test), or NONE at the optimum. A working inequality's multiplier comes from
/// working_multipliers; a counted level inequality's is 2 w.
static uint32_t choose_drop(dense_block *d, bool bland) {
    uint32_t q = d->working_count;
    double scale = working_multipliers(d);
    double threshold = -2.0 * ROW_TOLERANCE * scale;
    uint32_t drop = NONE;
    double most_negative = 0.0;
    for (uint32_t l = 0; l < q; l++) {
        uint32_t index = d->working_set[d->working_pivot[l]];
        double lambda = d->multiplier[l];
        if (lambda >= threshold) {
            continue;
        }
        if (bland ? (drop == NONE || index < drop) : (lambda < most_negative || (lambda == most_negative && index < drop))) {
            drop = index;
            most_negative = lambda;
        }
    }
    for (uint32_t j = 0; j < d->objective_count; j++) {
        uint32_t index = d->inequality_count + j;
        if (d->objective_sign[j] == 0 || !d->in_objective[j] || d->slack[j] >= -COUNTED_ROOM * d->objective_tolerance[j]) {
            continue;
        }
        double lambda = 2.0 * d->slack[j];
        if (bland ? drop == NONE : lambda < most_negative) {
            drop = index;
            most_negative = lambda;
        }
    }
    return drop;
}

static void remove_from_working_set(dense_block *d, uint32_t index) {
    if (index >= d->inequality_count) {
        d->in_objective[index - d->inequality_count] = 0;
        return;
    }
    d->in_working_set[index] = 0;
    uint32_t kept = 0;
    for (uint32_t l = 0; l < d->working_count; l++) {
        if (d->working_set[l] != index) {
            d->working_set[kept++] = d->working_set[l];
        }
    }
    d->working_count = kept;
}

static cnp_status warm_start(dense_block *d, const level_outcome *outcome, bool *started);

cnp_status cnp__dense_minimize(dense_block *d) {
    const level_outcome *outcome = d->start;
    d->start = NULL; // for this level only
    bool empty = d->k == 0 || d->objective_count == 0, warm = false;
    if (outcome != NULL && !empty) {
        cnp_status status = warm_start(d, outcome, &warm);
        if (status != CNP_OK) {
            return status;
        }
    }
    if (warm) {
        d->s->report.warm_started_levels++;
    } else {
        for (uint32_t j = 0; j < d->k; j++) {
            d->y[j] = 0.0;
        }
        if (empty) {
            d->working_count = 0;
            return CNP_OK;
        }
        start_working_set(d);
        memset(d->in_objective, 0, d->objective_count);
        start_slacks(d);
    }
    uint64_t cap = 100 + 10 * ((uint64_t)d->inequality_count + d->objective_count + d->k);
    uint32_t degenerate = 0, just_dropped = NONE;
    for (uint64_t iteration = 0;; iteration++) {
        if (iteration >= cap) {
            return CNP_ERROR_NOT_CONVERGED;
        }
        d->s->report.active_set_iterations++;
        // A warm start leaves its working set factored.
        bool dropped_dependent = false;
        cnp_status status = warm && iteration == 0 ? CNP_OK : factor_working_set(d, &dropped_dependent);
        if (status != CNP_OK) {
            return status;
        }
        if (dropped_dependent) {
            continue;
        }
        status = equality_step(d);
        if (status != CNP_OK) {
            return status;
        }
        uint32_t blocker = NONE;
        double alpha = ratio_test(d, just_dropped, &blocker);
        take_step(d, alpha);
        just_dropped = NONE;
        if (blocker != NONE) {
            degenerate = alpha == 0.0 ? degenerate + 1 : 0;
            add_to_working_set(d, blocker);
            continue;
        }
        uint32_t drop = choose_drop(d, degenerate >= DEGENERATE_RUN);
        if (drop == NONE) {
            return CNP_OK;
        }
        remove_from_working_set(d, drop);
        just_dropped = drop;
    }
}

// MARK: - The level as a linear map

/// y = the minimum-norm point with the working set's rows at their bounds (G_W y = h_W),
/// through its QR G_W^T P = Q R: (R^T z)[l] = h of member pivot[l], and y = Q[:, 0..<q] z.
static void working_point(dense_block *d) {
    uint32_t k = d->k, q = d->working_count;
    double *z = d->gradient; // free until working_multipliers
    for (uint32_t l = 0; l < q; l++) {
        double sum = d->h[d->working_set[d->working_pivot[l]]];
        for (uint32_t c = 0; c < l; c++) {
            sum -= d->m[c + (size_t)k * l] * z[c];
        }
        z[l] = sum / d->m[l + (size_t)k * l];
    }
    for (uint32_t j = 0; j < k; j++) {
        d->y[j] = j < q ? z[j] : 0.0;
    }
    cnp__apply_reflectors(d->m, d->k, d->working_tau, q, d->y, false);
}

/// y with the working set at its bounds and the counted rows' least squares in its null space:
/// the level's optimum while the working set and the counted rows stay what they are.
static cnp_status working_optimum(dense_block *d) {
    working_point(d);
    cnp_status status = equality_step(d);
    if (status != CNP_OK) {
        return status;
    }
    for (uint32_t c = 0; c < d->k; c++) {
        d->y[c] += d->step[c];
    }
    return CNP_OK;
}

/// For the right-hand sides in b and h: the working optimum's move of x (Z y) into `move`, the
/// working set's multipliers into `multipliers`.
static cnp_status map_one_input(dense_block *d, double *move, double *multipliers) {
    cnp_status status = working_optimum(d);
    if (status != CNP_OK) {
        return status;
    }
    for (uint32_t i = 0; i < d->n; i++) {
        double sum = 0.0;
        for (uint32_t c = 0; c < d->k; c++) {
            sum += d->z[i + (size_t)d->n * c] * d->y[c];
        }
        move[i] = sum;
    }
    working_multipliers(d);
    for (uint32_t l = 0; l < d->working_count; l++) {
        multipliers[l] = d->multiplier[l];
    }
    return CNP_OK;
}

/// Sets every right-hand side to 0 but input `input`, which is 1.
static void unit_input(dense_block *d, uint32_t input) {
    uint32_t at = 0;
    for (uint32_t j = 0; j < d->objective_count; j++) {
        d->b[j] = dense_row_counts(d, j) && at++ == input ? 1.0 : 0.0;
    }
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        d->h[i] = 0.0;
    }
    for (uint32_t l = 0; l < d->working_count; l++) {
        if (at++ == input) {
            d->h[d->working_set[l]] = 1.0;
        }
    }
}

cnp_status cnp__dense_map_level(dense_block *d, uint32_t inputs, double *saved, double *moves, double *multipliers) {
    uint32_t k = d->k, objectives = d->objective_count, inequalities = d->inequality_count;
    memcpy(saved, d->y, sizeof(double) * k);
    memcpy(saved + k, d->b, sizeof(double) * objectives);
    memcpy(saved + k + objectives, d->h, sizeof(double) * inequalities);
    double work = d->s->work;
    cnp_status status = CNP_OK;
    for (uint32_t input = 0; input < inputs && status == CNP_OK; input++) {
        unit_input(d, input);
        status = map_one_input(d, &moves[(size_t)d->n * input], &multipliers[(size_t)d->working_count * input]);
    }
    d->s->work = work;
    memcpy(d->y, saved, sizeof(double) * k);
    memcpy(d->b, saved + k, sizeof(double) * objectives);
    memcpy(d->h, saved + k + objectives, sizeof(double) * inequalities);
    return status;
}

// MARK: - A warm start

/// Takes `outcome`'s working members and counted rows; false when they do not fit this level.
static bool take_outcome(dense_block *d, const level_outcome *outcome) {
    if (outcome->flags != NULL && outcome->flag_count != d->objective_count) {
        return false;
    }
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        d->in_working_set[i] = 0;
    }
    d->working_count = 0;
    for (uint32_t l = 0; l < outcome->working; l++) {
        uint64_t i = outcome->members[l];
        if (i >= d->inequality_count || d->in_working_set[i] || d->working_count == d->k) {
            return false;
        }
        d->in_working_set[i] = 1;
        d->working_set[d->working_count++] = (uint32_t)i;
    }
    for (uint32_t j = 0; j < d->objective_count; j++) {
        d->in_objective[j] = d->objective_sign[j] != 0 && (outcome->flags == NULL || (outcome->flags[j] & 1));
    }
    return true;
}

/// Whether every inherited inequality outside the working set holds at y, within its tolerance.
static bool inherited_hold_at_y(const dense_block *d) {
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        double room = d->h[i] - dot_row(d->g, d->inequality_capacity, i, d->y, d->k);
        if (!d->in_working_set[i] && room < -d->inequality_tolerance[i]) {
            return false;
        }
    }
    return true;
}

/// Moves y to the point `outcome` gives and sets the working set (factored) and slacks there,
/// when that point is feasible (`*started`); otherwise leaves the level to start from y = 0.
static cnp_status warm_start(dense_block *d, const level_outcome *outcome, bool *started) {
    *started = false;
    if (!take_outcome(d, outcome)) {
        return CNP_OK;
    }
    // Factored until no member depends on the others, as the steps leave it.
    cnp_status status = CNP_OK;
    for (bool dropped = true; dropped && status == CNP_OK;) {
        status = factor_working_set(d, &dropped);
    }
    if (status != CNP_OK) {
        return status;
    }
    status = working_optimum(d);
    if (status != CNP_OK || !inherited_hold_at_y(d)) {
        return status;
    }
    start_slacks(d);
    *started = true;
    return CNP_OK;
}
