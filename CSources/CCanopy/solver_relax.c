/*
 * Relaxation: a way around the dense path for blocks too large for it because required
 * inequalities chain them (a long row of views, each at least some distance after the one
 * before, each pulled toward a place of its own). The system is solved without its required
 * inequalities over two or more variables, which splits such a block into small ones. Those
 * the answer leaves without room (violated, or exactly at their bound) are put back, and the
 * system is solved again, until every inequality left out holds with room to spare.
 *
 * Why that answer is the answer: leaving out a required row only enlarges the set of points the
 * required rows allow, so each level's optimum over the larger set is at least as good. When the
 * relaxed answer lies in the smaller set, it is optimal there too, level by level, and the last
 * level's pull toward the reference picks it again. Rows left out that hold with room are not
 * active near the answer, so the points the levels leave free near it, and with them the
 * ambiguity and the ties, are the same as with those rows in. A relaxation in which required
 * rows conflict proves nothing (a row broken there might hold in the full system): the solve
 * then gives up with CNP_ERROR_TOO_LARGE.
 *
 * Rows only ever come back, so the rounds end; each costs a solve of the whole system, and a
 * chain whose inequalities are slack settles in one. Each round's blocks are the runs the
 * inequalities put back join, so the cost follows the longest such run, not the chain: a chain
 * pushed tight along most of its length is one long dense run again, refused past the dense
 * limit as before.
 */
#include "solver_internal.h"

/// Whether `row` is left out of the first round: a required inequality over two or more
/// variables (one over a single variable joins nothing).
static bool is_left_out(const cnp_row *row) {
    return row->priority >= CNP_PRIORITY_REQUIRED && row->relation != CNP_RELATION_EQUAL && row->term_count >= 2;
}

cnp_status relax_prepare(const solver *s, relaxation *r) {
    const cnp_system *system = s->system;
    size_t bytes = sizeof(cnp_row) * system->row_count;
    r->rows = cnp_workspace_reserve_part(s->workspace, PART_PINS, bytes);
    if (r->rows == NULL) {
        return CNP_ERROR_OUT_OF_MEMORY;
    }
    uint32_t left_out = 0;
    for (uint32_t row = 0; row < system->row_count; row++) {
        r->rows[row] = system->rows[row];
        if (is_left_out(&system->rows[row])) {
            // No terms, and 0 <= 0: the row holds, joins nothing and is in no block.
            r->rows[row] = (cnp_row){.first_term = 0, .term_count = 0, .constant = 0.0,
                                     .priority = CNP_PRIORITY_REQUIRED, .relation = CNP_RELATION_LESS_EQUAL};
            left_out++;
        }
    }
    if (left_out == 0) {
        return CNP_ERROR_TOO_LARGE;
    }
    r->system = *system;
    r->system.rows = r->rows;
    return CNP_OK;
}

/// Whether row `row` of `system` holds at `values` with more room than its tolerance.
static bool holds_with_room(const cnp_system *system, const double *values, uint32_t row) {
    double tolerance = 0.0, lhs = system_row_value(system, values, row, &tolerance);
    const cnp_row *r = &system->rows[row];
    double room = r->relation == CNP_RELATION_LESS_EQUAL ? r->constant - lhs : lhs - r->constant;
    return room > tolerance;
}

uint32_t relax_put_back(const cnp_system *system, const double *values, relaxation *r) {
    uint32_t put_back = 0;
    for (uint32_t row = 0; row < system->row_count; row++) {
        if (r->rows[row].term_count != system->rows[row].term_count && !holds_with_room(system, values, row)) {
            r->rows[row] = system->rows[row];
            put_back++;
        }
    }
    return put_back;
}
