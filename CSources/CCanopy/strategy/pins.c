/*
 * Pins: a way around the dense path for large blocks. Interfaces are full of chains whose sizes
 * come from intrinsic sizes: `height <= 17 @250` and `height >= 17 @750` on one variable pin it
 * to 17, but being soft they keep the variable open, and a list of cells stacked one below the
 * other becomes a single block that grows with the list. When the pins can hold, the answer is
 * the one with every pin made a required equality, and substitution then settles the chain
 * without a matrix.
 *
 * Variables the required rows alone fix (the first pass's substitution says which) are not
 * pinned: a pin there could only repeat or contradict them, as a button's hugging contradicts
 * the equal widths that stretch it. When substitution still finds a row false, the pins
 * contradict the required rows, and the pins decline (solve/large.c tries the next way).
 *
 * The pinned answer is taken only when it provably is the strict-priority one: no required row
 * broken, every pin row holding, and every other violated row either below the lowest priority
 * of any pin row of its component or over variables the required rows fix (violated by the
 * same amount at every point they allow, so it favours none). Then in each component every
 * level at or above that priority is met in full but for such rows, so at each level the rows
 * above it allow the same points whether the pins are required or soft, and each level's
 * optimum, the ambiguity and the last level's pull come out the same. Otherwise the pins
 * decline.
 */
#include "strategy/strategy.h"

#include <string.h>

/// A soft row on one variable as a bound on it: `*bound` and which side (1 upper, -1 lower,
/// 0 both). False for any other row.
static bool soft_bound(const cnp_system *system, const cnp_row *row, uint32_t *variable, double *bound,
                       int *side) {
    if (row->priority >= CNP_PRIORITY_REQUIRED || row->term_count != 1) {
        return false;
    }
    double coefficient = system_coefficient(system, row->first_term);
    if (coefficient == 0.0) {
        return false;
    }
    int relation_side = relation_sign(row->relation);
    *variable = system->term_variables[row->first_term];
    *bound = row->constant / coefficient;
    *side = coefficient > 0 ? relation_side : -relation_side;
    return true;
}

/// Each variable's tightest soft bounds, in `lower` and `upper`.
static void gather_bounds(const cnp_system *system, double *lower, double *upper) {
    for (uint32_t v = 0; v < system->variable_count; v++) {
        lower[v] = -INFINITY;
        upper[v] = INFINITY;
    }
    for (uint32_t r = 0; r < system->row_count; r++) {
        uint32_t v = 0;
        double bound = 0.0;
        int side = 0;
        if (!soft_bound(system, &system->rows[r], &v, &bound, &side)) {
            continue;
        }
        if (side <= 0 && bound > lower[v]) {
            lower[v] = bound;
        }
        if (side >= 0 && bound < upper[v]) {
            upper[v] = bound;
        }
    }
}

static bool is_pinned(double lower, double upper) {
    return isfinite(lower) && isfinite(upper) && fabs(upper - lower) <= ROW_TOLERANCE * (1.0 + fabs(lower));
}

/// Makes every pin row `variable == pin`, required, in `pins->rows` (rows keep their indices);
/// returns how many.
static uint32_t promote_pins(pin_pass *pins, const cnp_system *system, const double *lower, const double *upper) {
    uint32_t promoted = 0;
    memcpy(pins->rows, system->rows, sizeof(cnp_row) * system->row_count);
    for (uint32_t r = 0; r < system->row_count; r++) {
        uint32_t v = 0;
        double bound = 0.0;
        int side = 0;
        pins->is_pin[r] = soft_bound(system, &system->rows[r], &v, &bound, &side) && is_pinned(lower[v], upper[v]);
        if (!pins->is_pin[r]) {
            continue;
        }
        pins->rows[r].relation = CNP_RELATION_EQUAL;
        pins->rows[r].priority = CNP_PRIORITY_REQUIRED;
        pins->rows[r].constant = system_coefficient(system, pins->rows[r].first_term) * lower[v];
        promoted++;
    }
    return promoted;
}

cnp_status cnp__pins_prepare(const solver *s, pin_pass *pins) {
    const cnp_system *system = s->system;
    size_t bytes = sizeof(cnp_row) * system->row_count + 2 * sizeof(double) * system->variable_count +
                   system->row_count + system->variable_count;
    unsigned char *memory = cnp_workspace_reserve_part(s->workspace, PART_PINS, bytes);
    if (memory == NULL) {
        return CNP_ERROR_OUT_OF_MEMORY;
    }
    pins->rows = (cnp_row *)memory;
    double *lower = (double *)(pins->rows + system->row_count);
    double *upper = lower + system->variable_count;
    pins->is_pin = (uint8_t *)(upper + system->variable_count);
    pins->fixed = pins->is_pin + system->row_count;
    gather_bounds(system, lower, upper);
    for (uint32_t v = 0; v < system->variable_count; v++) {
        pins->fixed[v] = (s->variable_flags[class_rep(s, v)] & VARIABLE_FIXED) != 0;
        if (pins->fixed[v]) {
            lower[v] = -INFINITY;
        }
    }
    pins->pinned = promote_pins(pins, system, lower, upper);
    pins->system = *system;
    pins->system.rows = pins->rows;
    return CNP_OK;
}

/// Whether every variable of row `r` is fixed by the required rows alone.
static bool row_is_fixed(const cnp_system *system, const pin_pass *pins, uint32_t r) {
    const cnp_row *row = &system->rows[r];
    for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
        if (!pins->fixed[system->term_variables[t]]) {
            return false;
        }
    }
    return true;
}

/// Whether row `r` is broken, or violated where it must hold: a required row or a pin row, or
/// a row of priority `lowest` or more not over fixed variables only.
static bool row_fails(const solver *s, const pin_pass *pins, uint32_t r, double lowest) {
    const cnp_system *system = s->system;
    double tolerance = 0.0, priority = system->rows[r].priority;
    bool holds = fabs(system_row_violation(system, s->solution->values, r, &tolerance)) <= tolerance;
    bool must_hold = priority >= CNP_PRIORITY_REQUIRED || pins->is_pin[r] ||
                     (priority >= lowest && !row_is_fixed(system, pins, r));
    return (s->row_flags[r] & ROW_BROKEN) || (!holds && must_hold);
}

bool cnp__pins_accept(solver *s, const pin_pass *pins, uint32_t *variable_start, uint32_t *row_start) {
    const cnp_system *system = s->system;
    // Components share no row, so each is judged by its own pins: a pin elsewhere changes
    // nothing here.
    uint32_t components = cnp__find_components(s, variable_start, row_start);
    for (uint32_t c = 0; c < components; c++) {
        const uint32_t *rows = &s->component_rows[row_start[c]];
        uint32_t count = row_start[c + 1] - row_start[c];
        double lowest = CNP_PRIORITY_REQUIRED;
        for (uint32_t j = 0; j < count; j++) {
            if (pins->is_pin[rows[j]] && system->rows[rows[j]].priority < lowest) {
                lowest = system->rows[rows[j]].priority;
            }
        }
        for (uint32_t j = 0; j < count; j++) {
            if (row_fails(s, pins, rows[j], lowest)) {
                return false;
            }
        }
    }
    // Rows without terms are in no component.
    for (uint32_t r = 0; r < system->row_count; r++) {
        if (system->rows[r].term_count == 0 && row_fails(s, pins, r, CNP_PRIORITY_REQUIRED)) {
            return false;
        }
    }
    return true;
}
