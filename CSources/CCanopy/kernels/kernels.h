/*
 * The kernels: dense factorizations (LAPACK, and by hand for tiny blocks) and a QR's
 * orthogonal factor applied from its reflectors. The sparse factorization has its own header
 * (kernels/sparse_factor.h). Kernels know matrices, not the solver.
 */
#ifndef CNP_KERNELS_H
#define CNP_KERNELS_H

#include "base/rows.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/// The number of leading diagonal entries of R (in `m`, leading dimension `rows`, after a
/// pivoted QR of `steps` steps) above `threshold` in magnitude: the rank both kernels report.
static inline uint32_t kernel_leading_rank(const double *m, uint32_t rows, uint32_t steps, double threshold) {
    uint32_t rank = 0;
    while (rank < steps && fabs(m[rank + (size_t)rows * rank]) > threshold) {
        rank++;
    }
    return rank;
}

/// v (k long) replaced by Q v, or Q^T v when `transposed`, for Q the orthogonal factor of a
/// pivoted QR of a k-row matrix left as its first `steps` reflectors: below the diagonal of the
/// column-major k-row matrix `m`, with `tau` (kernel_pivoted_qr with q NULL).
void cnp__apply_reflectors(const double *m, uint32_t k, const double *tau, uint32_t steps, double *v, bool transposed);
/// c (rows x k, column-major, leading dimension rows) replaced by c Q, for Q as in
/// cnp__apply_reflectors; `w` is scratch of `rows` doubles.
void cnp__times_reflectors(const double *m, uint32_t k, const double *tau, uint32_t steps, double *c, uint32_t rows,
                           double *w);

#endif
