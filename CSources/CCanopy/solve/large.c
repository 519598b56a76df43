/*
 * Components too large for the block paths. When the first pass defers a block past the pin
 * limit, or meets the dense limits, the strategies of strategy/ change the problem, and each of
 * their passes is a pass of the driver: the pins alone; when a block is past the triangular
 * path's own size, every such block by that path alone; the relaxation of the largest
 * components, with the pins in the components it leaves whole, then without them; every block
 * by its path, the pin limit lifted; and last the relaxation of every component with a block
 * past that limit.
 * Each ends solved, declined (the next is tried) or failed (the solve stops).
 */
#include "solve/driver.h"

/// A pass that did not answer, as a strategy sees it: a pass stopped (rows found unsound, a
/// block deferred), the dense limits met or the work budget spent (CNP_ERROR_TOO_LARGE)
/// decline it; any other failure stops the solve.
static strategy_result unanswered(cnp_status status, cnp_status *failure) {
    if (status == CNP_OK || status == CNP_ERROR_TOO_LARGE) {
        return STRATEGY_DECLINED;
    }
    *failure = status;
    return STRATEGY_FAILED;
}

/// The pass with soft pins made required (strategy/pins.c), when its answer is accepted.
static strategy_result pin(solver *s, layout *l, pin_pass *pins, cnp_status *failure) {
    cnp_status status = cnp__pins_prepare(s, pins);
    if (status != CNP_OK || pins->pinned == 0) {
        return unanswered(status, failure);
    }
    pass_outcome pass;
    status = cnp__solve_pass(s, l, &pins->system, true, &pass);
    if (!pass.answered) {
        return unanswered(status, failure);
    }
    if (!cnp__pins_accept(s, pins, l->component_variable_start, l->component_row_start)) {
        return STRATEGY_DECLINED;
    }
    COUNT_PATH(s, pinned);
    return STRATEGY_SOLVED;
}

/// The relaxation (strategy/relax.c) of the components of more than `larger_than` variables,
/// round after round, until an answer holds every inequality left out with room. Declined when
/// there is none to leave out, a round breaks a required row of a relaxed component, the rounds
/// run out, or their dense work together passes the limit. With `pins`, the components left
/// whole are pinned, and the answer must pass cnp__pins_accept too (declined otherwise, and when
/// no pin is left: the plain relaxation is the same).
static strategy_result relax(solver *s, layout *l, uint32_t larger_than, pin_pass *pins, cnp_status *failure) {
    relaxation relaxed;
    cnp_status status =
        cnp__relax_prepare(s, l->component_variable_start, l->component_row_start, larger_than, &relaxed);
    if (status != CNP_OK || relaxed.left_out == 0 ||
        (pins != NULL && cnp__relax_pin(&relaxed, pins, s->system->row_count) == 0)) {
        return unanswered(status, failure);
    }
    double budget = s->budget, spent = 0.0;
    bool settled = false;
    for (uint32_t round = 0; !settled && round < RELAX_ROUNDS; round++) {
        s->budget = budget - spent; // the rounds share one budget
        pass_outcome pass;
        status = cnp__solve_pass(s, l, &relaxed.system, pins != NULL, &pass);
        spent += s->work;
        if (!pass.answered || cnp__relax_broke_rows(s, &relaxed)) {
            s->budget = budget;
            return unanswered(status, failure);
        }
        settled = cnp__relax_put_back(s->system, s->solution->values, &relaxed) == 0;
    }
    s->budget = budget;
    if (!settled) {
        return STRATEGY_DECLINED;
    }
    if (pins != NULL && !cnp__pins_accept(s, pins, l->component_variable_start, l->component_row_start)) {
        return STRATEGY_DECLINED;
    }
    COUNT_PATH(s, relaxed);
    return STRATEGY_SOLVED;
}

/// Every block by its path, each past the pin limit by the triangular path alone (declined when
/// it declines one): large blocks a view tree's rows leave nearly triangular are answered in
/// O(terms) before any strategy changes the system.
static strategy_result solve_triangular(solver *s, layout *l, cnp_status *failure) {
    pass_outcome pass;
    s->defers_large_blocks = false;
    s->triangular_pass = true;
    cnp_status status = cnp__solve_pass(s, l, s->system, false, &pass);
    s->triangular_pass = false;
    if (!pass.answered) {
        return unanswered(status, failure);
    }
    COUNT_PATH(s, triangular_passes);
    return STRATEGY_SOLVED;
}

/// Every block by its path, the pin limit lifted: the pass the first one deferred.
static strategy_result solve_unlimited(solver *s, layout *l, cnp_status *failure) {
    pass_outcome pass;
    cnp_status status = cnp__solve_pass(s, l, s->system, false, &pass);
    if (!pass.answered) {
        return unanswered(status, failure);
    }
    COUNT_PATH(s, dense_after_strategies);
    return STRATEGY_SOLVED;
}

cnp_status cnp__solve_large(solver *s, layout *l, const pass_outcome *first) {
    s->record_broken = true;
    s->eliminations = NULL;
    cnp_status failure = CNP_OK;
    pin_pass pins = {0};
    strategy_result result = pin(s, l, &pins, &failure);
    // Only where a block is past the triangular path's own size: the relaxations answer smaller
    // ones at less cost than a pass that may decline.
    if (result == STRATEGY_DECLINED && first->deferred > s->options.triangular_from) {
        result = solve_triangular(s, l, &failure);
    }
    // Past the pins, a block past the pin limit is solved like any other.
    s->defers_large_blocks = false;
    if (result == STRATEGY_DECLINED && pins.pinned > 0) {
        result = relax(s, l, RELAX_FIRST_VARIABLES, &pins, &failure);
    }
    if (result == STRATEGY_DECLINED) {
        result = relax(s, l, RELAX_FIRST_VARIABLES, NULL, &failure);
    }
    if (result == STRATEGY_DECLINED) {
        result = solve_unlimited(s, l, &failure);
    }
    if (result == STRATEGY_DECLINED) {
        result = relax(s, l, s->options.pin_block_limit, NULL, &failure);
    }
    return result == STRATEGY_SOLVED ? CNP_OK : result == STRATEGY_FAILED ? failure : CNP_ERROR_TOO_LARGE;
}
