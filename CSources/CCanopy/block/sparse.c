/*
 * A large block through sparse factorizations: the strict-priority problem of
 * block/hierarchy.c without an n x n matrix anywhere.
 *
 * Unknowns are scaled by their reference weights (x~ = weight * x), so that the reference level
 * is a plain projection and a row's value is the same in either scale. Everything the levels
 * locked is kept two ways: rows folded into a sparse factor (kernels/sparse_factor.c), which
 * projects onto their null space, and the rows locked since the last folding, as an orthonormal
 * basis of at most BASIS_MOST dense vectors inside that null space. A level's step is confined
 * to what both leave free.
 *
 * A level of few counted rows is solved by a primal active set over their projections: the
 * step is a combination of them (a Gram system of the level's size), and inequalities that
 * block it join the working set as more projected vectors. A level of many counted rows (a
 * thousand intrinsic sizes at one priority) is met whole, rounds adding the inequalities an
 * attempt breaks; the few rows it misses and could still move are then settled by the active
 * set. Ties and the unknowns left free are found in the cone of the tight held inequalities,
 * as on the dense path. The block is given back to the dense path when its required rows
 * conflict, or a level outgrows the active set's sets.
 */
#include "block/block.h"
#include "kernels/sparse_factor.h"

#include <string.h>

enum {
    /// Rows locked since the last folding, kept as dense vectors.
    BASIS_MOST = 32,
    /// Counted rows a level's active set takes; more are met whole or the block is declined.
    LEVEL_MOST = 32,
    /// Inequalities held at once in a level's working set.
    WORKING_MOST = 256,
    /// Active-set steps per level.
    STEPS_MOST = 512,
    /// Rounds of a level met whole, each adding the inequalities the last one broke.
    TRIAL_ROUNDS = 16,
};

/// Where solve_gram's scratch starts in the Gram array (see sparse_block).
#define GRAM_SCRATCH (LEVEL_MOST * LEVEL_MOST + WORKING_MOST * WORKING_MOST)

/// What an inequality of the list is to the level being solved.
enum { INHERITED = 0, OWN = 1, COUNTED = 2 };

typedef struct sparse_block {
    solver *s;
    uint32_t n;
    const uint32_t *variables;
    double *weight, *target, *x;
    /// Rows folded into `factor`, then rows locked since, whose projections are basis[0 ..<
    /// fixed_basis]; working-set vectors follow up to basis_count.
    uint32_t *locked, locked_count;
    uint32_t *pending, pending_count;
    sparse_factor factor, trial_factor;
    double *basis;
    uint32_t fixed_basis, basis_count;
    /// Inequalities in <= form (sign * row <= sign * constant): held ones and the level's own.
    uint32_t *inequality, inequality_count;
    int8_t *inequality_sign;
    uint8_t *inequality_state;
    /// Rows stacked for factoring.
    uint32_t *csr_start, *csr_unknown;
    double *csr_coefficient, *csr_rhs;
    /// The level: counted rows and their projections.
    uint32_t *objective, objective_count;
    /// Per counted row: its index in the inequality list when it has one, else NONE.
    uint32_t *objective_inequality;
    double *projected;
    /// The working set (indexes into the inequality list) and their projections.
    uint32_t working[WORKING_MOST], working_count;
    /// Squared lengths before projection: the counted rows' and the working members'.
    double objective_square[LEVEL_MOST], working_square[WORKING_MOST];
    double *working_raw;
    double *step, *spare;
    /// Gram matrices, then the counted rows' coefficients along the working vectors, then from
    /// GRAM_SCRATCH solve_gram's scratch.
    double *gram;
    double small[LEVEL_MOST + WORKING_MOST], solution[LEVEL_MOST + WORKING_MOST];
    /// Rows found tied, flagged only once the block is solved.
    uint32_t *tied, tied_count;
    uint32_t *trial_rows, trial_count;
    /// How many of the attempt's rows (the first ones) are the level's; the others are held
    /// inequalities an earlier round broke.
    uint32_t trial_level_count;
    /// Rows of a level met whole that the attempt missed and could move: they trade error, and
    /// the active set takes them once the others are met.
    uint32_t deferred[LEVEL_MOST], deferred_count;
    /// Per unknown: a one-variable inequality holding it from above and from below, or NONE;
    /// whether such a pair was locked; whether the locks leave it free.
    uint32_t *upper, *lower;
    uint8_t *pinned, *free_unknown;
    uint32_t steps, levels;
} sparse_block;

// MARK: - Rows in the scaled unknowns

static const cnp_row *row_of(const sparse_block *b, uint32_t row) {
    return solver_row(b->s, row);
}

/// Row `row` (its reduced form) times `v`, and its magnitude there.
static double row_dot(const sparse_block *b, uint32_t row, const double *v, double *magnitude) {
    const solver *s = b->s;
    double sum = 0.0, size = 0.0;
    for (uint32_t t = s->reduced_start[row]; t < s->reduced_start[row] + s->reduced_count[row]; t++) {
        uint32_t u = s->local[s->reduced_variable[t]];
        double term = s->reduced_coefficient[t] / b->weight[u] * v[u];
        sum += term;
        size += fabs(term);
    }
    if (magnitude != NULL) {
        *magnitude = size;
    }
    return sum;
}

/// `out` = `scale` * row `row` as a vector over the scaled unknowns.
static void row_vector(const sparse_block *b, uint32_t row, double scale, double *out) {
    const solver *s = b->s;
    memset(out, 0, sizeof(double) * b->n);
    for (uint32_t t = s->reduced_start[row]; t < s->reduced_start[row] + s->reduced_count[row]; t++) {
        uint32_t u = s->local[s->reduced_variable[t]];
        out[u] += scale * s->reduced_coefficient[t] / b->weight[u];
    }
}

/// The row's violation at x, and its tolerance.
static double violation_at_x(const sparse_block *b, uint32_t row, double *tolerance) {
    double magnitude = 0.0, value = row_dot(b, row, b->x, &magnitude);
    double constant = b->s->reduced_constant[row];
    *tolerance = row_tolerance(constant, magnitude);
    return row_violation(row_of(b, row)->relation, value, constant);
}

/// In four running sums: the additions no longer wait on one another, and vectorize (dot
/// products over whole blocks are most of the path's time).
static double dot(const double *a, const double *b, uint32_t n) {
    double sum0 = 0.0, sum1 = 0.0, sum2 = 0.0, sum3 = 0.0;
    uint32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        sum0 += a[i] * b[i];
        sum1 += a[i + 1] * b[i + 1];
        sum2 += a[i + 2] * b[i + 2];
        sum3 += a[i + 3] * b[i + 3];
    }
    for (; i < n; i++) {
        sum0 += a[i] * b[i];
    }
    return (sum0 + sum1) + (sum2 + sum3);
}

static void add_scaled(double *v, double scale, const double *w, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        v[i] += scale * w[i];
    }
}

// MARK: - Projections

/// `v` onto what the folded rows and basis[0 ..< through] leave free. A second pass against the
/// basis keeps `v` orthogonal to rounding where the first cancelled much of it (it lost more
/// than a factor of √2: Daniel, Gragg, Kaufman and Stewart's test); otherwise one is enough.
static cnp_status project(sparse_block *b, double *v, uint32_t through) {
    cnp_status status = cnp__sparse_project(&b->factor, v);
    for (int pass = 0; pass < 2 && through > 0; pass++) {
        double before = dot(v, v, b->n);
        for (uint32_t q = 0; q < through; q++) {
            const double *vector = &b->basis[(size_t)b->n * q];
            add_scaled(v, -dot(vector, v, b->n), vector, b->n);
        }
        if (2.0 * dot(v, v, b->n) > before) {
            break;
        }
    }
    return status;
}

/// Appends `v`, already projected, to the basis when it has a direction of its own (longer
/// than RANK_TOLERANCE of `length`, its length before projection).
static bool append_basis(sparse_block *b, const double *v, double length) {
    double *slot = &b->basis[(size_t)b->n * b->basis_count];
    memcpy(slot, v, sizeof(double) * b->n);
    for (uint32_t q = 0; q < b->basis_count; q++) {
        const double *vector = &b->basis[(size_t)b->n * q];
        add_scaled(slot, -dot(vector, slot, b->n), vector, b->n);
    }
    double norm = sqrt(dot(slot, slot, b->n));
    if (norm <= RANK_TOLERANCE * length) {
        return false;
    }
    for (uint32_t i = 0; i < b->n; i++) {
        slot[i] /= norm;
    }
    b->basis_count++;
    return true;
}

/// Stacks rows `rows` (count) after the locked and pending ones into the CSR arrays, with the
/// locked ones' right-hand sides 0 and the others' their distance to their constants.
static sparse_rows stack_rows(sparse_block *b, const uint32_t *rows, uint32_t count, bool with_pending) {
    const solver *s = b->s;
    uint32_t total = 0, terms = 0;
    const uint32_t *lists[3] = {b->locked, b->pending, rows};
    uint32_t counts[3] = {b->locked_count, with_pending ? b->pending_count : 0, count};
    b->csr_start[0] = 0;
    for (int list = 0; list < 3; list++) {
        for (uint32_t j = 0; j < counts[list]; j++) {
            uint32_t row = lists[list][j];
            for (uint32_t t = s->reduced_start[row]; t < s->reduced_start[row] + s->reduced_count[row]; t++) {
                uint32_t u = s->local[s->reduced_variable[t]];
                b->csr_unknown[terms] = u;
                b->csr_coefficient[terms++] = s->reduced_coefficient[t] / b->weight[u];
            }
            b->csr_rhs[total] = list < 2 ? 0.0 : s->reduced_constant[row] - row_dot(b, row, b->x, NULL);
            b->csr_start[++total] = terms;
        }
    }
    return (sparse_rows){total, b->n, b->csr_start, b->csr_unknown, b->csr_coefficient};
}

/// Folds the pending rows and `rows` into the factor; the basis empties.
static cnp_status fold(sparse_block *b, const uint32_t *rows, uint32_t count) {
    memcpy(&b->locked[b->locked_count], b->pending, sizeof(uint32_t) * b->pending_count);
    b->locked_count += b->pending_count;
    memcpy(&b->locked[b->locked_count], rows, sizeof(uint32_t) * count);
    b->locked_count += count;
    b->pending_count = 0;
    b->fixed_basis = b->basis_count = 0;
    sparse_rows stacked = stack_rows(b, NULL, 0, false);
    return cnp__sparse_factor_rows(&b->factor, &stacked);
}

/// Locks `rows` at their values: later steps keep them.
static cnp_status lock(sparse_block *b, const uint32_t *rows, uint32_t count) {
    b->basis_count = b->fixed_basis;
    if (b->pending_count + count > BASIS_MOST) {
        return fold(b, rows, count);
    }
    for (uint32_t j = 0; j < count; j++) {
        row_vector(b, rows[j], 1.0, b->spare);
        double length = sqrt(dot(b->spare, b->spare, b->n));
        cnp_status status = project(b, b->spare, b->basis_count);
        if (status != CNP_OK) {
            return status;
        }
        if (append_basis(b, b->spare, length)) {
            b->pending[b->pending_count++] = rows[j];
        }
    }
    b->fixed_basis = b->basis_count;
    return CNP_OK;
}

// MARK: - Small dense systems

/// A Gram pivot (a squared length) below this fraction of its vector's squared length before
/// projection is rounding: the Cholesky of a Gram matrix keeps about half the digits.
#define GRAM_RANK_TOLERANCE 1e-13

/// The solution of `m` y = rhs (`m` symmetric positive definite, count x count, destroyed;
/// `rhs` overwritten by y), by Cholesky.
static void solve_definite(double *m, double *rhs, uint32_t count) {
    for (uint32_t k = 0; k < count; k++) {
        double diagonal = m[k * count + k];
        for (uint32_t j = 0; j < k; j++) {
            diagonal -= m[k * count + j] * m[k * count + j];
        }
        m[k * count + k] = sqrt(fmax(diagonal, 1e-300));
        for (uint32_t i = k + 1; i < count; i++) {
            double sum = m[i * count + k];
            for (uint32_t j = 0; j < k; j++) {
                sum -= m[i * count + j] * m[k * count + j];
            }
            m[i * count + k] = sum / m[k * count + k];
        }
    }
    for (uint32_t i = 0; i < count; i++) {
        for (uint32_t j = 0; j < i; j++) {
            rhs[i] -= m[i * count + j] * rhs[j];
        }
        rhs[i] /= m[i * count + i];
    }
    for (uint32_t i = count; i-- > 0;) {
        for (uint32_t j = i + 1; j < count; j++) {
            rhs[i] -= m[j * count + i] * rhs[j];
        }
        rhs[i] /= m[i * count + i];
    }
}

/// z = g^+ rhs for the symmetric positive semidefinite Gram matrix `g` (count x count) of some
/// vectors: their combination z gives the least-squares step when the rows ask more than the
/// vectors span (two rows along one free direction). A pivoted Cholesky finds g = L L^T of rank
/// q, dropping pivots below GRAM_RANK_TOLERANCE of `squares` (the vectors' squared lengths before
/// projection: a Gram matrix keeps about half the digits); then z = g^-1 rhs at full rank, and
/// L (L^T L)^-2 L^T rhs otherwise. `g`, `rhs` and `scratch` (count^2) are destroyed.
static void solve_gram(double *g, double *rhs, double *z, const double *squares, uint32_t count, double *scratch) {
    uint32_t order[LEVEL_MOST + WORKING_MOST], rank = 0;
    for (uint32_t i = 0; i < count; i++) {
        order[i] = i;
        z[i] = 0.0;
    }
    for (; rank < count; rank++) {
        uint32_t best = rank;
        for (uint32_t i = rank + 1; i < count; i++) {
            if (g[order[i] * count + order[i]] * squares[order[best]] >
                g[order[best] * count + order[best]] * squares[order[i]]) {
                best = i;
            }
        }
        uint32_t pivot = order[best];
        double diagonal = g[pivot * count + pivot];
        if (!(diagonal > GRAM_RANK_TOLERANCE * squares[pivot])) {
            break;
        }
        order[best] = order[rank];
        order[rank] = pivot;
        double root = sqrt(diagonal);
        for (uint32_t i = rank; i < count; i++) {
            g[order[i] * count + pivot] /= root; // column `pivot` of L, below the diagonal
        }
        for (uint32_t i = rank + 1; i < count; i++) {
            for (uint32_t j = rank + 1; j <= i; j++) {
                double update = g[order[i] * count + pivot] * g[order[j] * count + pivot];
                g[order[i] * count + order[j]] -= update;
                if (i != j) {
                    g[order[j] * count + order[i]] -= update;
                }
            }
        }
    }
    if (rank == count) {
        // g^-1 rhs: L y = rhs, then L^T z = y.
        for (uint32_t i = 0; i < rank; i++) {
            double sum = rhs[order[i]];
            for (uint32_t j = 0; j < i; j++) {
                sum -= g[order[i] * count + order[j]] * rhs[order[j]];
            }
            rhs[order[i]] = sum / g[order[i] * count + order[i]];
        }
        for (uint32_t i = rank; i-- > 0;) {
            double sum = rhs[order[i]];
            for (uint32_t j = i + 1; j < rank; j++) {
                sum -= g[order[j] * count + order[i]] * z[order[j]];
            }
            z[order[i]] = sum / g[order[i] * count + order[i]];
        }
        return;
    }
    // L[i][k] (i >= k, positions in pivot order) is g[order[i] * count + order[k]].
    double w[LEVEL_MOST + WORKING_MOST];
    for (uint32_t k = 0; k < rank; k++) {
        w[k] = 0.0;
        for (uint32_t i = k; i < count; i++) {
            w[k] += g[order[i] * count + order[k]] * rhs[order[i]];
        }
        for (uint32_t l = 0; l <= k; l++) {
            double sum = 0.0;
            for (uint32_t i = k; i < count; i++) {
                sum += g[order[i] * count + order[k]] * g[order[i] * count + order[l]];
            }
            scratch[k * rank + l] = scratch[l * rank + k] = sum;
        }
    }
    memcpy(&scratch[rank * rank], scratch, sizeof(double) * rank * rank);
    solve_definite(scratch, w, rank);
    solve_definite(&scratch[rank * rank], w, rank);
    for (uint32_t i = 0; i < count; i++) {
        double sum = 0.0;
        for (uint32_t k = 0; k <= i && k < rank; k++) {
            sum += g[order[i] * count + order[k]] * w[k];
        }
        z[order[i]] = sum;
    }
}

// MARK: - The inequalities

static void add_inequality(sparse_block *b, uint32_t row, uint8_t state) {
    b->inequality[b->inequality_count] = row;
    b->inequality_sign[b->inequality_count] = relation_sign(row_of(b, row)->relation);
    b->inequality_state[b->inequality_count++] = state;
}

/// How far inequality i may still go along `step` before it fails: its room over its slope
/// there, or INFINITY when the step does not take it toward its bound.
static double room_along(const sparse_block *b, uint32_t i, const double *step) {
    uint32_t row = b->inequality[i];
    double sign = b->inequality_sign[i], magnitude = 0.0;
    double slope = sign * row_dot(b, row, step, NULL);
    double constant = b->s->reduced_constant[row];
    double room = sign * (constant - row_dot(b, row, b->x, &magnitude));
    double tolerance = row_tolerance(constant, magnitude) * 1e-3;
    if (slope <= tolerance * 1e-6 || room - slope > -tolerance) {
        return INFINITY;
    }
    return room > 0 ? room / slope : 0.0;
}

/// The first inequality (not in the working set, not counted) `step` breaks, and how far it
/// may go: `*blocking` is NONE when the whole step holds.
static double ratio_test(const sparse_block *b, const double *step, uint32_t *blocking) {
    double t = 1.0;
    *blocking = NONE;
    for (uint32_t i = 0; i < b->inequality_count; i++) {
        if (b->inequality_state[i] == COUNTED) {
            continue;
        }
        bool working = false;
        for (uint32_t w = 0; w < b->working_count && !working; w++) {
            working = b->working[w] == i;
        }
        double room = working ? INFINITY : room_along(b, i, step);
        if (room < t) {
            t = room;
            *blocking = i;
        }
    }
    return t;
}

/// Puts inequality i in the working set: its projection (with the working vectors left out) is
/// kept, and joins the basis when it has a direction of its own.
static cnp_status hold(sparse_block *b, uint32_t i) {
    if (b->working_count == WORKING_MOST) {
        return CNP_ERROR_TOO_LARGE;
    }
    double *raw = &b->working_raw[(size_t)b->n * b->working_count];
    row_vector(b, b->inequality[i], b->inequality_sign[i], raw);
    double length = sqrt(dot(raw, raw, b->n));
    cnp_status status = project(b, raw, b->fixed_basis);
    b->working_square[b->working_count] = length * length;
    b->working[b->working_count++] = i;
    if (status == CNP_OK) {
        (void)append_basis(b, raw, length);
    }
    return status;
}

/// Takes working member w out; the working vectors are built again from those left.
static void release_member(sparse_block *b, uint32_t w) {
    b->working_count--;
    b->working[w] = b->working[b->working_count];
    b->working_square[w] = b->working_square[b->working_count];
    memcpy(&b->working_raw[(size_t)b->n * w], &b->working_raw[(size_t)b->n * b->working_count],
           sizeof(double) * b->n);
    b->basis_count = b->fixed_basis;
    for (uint32_t j = 0; j < b->working_count; j++) {
        (void)append_basis(b, &b->working_raw[(size_t)b->n * j], sqrt(b->working_square[j]));
    }
}

/// The working member whose multiplier says it should not stay held, or NONE: an inequality the
/// objective pulls away from (negative multiplier), or one of the level's own that the
/// objective pushes against (positive multiplier), which must then count, since its squared
/// violation has no slope at its bound and so holds nothing back. `gradient` is the
/// objective's gradient projected onto what the locks leave free.
static uint32_t leaving_member(sparse_block *b, const double *gradient) {
    uint32_t count = b->working_count;
    if (count == 0) {
        return NONE;
    }
    double *g = b->gram;
    for (uint32_t i = 0; i < count; i++) {
        const double *vi = &b->working_raw[(size_t)b->n * i];
        for (uint32_t j = 0; j <= i; j++) {
            g[i * count + j] = g[j * count + i] = dot(vi, &b->working_raw[(size_t)b->n * j], b->n);
        }
        b->small[i] = -dot(vi, gradient, b->n);
    }
    solve_gram(g, b->small, b->solution, b->working_square, count, &b->gram[GRAM_SCRATCH]);
    double most = 1e-9 * fmax(sqrt(dot(gradient, gradient, b->n)), 1e-300);
    uint32_t leaving = NONE;
    for (uint32_t i = 0; i < count; i++) {
        bool own = b->inequality_state[b->working[i]] == OWN;
        double wrong = own ? fabs(b->solution[i]) : -b->solution[i];
        if (wrong > most) {
            most = wrong;
            leaving = i;
        }
    }
    return leaving;
}

// MARK: - A level of few counted rows: the active set

static double *projection_of(const sparse_block *b, uint32_t j) {
    return &b->projected[(size_t)b->n * j];
}

/// Adds `row` to the counted rows with its projection onto what the locks leave free.
static cnp_status count_row(sparse_block *b, uint32_t row, uint32_t inequality) {
    if (b->objective_count == LEVEL_MOST) {
        return CNP_ERROR_TOO_LARGE;
    }
    uint32_t j = b->objective_count++;
    b->objective[j] = row;
    b->objective_inequality[j] = inequality;
    row_vector(b, row, 1.0, projection_of(b, j));
    b->objective_square[j] = dot(projection_of(b, j), projection_of(b, j), b->n);
    return project(b, projection_of(b, j), b->fixed_basis);
}

/// Stops counting row j (its projection moves into the slot of the last one).
static void uncount_row(sparse_block *b, uint32_t j) {
    uint32_t last = --b->objective_count;
    b->objective[j] = b->objective[last];
    b->objective_inequality[j] = b->objective_inequality[last];
    b->objective_square[j] = b->objective_square[last];
    memcpy(projection_of(b, j), projection_of(b, last), sizeof(double) * b->n);
}

/// The Gram matrix of the counted rows' projections with the working vectors taken out, into
/// b->gram; the coefficients of those vectors in each projection into `c` (count x working).
static void counted_gram(sparse_block *b, double *c) {
    uint32_t p = b->objective_count, working = b->basis_count - b->fixed_basis;
    for (uint32_t j = 0; j < p; j++) {
        for (uint32_t q = 0; q < working; q++) {
            c[j * working + q] = dot(projection_of(b, j), &b->basis[(size_t)b->n * (b->fixed_basis + q)], b->n);
        }
    }
    for (uint32_t j = 0; j < p; j++) {
        for (uint32_t k = 0; k <= j; k++) {
            double sum = dot(projection_of(b, j), projection_of(b, k), b->n);
            for (uint32_t q = 0; q < working; q++) {
                sum -= c[j * working + q] * c[k * working + q];
            }
            b->gram[j * p + k] = b->gram[k * p + j] = sum;
        }
    }
}

/// The step that brings the counted rows nearest their constants within what the locks and the
/// working set leave free, into b->step.
static void counted_step(sparse_block *b) {
    uint32_t p = b->objective_count, working = b->basis_count - b->fixed_basis;
    double *c = &b->gram[LEVEL_MOST * LEVEL_MOST];
    counted_gram(b, c);
    for (uint32_t j = 0; j < p; j++) {
        b->small[j] = b->s->reduced_constant[b->objective[j]] - row_dot(b, b->objective[j], b->x, NULL);
    }
    solve_gram(b->gram, b->small, b->solution, b->objective_square, p, &b->gram[GRAM_SCRATCH]);
    memset(b->step, 0, sizeof(double) * b->n);
    for (uint32_t j = 0; j < p; j++) {
        add_scaled(b->step, b->solution[j], projection_of(b, j), b->n);
    }
    for (uint32_t q = 0; q < working; q++) {
        double along = 0.0;
        for (uint32_t j = 0; j < p; j++) {
            along += b->solution[j] * c[j * working + q];
        }
        add_scaled(b->step, -along, &b->basis[(size_t)b->n * (b->fixed_basis + q)], b->n);
    }
}

/// The first counted inequality the step takes past its bound (to where it holds), before `t`.
static uint32_t crossing_row(const sparse_block *b, double *t) {
    uint32_t crossing = NONE;
    for (uint32_t j = 0; j < b->objective_count; j++) {
        uint32_t row = b->objective[j];
        double side = relation_sign(row_of(b, row)->relation);
        if (side == 0) {
            continue;
        }
        double offset = row_dot(b, row, b->x, NULL) - b->s->reduced_constant[row];
        double slope = row_dot(b, row, b->step, NULL);
        if (side * slope < 0 && side * (offset + *t * slope) < 0) {
            *t = fmax(-offset / slope, 0.0);
            crossing = j;
        }
    }
    return crossing;
}

/// The counted rows' gradient, projected onto what the locks leave free, into b->spare.
static void counted_gradient(sparse_block *b) {
    memset(b->spare, 0, sizeof(double) * b->n);
    for (uint32_t j = 0; j < b->objective_count; j++) {
        uint32_t row = b->objective[j];
        double offset = row_dot(b, row, b->x, NULL) - b->s->reduced_constant[row];
        add_scaled(b->spare, offset, projection_of(b, j), b->n);
    }
}

/// A counted inequality that reached its bound holds from now on, in the working set.
static cnp_status hold_counted(sparse_block *b, uint32_t j) {
    uint32_t i = b->objective_inequality[j];
    if (i == NONE) {
        i = b->inequality_count;
        add_inequality(b, b->objective[j], OWN);
    }
    b->inequality_state[i] = OWN;
    uncount_row(b, j);
    return hold(b, i);
}

/// Minimizes the counted rows' squared violations by a primal active set. CNP_ERROR_TOO_LARGE
/// or CNP_ERROR_NOT_CONVERGED when it outgrows its sets or steps: the block is declined.
static cnp_status minimize_counted(sparse_block *b) {
    for (uint32_t step = 0; step < STEPS_MOST; step++) {
        b->steps++;
        counted_step(b);
        uint32_t blocking = NONE;
        double t = ratio_test(b, b->step, &blocking);
        uint32_t crossing = crossing_row(b, &t);
        add_scaled(b->x, t, b->step, b->n);
        cnp_status status = CNP_OK;
        if (crossing != NONE) {
            status = hold_counted(b, crossing);
        } else if (blocking != NONE) {
            status = hold(b, blocking);
        } else {
            counted_gradient(b);
            uint32_t leaving = leaving_member(b, b->spare);
            if (leaving == NONE) {
                return CNP_OK;
            }
            uint32_t i = b->working[leaving];
            release_member(b, leaving);
            if (b->inequality_state[i] == OWN && b->solution[leaving] > 0) {
                // The level would rather violate its own row than hold it: it counts again.
                b->inequality_state[i] = COUNTED;
                status = count_row(b, b->inequality[i], i);
            }
        }
        if (status != CNP_OK) {
            return status;
        }
    }
    return CNP_ERROR_NOT_CONVERGED;
}

// MARK: - A level of many counted rows: met whole

/// Whether every stacked row of the attempt holds at x + step and the locked rows kept their
/// values; the held inequalities it breaks join the attempt's rows (`*broken` of them), and the
/// rows it misses are listed at the end of trial_rows (`*missed` of them, after the attempt's).
static bool attempt_holds(sparse_block *b, uint32_t *broken, uint32_t *missed) {
    bool holds = true;
    *broken = *missed = 0;
    double *next = b->spare;
    for (uint32_t u = 0; u < b->n; u++) {
        next[u] = b->x[u] + b->step[u];
    }
    const uint32_t *lists[2] = {b->locked, b->pending};
    uint32_t counts[2] = {b->locked_count, b->pending_count};
    for (int list = 0; list < 2; list++) {
        for (uint32_t j = 0; j < counts[list]; j++) {
            double magnitude = 0.0, moved = row_dot(b, lists[list][j], b->step, NULL);
            (void)row_dot(b, lists[list][j], next, &magnitude);
            holds = holds && fabs(moved) <= row_tolerance(b->s->reduced_constant[lists[list][j]], magnitude);
        }
    }
    uint32_t *miss = &b->trial_rows[b->trial_count];
    for (uint32_t j = 0; j < b->trial_count; j++) {
        double magnitude = 0.0, value = row_dot(b, b->trial_rows[j], next, &magnitude);
        double constant = b->s->reduced_constant[b->trial_rows[j]];
        if (fabs(value - constant) > row_tolerance(constant, magnitude)) {
            miss[(*missed)++] = b->trial_rows[j];
        }
    }
    for (uint32_t i = 0; i < b->inequality_count; i++) {
        uint32_t row = b->inequality[i];
        double magnitude = 0.0, value = row_dot(b, row, next, &magnitude);
        double constant = b->s->reduced_constant[row];
        if (b->inequality_state[i] != COUNTED &&
            fabs(row_violation(row_of(b, row)->relation, value, constant)) > row_tolerance(constant, magnitude)) {
            b->inequality_state[i] = COUNTED; // met exactly from the next round on
            b->trial_rows[b->trial_count + *missed + *broken] = row;
            (*broken)++;
        }
    }
    return holds && *broken == 0 && *missed == 0;
}

/// Whether `row` is one of the attempt's first `count` rows.
static bool attempted_among(const sparse_block *b, uint32_t row, uint32_t count) {
    for (uint32_t j = 0; j < count; j++) {
        if (b->trial_rows[j] == row) {
            return true;
        }
    }
    return false;
}

/// Takes the level's missed rows out of the attempt; missed held inequalities stay in it, since
/// they must hold. Missed rows nothing left free can move have their values fixed already, so
/// they need no meeting (nor locking); the others are deferred to the active set. Returns false
/// when they are too many for it, or when only held inequalities were missed.
static bool set_missed_aside(sparse_block *b, uint32_t missed, cnp_status *status) {
    uint32_t *miss = &b->trial_rows[b->trial_count], level_missed = 0;
    for (uint32_t m = 0; m < missed && *status == CNP_OK; m++) {
        if (!attempted_among(b, miss[m], b->trial_level_count)) {
            continue;
        }
        uint32_t row = miss[m];
        miss[level_missed++] = row;
        row_vector(b, row, 1.0, b->step);
        double length = sqrt(dot(b->step, b->step, b->n));
        *status = project(b, b->step, b->fixed_basis);
        if (sqrt(dot(b->step, b->step, b->n)) > AMBIGUITY_TOLERANCE * length) {
            if (b->deferred_count == LEVEL_MOST) {
                return false;
            }
            b->deferred[b->deferred_count++] = row;
        }
    }
    uint32_t kept = 0, level_kept = 0;
    for (uint32_t j = 0; j < b->trial_count; j++) {
        bool dropped = false;
        for (uint32_t m = 0; m < level_missed && !dropped; m++) {
            dropped = miss[m] == b->trial_rows[j];
        }
        if (!dropped) {
            level_kept += j < b->trial_level_count;
            b->trial_rows[kept++] = b->trial_rows[j];
        }
    }
    b->trial_count = kept;
    b->trial_level_count = level_kept;
    return *status == CNP_OK && level_missed > 0;
}

/// Meets every counted row exactly, with the locked rows kept: the smallest step that does,
/// round after round with the held inequalities it broke met exactly too, and the rows it
/// missed set aside. `*met` says whether a round held everything; x moves only then.
static cnp_status meet_whole(sparse_block *b, bool *met) {
    *met = false;
    b->deferred_count = 0;
    b->trial_count = b->trial_level_count = b->objective_count;
    memcpy(b->trial_rows, b->objective, sizeof(uint32_t) * b->objective_count);
    cnp_status status = CNP_OK;
    for (uint32_t round = 0; round < TRIAL_ROUNDS && status == CNP_OK; round++) {
        b->steps++;
        sparse_rows stacked = stack_rows(b, b->trial_rows, b->trial_count, true);
        status = cnp__sparse_factor_rows(&b->trial_factor, &stacked);
        if (status == CNP_ERROR_NOT_CONVERGED) {
            status = CNP_OK;
            break;
        }
        if (status == CNP_OK) {
            status = cnp__sparse_smallest_solution(&b->trial_factor, b->csr_rhs, b->step);
        }
        uint32_t broken = 0, missed = 0;
        if (status != CNP_OK) {
            break;
        }
        if (attempt_holds(b, &broken, &missed)) {
            memcpy(b->x, b->spare, sizeof(double) * b->n);
            *met = true;
            break;
        }
        uint32_t attempted = b->trial_count;
        if (missed > 0 && !set_missed_aside(b, missed, &status)) {
            break;
        }
        memmove(&b->trial_rows[b->trial_count], &b->trial_rows[attempted + missed], sizeof(uint32_t) * broken);
        b->trial_count += broken;
    }
    for (uint32_t i = 0; i < b->inequality_count; i++) {
        if (b->inequality_state[i] == COUNTED) {
            b->inequality_state[i] = INHERITED;
        }
    }
    return status;
}

// MARK: - Levels

static cnp_status lock_pinned_unknowns(sparse_block *b);

// MARK: - The cone of the held inequalities

/// The most tight inequalities whose cone ties and implicit equalities are searched in; past
/// it, the working set stands for the cone (ties) and only pinned unknowns are locked.
#define CONE_MOST 64

/// The least squared length of w_t + sum(lambda_c w_c) over lambda >= 0, c in 0 ..< cone but
/// `excluded` (Lawson and Hanson's active set on the Gram matrix `g` of all the vectors, stride
/// `count`): zero when -w_t lies in the cone of the others. `lambda` (cone long) gets the
/// minimizer; `scratch` needs 4 * cone^2 doubles.
static double cone_distance(const double *g, uint32_t count, uint32_t t, uint32_t cone, uint32_t excluded,
                            const double *squares, double *lambda, double *scratch) {
    uint8_t passive[CONE_MOST] = {0};
    uint32_t members[CONE_MOST];
    double z[CONE_MOST], rhs[CONE_MOST], member_squares[CONE_MOST];
    for (uint32_t c = 0; c < cone; c++) {
        lambda[c] = 0.0;
    }
    for (uint32_t round = 0; round < 3 * cone; round++) {
        uint32_t entering = NONE;
        double most = GRAM_RANK_TOLERANCE * squares[t];
        for (uint32_t c = 0; c < cone; c++) {
            double pull = -g[c * count + t];
            for (uint32_t d = 0; d < cone; d++) {
                pull -= g[c * count + d] * lambda[d];
            }
            if (c != excluded && !passive[c] && pull > most) {
                most = pull;
                entering = c;
            }
        }
        if (entering == NONE) {
            break;
        }
        passive[entering] = 1;
        for (uint32_t inner = 0; inner < 3 * cone; inner++) {
            uint32_t size = 0;
            for (uint32_t c = 0; c < cone; c++) {
                if (passive[c]) {
                    members[size] = c;
                    member_squares[size++] = squares[c];
                }
            }
            for (uint32_t i = 0; i < size; i++) {
                rhs[i] = -g[members[i] * count + t];
                for (uint32_t j = 0; j < size; j++) {
                    scratch[i * size + j] = g[members[i] * count + members[j]];
                }
            }
            solve_gram(scratch, rhs, z, member_squares, size, &scratch[size * size]);
            // Move toward z until a member reaches zero; that one leaves.
            double step = 1.0;
            uint32_t leaving = NONE;
            for (uint32_t i = 0; i < size; i++) {
                double now = lambda[members[i]];
                if (z[i] <= 0.0 && now / (now - z[i]) < step) {
                    step = now / (now - z[i]);
                    leaving = i;
                }
            }
            for (uint32_t i = 0; i < size; i++) {
                lambda[members[i]] += step * (z[i] - lambda[members[i]]);
                if (i == leaving || lambda[members[i]] < 0.0) {
                    lambda[members[i]] = 0.0;
                    passive[members[i]] = 0;
                }
            }
            if (leaving == NONE) {
                break;
            }
        }
    }
    double distance = g[t * count + t];
    for (uint32_t c = 0; c < cone; c++) {
        distance += 2.0 * lambda[c] * g[c * count + t];
        for (uint32_t d = 0; d < cone; d++) {
            distance += lambda[c] * lambda[d] * g[c * count + d];
        }
    }
    return fmax(distance, 0.0);
}

/// Projects the held inequalities that are tight at x (and that still move) into working_raw,
/// as <= rows, with their squared lengths before projection; their rows go to `rows`. Returns
/// how many, or NONE when they are more than CONE_MOST.
static uint32_t load_tight_cone(sparse_block *b, uint32_t *rows, double *squares, cnp_status *status) {
    uint32_t count = 0;
    for (uint32_t i = 0; i < b->inequality_count && *status == CNP_OK; i++) {
        uint32_t row = b->inequality[i];
        double magnitude = 0.0, constant = b->s->reduced_constant[row];
        double room = b->inequality_sign[i] * (constant - row_dot(b, row, b->x, &magnitude));
        if (b->inequality_state[i] != INHERITED || room > row_tolerance(constant, magnitude)) {
            continue;
        }
        if (count == CONE_MOST) {
            return NONE;
        }
        double *raw = &b->working_raw[(size_t)b->n * count];
        row_vector(b, row, b->inequality_sign[i], raw);
        double square = dot(raw, raw, b->n);
        *status = project(b, raw, b->fixed_basis);
        if (dot(raw, raw, b->n) > GRAM_RANK_TOLERANCE * square) {
            rows[count] = row;
            squares[count++] = square;
        }
    }
    return count;
}

/// The Gram matrix of the `cone` vectors in working_raw followed by `extra` more, into b->gram
/// (stride cone + extra).
static void cone_gram(sparse_block *b, uint32_t cone, const double *const *extra, uint32_t extra_count) {
    uint32_t count = cone + extra_count;
    for (uint32_t i = 0; i < count; i++) {
        const double *vi = i < cone ? &b->working_raw[(size_t)b->n * i] : extra[i - cone];
        for (uint32_t j = 0; j <= i; j++) {
            const double *vj = j < cone ? &b->working_raw[(size_t)b->n * j] : extra[j - cone];
            b->gram[i * count + j] = b->gram[j * count + i] = dot(vi, vj, b->n);
        }
    }
}

/// Notes the violated counted rows that trade error, as the dense path defines them: a row is
/// tied when some move the locks allow, keeping every tight held inequality, shrinks its
/// violation (the move must then change another violated row, which is tied too). Such a move
/// exists unless minus the row lies in the cone of those inequalities; the nearest point of
/// that cone gives one. Rows the locks fix (their projection rounding) trade nothing.
static cnp_status note_ties(sparse_block *b, const uint32_t *violated, uint32_t count) {
    if (count < 2 || b->objective_count > LEVEL_MOST) {
        return CNP_OK;
    }
    cnp_status status = CNP_OK;
    uint32_t cone_rows[CONE_MOST], moving[LEVEL_MOST], moving_count = 0;
    double squares[CONE_MOST + LEVEL_MOST], signs[LEVEL_MOST];
    const double *extra[LEVEL_MOST];
    uint32_t cone = load_tight_cone(b, cone_rows, squares, &status);
    if (status != CNP_OK || cone == NONE) {
        return status;
    }
    for (uint32_t j = 0; j < b->objective_count; j++) {
        double tolerance = 0.0, violation = violation_at_x(b, b->objective[j], &tolerance);
        const double *p = projection_of(b, j);
        bool listed = false;
        for (uint32_t v = 0; v < count && !listed; v++) {
            listed = violated[v] == b->objective[j];
        }
        if (listed && dot(p, p, b->n) > GRAM_RANK_TOLERANCE * b->objective_square[j]) {
            signs[moving_count] = violation > 0 ? 1.0 : -1.0;
            squares[cone + moving_count] = b->objective_square[j];
            extra[moving_count] = p;
            moving[moving_count++] = b->objective[j];
        }
    }
    cone_gram(b, cone, extra, moving_count);
    uint32_t total = cone + moving_count;
    double lambda[CONE_MOST], *scratch = &b->gram[GRAM_SCRATCH];
    for (uint32_t i = cone; i < total; i++) { // violation signs: shrinking is a negative product
        for (uint32_t j = 0; j < total; j++) {
            b->gram[i * total + j] *= signs[i - cone];
            b->gram[j * total + i] *= signs[i - cone];
        }
    }
    bool tied[LEVEL_MOST] = {false};
    for (uint32_t t = cone; t < total; t++) {
        double distance = cone_distance(b->gram, total, t, cone, NONE, squares, lambda, scratch);
        if (distance <= GRAM_RANK_TOLERANCE * squares[t]) {
            continue; // no allowed move shrinks it
        }
        tied[t - cone] = true;
        for (uint32_t k = cone; k < total; k++) {
            double along = b->gram[t * total + k];
            for (uint32_t c = 0; c < cone; c++) {
                along += lambda[c] * b->gram[c * total + k];
            }
            tied[k - cone] = tied[k - cone] || (k != t && fabs(along) > 1e-6 * sqrt(distance * b->gram[k * total + k]));
        }
    }
    for (uint32_t m = 0; m < moving_count; m++) {
        if (tied[m]) {
            b->tied[b->tied_count++] = moving[m];
        }
    }
    return CNP_OK;
}

/// Locks the cone's implicit equalities: tight held inequalities that no allowed move can leave,
/// because minus each lies in the cone of the others (x >= 31 beside x <= 31, or three rows
/// that close a triangle). Nothing moves along them, so locking them changes no answer; it
/// keeps the unknowns they pin from being reported free.
static cnp_status lock_implicit_equalities(sparse_block *b) {
    cnp_status status = CNP_OK;
    uint32_t cone_rows[CONE_MOST], implicit[CONE_MOST], implicit_count = 0;
    double squares[CONE_MOST], lambda[CONE_MOST];
    uint32_t cone = load_tight_cone(b, cone_rows, squares, &status);
    if (status != CNP_OK || cone == NONE || cone < 2) {
        return status;
    }
    cone_gram(b, cone, NULL, 0);
    for (uint32_t i = 0; i < cone; i++) {
        double distance = cone_distance(b->gram, cone, i, cone, i, squares, lambda, &b->gram[GRAM_SCRATCH]);
        if (distance <= GRAM_RANK_TOLERANCE * squares[i]) {
            implicit[implicit_count++] = cone_rows[i];
        }
    }
    return lock(b, implicit, implicit_count);
}

/// Ends a level: counted rows that hold and are inequalities are held from now on; the others
/// are locked at their values. A required level must end with every row holding.
static cnp_status finish_level(sparse_block *b, bool required, bool *declined) {
    uint32_t *locking = b->trial_rows, count = 0, violated = 0;
    uint32_t *violated_rows = &b->trial_rows[b->objective_count];
    for (uint32_t j = 0; j < b->objective_count; j++) {
        uint32_t row = b->objective[j];
        double tolerance = 0.0, violation = violation_at_x(b, row, &tolerance);
        bool holds = fabs(violation) <= tolerance;
        if (!holds && required) {
            *declined = true; // a conflict: the dense path finds its smallest set
            return CNP_OK;
        }
        if (holds && relation_sign(row_of(b, row)->relation) != 0) {
            if (b->objective_inequality[j] == NONE) {
                add_inequality(b, row, INHERITED);
            }
            continue;
        }
        locking[count++] = row;
        if (!holds) {
            violated_rows[violated++] = row;
        }
    }
    // Ties are searched in the cone of what higher levels held, as on the dense path.
    cnp_status status = note_ties(b, violated_rows, violated);
    if (status != CNP_OK) {
        return status;
    }
    for (uint32_t i = 0; i < b->inequality_count; i++) {
        b->inequality_state[i] = INHERITED;
    }
    b->working_count = 0;
    b->levels++;
    status = lock(b, locking, count);
    return status == CNP_OK ? lock_pinned_unknowns(b) : status;
}

/// A level of many counted rows: those that can be met are, and the few that trade error are
/// then settled by the active set, with the level's equalities counted beside them and its met
/// inequalities held as the level's own (they count again if the optimum would rather violate
/// them). Declined when those counted are too many, or a required row is missed.
static cnp_status meet_level_whole(sparse_block *b, bool required, bool *declined) {
    bool met = false;
    cnp_status status = meet_whole(b, &met);
    if (status != CNP_OK || !met || b->deferred_count == 0) {
        *declined = !met;
        return status;
    }
    if (required) {
        *declined = true;
        return CNP_OK;
    }
    b->objective_count = 0;
    for (uint32_t d = 0; d < b->deferred_count && status == CNP_OK; d++) {
        status = count_row(b, b->deferred[d], NONE);
    }
    for (uint32_t j = 0; j < b->trial_level_count && status == CNP_OK; j++) {
        uint32_t row = b->trial_rows[j];
        if (relation_sign(row_of(b, row)->relation) != 0) {
            add_inequality(b, row, OWN);
        } else {
            status = count_row(b, row, NONE);
        }
    }
    return status == CNP_OK ? minimize_counted(b) : status;
}

/// Solves one level: `rows` of one priority, or the required ones.
static cnp_status solve_level(sparse_block *b, const uint32_t *rows, uint32_t count, bool required, bool *declined) {
    b->objective_count = 0;
    b->working_count = 0;
    b->basis_count = b->fixed_basis;
    bool few = count <= LEVEL_MOST;
    cnp_status status = CNP_OK;
    for (uint32_t j = 0; j < count && status == CNP_OK; j++) {
        double tolerance = 0.0, violation = violation_at_x(b, rows[j], &tolerance);
        if (relation_sign(row_of(b, rows[j])->relation) != 0 && fabs(violation) <= tolerance) {
            add_inequality(b, rows[j], OWN);
        } else if (few) {
            status = count_row(b, rows[j], NONE);
        } else {
            b->objective_inequality[b->objective_count] = NONE;
            b->objective[b->objective_count++] = rows[j];
        }
    }
    if (status == CNP_OK && b->objective_count > 0) {
        if (few) {
            status = minimize_counted(b);
        } else {
            status = meet_level_whole(b, required, declined);
        }
    }
    if (status == CNP_ERROR_TOO_LARGE || status == CNP_ERROR_NOT_CONVERGED) {
        *declined = true;
        return CNP_OK;
    }
    return status != CNP_OK || *declined ? status : finish_level(b, required, declined);
}

// MARK: - What is left free, and the reference level

/// Locks the unknowns that held one-variable inequalities pin from both sides (an intrinsic
/// size met exactly by its hugging and compression rows): no direction moves them, and later
/// levels would otherwise meet those rows one active-set step at a time.
static cnp_status lock_pinned_unknowns(sparse_block *b) {
    const solver *s = b->s;
    for (uint32_t u = 0; u < b->n; u++) {
        b->upper[u] = b->lower[u] = NONE;
    }
    for (uint32_t i = 0; i < b->inequality_count; i++) {
        uint32_t row = b->inequality[i];
        double tolerance = 0.0;
        if (s->reduced_count[row] != 1 || b->pinned[s->local[s->reduced_variable[s->reduced_start[row]]]] || fabs(violation_at_x(b, row, &tolerance)) > tolerance) {
            continue;
        }
        double magnitude = 0.0, constant = s->reduced_constant[row];
        double room = b->inequality_sign[i] * (constant - row_dot(b, row, b->x, &magnitude));
        if (room > row_tolerance(constant, magnitude)) {
            continue;
        }
        uint32_t u = s->local[s->reduced_variable[s->reduced_start[row]]];
        bool from_above = b->inequality_sign[i] * s->reduced_coefficient[s->reduced_start[row]] > 0;
        (from_above ? b->upper : b->lower)[u] = row;
    }
    uint32_t count = 0;
    for (uint32_t u = 0; u < b->n; u++) {
        if (b->upper[u] != NONE && b->lower[u] != NONE) {
            b->trial_rows[count++] = b->upper[u];
            b->pinned[u] = 1;
        }
    }
    return lock(b, b->trial_rows, count);
}

/// A number in [-1, 1) from `seed`, the same on every run.
static double probe_value(uint64_t seed) {
    seed += 0x9E3779B97F4A7C15ull;
    seed = (seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9ull;
    seed = (seed ^ (seed >> 27)) * 0x94D049BB133111EBull;
    seed ^= seed >> 31;
    return (double)(seed >> 11) / 4503599627370496.0 - 1.0;
}

/// Flags the unknowns that the locks leave free to move: those with a component in the
/// projection of two fixed pseudo-random vectors (a free unknown has a zero component in it only
/// on a set of probes of measure zero). Returns how many.
static uint32_t flag_free_unknowns(sparse_block *b, uint8_t *free_unknown, cnp_status *status) {
    uint32_t count = 0;
    memset(free_unknown, 0, b->n);
    for (uint64_t probe = 0; probe < 2 && *status == CNP_OK; probe++) {
        for (uint32_t u = 0; u < b->n; u++) {
            b->spare[u] = probe_value(probe * b->n + u);
        }
        *status = project(b, b->spare, b->basis_count);
        for (uint32_t u = 0; u < b->n && *status == CNP_OK; u++) {
            if (!free_unknown[u] && fabs(b->spare[u]) > AMBIGUITY_TOLERANCE * 10) {
                free_unknown[u] = 1;
                count++;
            }
        }
    }
    return count;
}

/// The reference level: x pulled toward the targets within what the locks leave free, the
/// held inequalities kept, by the same active set (the objective is the identity here).
static cnp_status minimize_reference(sparse_block *b) {
    b->working_count = 0;
    b->basis_count = b->fixed_basis;
    for (uint32_t step = 0; step < STEPS_MOST; step++) {
        b->steps++;
        for (uint32_t u = 0; u < b->n; u++) {
            b->step[u] = b->target[u] - b->x[u];
        }
        cnp_status status = project(b, b->step, b->basis_count);
        uint32_t blocking = NONE;
        double t = status == CNP_OK ? ratio_test(b, b->step, &blocking) : 0.0;
        add_scaled(b->x, t, b->step, b->n);
        if (status == CNP_OK && blocking != NONE) {
            status = hold(b, blocking);
        } else if (status == CNP_OK) {
            for (uint32_t u = 0; u < b->n; u++) {
                b->spare[u] = b->x[u] - b->target[u];
            }
            status = project(b, b->spare, b->fixed_basis);
            uint32_t leaving = status == CNP_OK ? leaving_member(b, b->spare) : NONE;
            if (status == CNP_OK && leaving == NONE) {
                b->levels++;
                return CNP_OK;
            }
            if (leaving != NONE) {
                release_member(b, leaving);
            }
        }
        if (status != CNP_OK) {
            return status;
        }
    }
    return CNP_ERROR_NOT_CONVERGED;
}

// MARK: - The block

/// Carves the block's arrays; with `a->base` NULL only measures.
static void carve(arena *a, sparse_block *b, uint32_t n, uint32_t row_count, uint32_t terms) {
    size_t rows = (size_t)row_count + 1;
    b->weight = cnp__arena_take(a, n, sizeof(double));
    b->target = cnp__arena_take(a, n, sizeof(double));
    b->x = cnp__arena_take(a, n, sizeof(double));
    b->step = cnp__arena_take(a, n, sizeof(double));
    b->spare = cnp__arena_take(a, n, sizeof(double));
    b->locked = cnp__arena_take(a, rows + BASIS_MOST, sizeof(uint32_t));
    b->pending = cnp__arena_take(a, BASIS_MOST, sizeof(uint32_t));
    b->basis = cnp__arena_take(a, (size_t)(BASIS_MOST + WORKING_MOST) * n, sizeof(double));
    b->inequality = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->inequality_sign = cnp__arena_take(a, rows, sizeof(int8_t));
    b->inequality_state = cnp__arena_take(a, rows, sizeof(uint8_t));
    b->csr_start = cnp__arena_take(a, rows + BASIS_MOST, sizeof(uint32_t));
    b->csr_unknown = cnp__arena_take(a, terms, sizeof(uint32_t));
    b->csr_coefficient = cnp__arena_take(a, terms, sizeof(double));
    b->csr_rhs = cnp__arena_take(a, rows + BASIS_MOST, sizeof(double));
    b->objective = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->objective_inequality = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->projected = cnp__arena_take(a, (size_t)LEVEL_MOST * n, sizeof(double));
    b->working_raw = cnp__arena_take(a, (size_t)WORKING_MOST * n, sizeof(double));
    b->tied = cnp__arena_take(a, rows, sizeof(uint32_t));
    b->trial_rows = cnp__arena_take(a, 2 * rows, sizeof(uint32_t));
    b->gram = cnp__arena_take(a, GRAM_SCRATCH + 2 * WORKING_MOST * WORKING_MOST, sizeof(double));
    b->upper = cnp__arena_take(a, n, sizeof(uint32_t));
    b->lower = cnp__arena_take(a, n, sizeof(uint32_t));
    b->pinned = cnp__arena_take(a, n, sizeof(uint8_t));
    b->free_unknown = cnp__arena_take(a, n, sizeof(uint8_t));
}

static cnp_status reserve(solver *s, sparse_block *b, uint32_t n, const uint32_t *rows, uint32_t row_count) {
    uint64_t terms = 1;
    for (uint32_t j = 0; j < row_count; j++) {
        terms += s->reduced_count[rows[j]];
    }
    if (terms >= NONE) {
        return CNP_ERROR_TOO_LARGE;
    }
    arena a;
    cnp_status status = CNP_OK;
    for (carve_pass pass = CARVE_MEASURE; cnp__carve_in_part(&a, &pass, s->workspace, PART_SPARSE, &status);) {
        carve(&a, b, n, row_count, (uint32_t)terms);
    }
    return status;
}

/// Every level in priority order, then the reference level where something is left free.
static cnp_status solve_levels(sparse_block *b, uint32_t *rows, uint32_t row_count, uint8_t *free_unknown,
                               bool *declined) {
    const solver *s = b->s;
    cnp_status status = CNP_OK;
    for (uint32_t start = 0; start < row_count && status == CNP_OK && !*declined;) {
        uint32_t end = start;
        while (end < row_count && solver_row(s, rows[end])->priority == solver_row(s, rows[start])->priority) {
            end++;
        }
        status = solve_level(b, &rows[start], end - start, row_is_required(s, rows[start]), declined);
        start = end;
    }
    if (status != CNP_OK || *declined) {
        return status;
    }
    status = lock_implicit_equalities(b);
    if (status == CNP_OK && flag_free_unknowns(b, free_unknown, &status) > 0 && status == CNP_OK) {
        status = minimize_reference(b);
    }
    if (status == CNP_ERROR_TOO_LARGE || status == CNP_ERROR_NOT_CONVERGED) {
        *declined = true;
        return CNP_OK;
    }
    return status;
}

/// Whether every required row of the block holds at x: the answer is checked, not assumed.
static bool required_rows_hold(sparse_block *b, const uint32_t *rows, uint32_t row_count) {
    for (uint32_t j = 0; j < row_count && row_is_required(b->s, rows[j]); j++) {
        double tolerance = 0.0;
        if (fabs(violation_at_x(b, rows[j], &tolerance)) > tolerance) {
            return false;
        }
    }
    return true;
}

static void write_answer(sparse_block *b, const uint8_t *free_unknown) {
    solver *s = b->s;
    for (uint32_t u = 0; u < b->n; u++) {
        uint32_t rep = b->variables[u];
        s->rep_value[rep] = b->x[u] / b->weight[u];
        if (free_unknown[u]) {
            s->variable_flags[rep] |= VARIABLE_AMBIGUOUS;
        }
    }
    for (uint32_t j = 0; j < b->tied_count; j++) {
        s->row_flags[b->tied[j]] |= ROW_TIED;
    }
    s->report.blocks++;
    s->report.sparse_blocks++;
    s->report.dense_variables += b->n;
    s->report.levels += b->levels;
    s->report.active_set_iterations += b->steps;
    if (b->n > s->report.largest_block) {
        s->report.largest_block = b->n;
    }
}

path_result cnp__solve_sparse(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                              uint32_t row_count, cnp_status *failure) {
    sparse_block b = {.s = s, .n = variable_count, .variables = variables};
    cnp_status status = reserve(s, &b, variable_count, rows, row_count);
    if (status != CNP_OK) {
        return status == CNP_ERROR_TOO_LARGE ? PATH_DECLINED : path_ended(status, failure);
    }
    for (uint32_t u = 0; u < variable_count; u++) {
        s->local[variables[u]] = u;
        double weight = 0.0, target = 0.0;
        reference_pull(s, variables[u], &weight, &target);
        b.weight[u] = weight > 0 ? weight : 1.0;
        b.target[u] = target;
        b.x[u] = 0.0;
    }
    cnp__sort_by_level(s, rows, row_count, b.trial_rows);
    uint8_t *free_unknown = b.free_unknown;
    memset(b.pinned, 0, variable_count);
    bool declined = false;
    status = solve_levels(&b, rows, row_count, free_unknown, &declined);
    path_result result = PATH_DECLINED;
    if (status != CNP_OK) {
        result = path_ended(status, failure);
    } else if (!declined && required_rows_hold(&b, rows, row_count)) {
        write_answer(&b, free_unknown);
        result = PATH_SOLVED;
    }
    cnp__sparse_factor_free(&b.factor);
    cnp__sparse_factor_free(&b.trial_factor);
    return result;
}
