/*
 * Relaxation: a way around the dense path for components too large for it because required
 * inequalities chain them (a long row of views, each at least some distance after the one before,
 * each pulled toward a place of its own). In each component over a size the caller picks (256
 * variables before the dense path, whose work there would take long; 16 after it failed), the
 * required inequalities over two or more variables are left out, which splits such a block into
 * small ones; other components are solved as they are. The rows left out that
 * the answer does not meet with room to spare (violated, or exactly at their bound) are put back,
 * and the system is solved again, until every row left out holds with room.
 *
 * Why that answer is the answer: leaving out a required row only enlarges the set of points the
 * required rows allow, and every level's optimal set with it. When the relaxed answer lies in
 * the smaller set, each level's optimal set there is the relaxed one cut down to it, so the
 * answer is optimal level by level, and the last level's pull (strictly convex) picks it again.
 * The free directions of the last optimal set do not depend on the point, and near the answer
 * the two sets agree (the rows left out hold with room), so ambiguity comes out the same. Ties
 * are marked at each level's answer as the dense path marks them; for a violated row, whether a
 * move shrinks it is the same at every optimal point, but the other rows flagged with it follow
 * one move the active set chooses, and there the two could in principle differ.
 *
 * A round that breaks a required row in a relaxed component proves nothing about the full
 * component (its smallest conflicting set may differ), so the solve then gives up. Rows only
 * ever come back, so the rounds end; each costs a solve of the whole system, and a chain whose
 * inequalities are slack settles in one. Each round's blocks are the runs the rows put back
 * join, so the cost follows the longest such run, not the chain. A chain pushed tight along
 * most of its length is one long run, which the banded path (block/banded.c) solves.
 *
 * The rounds may also pin (strategy/pins.c) the components they leave whole, for a system where a
 * self-sizing list needs its pins beside a chain that needs the relaxation. The relaxed
 * components are not pinned: a pull toward a place is a soft equality, which a pin would make
 * required, and the chain's rows put back would contradict it. Components share no row, so
 * each argument holds in its own components, and cnp__pins_accept judges each by its own pins.
 */
#include "strategy/strategy.h"

/// Whether `row` is left out of the first round: a required inequality over two or more
/// variables (one over a single variable joins nothing).
static bool is_left_out(const cnp_row *row) {
    return row->priority >= CNP_PRIORITY_REQUIRED && row->relation != CNP_RELATION_EQUAL && row->term_count >= 2;
}

cnp_status cnp__relax_prepare(solver *s, uint32_t *variable_start, uint32_t *row_start, uint32_t larger_than,
                              relaxation *r) {
    const cnp_system *system = s->system;
    size_t bytes = (sizeof(cnp_row) + 1) * (size_t)system->row_count;
    r->rows = cnp_workspace_reserve_part(s->workspace, PART_RELAX, bytes);
    if (r->rows == NULL) {
        return CNP_ERROR_OUT_OF_MEMORY;
    }
    r->relaxed = (uint8_t *)(r->rows + system->row_count);
    for (uint32_t row = 0; row < system->row_count; row++) {
        r->rows[row] = system->rows[row];
        r->relaxed[row] = 0;
    }
    uint32_t components = cnp__find_components(s, variable_start, row_start), left_out = 0;
    for (uint32_t c = 0; c < components; c++) {
        if (variable_start[c + 1] - variable_start[c] <= larger_than) {
            continue;
        }
        uint32_t left_out_here = 0;
        for (uint32_t j = row_start[c]; j < row_start[c + 1]; j++) {
            uint32_t row = s->component_rows[j];
            if (is_left_out(&system->rows[row])) {
                // No terms, and 0 <= 0: the row holds, joins nothing and is in no block.
                r->rows[row] = (cnp_row){.first_term = 0, .term_count = 0, .constant = 0.0,
                                         .priority = CNP_PRIORITY_REQUIRED, .relation = CNP_RELATION_LESS_EQUAL};
                left_out_here++;
            }
        }
        // A component with nothing left out is solved whole, as it is.
        for (uint32_t j = row_start[c]; j < row_start[c + 1] && left_out_here > 0; j++) {
            r->relaxed[s->component_rows[j]] = 1;
        }
        left_out += left_out_here;
    }
    r->left_out = left_out;
    r->system = *system;
    r->system.rows = r->rows;
    return CNP_OK;
}

uint32_t cnp__relax_pin(relaxation *r, pin_pass *pins, uint32_t row_count) {
    uint32_t kept = 0;
    for (uint32_t row = 0; row < row_count; row++) {
        if (!pins->is_pin[row]) {
            continue;
        }
        if (r->relaxed[row]) {
            pins->is_pin[row] = 0;
        } else {
            r->rows[row] = pins->rows[row];
            kept++;
        }
    }
    return kept;
}

bool cnp__relax_broke_rows(const solver *s, const relaxation *r) {
    for (uint32_t row = 0; row < s->system->row_count; row++) {
        if (r->relaxed[row] && (s->row_flags[row] & ROW_BROKEN)) {
            return true;
        }
    }
    return false;
}

/// Whether row `row` of `system` holds at `values` with more room than its tolerance.
static bool holds_with_room(const cnp_system *system, const double *values, uint32_t row) {
    double tolerance = 0.0, lhs = system_row_value(system, values, row, &tolerance);
    const cnp_row *r = &system->rows[row];
    double room = r->relation == CNP_RELATION_LESS_EQUAL ? r->constant - lhs : lhs - r->constant;
    return room > tolerance;
}

uint32_t cnp__relax_put_back(const cnp_system *system, const double *values, relaxation *r) {
    uint32_t put_back = 0;
    for (uint32_t row = 0; row < system->row_count; row++) {
        if (r->rows[row].term_count != system->rows[row].term_count && !holds_with_room(system, values, row)) {
            r->rows[row] = system->rows[row];
            put_back++;
        }
    }
    return put_back;
}

