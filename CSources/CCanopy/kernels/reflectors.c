/*
 * The orthogonal factor of a pivoted QR applied from its reflectors, never formed.
 *
 * Q = H_0 H_1 ... H_{s-1}, H_j = I - tau_j v_j v_j^T, with v_j = (1, the entries of m below the
 * diagonal in column j) from row j on. A level that locks a row or two of a large block, or a
 * working set of a few inequalities, has few reflectors: applying them costs O(k s) per vector,
 * where forming the k x k factor costs O(k^2 s) and each product with it O(k^2).
 */
#include "kernels/kernels.h"

#include <string.h>

/// v <- H_j v (H_j is its own inverse and transpose).
static void reflect(const double *m, uint32_t k, const double *tau, uint32_t j, double *v) {
    if (tau[j] == 0.0) {
        return;
    }
    const double *tail = &m[j + 1 + (size_t)k * j];
    double dot = v[j];
    for (uint32_t i = j + 1; i < k; i++) {
        dot += tail[i - j - 1] * v[i];
    }
    dot *= tau[j];
    v[j] -= dot;
    for (uint32_t i = j + 1; i < k; i++) {
        v[i] -= dot * tail[i - j - 1];
    }
}

void cnp__apply_reflectors(const double *m, uint32_t k, const double *tau, uint32_t steps, double *v, bool transposed) {
    for (uint32_t s = 0; s < steps; s++) {
        reflect(m, k, tau, transposed ? s : steps - 1 - s, v);
    }
}

void cnp__times_reflectors(const double *m, uint32_t k, const double *tau, uint32_t steps, double *c, uint32_t rows,
                           double *w) {
    for (uint32_t s = 0; s < steps; s++) {
        if (tau[s] == 0.0) {
            continue;
        }
        // c H_s = c - tau (c v) v^T, over columns s..<k; the columns are contiguous, the rows not.
        const double *tail = &m[s + 1 + (size_t)k * s];
        double *first = &c[(size_t)rows * s];
        memcpy(w, first, sizeof(double) * rows);
        for (uint32_t l = s + 1; l < k; l++) {
            const double *column = &c[(size_t)rows * l];
            double v = tail[l - s - 1];
            for (uint32_t i = 0; i < rows; i++) {
                w[i] += column[i] * v;
            }
        }
        for (uint32_t i = 0; i < rows; i++) {
            first[i] -= tau[s] * w[i];
        }
        for (uint32_t l = s + 1; l < k; l++) {
            double *column = &c[(size_t)rows * l];
            double factor = tau[s] * tail[l - s - 1];
            for (uint32_t i = 0; i < rows; i++) {
                column[i] -= factor * w[i];
            }
        }
    }
}
