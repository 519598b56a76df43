/*
 * Rows as every layer of the solver reads them: when a row holds, by how much it fails, and a
 * double's bits as a word (the reuse store's keys compare bits).
 */
#ifndef CNP_BASE_ROWS_H
#define CNP_BASE_ROWS_H

#include "include/cnp_solver.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/// No index: an empty slot, a missing link, no group.
#define NONE UINT32_MAX

/// Relative tolerance for "this row holds": a row holds when its violation is at most
/// ROW_TOLERANCE * (1 + |constant| + sum |coefficient * value|), so it scales with the numbers
/// the row adds up and the rounding they carry.
#define ROW_TOLERANCE 1e-9
/// A direction of unit rows whose pivoted-QR diagonal falls below this is dependent.
#define RANK_TOLERANCE 1e-10
/// Least-squares columns below this fraction of the largest pivot, or of the largest row norm
/// before projection, are dropped (minimum norm).
#define SOLVE_RANK_TOLERANCE 1e-11
/// A variable whose row of the free-direction basis is longer than this is ambiguous.
#define AMBIGUITY_TOLERANCE 1e-8
/// Substitution divides by a coefficient only when the coefficient ratio is inside
/// [1 / SUBSTITUTION_RATIO_LIMIT, SUBSTITUTION_RATIO_LIMIT]; others go to the dense path.
#define SUBSTITUTION_RATIO_LIMIT 1e8

/// The violation of `lhs relation constant`: lhs - constant for an equality, the excess for an
/// inequality that fails, 0 for one that holds.
static inline double row_violation(int32_t relation, double lhs, double constant) {
    double difference = lhs - constant;
    if (relation == CNP_RELATION_LESS_EQUAL) {
        return difference > 0 ? difference : 0;
    }
    if (relation == CNP_RELATION_GREATER_EQUAL) {
        return difference < 0 ? difference : 0;
    }
    return difference;
}

/// +1 for `<=`, -1 for `>=`, 0 for an equality: the side of its constant a row must stay on.
static inline int8_t relation_sign(int32_t relation) {
    return relation == CNP_RELATION_LESS_EQUAL ? 1 : relation == CNP_RELATION_GREATER_EQUAL ? -1 : 0;
}

/// The tolerance of a row whose terms add up `magnitude` (sum of |coefficient * value|).
static inline double row_tolerance(double constant, double magnitude) {
    return ROW_TOLERANCE * (1.0 + fabs(constant) + magnitude);
}

/// A double's bits as a 64-bit word.
static inline uint64_t word_of(double value) {
    uint64_t word;
    memcpy(&word, &value, sizeof word);
    return word;
}

/// The double whose bits are `word`.
static inline double double_of(uint64_t word) {
    double value;
    memcpy(&value, &word, sizeof value);
    return value;
}

/// The coefficient of term `t` of `system`, from whichever array it gives.
static inline double system_coefficient(const cnp_system *system, uint32_t t) {
    if (system->term_coefficients != NULL) {
        return system->term_coefficients[t];
    }
    return system->term_coefficients_single != NULL ? (double)system->term_coefficients_single[t]
                                                    : 0.5 * (double)system->term_coefficient_halves[t];
}

/// Whether `system` gives its terms' coefficients in one of its arrays.
static inline bool system_has_coefficients(const cnp_system *system) {
    return system->term_coefficients != NULL || system->term_coefficients_single != NULL ||
           system->term_coefficient_halves != NULL;
}

/// The left-hand side of row `r` of `system` at `values`, and its tolerance in `*tolerance`.
static inline double system_row_value(const cnp_system *system, const double *values, uint32_t r,
                                      double *tolerance) {
    const cnp_row *row = &system->rows[r];
    double lhs = 0.0, magnitude = 0.0;
    for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
        double term = system_coefficient(system, t) * values[system->term_variables[t]];
        lhs += term;
        magnitude += fabs(term);
    }
    *tolerance = row_tolerance(row->constant, magnitude);
    return lhs;
}

/// Row `r` of `system` at `values`: its violation (row_violation), and its tolerance in
/// `*tolerance`.
static inline double system_row_violation(const cnp_system *system, const double *values, uint32_t r,
                                          double *tolerance) {
    const cnp_row *row = &system->rows[r];
    return row_violation(row->relation, system_row_value(system, values, r, tolerance), row->constant);
}

#endif
