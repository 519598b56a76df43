/*
 * A smallest set of required rows that cannot hold together, by the deletion filter: try the
 * set without each member in turn; a member whose removal leaves the rest still infeasible is
 * not needed and goes for good. What is left is infeasible, and loses that the moment any
 * member is dropped. Costs one feasibility solve (a least-squares level) per member tried.
 */
#include "block/block.h"

cnp_status cnp__dense_rows_are_feasible(dense_block *d, const uint32_t *rows, uint32_t count, bool *feasible) {
    cnp__dense_start(d);
    cnp__dense_load_rows(d, rows, count);
    cnp_status status = cnp__dense_minimize(d);
    if (status != CNP_OK) {
        return status;
    }
    cnp__dense_move(d);
    *feasible = true;
    for (uint32_t j = 0; j < count && *feasible; j++) {
        double tolerance = 0.0;
        *feasible = fabs(cnp__dense_row_violation(d, rows[j], &tolerance)) <= tolerance;
    }
    return CNP_OK;
}

/// Removes rows[index] from the list, keeping the order.
static void remove_at(uint32_t *rows, uint32_t *count, uint32_t index) {
    for (uint32_t j = index + 1; j < *count; j++) {
        rows[j - 1] = rows[j];
    }
    (*count)--;
}

cnp_status cnp__dense_smallest_conflict(dense_block *d, uint32_t *rows, uint32_t *count) {
    // Members are tried in row order; removing and reinserting in place keeps that order.
    uint32_t index = 0;
    while (index < *count) {
        uint32_t candidate = rows[index];
        remove_at(rows, count, index);
        bool feasible = false;
        cnp_status status = cnp__dense_rows_are_feasible(d, rows, *count, &feasible);
        if (status != CNP_OK) {
            return status;
        }
        if (!feasible) {
            continue; // not needed for the conflict: it stays out
        }
        for (uint32_t j = *count; j > index; j--) {
            rows[j] = rows[j - 1];
        }
        rows[index] = candidate;
        (*count)++;
        index++;
    }
    return CNP_OK;
}
