/*
 * Passes over the whole system. A pass solves every component at once, with every reduction
 * (substitution, then peeling), then again, component by component and with fewer reductions,
 * where a reduction failed; its values then go to the outputs. A solve's first pass is one, and
 * so is each pass the large-component strategies make over a stand-in system (solve/large.c).
 */
#include "solve/driver.h"

/// The state before any reduction (the first sweep takes everything as one piece, in order).
static void start_state(solver *s) {
    const cnp_system *system = s->system;
    for (uint32_t r = 0; r < system->row_count; r++) {
        s->row_flags[r] = 0;
    }
    s->class_count = 0;
    cnp__reset_component(s, NULL, system->variable_count, NULL, 0);
}

/// Records a required row that cannot hold on its own (no unknowns, false constant) as its own
/// smallest conflicting set, and breaks it.
static void break_alone(solver *s, uint32_t row) {
    s->row_flags[row] |= ROW_CONFLICT | ROW_BROKEN;
    s->group[row] = s->next_group++;
    s->report.broken_rows++;
}

/// Required rows left without unknowns must hold as constants. A row without terms, or without
/// substitution, had no unknowns to begin with and is a conflict by itself; after substitution
/// the conflict involves settled rows too, so the row is flagged for its component to be
/// solved from the original rows. Returns the number flagged.
static uint32_t check_constant_rows(solver *s, const uint32_t *rows, uint32_t row_count, bool substituted) {
    uint32_t flagged = 0;
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j);
        if ((s->row_flags[r] & (ROW_SETTLED | ROW_BROKEN | ROW_UNSOUND)) || s->reduced_count[r] > 0 ||
            !row_is_required(s, r)) {
            continue;
        }
        const cnp_row *row = solver_row(s, r);
        double violation = row_violation(row->relation, 0.0, s->reduced_constant[r]);
        if (fabs(violation) <= row_tolerance(row->constant, fabs(row->constant - s->reduced_constant[r]))) {
            continue;
        }
        if (substituted && row->term_count > 0) {
            s->row_flags[r] |= ROW_UNSOUND;
            flagged++;
        } else {
            break_alone(s, r);
        }
    }
    return flagged;
}

/// An unknown no open row mentions: only the reference level pulls it.
static void settle_free_unknown(solver *s, uint32_t rep) {
    const double *reference = s->system->reference;
    double squares = 0.0, pull = 0.0;
    for (uint32_t m = rep; m != NONE; m = class_next(s, m)) {
        double scale = class_scale(s, m);
        squares += scale * scale;
        pull += scale * ((reference != NULL ? reference[m] : 0.0) - class_offset(s, m));
    }
    s->rep_value[rep] = squares > 0 ? pull / squares : 0.0;
    s->variable_flags[rep] |= VARIABLE_AMBIGUOUS;
}

/// The unknowns of the largest of the pass's blocks when one is past the pin limit while the
/// solve defers such blocks to the large-component strategies; 0 otherwise.
static uint32_t largest_deferred_block(const solver *s, const layout *l, uint32_t blocks) {
    uint32_t largest = 0;
    for (uint32_t b = 0; b < blocks && s->defers_large_blocks; b++) {
        uint32_t size = l->block_variable_start[b + 1] - l->block_variable_start[b];
        largest = size > largest ? size : largest;
    }
    return largest > s->options.pin_block_limit ? largest : 0;
}

/// Settles the unknowns no open row mentions and solves every block, unless the pass defers
/// them (`outcome->deferred`); a block whose required rows conflict after substitution gets its
/// first row flagged ROW_UNSOUND instead, counted in `outcome->unsound`.
static cnp_status solve_blocks(solver *s, layout *l, const uint32_t *variables, uint32_t variable_count,
                               const uint32_t *rows, uint32_t row_count, bool substituted, pass_outcome *outcome) {
    uint32_t blocks = cnp__find_blocks(s, rows, row_count, l->block_variable_start, l->block_row_start);
    for (uint32_t j = 0; j < variable_count; j++) {
        uint32_t v = list_at(variables, j);
        if (class_rep(s, v) == v && !(s->variable_flags[v] & (VARIABLE_FIXED | VARIABLE_PEELED | VARIABLE_IN_BLOCK))) {
            settle_free_unknown(s, v);
        }
    }
    outcome->deferred = largest_deferred_block(s, l, blocks);
    if (outcome->deferred > 0) {
        return CNP_OK;
    }
    return cnp__solve_listed_blocks(s, l->block_variable_start, l->block_row_start, blocks, substituted,
                                    &outcome->unsound);
}

/// Solves `rows` over `variables` (both ascending, closed under sharing a row; NULL for all, see
/// list_at) with the given reductions. Whatever a reduction could not handle is flagged, not
/// solved.
static cnp_status solve_rows(solver *s, layout *l, const uint32_t *variables, uint32_t variable_count,
                             const uint32_t *rows, uint32_t row_count, bool substitute, bool peel,
                             pass_outcome *outcome) {
    outcome->unsound = 0;
    outcome->unpeeled = 0;
    s->peel_count = 0;
    if (substitute) {
        outcome->unsound += cnp__substitute_rows(s, rows, row_count);
    }
    cnp__reduce_rows(s, rows, row_count);
    outcome->unsound += check_constant_rows(s, rows, row_count, substitute);
    if (peel) {
        cnp__peel_component(s, rows, row_count);
    }
    cnp_status status = solve_blocks(s, l, variables, variable_count, rows, row_count, substitute, outcome);
    if (status == CNP_OK && outcome->deferred == 0) {
        outcome->unpeeled = cnp__finish_peeled(s);
    }
    return status;
}

/// Solves component `c` again, with fewer reductions each time one fails (at most twice more),
/// unless it defers its blocks (`*deferred`, as pass_outcome's).
static cnp_status solve_component(solver *s, layout *l, uint32_t c, bool substitute, bool peel,
                                  uint32_t *deferred) {
    const uint32_t *variables = &s->component_variables[l->component_variable_start[c]];
    const uint32_t *rows = &s->component_rows[l->component_row_start[c]];
    uint32_t variable_count = l->component_variable_start[c + 1] - l->component_variable_start[c];
    uint32_t row_count = l->component_row_start[c + 1] - l->component_row_start[c];
    // The eliminations noted in the first pass are undone here: the record cannot be kept.
    s->record_broken = true;
    s->eliminations = NULL;
    for (;;) {
        cnp__reset_component(s, variables, variable_count, rows, row_count);
        pass_outcome outcome = {0};
        cnp_status status = solve_rows(s, l, variables, variable_count, rows, row_count, substitute, peel, &outcome);
        *deferred = outcome.deferred;
        if (status != CNP_OK || outcome.deferred > 0 || (outcome.unsound == 0 && outcome.unpeeled == 0)) {
            return status;
        }
        peel = false;
        substitute = substitute && outcome.unsound == 0;
    }
}

/// Solves again, component by component, where the first sweep flagged rows.
static cnp_status solve_flagged_components(solver *s, layout *l, uint32_t *deferred) {
    uint32_t components = cnp__find_components(s, l->component_variable_start, l->component_row_start);
    for (uint32_t c = 0; c < components; c++) {
        bool unsound = false, unpeeled = false;
        for (uint32_t j = l->component_row_start[c]; j < l->component_row_start[c + 1]; j++) {
            uint8_t flags = s->row_flags[s->component_rows[j]];
            unsound = unsound || (flags & ROW_UNSOUND);
            unpeeled = unpeeled || (flags & ROW_UNPEELED);
        }
        if (unsound || unpeeled) {
            cnp_status status = solve_component(s, l, c, !unsound, false, deferred);
            if (status != CNP_OK || *deferred > 0) {
                return status;
            }
        }
    }
    return CNP_OK;
}

/// Every component: first with every reduction at once, then again where a reduction failed.
/// Components are independent, so this equals solving them one by one; only those where a
/// reduction failed are redone. With `stop_when_unsound`, a first sweep that flags rows
/// ROW_UNSOUND ends the pass.
static cnp_status sweep(solver *s, layout *l, bool stop_when_unsound, pass_outcome *outcome) {
    start_state(s);
    if (s->memo != NULL) {
        cnp__memo_begin(s->memo);
    }
    const solver_options *options = &s->options;
    cnp_status status = solve_rows(s, l, NULL, s->system->variable_count, NULL,
                                   s->system->row_count, options->substitute, options->substitute && options->peel,
                                   outcome);
    if (status != CNP_OK || outcome->deferred > 0 || (stop_when_unsound && outcome->unsound > 0)) {
        return status;
    }
    if (outcome->unsound > 0 || outcome->unpeeled > 0) {
        status = solve_flagged_components(s, l, &outcome->deferred);
    }
    outcome->answered = status == CNP_OK && outcome->deferred == 0;
    return status;
}

static cnp_status write_values(solver *s) {
    const cnp_system *system = s->system;
    cnp_solution *solution = s->solution;
    for (uint32_t v = 0; v < system->variable_count; v++) {
        uint32_t rep = class_rep(s, v);
        double scale = class_scale(s, v), value = scale * s->rep_value[rep] + class_offset(s, v);
        if (!isfinite(value)) {
            return CNP_ERROR_NON_FINITE;
        }
        solution->values[v] = value;
        bool ambiguous = (s->variable_flags[rep] & VARIABLE_AMBIGUOUS) && scale != 0.0;
        solution->variable_state[v] = ambiguous ? CNP_VARIABLE_AMBIGUOUS : CNP_VARIABLE_DETERMINED;
        s->report.substituted += rep != v || (s->variable_flags[rep] & (VARIABLE_FIXED | VARIABLE_PEELED));
    }
    return CNP_OK;
}

cnp_status cnp__solve_pass(solver *s, layout *l, const cnp_system *system, bool stop_when_unsound,
                          pass_outcome *outcome) {
    const cnp_system *own = s->system;
    s->report = (cnp_solve_report){.failed_row = NONE};
    s->work = 0.0;
    s->next_group = 0;
    s->system = system;
    *outcome = (pass_outcome){0};
    cnp_status status = sweep(s, l, stop_when_unsound, outcome);
    s->system = own;
    if (outcome->answered) {
        status = write_values(s);
        outcome->answered = status == CNP_OK;
    }
    return status;
}
