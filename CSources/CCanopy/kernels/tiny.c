/*
 * The dense kernels by hand, for blocks of a few unknowns.
 *
 * The same algorithms as the LAPACK kernel (Householder QR with column pivoting, a complete
 * orthogonal factorization for the minimum-norm solution), without LAPACK's blocking and call
 * overhead, which dominate when a matrix has a handful of columns. Column norms are recomputed
 * at each step rather than downdated: exact, and cheap at this size.
 */
#include "kernels/kernels.h"

/// Householder reflector for x = (alpha, tail): H x = (beta, 0), H = I - tau v v^T, v[0] = 1.
/// Scales `tail` into v's tail in place and returns tau; writes beta. LAPACK's dlarfg convention.
static double make_reflector(double *alpha, double *tail, uint32_t tail_count) {
    double tail_norm = 0.0;
    for (uint32_t i = 0; i < tail_count; i++) {
        tail_norm = hypot(tail_norm, tail[i]);
    }
    if (tail_norm == 0.0) {
        return 0.0;
    }
    double beta = -copysign(hypot(*alpha, tail_norm), *alpha);
    double tau = (beta - *alpha) / beta;
    double inverse = 1.0 / (*alpha - beta);
    for (uint32_t i = 0; i < tail_count; i++) {
        tail[i] *= inverse;
    }
    *alpha = beta;
    return tau;
}

/// Applies H = I - tau v v^T (v = (1, tail), of length `count`) to the vector `x`.
static void apply_reflector(const double *tail, double tau, double *x, uint32_t count) {
    if (tau == 0.0) {
        return;
    }
    double dot = x[0];
    for (uint32_t i = 1; i < count; i++) {
        dot += tail[i - 1] * x[i];
    }
    dot *= tau;
    x[0] -= dot;
    for (uint32_t i = 1; i < count; i++) {
        x[i] -= dot * tail[i - 1];
    }
}

static double column_norm_squared(const double *column, uint32_t count) {
    double sum = 0.0;
    for (uint32_t i = 0; i < count; i++) {
        sum += column[i] * column[i];
    }
    return sum;
}

static void swap_columns(double *m, uint32_t rows, uint32_t a, uint32_t b) {
    for (uint32_t i = 0; i < rows; i++) {
        double t = m[i + (size_t)rows * a];
        m[i + (size_t)rows * a] = m[i + (size_t)rows * b];
        m[i + (size_t)rows * b] = t;
    }
}

/// Factors `m` (rows x cols) in place: R above the diagonal, reflectors below, tau and pivot.
static void factor_pivoted(uint32_t rows, uint32_t cols, double *m, double *tau, int *pivot) {
    uint32_t steps = rows < cols ? rows : cols;
    for (uint32_t j = 0; j < cols; j++) {
        pivot[j] = (int)j;
    }
    for (uint32_t i = 0; i < steps; i++) {
        // The remaining column of largest norm goes next; the first one wins a tie.
        uint32_t best = i;
        double best_norm = -1.0;
        for (uint32_t j = i; j < cols; j++) {
            double norm = column_norm_squared(&m[i + (size_t)rows * j], rows - i);
            if (norm > best_norm) {
                best_norm = norm;
                best = j;
            }
        }
        if (best != i) {
            swap_columns(m, rows, i, best);
            int t = pivot[i];
            pivot[i] = pivot[best];
            pivot[best] = t;
        }
        double *column = &m[i + (size_t)rows * i];
        tau[i] = make_reflector(column, column + 1, rows - i - 1);
        for (uint32_t j = i + 1; j < cols; j++) {
            apply_reflector(column + 1, tau[i], &m[i + (size_t)rows * j], rows - i);
        }
    }
}

cnp_status cnp__tiny_pivoted_qr(uint32_t rows, uint32_t cols, double *m, double *q, double tolerance, uint32_t *rank,
                                kernel_scratch *scratch) {
    uint32_t steps = rows < cols ? rows : cols;
    factor_pivoted(rows, cols, m, scratch->tau, scratch->pivot);
    *rank = kernel_leading_rank(m, rows, steps, tolerance);
    if (q == NULL) {
        return CNP_OK;
    }
    // Q = H_0 H_1 ... applied to the identity, innermost reflector first.
    for (uint32_t j = 0; j < rows; j++) {
        for (uint32_t i = 0; i < rows; i++) {
            q[i + (size_t)rows * j] = i == j ? 1.0 : 0.0;
        }
    }
    for (uint32_t s = steps; s-- > 0;) {
        const double *tail = &m[s + 1 + (size_t)rows * s];
        for (uint32_t j = s; j < rows; j++) {
            apply_reflector(tail, scratch->tau[s], &q[s + (size_t)rows * j], rows - s);
        }
    }
    return CNP_OK;
}

cnp_status cnp__tiny_least_squares(uint32_t rows, uint32_t cols, double *b, double *c, double *z, double floor,
                                   kernel_scratch *scratch) {
    uint32_t steps = rows < cols ? rows : cols;
    for (uint32_t j = 0; j < cols; j++) {
        z[j] = 0.0;
    }
    if (steps == 0) {
        return CNP_OK;
    }
    int *pivot = scratch->pivot;
    factor_pivoted(rows, cols, b, scratch->tau, pivot);
    for (uint32_t s = 0; s < steps; s++) {
        apply_reflector(&b[s + 1 + (size_t)rows * s], scratch->tau[s], &c[s], rows - s);
    }
    uint32_t rank = kernel_leading_rank(b, rows, steps, fmax(floor, SOLVE_RANK_TOLERANCE * fabs(b[0])));
    if (rank == 0) {
        return CNP_OK;
    }
    if (rank == cols) {
        for (uint32_t i = rank; i-- > 0;) {
            double sum = c[i];
            for (uint32_t j = i + 1; j < rank; j++) {
                sum -= b[i + (size_t)rows * j] * c[j];
            }
            c[i] = sum / b[i + (size_t)rows * i];
        }
        for (uint32_t i = 0; i < rank; i++) {
            z[pivot[i]] = c[i];
        }
        return CNP_OK;
    }
    // Rank-deficient: [R11 R12]^T = U S, and the minimum-norm solution is U S^-T (Q^T c)[0..<rank].
    double *t = scratch->triangle;
    double *tau = scratch->second_tau;
    for (uint32_t i = 0; i < rank; i++) {
        for (uint32_t l = 0; l < cols; l++) {
            t[l + (size_t)cols * i] = l < i ? 0.0 : b[i + (size_t)rows * l];
        }
    }
    for (uint32_t i = 0; i < rank; i++) {
        double *column = &t[i + (size_t)cols * i];
        tau[i] = make_reflector(column, column + 1, cols - i - 1);
        for (uint32_t j = i + 1; j < rank; j++) {
            apply_reflector(column + 1, tau[i], &t[i + (size_t)cols * j], cols - i);
        }
    }
    for (uint32_t i = 0; i < rank; i++) {
        double sum = c[i];
        for (uint32_t j = 0; j < i; j++) {
            sum -= t[j + (size_t)cols * i] * c[j]; // S^T[i][j] = S[j][i]
        }
        c[i] = sum / t[i + (size_t)cols * i];
    }
    double *v = scratch->work;
    for (uint32_t l = 0; l < cols; l++) {
        v[l] = l < rank ? c[l] : 0.0;
    }
    for (uint32_t s = rank; s-- > 0;) {
        apply_reflector(&t[s + 1 + (size_t)cols * s], tau[s], &v[s], cols - s);
    }
    for (uint32_t l = 0; l < cols; l++) {
        z[pivot[l]] = v[l];
    }
    return CNP_OK;
}
