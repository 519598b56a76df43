/*
 * A dense block's state (level/dense.h): carving its arrays, starting it, loading a level's
 * rows, moving x, and locking a level once solved. Also the order of a block's levels.
 */
#include "level/dense.h"

#include <string.h>

static size_t max_size(size_t a, size_t b) {
    return a > b ? a : b;
}

/// Carves the block's arrays; with `a->base` NULL only measures.
static void carve(arena *a, dense_block *d, uint32_t n, uint32_t row_count) {
    size_t objective = max_size(max_size(row_count, n), 1), inequality = max_size(row_count, 1);
    size_t side = max_size(n, 1), widest = max_size(objective, side);
    d->objective_capacity = (uint32_t)objective;
    d->inequality_capacity = (uint32_t)inequality;
    d->reference_weight = cnp__arena_take(a, side, sizeof(double));
    d->reference_target = cnp__arena_take(a, side, sizeof(double));
    d->z = cnp__arena_take(a, side * side, sizeof(double));
    d->z_spare = cnp__arena_take(a, side * side, sizeof(double));
    d->x = cnp__arena_take(a, side, sizeof(double));
    d->objective_row = cnp__arena_take(a, objective, sizeof(uint32_t));
    d->objective_unknown = cnp__arena_take(a, objective, sizeof(uint32_t));
    d->objective_sign = cnp__arena_take(a, objective, sizeof(int8_t));
    d->objective_norm = cnp__arena_take(a, objective, sizeof(double));
    d->objective_tolerance = cnp__arena_take(a, objective, sizeof(double));
    d->a = cnp__arena_take(a, objective * side, sizeof(double));
    d->b = cnp__arena_take(a, objective, sizeof(double));
    d->slack = cnp__arena_take(a, objective, sizeof(double));
    d->in_objective = cnp__arena_take(a, objective, sizeof(uint8_t));
    d->inequality_row = cnp__arena_take(a, inequality, sizeof(uint32_t));
    d->inequality_sign = cnp__arena_take(a, inequality, sizeof(int8_t));
    d->inequality_tolerance = cnp__arena_take(a, inequality, sizeof(double));
    d->g = cnp__arena_take(a, inequality * side, sizeof(double));
    d->h = cnp__arena_take(a, inequality, sizeof(double));
    d->in_working_set = cnp__arena_take(a, inequality, sizeof(uint8_t));
    d->working_set = cnp__arena_take(a, inequality, sizeof(uint32_t));
    d->working_pivot = cnp__arena_take(a, inequality, sizeof(uint32_t));
    d->y = cnp__arena_take(a, side, sizeof(double));
    d->step = cnp__arena_take(a, side, sizeof(double));
    d->gradient = cnp__arena_take(a, side, sizeof(double));
    d->multiplier = cnp__arena_take(a, inequality, sizeof(double));
    d->m = cnp__arena_take(a, side * objective, sizeof(double));
    d->working_tau = cnp__arena_take(a, side, sizeof(double));
    d->basis = cnp__arena_take(a, side * side, sizeof(double));
    d->ls_matrix = cnp__arena_take(a, objective * side, sizeof(double));
    d->ls_rhs = cnp__arena_take(a, widest, sizeof(double));
    d->ls_solution = cnp__arena_take(a, side, sizeof(double));
    d->row_scratch = cnp__arena_take(a, inequality, sizeof(uint32_t));
    d->row_scratch2 = cnp__arena_take(a, inequality, sizeof(uint32_t));
    d->scratch.work_count = max_size(cnp__lapack_scratch_count((uint32_t)widest), widest);
    d->scratch.work = cnp__arena_take(a, d->scratch.work_count, sizeof(double));
    d->scratch.pivot = cnp__arena_take(a, widest, sizeof(int));
    d->scratch.tau = cnp__arena_take(a, widest, sizeof(double));
    d->scratch.second_tau = cnp__arena_take(a, side, sizeof(double));
    d->scratch.triangle = cnp__arena_take(a, side * side, sizeof(double));
}

static kernel choose_kernel(const solver_options *options, uint32_t n) {
    bool tiny = options->kernel == KERNEL_TINY || (options->kernel == KERNEL_AUTO && n <= options->tiny_limit);
    return tiny ? (kernel){cnp__tiny_pivoted_qr, cnp__tiny_least_squares}
                : (kernel){cnp__lapack_pivoted_qr, cnp__lapack_least_squares};
}

/// Carves the block's arrays out of PART_DENSE of the solver's workspace, from nothing.
static cnp_status carve_anew(solver *s, dense_block *d, uint32_t n, uint32_t row_count, size_t *bytes) {
    memset(d, 0, sizeof(*d));
    size_t objective = max_size(max_size(row_count, n), 1);
    double doubles = 5.0 * n * (double)n + (3.0 * objective + (double)row_count) * n;
    if (n > s->options.dense_limit || doubles > s->options.dense_memory_limit) {
        return CNP_ERROR_TOO_LARGE;
    }
    arena a;
    cnp_status status = CNP_OK;
    for (carve_pass pass = CARVE_MEASURE; cnp__carve_in_part(&a, &pass, s->workspace, PART_DENSE, &status);) {
        carve(&a, d, n, row_count);
    }
    *bytes = a.reserved;
    return status;
}

cnp_status cnp__dense_reserve(solver *s, dense_block *d, const uint32_t *variables, uint32_t n, uint32_t row_count) {
    dense_carving *last = s->carving;
    if (last != NULL && last->memory != NULL && last->n == n && last->row_count == row_count &&
        cnp_workspace_reserve_part(s->workspace, PART_DENSE, last->bytes) == last->memory) {
        *d = last->block;
    } else {
        size_t bytes = 0;
        cnp_status status = carve_anew(s, d, n, row_count, &bytes);
        if (status != CNP_OK) {
            return status;
        }
        if (last != NULL) {
            *last = (dense_carving){n, row_count, bytes, cnp_workspace_reserve_part(s->workspace, PART_DENSE, bytes), *d};
        }
    }
    d->s = s;
    d->recorder = s->recorder;
    d->start = NULL;
    d->n = n;
    d->variables = variables;
    d->kernel = choose_kernel(&s->options, n);
    return CNP_OK;
}

void cnp__dense_start(dense_block *d) {
    uint32_t n = d->n;
    d->k = n;
    for (uint32_t j = 0; j < n; j++) {
        d->x[j] = 0.0;
        for (uint32_t i = 0; i < n; i++) {
            d->z[i + (size_t)n * j] = i == j ? 1.0 : 0.0;
        }
    }
    d->inequality_count = 0;
    d->objective_count = 0;
}

double cnp__dense_project_row(const dense_block *d, uint32_t row, double sign, double *out, size_t stride,
                              double *magnitude, double *norm) {
    const solver *s = d->s;
    uint32_t start = s->reduced_start[row], count = s->reduced_count[row];
    double value = 0.0, sum_abs = 0.0, sum_squares = 0.0;
    for (uint32_t c = 0; c < d->k; c++) {
        out[stride * c] = 0.0;
    }
    for (uint32_t t = start; t < start + count; t++) {
        uint32_t u = s->local[s->reduced_variable[t]];
        double coefficient = s->reduced_coefficient[t];
        value += coefficient * d->x[u];
        sum_abs += fabs(coefficient * d->x[u]);
        sum_squares += coefficient * coefficient;
        for (uint32_t c = 0; c < d->k; c++) {
            out[stride * c] += sign * coefficient * d->z[u + (size_t)d->n * c];
        }
    }
    *magnitude = sum_abs;
    *norm = sqrt(sum_squares);
    return value;
}

void cnp__dense_load_inequalities(dense_block *d) {
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        uint32_t row = d->inequality_row[i];
        double sign = d->inequality_sign[i], magnitude = 0.0, norm = 0.0;
        double *out = &d->g[i];
        double value = cnp__dense_project_row(d, row, sign, out, d->inequality_capacity, &magnitude, &norm);
        double constant = d->s->reduced_constant[row];
        double unit = norm > 0 ? 1.0 / norm : 0.0;
        for (uint32_t c = 0; c < d->k; c++) {
            out[(size_t)d->inequality_capacity * c] *= unit;
        }
        d->h[i] = sign * (constant - value) * unit;
        d->inequality_tolerance[i] = row_tolerance(constant, magnitude) * unit;
    }
}

void cnp__dense_load_rows(dense_block *d, const uint32_t *rows, uint32_t count) {
    solver *s = d->s;
    d->objective_count = count;
    double nonzeros = 0.0;
    for (uint32_t j = 0; j < count; j++) {
        uint32_t row = rows[j];
        int8_t sign = relation_sign(solver_row(s, row)->relation);
        double magnitude = 0.0, norm = 0.0, constant = s->reduced_constant[row];
        double value = cnp__dense_project_row(d, row, sign == 0 ? 1.0 : sign, &d->a[j], d->objective_capacity, &magnitude, &norm);
        d->objective_row[j] = row;
        d->objective_unknown[j] = NONE;
        d->objective_sign[j] = sign;
        d->objective_norm[j] = norm;
        d->b[j] = (sign == 0 ? 1.0 : sign) * (constant - value);
        d->objective_tolerance[j] = row_tolerance(constant, magnitude);
        nonzeros += s->reduced_count[row];
    }
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        nonzeros += s->reduced_count[d->inequality_row[i]];
    }
    cnp__dense_load_inequalities(d);
    (void)solver_spend(d->s, 2.0 * nonzeros * d->k); // checked by the next kernel call
}

void cnp__dense_load_reference(dense_block *d) {
    uint32_t n = d->n;
    d->objective_count = n;
    for (uint32_t u = 0; u < n; u++) {
        double weight = d->reference_weight[u];
        for (uint32_t c = 0; c < d->k; c++) {
            d->a[u + (size_t)d->objective_capacity * c] = weight * d->z[u + (size_t)n * c];
        }
        d->objective_row[u] = NONE;
        d->objective_unknown[u] = u;
        d->objective_sign[u] = 0;
        d->objective_norm[u] = weight;
        d->b[u] = d->reference_target[u] - weight * d->x[u];
        d->objective_tolerance[u] = row_tolerance(d->reference_target[u], fabs(weight * d->x[u]));
    }
    cnp__dense_load_inequalities(d);
}

void cnp__dense_move(dense_block *d) {
    for (uint32_t c = 0; c < d->k; c++) {
        double yc = d->y[c];
        if (yc == 0.0) {
            continue;
        }
        for (uint32_t i = 0; i < d->n; i++) {
            d->x[i] += d->z[i + (size_t)d->n * c] * yc;
        }
    }
}

double cnp__dense_row_violation(const dense_block *d, uint32_t row, double *tolerance) {
    const solver *s = d->s;
    uint32_t start = s->reduced_start[row], count = s->reduced_count[row];
    double value = 0.0, magnitude = 0.0;
    for (uint32_t t = start; t < start + count; t++) {
        double term = s->reduced_coefficient[t] * d->x[s->local[s->reduced_variable[t]]];
        value += term;
        magnitude += fabs(term);
    }
    double constant = s->reduced_constant[row];
    *tolerance = row_tolerance(constant, magnitude);
    return row_violation(solver_row(s, row)->relation, value, constant);
}

cnp_status cnp__dense_lock(dense_block *d) {
    uint32_t k = d->k, locked = 0;
    for (uint32_t j = 0; j < d->objective_count; j++) {
        uint32_t row = d->objective_row[j];
        double tolerance = 0.0;
        double violation = cnp__dense_row_violation(d, row, &tolerance);
        if (d->objective_sign[j] != 0 && fabs(violation) <= tolerance) {
            d->inequality_row[d->inequality_count] = row;
            d->inequality_sign[d->inequality_count] = d->objective_sign[j];
            d->inequality_count++;
            continue;
        }
        if (d->objective_norm[j] == 0.0) {
            continue; // a row without unknowns restricts no direction
        }
        for (uint32_t c = 0; c < k; c++) {
            d->m[c + (size_t)k * locked] = d->a[j + (size_t)d->objective_capacity * c] / d->objective_norm[j];
        }
        locked++;
    }
    if (locked == 0 || k == 0) {
        return CNP_OK;
    }
    uint32_t steps = k < locked ? k : locked;
    cnp_status status = solver_spend(d->s, 4.0 * k * k * (double)locked + 4.0 * d->n * (double)k * steps);
    if (status != CNP_OK) {
        return status;
    }
    uint32_t rank = 0;
    status = d->kernel.pivoted_qr(k, locked, d->m, NULL, RANK_TOLERANCE, &rank, &d->scratch);
    if (status != CNP_OK || rank == 0) {
        return status;
    }
    // Z <- Z Q, whose trailing k - rank columns are the directions that keep every locked row
    // where it is; they move to the front.
    uint32_t n = d->n, remaining = k - rank;
    cnp__times_reflectors(d->m, d->k, d->scratch.tau, steps, d->z, n, d->ls_rhs);
    memmove(d->z, d->z + (size_t)n * rank, sizeof(double) * n * remaining);
    d->k = remaining;
    return CNP_OK;
}

void cnp__sort_by_level(const solver *s, uint32_t *rows, uint32_t count, uint32_t *spare) {
    for (uint32_t width = 1; width < count; width *= 2) {
        for (uint32_t left = 0; left < count; left += 2 * width) {
            uint32_t middle = left + width < count ? left + width : count;
            uint32_t right = middle + width < count ? middle + width : count;
            uint32_t i = left, j = middle, out = left;
            while (i < middle && j < right) {
                bool take_right = solver_row(s, rows[j])->priority > solver_row(s, rows[i])->priority;
                spare[out++] = take_right ? rows[j++] : rows[i++];
            }
            while (i < middle) {
                spare[out++] = rows[i++];
            }
            while (j < right) {
                spare[out++] = rows[j++];
            }
        }
        memcpy(rows, spare, sizeof(uint32_t) * count);
    }
}
