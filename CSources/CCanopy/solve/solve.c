/*
 * cnp_solve: checks the input, carves the solve's memory, makes a first pass over the whole
 * system (solve/passes.c), hands a block too large for it to the strategies (solve/large.c),
 * then writes every output from the final values, so the outputs always describe the answer
 * actually returned; and keeps what the next solve can reuse, when asked to.
 */
#include "solve/driver.h"

#include <string.h>

solver_options cnp__solver_default_options(void) {
    return (solver_options){
        .substitute = true,
        .peel = true,
        .single = true,
        .kernel = KERNEL_AUTO,
        .tiny_limit = 16,
        .dense_limit = 1024,
        .dense_memory_limit = 4e7,
        .work_limit = 2e10,
        .pin_fallback = true,
        .pin_block_limit = 16,
        .banded_from = 64,
        .triangular_from = 64,
        .sparse_from = 512,
    };
}

/// The solver's arrays out of `a`; the substitution classes' entries only when a record has
/// not lent its own (`classes_lent`).
static void carve(arena *a, solver *s, layout *l, size_t variables, size_t rows, size_t terms, bool classes_lent) {
    size_t starts = variables + 2;
    s->find = cnp__arena_take(a, variables, sizeof(uint32_t));
    if (!classes_lent) {
        s->class_place = cnp__arena_take(a, variables, sizeof(uint32_t));
        s->rep = cnp__arena_take(a, variables, sizeof(uint32_t));
        s->scale = cnp__arena_take(a, variables, sizeof(double));
        s->offset = cnp__arena_take(a, variables, sizeof(double));
        s->next_member = cnp__arena_take(a, variables, sizeof(uint32_t));
        s->last_member = cnp__arena_take(a, variables, sizeof(uint32_t));
        s->class_size = cnp__arena_take(a, variables, sizeof(uint32_t));
    }
    s->rep_value = cnp__arena_take(a, variables, sizeof(double));
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
    arena a;
    cnp_status status = CNP_OK;
    for (carve_pass pass = CARVE_MEASURE; cnp__carve_in_part(&a, &pass, s->workspace, PART_SOLVER, &status);) {
        carve(&a, s, l, system->variable_count, system->row_count, (size_t)terms, classes_lent);
    }
    return status;
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
        if (solution->row_error != NULL) {
            solution->row_error[r] = violation;
        }
        solution->row_state[r] = row_state(s->row_flags[r], fabs(violation) <= tolerance);
        if (solution->conflict_group != NULL) {
            solution->conflict_group[r] = row_group(s, r);
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
                             const cnp_solve_lanes *lanes, cnp_testing_path_counts *counts) {
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
    solver s = {.system = system,
                .solution = solution,
                .options = *options,
                .budget = options->work_limit,
                .defers_large_blocks = options->pin_fallback,
                .workspace = workspace,
                .lanes = lanes,
                .counts = counts};
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
    pass_outcome first;
    status = cnp__solve_pass(&s, &l, system, false, &first);
    if (s.options.pin_fallback && (first.deferred > 0 || status == CNP_ERROR_TOO_LARGE)) {
        status = cnp__solve_large(&s, &l, &first);
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
    return cnp__solver_solve(workspace, system, solution, report, &options, record, lanes, NULL);
}
