/*
 * Peeling: a variable that only one open row mentions, when that row is a required equality,
 * constrains nothing else. Whatever the other variables do, the row can be met by that
 * variable alone, so the row and the variable leave the problem and the variable is computed
 * afterwards. Peeling repeats as rows leave, which unravels chains that substitution cannot
 * (`view[i].minY = view[i-1].minY + view[i-1].height + 8`, with heights set by soft rows):
 * the last view's minY goes first, then the one before, down to the first.
 *
 * Peeling is exact for every level but the last: a peeled variable's "== reference" row is
 * dropped. That row only matters when the variables it is computed from are still free at the
 * reference level, and then cnp__finish_peeled asks for the component to be solved without peeling.
 * It can neither create nor hide a conflict (the peeled row can always be met), so conflicting
 * sets are the same with or without it.
 */
#include "reduce/reduce.h"

static bool row_is_open(const solver *s, uint32_t row) {
    return !(s->row_flags[row] & (ROW_SETTLED | ROW_PEELED | ROW_BROKEN));
}

static bool is_required_equality(const solver *s, uint32_t row) {
    return row_is_required(s, row) && solver_row(s, row)->relation == CNP_RELATION_EQUAL;
}

static void count_occurrences(solver *s, const uint32_t *rows, uint32_t row_count) {
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j);
        for (uint32_t t = s->reduced_start[r]; t < s->reduced_start[r] + s->reduced_count[r]; t++) {
            s->occurrences[s->reduced_variable[t]] = 0;
        }
    }
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j);
        if (row_is_open(s, r)) {
            for (uint32_t t = s->reduced_start[r]; t < s->reduced_start[r] + s->reduced_count[r]; t++) {
                s->occurrences[s->reduced_variable[t]]++;
            }
        }
    }
}

static bool row_mentions(const solver *s, uint32_t row, uint32_t rep) {
    for (uint32_t t = s->reduced_start[row]; t < s->reduced_start[row] + s->reduced_count[row]; t++) {
        if (s->reduced_variable[t] == rep) {
            return true;
        }
    }
    return false;
}

/// The one open row that still mentions `rep` (its occurrence count is 1), found through the
/// index of open rows by variable.
static uint32_t last_row_of(const solver *s, uint32_t rep) {
    for (uint32_t m = rep; m != NONE; m = class_next(s, m)) {
        uint32_t first = variable_slot(s, m);
        if (first == NONE) {
            continue;
        }
        for (uint32_t j = first; j < first + s->variable_row_count[m]; j++) {
            uint32_t row = s->variable_rows[j];
            if (row_is_open(s, row) && row_mentions(s, row, rep)) {
                return row;
            }
        }
    }
    return NONE;
}

/// The term of `row` to peel: a representative no other open row mentions, with the largest
/// coefficient (dividing by a tiny one would amplify rounding); NONE if there is none.
static uint32_t choose_peel(const solver *s, uint32_t row) {
    uint32_t start = s->reduced_start[row], end = start + s->reduced_count[row], best = NONE;
    double largest = 0.0;
    for (uint32_t t = start; t < end; t++) {
        largest = fmax(largest, fabs(s->reduced_coefficient[t]));
    }
    for (uint32_t t = start; t < end; t++) {
        double size = fabs(s->reduced_coefficient[t]);
        if (s->occurrences[s->reduced_variable[t]] == 1 && size >= largest / SUBSTITUTION_RATIO_LIMIT &&
            (best == NONE || size > fabs(s->reduced_coefficient[best]))) {
            best = t;
        }
    }
    return best;
}

static void push(solver *s, uint32_t row, uint32_t *tail) {
    if (row != NONE && !(s->row_flags[row] & ROW_QUEUED) && row_is_open(s, row) && is_required_equality(s, row)) {
        s->row_flags[row] |= ROW_QUEUED;
        s->queue[*tail % s->queue_ring] = row;
        (*tail)++;
    }
}

static void peel(solver *s, uint32_t row, uint32_t term, uint32_t *tail) {
    uint32_t rep = s->reduced_variable[term];
    s->row_flags[row] |= ROW_PEELED;
    s->variable_flags[rep] |= VARIABLE_PEELED;
    s->peeled_variable[row] = rep;
    s->peel_order[s->peel_count++] = row;
    s->occurrences[rep] = 0;
    for (uint32_t t = s->reduced_start[row]; t < s->reduced_start[row] + s->reduced_count[row]; t++) {
        uint32_t other = s->reduced_variable[t];
        if (other != rep && --s->occurrences[other] == 1) {
            push(s, last_row_of(s, other), tail);
        }
    }
}

void cnp__peel_component(solver *s, const uint32_t *rows, uint32_t row_count) {
    s->peel_count = 0;
    // Only open rows take part; their list (in the block-row array, free until the blocks are
    // found) is indexed by variable so that a variable's last row can be found.
    uint32_t *open = s->block_rows, open_count = 0;
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j);
        if (row_is_open(s, r) && s->reduced_count[r] > 0) {
            open[open_count++] = r;
        }
    }
    if (open_count == 0) {
        return;
    }
    count_occurrences(s, open, open_count);
    cnp__index_rows_by_variable(s, open, open_count);
    uint32_t head = 0, tail = 0;
    s->queue_ring = open_count;
    for (uint32_t j = 0; j < open_count; j++) {
        push(s, open[j], &tail);
    }
    while (head != tail) {
        uint32_t row = s->queue[head % s->queue_ring];
        head++;
        s->row_flags[row] &= (uint8_t)~ROW_QUEUED;
        if (!row_is_open(s, row)) {
            continue;
        }
        uint32_t term = choose_peel(s, row);
        if (term != NONE) {
            peel(s, row, term, &tail);
        }
    }
    cnp__forget_row_index(s, open, open_count);
}

uint32_t cnp__finish_peeled(solver *s) {
    uint32_t unpeeled = 0;
    for (uint32_t j = s->peel_count; j-- > 0;) {
        uint32_t row = s->peel_order[j], rep = s->peeled_variable[row];
        double value = s->reduced_constant[row], own = 0.0;
        for (uint32_t t = s->reduced_start[row]; t < s->reduced_start[row] + s->reduced_count[row]; t++) {
            uint32_t other = s->reduced_variable[t];
            if (other == rep) {
                own = s->reduced_coefficient[t];
                continue;
            }
            if (s->variable_flags[other] & VARIABLE_AMBIGUOUS) {
                s->row_flags[row] |= ROW_UNPEELED;
            }
            value -= s->reduced_coefficient[t] * s->rep_value[other];
        }
        s->rep_value[rep] = value / own;
        if (s->row_flags[row] & ROW_UNPEELED) {
            s->variable_flags[rep] |= VARIABLE_AMBIGUOUS; // so that rows peeled before it see it
            unpeeled++;
        }
    }
    return unpeeled;
}
