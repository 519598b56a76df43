/*
 * The reduce layer: what a solve eliminates before any block is solved. Substitution merges the
 * variables of required rows of one or two variables into classes (each variable a scale of its
 * class's representative plus an offset), peeling removes variables that one required equality
 * alone defines, and what is left splits into components and blocks. Substitution notes each
 * elimination in order, when the solve is recorded: that log is what reuse/record.c carries new
 * constants through.
 */
#ifndef CNP_REDUCE_H
#define CNP_REDUCE_H

#include "base/state.h"

// The lists of rows and variables below may be NULL for every row or variable in order
// (list_at), as in a solve's first sweep; the lists these functions write are arrays.

// components.c
/// Numbers the connected components of variables (rows join the variables they mention) and
/// lists each component's variables and rows, ascending: component c has variables
/// component_variables[variable_start[c] ..< variable_start[c + 1]] and likewise rows.
/// Rows without terms belong to no component. Returns the component count.
uint32_t cnp__find_components(solver *s, uint32_t *variable_start, uint32_t *row_start);
/// Splits the unknowns (open representatives) that the open rows among `rows` mention into
/// blocks joined by those rows. Writes block_variables / block_rows and their starts, flags
/// the unknowns VARIABLE_IN_BLOCK, and returns the count. Unknowns no open row mentions are
/// left to the caller.
uint32_t cnp__find_blocks(solver *s, const uint32_t *rows, uint32_t row_count, uint32_t *variable_start,
                          uint32_t *row_start);

// substitute.c
/// Lists, for each variable of `rows`, the rows among them that mention it, at
/// variable_rows[slot[v] ..< slot[v] + variable_row_count[v]] (slot[v] is NONE for the others).
/// Touches only those variables; cnp__forget_row_index puts slot back.
void cnp__index_rows_by_variable(solver *s, const uint32_t *rows, uint32_t count);
void cnp__forget_row_index(solver *s, const uint32_t *rows, uint32_t count);
/// Restores the component's variables and rows to the unsubstituted state.
void cnp__reset_component(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                          uint32_t row_count);
/// Eliminates the required equalities among `rows` (ascending) that have one or two variables.
/// Rows found to be false constants are flagged ROW_UNSOUND; returns how many.
uint32_t cnp__substitute_rows(solver *s, const uint32_t *rows, uint32_t row_count);
/// Writes each unsettled row's terms over representatives (fixed ones folded into the constant).
void cnp__reduce_rows(solver *s, const uint32_t *rows, uint32_t row_count);

// peel.c
/// Peels variables that exactly one open required equality mentions, repeatedly.
void cnp__peel_component(solver *s, const uint32_t *rows, uint32_t row_count);
/// Computes the peeled variables from the solved ones, last peeled first. A peeled row whose
/// variable depends on an ambiguous one is flagged ROW_UNPEELED (its reference pull, dropped
/// by peeling, would have mattered: the component must be solved again without peeling);
/// returns how many.
uint32_t cnp__finish_peeled(solver *s);

/// Notes an elimination in order, when the solve is recorded.
static inline void note_elimination(solver *s, uint32_t row, uint32_t target, double divisor) {
    if (s->eliminations != NULL) {
        elimination_list_append(s->eliminations, row, target, divisor);
    }
}

#endif
