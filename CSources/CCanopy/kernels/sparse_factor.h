/*
 * The sparse kernel: it keeps rows C (m rows over n unknowns) as a sparse Cholesky factor of
 * C C^T + beta I (CHOLMOD), through which it projects vectors onto the null space of C and
 * finds the smallest x with C x = d. Beta, tiny against the rows' squared norms, lets rows that
 * depend on one another (a locked row that repeats others) be factored at all; a few rounds of
 * refinement take its bias out again wherever the rows are independent.
 */
#ifndef CNP_KERNELS_SPARSE_FACTOR_H
#define CNP_KERNELS_SPARSE_FACTOR_H

#include "base/rows.h"

#include <stdint.h>

/// Rows as compressed sparse rows: row i has unknowns unknown[start[i] ..< start[i + 1]] with
/// those coefficients.
typedef struct sparse_rows {
    uint32_t count;
    uint32_t unknown_count;
    const uint32_t *start;
    const uint32_t *unknown;
    const double *coefficient;
} sparse_rows;

/// A factored set of rows; all zeros is an empty one (projection is then the identity).
typedef struct sparse_factor {
    void *state;
} sparse_factor;

/// Factors `rows` into `factor`, replacing what it held. CNP_ERROR_OUT_OF_MEMORY when the
/// library cannot allocate, CNP_ERROR_NOT_CONVERGED when the factorization fails.
cnp_status cnp__sparse_factor_rows(sparse_factor *factor, const sparse_rows *rows);

/// `v` (unknown_count long) projected onto the null space of the factored rows, in place.
cnp_status cnp__sparse_project(sparse_factor *factor, double *v);

/// The smallest `x` (unknown_count long, overwritten) with C x = `d` (count long), when the
/// rows are consistent; a least-squares compromise otherwise.
cnp_status cnp__sparse_smallest_solution(sparse_factor *factor, const double *d, double *x);

/// Frees what the factor holds and empties it.
void cnp__sparse_factor_free(sparse_factor *factor);

#endif
