/*
 * Banded blocks: a block of many unknowns whose required rows are bounds on one unknown or
 * differences of two (`a * (x_u - x_w)` relation c), and whose soft rows are pulls on one
 * unknown (`c * x_u == d`), all of one priority, at least one on every unknown. A row of views,
 * each at least some distance after the one before and each pulled toward a place, pushed tight
 * along much of its length, is such a block; solved densely it costs O(n^3) per active-set step
 * and is refused past 1,024 unknowns.
 *
 * With the pulls summed into H (diagonal, positive) and q, the level is the strictly convex
 * problem: minimize x'Hx / 2 - q'x with every required row written as A x >= b (equalities kept
 * as equalities). Holding a working set W of rows as equalities gives x = H^-1 (q + A_W' l) with
 * (A_W H^-1 A_W') l = b_W - A_W H^-1 q. With the rows ordered by their first unknown, two rows
 * meet in that matrix only when they share an unknown, so it is banded (tridiagonal for a
 * chain), and LAPACK's banded Cholesky (dpbtrf, dpbtrs) solves it in O(rows * band^2). The
 * working set moves by primal-dual active-set steps: every held inequality whose multiplier is
 * negative leaves and every inequality the answer violates joins, all at once, until neither
 * happens. Then x meets every row, held rows have multipliers >= 0 (to within rounding) and the
 * others none: the KKT conditions, which make x the one answer of a strictly convex problem. It
 * is the dense path's answer too: with a pull on every unknown, the soft level leaves no
 * direction free, so there is neither ambiguity nor a reference level. When the steps do not
 * settle within a cap, an interior-point start (below) guesses the working set and the steps go
 * on from there. Running out of steps again, a factorization that fails, or held rows the
 * answer misses leave the block to the dense path, which solves it or refuses it.
 *
 * Ties follow the dense path's rule (mark_level_ties): a violated pull is tied when a small
 * move the required rows allow shrinks it, and then so is every violated pull that move
 * changes. Here a move is a set of unknowns shifted alike: an active difference row makes its
 * other unknown follow when the move would tighten it, and an active bound stops the move. So
 * the pulls that can shrink are those whose closure meets no stopping bound, and the others
 * tied are the violated pulls in the closures of those: the least such move. The dense path
 * takes whichever move its active set finds, which may carry more unknowns along, and then
 * flags more pulls as tied; the pulls that can shrink are the same on both paths.
 */
#include "block/block.h"

#include <float.h>
#include <lapacke.h>
#include <string.h>

/// Primal-dual steps from the unconstrained answer before an interior-point start is tried,
/// and again from that start before the block is left to the dense path. A chain pushed tight
/// settles in a few; a push that spreads a row further at each step (a run squeezed against a
/// bound from far away, a cascade) can take one step per row, which the interior start avoids.
#define BANDED_ROUNDS 64

/// Interior-point iterations at most, and the fraction of its first complementarity gap at
/// which the interior start stops: the steps that follow settle the rest exactly.
#define INTERIOR_ITERATIONS 80
#define INTERIOR_GAP 1e-13

/// The working set's matrix is singular when its rows depend on one another (a cycle of
/// differences, or a run between two bounds, held at once). Its diagonal grows by this
/// fraction, so the factorization goes through and a consistent set gets multipliers that meet
/// its rows to about this fraction of their size before refinement (solve_held) takes the
/// rest; an inconsistent one gets large multipliers, and the next step lets the wrong ones go.
#define BANDED_SHIFT 1e-12

/// Solves with the shifted matrix's factors per working set: the first, then refinements.
#define BANDED_REFINEMENTS 8

/// The block as the banded path sees it: required rows in the order of their first unknown,
/// written as `sum(a * x) >= b` or `== b`.
typedef struct banded_block {
    solver *s;
    uint32_t n, m;
    double *weight;    // per unknown: the pulls' summed squared coefficients (H)
    double *pull;      // per unknown: the pulls' summed coefficient * target (q)
    double *x;
    uint8_t *terms;    // 1 or 2
    uint32_t *unknown; // two per required row
    double *a;         // two per required row
    double *b;
    uint8_t *equal;
    uint8_t *held;     // in the working set
    uint32_t *place;   // a held row's place in the working set
    double *multiplier;
    uint32_t *held_rows; // the working set in order
    double *band;        // the working set's matrix in LAPACK's lower banded storage
    double *rhs;
    uint32_t *unknown_row_start; // per unknown: its required rows, unknown_rows[start[u] ..< start[u + 1]]
    uint32_t *unknown_rows;
    uint32_t *first_held; // per unknown: scratch
    uint32_t *queue;      // n + 1 entries
    uint8_t *stopped; // per unknown: bit 0 cannot move up, bit 1 down, bit 2 reached up, bit 3 down
    uint32_t *pulls;     // the soft rows
    uint32_t pull_count;
    // The interior start (inequality rows; equalities keep no slack).
    double *slack;        // per row: A x - b, kept positive
    double *slack_step;   // per row
    double *row_residual; // per row: A x - b - slack
    double *cross;        // per row: the predictor's slack step times its multiplier step
    double *x_step;       // per unknown
    double *scaled_residual; // per unknown: H^-1 (H x - q - A' multipliers)
} banded_block;

// MARK: - Fitting

/// Whether reduced row `row` is a pull this path takes: a soft equality on one unknown.
static bool is_pull(const solver *s, uint32_t row) {
    return solver_row(s, row)->relation == CNP_RELATION_EQUAL && s->reduced_count[row] == 1 &&
           s->reduced_coefficient[s->reduced_start[row]] != 0.0;
}

/// Whether required row `row` is a bound (one unknown, an inequality) or a difference (two
/// unknowns, opposite coefficients).
static bool is_bound_or_difference(const solver *s, uint32_t row) {
    uint32_t start = s->reduced_start[row], count = s->reduced_count[row];
    if (count == 1) {
        return solver_row(s, row)->relation != CNP_RELATION_EQUAL && s->reduced_coefficient[start] != 0.0;
    }
    return count == 2 && s->reduced_variable[start] != s->reduced_variable[start + 1] &&
           s->reduced_coefficient[start] != 0.0 && s->reduced_coefficient[start] == -s->reduced_coefficient[start + 1];
}

/// Whether the block has the banded path's shape; counts its required rows into `*required`.
static bool fits(const solver *s, const uint32_t *rows, uint32_t row_count, uint32_t *required) {
    double level = 0.0; // none yet: priorities are 1 or more
    *required = 0;
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t row = rows[j];
        if (row_is_required(s, row)) {
            if ((s->row_flags[row] & ROW_BROKEN) || !is_bound_or_difference(s, row)) {
                return false;
            }
            (*required)++;
        } else if (!is_pull(s, row) || (level != 0.0 && solver_row(s, row)->priority != level)) {
            return false;
        } else {
            level = solver_row(s, row)->priority;
        }
    }
    return level != 0.0;
}

// MARK: - Memory

/// Carves the block's arrays (its matrix: carve_matrix).
static void carve(arena *a, banded_block *g) {
    uint32_t n = g->n, m = g->m;
    g->pulls = cnp__arena_take(a, g->pull_count, sizeof(uint32_t));
    g->weight = cnp__arena_take(a, n, sizeof(double));
    g->pull = cnp__arena_take(a, n, sizeof(double));
    g->x = cnp__arena_take(a, n, sizeof(double));
    g->terms = cnp__arena_take(a, m, sizeof(uint8_t));
    g->unknown = cnp__arena_take(a, 2 * (size_t)m, sizeof(uint32_t));
    g->a = cnp__arena_take(a, 2 * (size_t)m, sizeof(double));
    g->b = cnp__arena_take(a, m, sizeof(double));
    g->equal = cnp__arena_take(a, m, sizeof(uint8_t));
    g->held = cnp__arena_take(a, m, sizeof(uint8_t));
    g->place = cnp__arena_take(a, m, sizeof(uint32_t));
    g->multiplier = cnp__arena_take(a, m, sizeof(double));
    g->held_rows = cnp__arena_take(a, m, sizeof(uint32_t));
    g->unknown_row_start = cnp__arena_take(a, (size_t)n + 1, sizeof(uint32_t));
    g->unknown_rows = cnp__arena_take(a, 2 * (size_t)m, sizeof(uint32_t));
    g->first_held = cnp__arena_take(a, n, sizeof(uint32_t));
    g->queue = cnp__arena_take(a, (size_t)n + 1, sizeof(uint32_t));
    g->stopped = cnp__arena_take(a, n, sizeof(uint8_t));
    g->slack = cnp__arena_take(a, m, sizeof(double));
    g->slack_step = cnp__arena_take(a, m, sizeof(double));
    g->row_residual = cnp__arena_take(a, m, sizeof(double));
    g->cross = cnp__arena_take(a, m, sizeof(double));
    g->x_step = cnp__arena_take(a, n, sizeof(double));
    g->scaled_residual = cnp__arena_take(a, n, sizeof(double));
}

/// The first unknown of reduced row `row`, by local index.
static uint32_t first_unknown(const solver *s, uint32_t row) {
    uint32_t start = s->reduced_start[row], first = s->local[s->reduced_variable[start]];
    if (s->reduced_count[row] == 2) {
        uint32_t second = s->local[s->reduced_variable[start + 1]];
        first = second < first ? second : first;
    }
    return first;
}

/// The widest band the rows can make in their order: for each unknown, how far apart its
/// first and last rows are. A working set only narrows it.
static size_t widest_band(const banded_block *g) {
    size_t widest = 0;
    for (uint32_t u = 0; u < g->n; u++) {
        uint32_t start = g->unknown_row_start[u], end = g->unknown_row_start[u + 1];
        if (end > start && g->unknown_rows[end - 1] - g->unknown_rows[start] > widest) {
            widest = g->unknown_rows[end - 1] - g->unknown_rows[start];
        }
    }
    return widest;
}

/// Lists the pulls, orders the required rows by first unknown (a counting sort, stable), writes
/// them as >= or == rows, and indexes them by unknown.
static void load_rows(banded_block *g, const uint32_t *rows, uint32_t row_count) {
    const solver *s = g->s;
    uint32_t *order = g->queue, pulls = 0;
    memset(order, 0, sizeof(uint32_t) * (g->n + 1));
    for (uint32_t j = 0; j < row_count; j++) {
        if (row_is_required(s, rows[j])) {
            order[first_unknown(s, rows[j]) + 1]++;
        } else {
            g->pulls[pulls++] = rows[j];
        }
    }
    for (uint32_t u = 0; u < g->n; u++) {
        order[u + 1] += order[u];
    }
    for (uint32_t j = 0; j < row_count; j++) {
        if (!row_is_required(s, rows[j])) {
            continue;
        }
        uint32_t row = rows[j], i = order[first_unknown(s, row)]++, start = s->reduced_start[row];
        int32_t relation = solver_row(s, row)->relation;
        double sign = relation == CNP_RELATION_LESS_EQUAL ? -1.0 : 1.0;
        g->terms[i] = (uint8_t)s->reduced_count[row];
        g->equal[i] = relation == CNP_RELATION_EQUAL;
        g->b[i] = sign * s->reduced_constant[row];
        for (uint32_t t = 0; t < g->terms[i]; t++) {
            g->unknown[2 * i + t] = s->local[s->reduced_variable[start + t]];
            g->a[2 * i + t] = sign * s->reduced_coefficient[start + t];
        }
    }
    memset(g->unknown_row_start, 0, sizeof(uint32_t) * (g->n + 1));
    for (uint32_t i = 0; i < g->m; i++) {
        for (uint32_t t = 0; t < g->terms[i]; t++) {
            g->unknown_row_start[g->unknown[2 * i + t] + 1]++;
        }
    }
    for (uint32_t u = 0; u < g->n; u++) {
        g->unknown_row_start[u + 1] += g->unknown_row_start[u];
        order[u] = g->unknown_row_start[u];
    }
    for (uint32_t i = 0; i < g->m; i++) {
        for (uint32_t t = 0; t < g->terms[i]; t++) {
            g->unknown_rows[order[g->unknown[2 * i + t]]++] = i;
        }
    }
}

/// Sums each unknown's pulls into its weight and pull.
static void load_pulls(banded_block *g) {
    const solver *s = g->s;
    memset(g->weight, 0, sizeof(double) * g->n);
    memset(g->pull, 0, sizeof(double) * g->n);
    for (uint32_t j = 0; j < g->pull_count; j++) {
        uint32_t row = g->pulls[j], u = s->local[s->reduced_variable[s->reduced_start[row]]];
        double c = s->reduced_coefficient[s->reduced_start[row]];
        g->weight[u] += c * c;
        g->pull[u] += c * s->reduced_constant[row];
    }
}

// MARK: - The working set

/// Row i of A times `v` (per unknown); the sum of its terms' magnitudes in `*magnitude`.
static double row_times(const banded_block *g, uint32_t i, const double *v, double *magnitude) {
    double sum = 0.0, size = 0.0;
    for (uint32_t t = 0; t < g->terms[i]; t++) {
        double term = g->a[2 * i + t] * v[g->unknown[2 * i + t]];
        sum += term;
        size += fabs(term);
    }
    *magnitude = size;
    return sum;
}

/// Required row i at x: its value minus b, and its tolerance in `*tolerance`.
static double excess(const banded_block *g, uint32_t i, double *tolerance) {
    double magnitude = 0.0, value = row_times(g, i, g->x, &magnitude);
    *tolerance = row_tolerance(g->b[i], magnitude);
    return value - g->b[i];
}

/// The coefficient of unknown u in required row i.
static double coefficient_of(const banded_block *g, uint32_t i, uint32_t u) {
    return g->unknown[2 * i] == u ? g->a[2 * i] : g->a[2 * i + 1];
}

/// The band the held rows make: for each unknown, how far apart its first and last held rows
/// are. Writes each held row's place.
static size_t held_band(banded_block *g, uint32_t held) {
    size_t widest = 0;
    for (uint32_t u = 0; u < g->n; u++) {
        g->first_held[u] = NONE;
    }
    for (uint32_t p = 0; p < held; p++) {
        uint32_t i = g->held_rows[p];
        g->place[i] = p;
        for (uint32_t t = 0; t < g->terms[i]; t++) {
            uint32_t u = g->unknown[2 * i + t];
            if (g->first_held[u] == NONE) {
                g->first_held[u] = p;
            } else if (p - g->first_held[u] > widest) {
                widest = p - g->first_held[u];
            }
        }
    }
    return widest;
}

/// (A_W H^-1 A_W') in lower banded storage (leading dimension band + 1), its diagonal shifted,
/// for the held rows in order.
static void assemble(banded_block *g, uint32_t held, size_t band) {
    size_t ld = band + 1;
    memset(g->band, 0, sizeof(double) * ld * held);
    for (uint32_t p = 0; p < held; p++) {
        uint32_t i = g->held_rows[p];
        for (uint32_t t = 0; t < g->terms[i]; t++) {
            uint32_t u = g->unknown[2 * i + t];
            double scaled = g->a[2 * i + t] / g->weight[u];
            for (uint32_t r = g->unknown_row_start[u]; r < g->unknown_row_start[u + 1]; r++) {
                uint32_t other = g->unknown_rows[r];
                if (g->held[other] && g->place[other] <= p) {
                    g->band[(p - g->place[other]) + ld * g->place[other]] += scaled * coefficient_of(g, other, u);
                }
            }
        }
        g->band[ld * p] *= 1.0 + BANDED_SHIFT;
    }
}

/// Factors the held rows' matrix (A_W H^-1 A_W', shifted), plus diag(s / z) on the
/// inequalities when `with_slacks` (the interior start), into g->band.
static cnp_status factor_held(banded_block *g, uint32_t held, size_t band, bool with_slacks) {
    assemble(g, held, band);
    for (uint32_t p = 0; p < held && with_slacks; p++) {
        uint32_t i = g->held_rows[p];
        if (!g->equal[i]) {
            g->band[(band + 1) * (size_t)p] += g->slack[i] / g->multiplier[i];
        }
    }
    lapack_int n = (lapack_int)held, kd = (lapack_int)band;
    // Not positive definite even shifted: the block goes back to the dense path.
    return LAPACKE_dpbtrf(LAPACK_COL_MAJOR, 'L', n, kd, g->band, kd + 1) == 0 ? CNP_OK : CNP_ERROR_NOT_CONVERGED;
}

/// x = H^-1 q: every pull met, as if no required row held.
static void unconstrained_answer(banded_block *g) {
    for (uint32_t u = 0; u < g->n; u++) {
        g->x[u] = g->pull[u] / g->weight[u];
    }
}

/// Solves for the held rows' multipliers and the answer they give. Each pass solves for what
/// the held rows still miss at the answer so far (b_W - A_W x, the system's residual), so the
/// shift's error is refined away.
static cnp_status solve_held(banded_block *g, uint32_t held) {
    size_t band = held_band(g, held);
    cnp_status status = solver_spend(g->s, 2.0 * held * (double)(band + 1) * (double)(band + 1 + BANDED_REFINEMENTS));
    if (status != CNP_OK) {
        return status;
    }
    for (uint32_t i = 0; i < g->m; i++) {
        g->multiplier[i] = 0.0;
    }
    unconstrained_answer(g);
    if (held == 0) {
        return CNP_OK;
    }
    status = factor_held(g, held, band, false);
    if (status != CNP_OK) {
        return status;
    }
    lapack_int n = (lapack_int)held, kd = (lapack_int)band;
    for (uint32_t pass = 0; pass < BANDED_REFINEMENTS; pass++) {
        for (uint32_t p = 0; p < held; p++) {
            double tolerance = 0.0;
            g->rhs[p] = -excess(g, g->held_rows[p], &tolerance);
        }
        LAPACKE_dpbtrs(LAPACK_COL_MAJOR, 'L', n, kd, 1, g->band, kd + 1, g->rhs, n);
        // x moves by H^-1 A' (the change), not recomputed from the multipliers: they grow with
        // the square of a run's length, and x from them would carry their rounding.
        double largest = 0.0, change = 0.0;
        for (uint32_t p = 0; p < held; p++) {
            uint32_t i = g->held_rows[p];
            g->multiplier[i] += g->rhs[p];
            change = fmax(change, fabs(g->rhs[p]));
            largest = fmax(largest, fabs(g->multiplier[i]));
            for (uint32_t t = 0; t < g->terms[i]; t++) {
                uint32_t u = g->unknown[2 * i + t];
                g->x[u] += g->a[2 * i + t] * g->rhs[p] / g->weight[u];
            }
        }
        if (change <= DBL_EPSILON * largest) {
            break;
        }
    }
    for (uint32_t u = 0; u < g->n; u++) {
        if (!isfinite(g->x[u])) {
            return CNP_ERROR_NOT_CONVERGED;
        }
    }
    return CNP_OK;
}

/// Lists the held rows in order; returns how many.
static uint32_t list_held(banded_block *g) {
    uint32_t held = 0;
    for (uint32_t i = 0; i < g->m; i++) {
        if (g->held[i]) {
            g->held_rows[held++] = i;
        }
    }
    return held;
}

/// The smallest weight among row i's unknowns.
static double least_weight(const banded_block *g, uint32_t i) {
    double least = g->weight[g->unknown[2 * i]];
    return g->terms[i] == 2 ? fmin(least, g->weight[g->unknown[2 * i + 1]]) : least;
}

/// One primal-dual step: held inequalities with negative multipliers leave, violated ones
/// join. Returns how many moved. A multiplier counts as negative past the row's tolerance
/// times its least weight: letting go of a row whose multiplier is -e moves the answer by
/// about e over that weight, so smaller ones are rounding (runs of equal places make them)
/// and letting them go one by one would only peel a run a row at a time.
static uint32_t step(banded_block *g) {
    uint32_t moved = 0;
    for (uint32_t i = 0; i < g->m; i++) {
        double tolerance = 0.0, room = excess(g, i, &tolerance);
        if (!g->equal[i] && (g->held[i] ? g->multiplier[i] < -tolerance * least_weight(g, i) : room < -tolerance)) {
            g->held[i] = !g->held[i];
            moved++;
        }
    }
    return moved;
}

/// Whether every held row is met at x (the others were checked by the last step).
static bool held_rows_met(const banded_block *g) {
    for (uint32_t i = 0; i < g->m; i++) {
        double tolerance = 0.0;
        if (g->held[i] && fabs(excess(g, i, &tolerance)) > tolerance) {
            return false;
        }
    }
    return true;
}

// MARK: - The interior start

/*
 * A push that the steps carry one row further at a time would take one step per row. A
 * primal-dual interior-point method (Mehrotra's predictor and corrector) gets near the answer
 * in a number of iterations that hardly depends on the rows: with slacks s = A x - b >= 0 on
 * the inequalities and multipliers z, each iteration is one Newton step on H x - q - A'z = 0,
 * A x - b - s = 0 and s z = sigma mu, reduced to (A H^-1 A' + diag(s / z)) dz = rhs, which is
 * banded like the working set's matrix. It only guesses: the rows whose multipliers outgrow
 * their slacks are held, and the steps take it from there to the exact answer.
 */

/// A'v scaled by H^-1, into `out` (per unknown).
static void scaled_transpose(const banded_block *g, const double *v, double *out) {
    memset(out, 0, sizeof(double) * g->n);
    for (uint32_t i = 0; i < g->m; i++) {
        for (uint32_t t = 0; t < g->terms[i]; t++) {
            out[g->unknown[2 * i + t]] += g->a[2 * i + t] * v[i];
        }
    }
    for (uint32_t u = 0; u < g->n; u++) {
        out[u] /= g->weight[u];
    }
}

/// The residuals at the current point: H^-1 (H x - q - A'z) and A x - b - s. Returns the mean
/// complementarity s z over the inequalities.
static double interior_residuals(banded_block *g, uint32_t inequalities) {
    scaled_transpose(g, g->multiplier, g->scaled_residual);
    for (uint32_t u = 0; u < g->n; u++) {
        g->scaled_residual[u] = g->x[u] - g->pull[u] / g->weight[u] - g->scaled_residual[u];
    }
    double gap = 0.0, magnitude = 0.0; // magnitude unused here
    for (uint32_t i = 0; i < g->m; i++) {
        g->row_residual[i] = row_times(g, i, g->x, &magnitude) - g->b[i] - g->slack[i];
        gap += g->slack[i] * g->multiplier[i];
    }
    return gap / inequalities;
}

/// The Newton direction for complementarity target `target` (with the predictor's `cross`
/// terms when `corrected`), through the factored matrix: dz in g->rhs, ds in slack_step, dx in
/// x_step.
static void interior_direction(banded_block *g, size_t band, double target, bool corrected) {
    double magnitude = 0.0; // unused here
    for (uint32_t i = 0; i < g->m; i++) {
        double rhs = row_times(g, i, g->scaled_residual, &magnitude) - g->row_residual[i];
        if (!g->equal[i]) {
            double complementarity = g->slack[i] * g->multiplier[i] - target + (corrected ? g->cross[i] : 0.0);
            rhs -= complementarity / g->multiplier[i];
        }
        g->rhs[i] = rhs;
    }
    lapack_int n = (lapack_int)g->m, kd = (lapack_int)band;
    LAPACKE_dpbtrs(LAPACK_COL_MAJOR, 'L', n, kd, 1, g->band, kd + 1, g->rhs, n);
    scaled_transpose(g, g->rhs, g->x_step);
    for (uint32_t u = 0; u < g->n; u++) {
        g->x_step[u] -= g->scaled_residual[u];
    }
    for (uint32_t i = 0; i < g->m; i++) {
        g->slack_step[i] = g->equal[i] ? 0.0 : row_times(g, i, g->x_step, &magnitude) + g->row_residual[i];
    }
}

/// The longest step in [0, 1] along the direction that keeps every slack and inequality
/// multiplier positive.
static double longest_step(const banded_block *g) {
    double alpha = 1.0;
    for (uint32_t i = 0; i < g->m; i++) {
        if (g->equal[i]) {
            continue;
        }
        if (g->slack_step[i] < 0.0) {
            alpha = fmin(alpha, -g->slack[i] / g->slack_step[i]);
        }
        if (g->rhs[i] < 0.0) {
            alpha = fmin(alpha, -g->multiplier[i] / g->rhs[i]);
        }
    }
    return alpha;
}

/// Guesses the working set by interior-point iterations from the unconstrained answer.
static cnp_status interior_start(banded_block *g) {
    uint32_t inequalities = 0;
    for (uint32_t i = 0; i < g->m; i++) {
        inequalities += !g->equal[i];
        g->held[i] = 1; // every row is in the matrix, in order
    }
    if (inequalities == 0) {
        return CNP_ERROR_NOT_CONVERGED;
    }
    uint32_t rows = list_held(g);
    size_t band = held_band(g, rows);
    unconstrained_answer(g);
    for (uint32_t i = 0; i < g->m; i++) {
        double tolerance = 0.0, room = excess(g, i, &tolerance);
        g->slack[i] = g->equal[i] ? 0.0 : fmax(room, 1.0);
        g->multiplier[i] = g->equal[i] ? 0.0 : 1.0;
    }
    double gap = interior_residuals(g, inequalities), first_gap = gap;
    for (uint32_t iteration = 0; iteration < INTERIOR_ITERATIONS; iteration++) {
        cnp_status status = solver_spend(g->s, 2.0 * rows * (double)(band + 1) * (double)(band + 4));
        if (status == CNP_OK) {
            status = factor_held(g, rows, band, true);
        }
        if (status != CNP_OK) {
            return status;
        }
        g->s->report.active_set_iterations++;
        interior_direction(g, band, 0.0, false);
        double predicted = 0.0, alpha = longest_step(g);
        for (uint32_t i = 0; i < g->m; i++) {
            predicted += (g->slack[i] + alpha * g->slack_step[i]) * (g->multiplier[i] + alpha * g->rhs[i]);
            g->cross[i] = g->slack_step[i] * g->rhs[i];
        }
        double sigma = pow(predicted / inequalities / gap, 3.0);
        interior_direction(g, band, sigma * gap, true);
        alpha = fmin(1.0, 0.99 * longest_step(g));
        for (uint32_t u = 0; u < g->n; u++) {
            g->x[u] += alpha * g->x_step[u];
        }
        for (uint32_t i = 0; i < g->m; i++) {
            g->slack[i] += alpha * g->slack_step[i];
            g->multiplier[i] += alpha * g->rhs[i];
        }
        gap = interior_residuals(g, inequalities);
        if (gap <= INTERIOR_GAP * first_gap) {
            break;
        }
    }
    for (uint32_t i = 0; i < g->m; i++) {
        g->held[i] = g->equal[i] || g->multiplier[i] > g->slack[i];
    }
    return CNP_OK;
}

/// Primal-dual steps from the held rows as they are, `rounds` at most; CNP_OK with x the
/// answer.
static cnp_status settle(banded_block *g, uint32_t rounds) {
    for (uint32_t round = 0; round < rounds; round++) {
        cnp_status status = solve_held(g, list_held(g));
        if (status != CNP_OK) {
            return status;
        }
        g->s->report.active_set_iterations++;
        if (step(g) == 0) {
            return held_rows_met(g) ? CNP_OK : CNP_ERROR_NOT_CONVERGED;
        }
    }
    return CNP_ERROR_NOT_CONVERGED;
}

/// Primal-dual steps from the unconstrained answer; when they do not settle, again from the
/// working set an interior-point start guesses. CNP_OK with x the answer.
static cnp_status minimize(banded_block *g) {
    unconstrained_answer(g);
    for (uint32_t i = 0; i < g->m; i++) {
        double tolerance = 0.0;
        g->held[i] = g->equal[i] || excess(g, i, &tolerance) < -tolerance;
    }
    cnp_status status = settle(g, BANDED_ROUNDS);
    if (status != CNP_ERROR_NOT_CONVERGED) {
        return status;
    }
    status = interior_start(g);
    return status == CNP_OK ? settle(g, BANDED_ROUNDS) : status;
}

// MARK: - Ties

enum { CANNOT_RISE = 1, CANNOT_FALL = 2, REACHED_RISING = 4, REACHED_FALLING = 8 };

/// Whether required row i binds small moves at x: held, or met with no room.
static bool is_active(const banded_block *g, uint32_t i) {
    double tolerance = 0.0;
    return g->held[i] || excess(g, i, &tolerance) <= tolerance;
}

/// Whether moving unknown `t` of active row i in `direction` (+1 or -1) tightens the row, so
/// that its other unknown has to follow (a difference) or cannot (a bound).
static bool tightens(const banded_block *g, uint32_t i, uint32_t t, double direction) {
    return g->equal[i] || g->a[2 * i + t] * direction < 0.0;
}

/// Spreads `flag` from the queued unknowns along active difference rows: `backward` marks the
/// unknowns whose move in `direction` would push a marked one (that cannot move), forward the
/// ones a marked unknown's move pushes along.
static void spread(banded_block *g, uint32_t queued, uint8_t flag, double direction, bool backward) {
    for (uint32_t head = 0; head < queued; head++) {
        uint32_t u = g->queue[head];
        for (uint32_t r = g->unknown_row_start[u]; r < g->unknown_row_start[u + 1]; r++) {
            uint32_t i = g->unknown_rows[r];
            if (g->terms[i] != 2 || !is_active(g, i)) {
                continue;
            }
            uint32_t here = g->unknown[2 * i] == u ? 0 : 1, there = 1 - here;
            uint32_t other = g->unknown[2 * i + there];
            if ((g->stopped[other] & flag) || !tightens(g, i, backward ? there : here, direction)) {
                continue;
            }
            g->stopped[other] |= flag;
            g->queue[queued++] = other;
        }
    }
}

/// Marks the unknowns that cannot move in `direction`: those an active bound stops, and those
/// whose move would push one of them.
static void mark_stopped(banded_block *g, uint8_t flag, double direction) {
    uint32_t queued = 0;
    for (uint32_t i = 0; i < g->m; i++) {
        uint32_t u = g->unknown[2 * i];
        if (g->terms[i] == 1 && is_active(g, i) && tightens(g, i, 0, direction) && !(g->stopped[u] & flag)) {
            g->stopped[u] |= flag;
            g->queue[queued++] = u;
        }
    }
    spread(g, queued, flag, direction, true);
}

/// Pull `row` at x: its violation's sign (0 when it holds), and in `*direction` the way its
/// unknown moves to shrink it.
static int violated_pull(const banded_block *g, uint32_t row, uint32_t *unknown, double *direction) {
    const solver *s = g->s;
    uint32_t u = s->local[s->reduced_variable[s->reduced_start[row]]];
    double c = s->reduced_coefficient[s->reduced_start[row]], d = s->reduced_constant[row];
    double difference = c * g->x[u] - d;
    *unknown = u;
    *direction = (difference > 0) == (c > 0) ? -1.0 : 1.0;
    return fabs(difference) > row_tolerance(d, fabs(c * g->x[u])) ? 1 : 0;
}

/// Flags the tied pulls (see the header).
static void mark_ties(banded_block *g) {
    const uint32_t *pulls = g->pulls;
    uint32_t count = g->pull_count;
    uint32_t violated = 0, unknown = 0;
    double direction = 0.0;
    for (uint32_t j = 0; j < count; j++) {
        violated += (uint32_t)violated_pull(g, pulls[j], &unknown, &direction);
    }
    if (violated < 2) {
        return;
    }
    memset(g->stopped, 0, g->n);
    mark_stopped(g, CANNOT_RISE, 1.0);
    mark_stopped(g, CANNOT_FALL, -1.0);
    for (int side = 0; side < 2; side++) {
        double way = side == 0 ? 1.0 : -1.0;
        uint8_t stop = side == 0 ? CANNOT_RISE : CANNOT_FALL, reach = side == 0 ? REACHED_RISING : REACHED_FALLING;
        uint32_t queued = 0;
        for (uint32_t j = 0; j < count; j++) {
            if (violated_pull(g, pulls[j], &unknown, &direction) && direction == way &&
                !(g->stopped[unknown] & (stop | reach))) {
                g->stopped[unknown] |= reach;
                g->queue[queued++] = unknown;
            }
        }
        spread(g, queued, reach, way, false);
    }
    for (uint32_t j = 0; j < count; j++) {
        if (violated_pull(g, pulls[j], &unknown, &direction) && (g->stopped[unknown] & (REACHED_RISING | REACHED_FALLING))) {
            g->s->row_flags[pulls[j]] |= ROW_TIED;
        }
    }
}

// MARK: - The block

/// Carves the working set's matrix, for a band up to `band` wide, and its right-hand side.
static void carve_matrix(arena *a, banded_block *g, size_t band) {
    g->band = cnp__arena_take(a, (band + 1) * (size_t)g->m, sizeof(double));
    g->rhs = cnp__arena_take(a, g->m, sizeof(double));
}

/// The block's arrays in PART_BANDED, its rows loaded, and its matrix, for the widest band its
/// rows can make, in PART_BANDED_MATRIX. CNP_ERROR_TOO_LARGE when that matrix is over the dense
/// memory limit.
static cnp_status reserve(banded_block *g, const uint32_t *rows, uint32_t row_count) {
    solver *s = g->s;
    arena a;
    cnp_status status = CNP_OK;
    for (carve_pass pass = CARVE_MEASURE; cnp__carve_in_part(&a, &pass, s->workspace, PART_BANDED, &status);) {
        carve(&a, g);
    }
    if (status != CNP_OK) {
        return status;
    }
    load_rows(g, rows, row_count);
    size_t band = widest_band(g);
    if ((double)(band + 2) * g->m > s->options.dense_memory_limit) {
        return CNP_ERROR_TOO_LARGE;
    }
    for (carve_pass pass = CARVE_MEASURE; cnp__carve_in_part(&a, &pass, s->workspace, PART_BANDED_MATRIX, &status);) {
        carve_matrix(&a, g, band);
    }
    return status;
}

/// Whether every unknown has a pull.
static bool every_unknown_pulled(const banded_block *g) {
    for (uint32_t u = 0; u < g->n; u++) {
        if (!(g->weight[u] > 0.0)) {
            return false;
        }
    }
    return true;
}

path_result cnp__solve_banded(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                              uint32_t row_count, cnp_status *failure) {
    banded_block g = {.s = s, .n = variable_count};
    if (!fits(s, rows, row_count, &g.m)) {
        return PATH_DECLINED;
    }
    g.pull_count = row_count - g.m;
    for (uint32_t u = 0; u < variable_count; u++) {
        s->local[variables[u]] = u;
    }
    cnp_status status = reserve(&g, rows, row_count);
    if (status != CNP_OK) {
        return status == CNP_ERROR_TOO_LARGE ? PATH_DECLINED : path_ended(status, failure);
    }
    load_pulls(&g);
    if (!every_unknown_pulled(&g)) {
        return PATH_DECLINED;
    }
    status = minimize(&g);
    if (status != CNP_OK) {
        // The dense path solves what this one cannot, or refuses it; the work limit stands.
        return status == CNP_ERROR_NOT_CONVERGED ? PATH_DECLINED : path_ended(status, failure);
    }
    mark_ties(&g);
    for (uint32_t u = 0; u < variable_count; u++) {
        s->rep_value[variables[u]] = g.x[u];
    }
    s->report.blocks++;
    s->report.dense_variables += variable_count;
    s->report.levels += (g.m > 0) + 1;
    if (variable_count > s->report.largest_block) {
        s->report.largest_block = variable_count;
    }
    return PATH_SOLVED;
}
