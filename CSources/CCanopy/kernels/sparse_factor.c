/*
 * The sparse kernel: rows C factored as C C^T + beta I by CHOLMOD, for projections onto the
 * null space of C and smallest solutions of C x = d (see kernels/sparse_factor.h).
 */
#include "kernels/sparse_factor.h"

#include <stdlib.h>
#include <suitesparse/cholmod.h>

/// Rounds of refinement: each takes beta's bias down by beta / (smallest squared singular value
/// + beta), so two leave nothing of it on rows that are not nearly dependent.
#define REFINEMENT_ROUNDS 2

/// Beta against the largest squared row norm.
#define RELATIVE_BETA 1e-12

typedef struct factor_state {
    cholmod_common common;
    /// C, m x n, compressed by column (one column per unknown); NULL when there are no rows.
    cholmod_sparse *c;
    cholmod_factor *l;
    /// The right-hand side of a solve, and CHOLMOD's reusable solve workspaces.
    cholmod_dense *rhs, *solution, *y, *e;
} factor_state;

static void release(factor_state *f) {
    cholmod_free_sparse(&f->c, &f->common);
    cholmod_free_factor(&f->l, &f->common);
    cholmod_free_dense(&f->rhs, &f->common);
    cholmod_free_dense(&f->solution, &f->common);
    cholmod_free_dense(&f->y, &f->common);
    cholmod_free_dense(&f->e, &f->common);
}

static factor_state *state_of(sparse_factor *factor) {
    if (factor->state == NULL) {
        factor_state *f = calloc(1, sizeof(factor_state));
        if (f == NULL) {
            return NULL;
        }
        cholmod_start(&f->common);
        f->common.print = 0;
        // One fixed ordering: the same rows give the same factor, and so the same bits.
        f->common.nmethods = 1;
        f->common.method[0].ordering = CHOLMOD_AMD;
        f->common.postorder = 1;
        factor->state = f;
    }
    return factor->state;
}

/// C transposed into compressed columns (one per unknown), rows ascending within a column.
static cholmod_sparse *columns_of(const sparse_rows *rows, cholmod_common *common, double *largest_norm) {
    size_t nonzeros = rows->start[rows->count];
    cholmod_sparse *c = cholmod_allocate_sparse(rows->count, rows->unknown_count, nonzeros, 1, 1, 0, CHOLMOD_REAL,
                                                common);
    if (c == NULL) {
        return NULL;
    }
    int *p = c->p, *i = c->i;
    double *x = c->x;
    memset(p, 0, sizeof(int) * (rows->unknown_count + 1));
    for (size_t t = 0; t < nonzeros; t++) {
        p[rows->unknown[t] + 1]++;
    }
    for (uint32_t u = 0; u < rows->unknown_count; u++) {
        p[u + 1] += p[u];
    }
    int *next = malloc(sizeof(int) * (rows->unknown_count + 1));
    if (next == NULL) {
        cholmod_free_sparse(&c, common);
        return NULL;
    }
    memcpy(next, p, sizeof(int) * rows->unknown_count);
    *largest_norm = 0.0;
    for (uint32_t r = 0; r < rows->count; r++) {
        double squares = 0.0;
        for (uint32_t t = rows->start[r]; t < rows->start[r + 1]; t++) {
            int slot = next[rows->unknown[t]]++;
            i[slot] = (int)r;
            x[slot] = rows->coefficient[t];
            squares += rows->coefficient[t] * rows->coefficient[t];
        }
        *largest_norm = fmax(*largest_norm, squares);
    }
    free(next);
    return c;
}

cnp_status cnp__sparse_factor_rows(sparse_factor *factor, const sparse_rows *rows) {
    factor_state *f = state_of(factor);
    if (f == NULL) {
        return CNP_ERROR_OUT_OF_MEMORY;
    }
    release(f);
    if (rows->count == 0) {
        return CNP_OK;
    }
    double largest_norm = 0.0;
    f->c = columns_of(rows, &f->common, &largest_norm);
    f->rhs = cholmod_zeros(rows->count, 1, CHOLMOD_REAL, &f->common);
    if (f->c == NULL || f->rhs == NULL) {
        release(f);
        return CNP_ERROR_OUT_OF_MEMORY;
    }
    f->l = cholmod_analyze(f->c, &f->common);
    double beta[2] = {RELATIVE_BETA * fmax(largest_norm, 1.0), 0.0};
    if (f->l == NULL || !cholmod_factorize_p(f->c, beta, NULL, 0, f->l, &f->common) ||
        f->common.status != CHOLMOD_OK || f->l->minor < f->l->n) {
        bool memory = f->common.status == CHOLMOD_OUT_OF_MEMORY;
        release(f);
        return memory ? CNP_ERROR_OUT_OF_MEMORY : CNP_ERROR_NOT_CONVERGED;
    }
    return CNP_OK;
}

/// rhs <- C v.
static void multiply(const cholmod_sparse *c, const double *v, double *out) {
    const int *p = c->p, *i = c->i;
    const double *x = c->x;
    memset(out, 0, sizeof(double) * c->nrow);
    for (size_t u = 0; u < c->ncol; u++) {
        for (int t = p[u]; t < p[u + 1]; t++) {
            out[i[t]] += x[t] * v[u];
        }
    }
}

/// v += sign * C^T y.
static void add_transposed(const cholmod_sparse *c, const double *y, double sign, double *v) {
    const int *p = c->p, *i = c->i;
    const double *x = c->x;
    for (size_t u = 0; u < c->ncol; u++) {
        double sum = 0.0;
        for (int t = p[u]; t < p[u + 1]; t++) {
            sum += x[t] * y[i[t]];
        }
        v[u] += sign * sum;
    }
}

/// The solution of (C C^T + beta I) y = rhs, in f->solution.
static cnp_status solve(factor_state *f) {
    if (!cholmod_solve2(CHOLMOD_A, f->l, f->rhs, NULL, &f->solution, NULL, &f->y, &f->e, &f->common)) {
        return f->common.status == CHOLMOD_OUT_OF_MEMORY ? CNP_ERROR_OUT_OF_MEMORY : CNP_ERROR_NOT_CONVERGED;
    }
    return CNP_OK;
}

cnp_status cnp__sparse_project(sparse_factor *factor, double *v) {
    factor_state *f = factor->state;
    if (f == NULL || f->c == NULL) {
        return CNP_OK;
    }
    for (int round = 0; round <= REFINEMENT_ROUNDS; round++) {
        multiply(f->c, v, f->rhs->x);
        cnp_status status = solve(f);
        if (status != CNP_OK) {
            return status;
        }
        add_transposed(f->c, f->solution->x, -1.0, v);
    }
    return CNP_OK;
}

cnp_status cnp__sparse_smallest_solution(sparse_factor *factor, const double *d, double *x) {
    factor_state *f = factor->state;
    size_t n = f != NULL && f->c != NULL ? f->c->ncol : 0;
    memset(x, 0, sizeof(double) * n);
    if (n == 0) {
        return CNP_OK;
    }
    double *residual = f->rhs->x;
    for (int round = 0; round <= REFINEMENT_ROUNDS; round++) {
        multiply(f->c, x, residual);
        for (size_t r = 0; r < f->c->nrow; r++) {
            residual[r] = d[r] - residual[r];
        }
        cnp_status status = solve(f);
        if (status != CNP_OK) {
            return status;
        }
        add_transposed(f->c, f->solution->x, 1.0, x);
    }
    return CNP_OK;
}

void cnp__sparse_factor_free(sparse_factor *factor) {
    factor_state *f = factor->state;
    if (f != NULL) {
        release(f);
        cholmod_finish(&f->common);
        free(f);
    }
    factor->state = NULL;
}
