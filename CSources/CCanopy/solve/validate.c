/*
 * Input checks, all made before any work so that a bad system changes nothing. Rows are checked
 * in order and the first bad one is reported, so the answer does not depend on the check order.
 */
#include "solve/driver.h"

static bool relation_is_valid(int32_t relation) {
    return relation == CNP_RELATION_EQUAL || relation == CNP_RELATION_LESS_EQUAL ||
           relation == CNP_RELATION_GREATER_EQUAL;
}

static cnp_status check_row(const cnp_system *system, const cnp_row *row) {
    if ((uint64_t)row->first_term + row->term_count > system->term_count || !relation_is_valid(row->relation)) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    if (!isfinite(row->priority) || !isfinite(row->constant)) {
        return CNP_ERROR_NON_FINITE;
    }
    if (row->priority < 1.0 || row->priority > CNP_PRIORITY_REQUIRED) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
        if (system->term_variables[t] >= system->variable_count) {
            return CNP_ERROR_BAD_INDEX;
        }
        if (!isfinite(system_coefficient(system, t))) {
            return CNP_ERROR_NON_FINITE;
        }
    }
    return CNP_OK;
}

cnp_status cnp__validate_system(const cnp_system *system, const cnp_solution *solution, uint32_t *failed_row) {
    *failed_row = NONE;
    if (system == NULL || solution == NULL) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    // NONE marks "no variable" and "no row" inside the solver, so neither count may reach it.
    if (system->variable_count == NONE || system->row_count == NONE ||
        (system->row_count > 0 && (system->rows == NULL || solution->row_state == NULL)) ||
        (system->term_count > 0 && (system->term_variables == NULL || !system_has_coefficients(system))) ||
        (system->variable_count > 0 && (solution->values == NULL || solution->variable_state == NULL))) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    for (uint32_t v = 0; system->reference != NULL && v < system->variable_count; v++) {
        if (!isfinite(system->reference[v])) {
            return CNP_ERROR_NON_FINITE;
        }
    }
    for (uint32_t r = 0; r < system->row_count; r++) {
        cnp_status status = check_row(system, &system->rows[r]);
        if (status != CNP_OK) {
            *failed_row = r;
            return status;
        }
    }
    return CNP_OK;
}
