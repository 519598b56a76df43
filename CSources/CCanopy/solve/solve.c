/*
 * cnp_solve: checks the input, then solves each connected component of variables on its own
 * (substitution, then the dense hierarchy per block), then writes every output from the final
 * values, so the outputs always describe the answer actually returned.
 */
#include "solve/solve.h"
#include "include/cnp_solver_testing.h"

#include <string.h>

solver_options cnp__solver_default_options(void) {
    return (solver_options){
        .substitute = true,
        .peel = true,
        .kernel = KERNEL_AUTO,
        .tiny_limit = 16,
        .dense_limit = 1024,
        .dense_memory_limit = 4e7,
        .work_limit = 2e10,
        .pin_fallback = true,
        .pin_block_limit = 16,
        .banded_from = 64,
        .sparse_from = 512,
    };
}

/// Per-variable, per-row and per-term arrays, and the start arrays of components and blocks.
typedef struct layout {
    uint32_t *component_variable_start;
    uint32_t *component_row_start;
    uint32_t *block_variable_start;
    uint32_t *block_row_start;
} layout;

/// The solver's arrays out of `a`; the substitution classes' arrays only when a record has not
/// lent its own (`classes_lent`).
static void carve(arena *a, solver *s, layout *l, size_t variables, size_t rows, size_t terms, bool classes_lent) {
    size_t starts = variables + 2;
    s->find = cnp__arena_take(a, variables, sizeof(uint32_t));
    if (!classes_lent) {
        s->rep = cnp__arena_take(a, variables, sizeof(uint32_t));
        s->scale = cnp__arena_take(a, variables, sizeof(double));
        s->offset = cnp__arena_take(a, variables, sizeof(double));
        s->next_member = cnp__arena_take(a, variables, sizeof(uint32_t));
        s->last_member = cnp__arena_take(a, variables, sizeof(uint32_t));
        s->class_size = cnp__arena_take(a, variables, sizeof(uint32_t));
        s->rep_value = cnp__arena_take(a, variables, sizeof(double));
    }
    s->variable_flags = cnp__arena_take(a, variables, sizeof(uint8_t));
    s->local = cnp__arena_take(a, variables, sizeof(uint32_t));
    s->slot = cnp__arena_take(a, variables, sizeof(uint32_t));
    s->component_variables = cnp__arena_take(a, variables, sizeof(uint32_t));
    s->block_variables = cnp__arena_take(a, variables, sizeof(uint32_t));
    s->block_of_root = cnp__arena_take(a, variables, sizeof(uint32_t));
    s->variable_row_start = cnp__arena_take(a, variables, sizeof(uint32_t));
    s->variable_row_count = cnp__arena_take(a, variables, sizeof(uint32_t));
    s->variable_rows = cnp__arena_take(a, terms, sizeof(uint32_t));
    s->row_flags = cnp__arena_take(a, rows, sizeof(uint8_t));
    s->queue = cnp__arena_take(a, rows, sizeof(uint32_t));
    s->group = cnp__arena_take(a, rows, sizeof(uint32_t));
    s->reduced_start = cnp__arena_take(a, rows, sizeof(uint32_t));
    s->reduced_count = cnp__arena_take(a, rows, sizeof(uint32_t));
    s->reduced_variable = cnp__arena_take(a, terms, sizeof(uint32_t));
    s->reduced_coefficient = cnp__arena_take(a, terms, sizeof(double));
    s->reduced_constant = cnp__arena_take(a, rows, sizeof(double));
    s->component_rows = cnp__arena_take(a, rows, sizeof(uint32_t));
    s->block_rows = cnp__arena_take(a, rows, sizeof(uint32_t));
    s->row_block = cnp__arena_take(a, rows, sizeof(uint32_t));
    s->occurrences = cnp__arena_take(a, variables, sizeof(uint32_t));
    s->peel_order = cnp__arena_take(a, rows, sizeof(uint32_t));
    s->peeled_variable = cnp__arena_take(a, rows, sizeof(uint32_t));
    l->component_variable_start = cnp__arena_take(a, starts, sizeof(uint32_t));
    l->component_row_start = cnp__arena_take(a, starts, sizeof(uint32_t));
    l->block_variable_start = cnp__arena_take(a, starts, sizeof(uint32_t));
    l->block_row_start = cnp__arena_take(a, starts, sizeof(uint32_t));
}

/// The total number of terms over all rows (rows may share terms, so this can exceed
/// term_count); UINT32_MAX or more is refused as too large.
static uint64_t total_row_terms(const cnp_system *system) {
    uint64_t total = 0;
    for (uint32_t r = 0; r < system->row_count; r++) {
        total += system->rows[r].term_count;
    }
    return total;
}

static cnp_status reserve(solver *s, layout *l, uint64_t terms, bool classes_lent) {
    const cnp_system *system = s->system;
    arena measure = {0};
    carve(&measure, s, l, system->variable_count, system->row_count, (size_t)terms, classes_lent);
    if (measure.overflowed) {
        return CNP_ERROR_TOO_LARGE;
    }
    unsigned char *memory = cnp_workspace_reserve_part(s->workspace, PART_SOLVER, measure.used);
    if (memory == NULL) {
        return CNP_ERROR_OUT_OF_MEMORY;
    }
    arena pieces = {memory, 0, false};
    carve(&pieces, s, l, system->variable_count, system->row_count, (size_t)terms, classes_lent);
    return CNP_OK;
}

/// The state before any reduction, and the identity lists of variables and rows (the first
/// pass takes everything as one piece).
static void start_state(solver *s) {
    const cnp_system *system = s->system;
    for (uint32_t v = 0; v < system->variable_count; v++) {
        s->slot[v] = NONE;
        s->component_variables[v] = v;
    }
    for (uint32_t r = 0; r < system->row_count; r++) {
        s->component_rows[r] = r;
        s->row_flags[r] = 0;
        s->group[r] = NONE;
        s->reduced_count[r] = 0;
    }
    cnp__reset_component(s, s->component_variables, system->variable_count, s->component_rows, 0);
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
        uint32_t r = rows[j];
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
    for (uint32_t m = rep; m != NONE; m = s->next_member[m]) {
        squares += s->scale[m] * s->scale[m];
        pull += s->scale[m] * ((reference != NULL ? reference[m] : 0.0) - s->offset[m]);
    }
    s->rep_value[rep] = squares > 0 ? pull / squares : 0.0;
    s->variable_flags[rep] |= VARIABLE_AMBIGUOUS;
}

/// Settles the unknowns no open row mentions and solves every block; a block whose required
/// rows conflict after substitution gets its first row flagged ROW_UNSOUND instead. Returns the
/// number flagged in `*flagged`.
static cnp_status solve_blocks(solver *s, layout *l, const uint32_t *variables, uint32_t variable_count,
                               const uint32_t *rows, uint32_t row_count, bool substituted, uint32_t *flagged) {
    uint32_t blocks = cnp__find_blocks(s, rows, row_count, l->block_variable_start, l->block_row_start);
    for (uint32_t j = 0; j < variable_count; j++) {
        uint32_t v = variables[j];
        if (s->rep[v] == v && !(s->variable_flags[v] & (VARIABLE_FIXED | VARIABLE_PEELED | VARIABLE_IN_BLOCK))) {
            settle_free_unknown(s, v);
        }
    }
    for (uint32_t b = 0; b < blocks && s->options.pin_fallback; b++) {
        if (l->block_variable_start[b + 1] - l->block_variable_start[b] > s->options.pin_block_limit) {
            return CNP_ERROR_TOO_LARGE; // try the pins first (solve_large)
        }
    }
    return cnp__solve_listed_blocks(s, l->block_variable_start, l->block_row_start, blocks, substituted, flagged);
}

/// How a pass over some rows ended.
typedef struct pass_outcome {
    /// Rows flagged ROW_UNSOUND: their components must be solved without substitution.
    uint32_t unsound;
    /// Rows flagged ROW_UNPEELED: their components must be solved without peeling.
    uint32_t unpeeled;
} pass_outcome;

/// Solves `rows` over `variables` (both ascending, closed under sharing a row) with the given
/// reductions. Whatever a reduction could not handle is flagged, not solved.
static cnp_status solve_rows(solver *s, layout *l, const uint32_t *variables, uint32_t variable_count,
                             const uint32_t *rows, uint32_t row_count, bool substitute, bool peel,
                             pass_outcome *outcome) {
    *outcome = (pass_outcome){0, 0};
    s->peel_count = 0;
    if (substitute) {
        outcome->unsound += cnp__substitute_rows(s, rows, row_count);
    }
    cnp__reduce_rows(s, rows, row_count);
    outcome->unsound += check_constant_rows(s, rows, row_count, substitute);
    if (peel) {
        cnp__peel_component(s, rows, row_count);
    }
    cnp_status status = solve_blocks(s, l, variables, variable_count, rows, row_count, substitute, &outcome->unsound);
    if (status == CNP_OK) {
        outcome->unpeeled = cnp__finish_peeled(s);
    }
    return status;
}

/// Solves component `c` again, with fewer reductions each time one fails (at most twice more).
static cnp_status solve_component(solver *s, layout *l, uint32_t c, bool substitute, bool peel) {
    const uint32_t *variables = &s->component_variables[l->component_variable_start[c]];
    const uint32_t *rows = &s->component_rows[l->component_row_start[c]];
    uint32_t variable_count = l->component_variable_start[c + 1] - l->component_variable_start[c];
    uint32_t row_count = l->component_row_start[c + 1] - l->component_row_start[c];
    // The eliminations noted in the first pass are undone here: the record cannot be kept.
    s->record_broken = true;
    s->eliminations = NULL;
    for (;;) {
        cnp__reset_component(s, variables, variable_count, rows, row_count);
        pass_outcome outcome;
        cnp_status status = solve_rows(s, l, variables, variable_count, rows, row_count, substitute, peel, &outcome);
        if (status != CNP_OK || (outcome.unsound == 0 && outcome.unpeeled == 0)) {
            return status;
        }
        peel = false;
        substitute = substitute && outcome.unsound == 0;
    }
}

/// Solves again, component by component, where the first pass flagged rows.
static cnp_status solve_flagged_components(solver *s, layout *l) {
    uint32_t components = cnp__find_components(s, l->component_variable_start, l->component_row_start);
    for (uint32_t c = 0; c < components; c++) {
        bool unsound = false, unpeeled = false;
        for (uint32_t j = l->component_row_start[c]; j < l->component_row_start[c + 1]; j++) {
            uint8_t flags = s->row_flags[s->component_rows[j]];
            unsound = unsound || (flags & ROW_UNSOUND);
            unpeeled = unpeeled || (flags & ROW_UNPEELED);
        }
        if (unsound || unpeeled) {
            cnp_status status = solve_component(s, l, c, !unsound, false);
            if (status != CNP_OK) {
                return status;
            }
        }
    }
    return CNP_OK;
}

/// Every component: first with every reduction at once, then again where a reduction failed.
/// Components are independent, so this equals solving them one by one; only those where a
/// reduction failed are redone. In the pinned pass (`pinned`), a row substitution finds false
/// means the pins contradict the required rows: CNP_ERROR_TOO_LARGE sends the solve back to
/// the dense path.
static cnp_status solve_all(solver *s, layout *l, bool pinned) {
    start_state(s);
    if (s->memo != NULL) {
        cnp__memo_begin(s->memo);
    }
    pass_outcome outcome;
    const solver_options *options = &s->options;
    cnp_status status = solve_rows(s, l, s->component_variables, s->system->variable_count, s->component_rows,
                                   s->system->row_count, options->substitute, options->substitute && options->peel,
                                   &outcome);
    if (status == CNP_OK && pinned && outcome.unsound > 0) {
        return CNP_ERROR_TOO_LARGE;
    }
    if (status == CNP_OK && (outcome.unsound > 0 || outcome.unpeeled > 0)) {
        status = solve_flagged_components(s, l);
    }
    return status;
}

/// Forgets the report and the work of a pass, before another pass over the whole system.
static void restart_counts(solver *s) {
    s->report = (cnp_solve_report){.failed_row = NONE};
    s->work = 0.0;
    s->next_group = 0;
}

static cnp_status write_values(solver *s) {
    const cnp_system *system = s->system;
    cnp_solution *solution = s->solution;
    for (uint32_t v = 0; v < system->variable_count; v++) {
        uint32_t rep = s->rep[v];
        double value = s->scale[v] * s->rep_value[rep] + s->offset[v];
        if (!isfinite(value)) {
            return CNP_ERROR_NON_FINITE;
        }
        solution->values[v] = value;
        bool ambiguous = (s->variable_flags[rep] & VARIABLE_AMBIGUOUS) && s->scale[v] != 0.0;
        solution->variable_state[v] = ambiguous ? CNP_VARIABLE_AMBIGUOUS : CNP_VARIABLE_DETERMINED;
        s->report.substituted += rep != v || (s->variable_flags[rep] & (VARIABLE_FIXED | VARIABLE_PEELED));
    }
    return CNP_OK;
}

/// A whole pass over `stand_in`, a system with the same variables and rows as the solver's
/// own but for some rows, whose values then go to the outputs; the solver's system stays.
static cnp_status solve_stand_in(solver *s, layout *l, const cnp_system *stand_in, bool pinned) {
    const cnp_system *original = s->system;
    restart_counts(s);
    s->system = stand_in;
    cnp_status status = solve_all(s, l, pinned);
    s->system = original;
    return status == CNP_OK ? write_values(s) : status;
}

/// The relaxation of strategy/relax.c for the components of more than `larger_than` variables,
/// round after round: CNP_OK once an answer holds every inequality left out with room,
/// CNP_ERROR_TOO_LARGE when there is none to leave out, a round breaks a required row of a
/// relaxed component, the rounds run out, or their dense work together passes the limit. With
/// `pins`, the components left whole are pinned, and the answer must pass cnp__pins_accept too
/// (CNP_ERROR_TOO_LARGE otherwise, and when no pin is left: the plain relaxation is the same).
static cnp_status solve_relaxed(solver *s, layout *l, uint32_t larger_than, pin_pass *pins) {
    relaxation relaxed;
    double limit = s->options.work_limit, spent = 0.0;
    bool settled = false;
    cnp_status status =
        cnp__relax_prepare(s, l->component_variable_start, l->component_row_start, larger_than, &relaxed);
    if (status == CNP_OK && pins != NULL && cnp__relax_pin(&relaxed, pins, s->system->row_count) == 0) {
        status = CNP_ERROR_TOO_LARGE;
    }
    for (uint32_t round = 0; status == CNP_OK && !settled && round < RELAX_ROUNDS; round++) {
        s->options.work_limit = limit - spent; // the rounds share one budget
        status = solve_stand_in(s, l, &relaxed.system, pins != NULL);
        spent += s->work;
        if (status == CNP_OK && cnp__relax_broke_rows(s, &relaxed)) {
            status = CNP_ERROR_TOO_LARGE;
        } else if (status == CNP_OK) {
            settled = cnp__relax_put_back(s->system, s->solution->values, &relaxed) == 0;
        }
    }
    s->options.work_limit = limit;
    if (status == CNP_OK && settled && pins != NULL &&
        !cnp__pins_accept(s, pins, l->component_variable_start, l->component_row_start)) {
        return CNP_ERROR_TOO_LARGE;
    }
    return status != CNP_OK ? status : settled ? CNP_OK : CNP_ERROR_TOO_LARGE;
}

/// A system with a block past `pin_block_limit`: the pass with soft pins made required
/// (strategy/pins.c) when its answer is accepted, else every block densely, without that limit,
/// and when a block is too large for that, the relaxation (strategy/relax.c) of every component
/// that could hold a large block. Components so large that their dense work would take long
/// try the relaxation before the dense path, first with the pins in the components it leaves
/// whole (a self-sizing list beside a long row of views pushing each other needs both).
static cnp_status solve_large(solver *s, layout *l) {
    pin_pass pins;
    s->record_broken = true;
    s->eliminations = NULL;
    cnp_status status = cnp__pins_prepare(s, &pins);
    bool pinned = status == CNP_OK;
    if (pinned) {
        status = solve_stand_in(s, l, &pins.system, true);
    }
    if (status == CNP_OK && cnp__pins_accept(s, &pins, l->component_variable_start, l->component_row_start)) {
        return CNP_OK;
    }
    s->options.pin_fallback = false;
    status = pinned ? solve_relaxed(s, l, RELAX_FIRST_VARIABLES, &pins) : CNP_ERROR_TOO_LARGE;
    if (status == CNP_ERROR_TOO_LARGE) {
        status = solve_relaxed(s, l, RELAX_FIRST_VARIABLES, NULL);
    }
    if (status == CNP_OK || status == CNP_ERROR_OUT_OF_MEMORY) {
        return status;
    }
    restart_counts(s);
    status = solve_all(s, l, false);
    if (status == CNP_ERROR_TOO_LARGE) {
        return solve_relaxed(s, l, s->options.pin_block_limit, NULL);
    }
    return status == CNP_OK ? write_values(s) : status;
}

static uint8_t row_state(uint8_t flags, bool holds) {
    if (flags & ROW_BROKEN) {
        return CNP_ROW_BROKEN;
    }
    if (flags & ROW_CONFLICT) {
        return CNP_ROW_CONFLICT;
    }
    if (holds) {
        return CNP_ROW_SATISFIED;
    }
    return (flags & ROW_TIED) ? CNP_ROW_TIED : CNP_ROW_VIOLATED;
}

static void write_rows(solver *s) {
    const cnp_system *system = s->system;
    cnp_solution *solution = s->solution;
    for (uint32_t r = 0; r < system->row_count; r++) {
        double tolerance = 0.0;
        double violation = system_row_violation(system, solution->values, r, &tolerance);
        solution->row_error[r] = violation;
        solution->row_state[r] = row_state(s->row_flags[r], fabs(violation) <= tolerance);
        if (solution->conflict_group != NULL) {
            solution->conflict_group[r] = s->group[r];
        }
    }
}

static bool lanes_are_valid(const cnp_solve_lanes *lanes) {
    if (lanes == NULL) {
        return true;
    }
    if (lanes->lane_count == 0 || lanes->workspaces == NULL || lanes->run == NULL) {
        return false;
    }
    for (uint32_t lane = 0; lane < lanes->lane_count; lane++) {
        if (lanes->workspaces[lane] == NULL) {
            return false;
        }
    }
    return true;
}

cnp_status cnp__solver_solve(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                             cnp_solve_report *report, const solver_options *options, cnp_solve_record *record,
                             const cnp_solve_lanes *lanes) {
    uint32_t failed_row = NONE;
    if (record != NULL) {
        cnp__record_forget(record);
    }
    if (report != NULL) {
        *report = (cnp_solve_report){0};
        report->failed_row = NONE;
    }
    if (workspace == NULL || !lanes_are_valid(lanes)) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    cnp_status status = cnp__validate_system(system, solution, &failed_row);
    if (status != CNP_OK) {
        if (report != NULL) {
            report->failed_row = failed_row;
        }
        return status;
    }
    uint64_t terms = total_row_terms(system);
    if (terms >= NONE) {
        return CNP_ERROR_TOO_LARGE;
    }
    solver s = {.system = system, .solution = solution, .options = *options, .workspace = workspace, .lanes = lanes};
    s.report.failed_row = NONE;
    if (record != NULL && cnp__record_prepare(record, &s, terms) != CNP_OK) {
        record = NULL; // recording is optional: the solve goes on without it
    }
    s.memo = record != NULL ? cnp__record_memo(record) : NULL;
    layout l;
    status = reserve(&s, &l, terms, record != NULL);
    if (status != CNP_OK) {
        if (record != NULL) {
            cnp__memo_finish(s.memo, false);
        }
        return status;
    }
    status = solve_all(&s, &l, false);
    if (status == CNP_ERROR_TOO_LARGE && s.options.pin_fallback) {
        status = solve_large(&s, &l);
    } else if (status == CNP_OK) {
        status = write_values(&s);
    }
    if (status == CNP_OK) {
        write_rows(&s);
    }
    if (record != NULL) {
        s.report.recorded = cnp__record_finish(record, &s, status);
        cnp__memo_finish(s.memo, status == CNP_OK);
    }
    if (report != NULL) {
        *report = s.report;
        report->solved_blocks = s.solved_blocks;
    }
    return status;
}

cnp_status cnp_solve(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                     cnp_solve_report *report) {
    return cnp_solve_recording(workspace, system, solution, report, NULL);
}

cnp_status cnp_solve_recording(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                               cnp_solve_report *report, cnp_solve_record *record) {
    return cnp_solve_on_lanes(workspace, system, solution, report, record, NULL);
}

cnp_status cnp_solve_on_lanes(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                              cnp_solve_report *report, cnp_solve_record *record, const cnp_solve_lanes *lanes) {
    solver_options options = cnp__solver_default_options();
    return cnp__solver_solve(workspace, system, solution, report, &options, record, lanes);
}

cnp_status cnp_testing_solve_sparse_from(cnp_workspace *workspace, const cnp_system *system, cnp_solution *solution,
                                         cnp_solve_report *report, uint32_t sparse_from) {
    solver_options options = cnp__solver_default_options();
    options.sparse_from = sparse_from;
    return cnp__solver_solve(workspace, system, solution, report, &options, NULL, NULL);
}
