/*
 * The dense kernels through LAPACK (LAPACKE's column-major _work entry points, which allocate
 * nothing: every array comes from the caller's workspace).
 *
 * dgeqp3 is the rank-revealing QR; dorgqr forms its orthogonal factor, whose trailing columns
 * span the null space of the factored rows. The minimum-norm least-squares solve is dgeqp3
 * followed by a QR of [R11 R12]^T (a complete orthogonal factorization, as dgelsy does), with
 * the rank decided by the same rule as the tiny kernel so that both agree.
 */
#include "kernels/kernels.h"

#include <lapacke.h>

/// Enough for dgeqp3, dgeqrf, dorgqr and dormqr at their blocked optimum (block size 64, and
/// the 4160-double triangular factor newer dormqr keeps in its work array).
size_t cnp__lapack_scratch_count(uint32_t dimension) {
    return 3 * (size_t)dimension + 1 + ((size_t)dimension + 1) * 64 + 4160;
}

static lapack_int work_size(const kernel_scratch *scratch) {
    return scratch->work_count > (size_t)INT32_MAX ? INT32_MAX : (lapack_int)scratch->work_count;
}

/// dgeqp3 on `m`, with `pivot` turned into 0-based original columns.
static cnp_status factor_pivoted(uint32_t rows, uint32_t cols, double *m, kernel_scratch *scratch) {
    lapack_int *jpvt = (lapack_int *)scratch->pivot;
    for (uint32_t j = 0; j < cols; j++) {
        jpvt[j] = 0; // every column free to move
    }
    lapack_int info = LAPACKE_dgeqp3_work(LAPACK_COL_MAJOR, (lapack_int)rows, (lapack_int)cols, m,
                                          (lapack_int)rows, jpvt, scratch->tau, scratch->work, work_size(scratch));
    if (info != 0) {
        return CNP_ERROR_BAD_ARGUMENT; // only argument errors are reported, and none should occur
    }
    for (uint32_t j = 0; j < cols; j++) {
        jpvt[j] -= 1;
    }
    return CNP_OK;
}

cnp_status cnp__lapack_pivoted_qr(uint32_t rows, uint32_t cols, double *m, double *q, double tolerance, uint32_t *rank,
                                  kernel_scratch *scratch) {
    uint32_t steps = rows < cols ? rows : cols;
    *rank = 0;
    if (rows == 0) {
        return CNP_OK;
    }
    if (cols > 0) {
        cnp_status status = factor_pivoted(rows, cols, m, scratch);
        if (status != CNP_OK) {
            return status;
        }
    }
    *rank = kernel_leading_rank(m, rows, steps, tolerance);
    if (q == NULL) {
        return CNP_OK;
    }
    for (uint32_t j = 0; j < rows; j++) {
        for (uint32_t i = 0; i < rows; i++) {
            q[i + (size_t)rows * j] = j < steps && i > j ? m[i + (size_t)rows * j] : 0.0;
        }
    }
    lapack_int info = LAPACKE_dorgqr_work(LAPACK_COL_MAJOR, (lapack_int)rows, (lapack_int)rows, (lapack_int)steps, q,
                                          (lapack_int)rows, scratch->tau, scratch->work, work_size(scratch));
    return info == 0 ? CNP_OK : CNP_ERROR_BAD_ARGUMENT;
}

cnp_status cnp__lapack_least_squares(uint32_t rows, uint32_t cols, double *b, double *c, double *z, double floor,
                                     kernel_scratch *scratch) {
    uint32_t steps = rows < cols ? rows : cols;
    for (uint32_t j = 0; j < cols; j++) {
        z[j] = 0.0;
    }
    if (steps == 0) {
        return CNP_OK;
    }
    cnp_status status = factor_pivoted(rows, cols, b, scratch);
    if (status != CNP_OK) {
        return status;
    }
    lapack_int info = LAPACKE_dormqr_work(LAPACK_COL_MAJOR, 'L', 'T', (lapack_int)rows, 1, (lapack_int)steps, b,
                                          (lapack_int)rows, scratch->tau, c, (lapack_int)rows, scratch->work,
                                          work_size(scratch));
    if (info != 0) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    uint32_t rank = kernel_leading_rank(b, rows, steps, fmax(floor, SOLVE_RANK_TOLERANCE * fabs(b[0])));
    const int *pivot = scratch->pivot;
    if (rank == 0) {
        return CNP_OK;
    }
    if (rank == cols) {
        info = LAPACKE_dtrtrs_work(LAPACK_COL_MAJOR, 'U', 'N', 'N', (lapack_int)rank, 1, b, (lapack_int)rows, c,
                                   (lapack_int)rows);
        if (info != 0) {
            return CNP_ERROR_BAD_ARGUMENT;
        }
        for (uint32_t i = 0; i < rank; i++) {
            z[pivot[i]] = c[i];
        }
        return CNP_OK;
    }
    // Rank-deficient: [R11 R12]^T = U S, and the minimum-norm solution is U S^-T (Q^T c)[0..<rank].
    double *t = scratch->triangle;
    for (uint32_t i = 0; i < rank; i++) {
        for (uint32_t l = 0; l < cols; l++) {
            t[l + (size_t)cols * i] = l < i ? 0.0 : b[i + (size_t)rows * l];
        }
    }
    info = LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, (lapack_int)cols, (lapack_int)rank, t, (lapack_int)cols,
                               scratch->second_tau, scratch->work, work_size(scratch));
    if (info == 0) {
        info = LAPACKE_dtrtrs_work(LAPACK_COL_MAJOR, 'U', 'T', 'N', (lapack_int)rank, 1, t, (lapack_int)cols, c,
                                   (lapack_int)(rows > cols ? rows : cols));
    }
    if (info != 0) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    for (uint32_t l = rank; l < cols; l++) {
        c[l] = 0.0;
    }
    info = LAPACKE_dormqr_work(LAPACK_COL_MAJOR, 'L', 'N', (lapack_int)cols, 1, (lapack_int)rank, t,
                               (lapack_int)cols, scratch->second_tau, c, (lapack_int)cols, scratch->work,
                               work_size(scratch));
    if (info != 0) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    for (uint32_t l = 0; l < cols; l++) {
        z[pivot[l]] = c[l];
    }
    return CNP_OK;
}
