/*
 * Substitution: what required equalities with one or two variables settle, without a matrix.
 *
 * Every variable is kept as scale * (its class representative) + offset. A required equality
 * that reduces to one representative fixes that class's value; one that reduces to two merges
 * the smaller class into the larger (its members are rewritten through the other
 * representative). One sweep in row order settles every row that has at most two open
 * representatives when it is met, which for a view tree listed parent first is all of them:
 * chains such as `child.minX = parent.minX + 8` collapse as they are read. Rows met too early
 * (three or more open representatives) are revisited by a queue: they are queued again
 * whenever a class they touch changes. Union by size bounds the rewriting to O(log n) per
 * variable, so the whole pass costs O((rows + terms) log variables), and one sweep in the
 * common case.
 *
 * Substitution is exact wherever required rows can hold. When they cannot (a row reduces to a
 * false constant), the row is flagged ROW_UNSOUND and its component is later solved from its
 * original rows instead, where the dense path finds the smallest conflicting set. The sweep
 * and the queue visit a component's rows in the same order whether or not other components
 * are present, so each component's outcome is its own.
 */
#include "reduce/reduce.h"

void cnp__reset_component(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                          uint32_t row_count) {
    for (uint32_t j = 0; j < row_count; j++) {
        s->report.broken_rows -= (s->row_flags[list_at(rows, j)] & ROW_BROKEN) ? 1 : 0;
    }
    // A class of its own again (class_rep), keeping the place of its entries when this pass
    // handed it one: with none handed out, a flag is stale (a pass starts here).
    uint8_t kept = s->class_count > 0 ? VARIABLE_PLACED : 0;
    for (uint32_t j = 0; j < variable_count; j++) {
        uint32_t v = list_at(variables, j);
        s->variable_flags[v] &= kept;
        s->rep_value[v] = 0.0;
    }
    for (uint32_t j = 0; j < row_count; j++) {
        s->row_flags[list_at(rows, j)] = 0;
    }
}

static bool is_required_equality(const solver *s, uint32_t row) {
    return row_is_required(s, row) && solver_row(s, row)->relation == CNP_RELATION_EQUAL;
}

/// Queues every waiting row that mentions `variable` (none during the sweep: `tail` is NULL).
static void requeue_rows_of(solver *s, uint32_t variable, uint32_t *tail) {
    uint32_t first = tail != NULL ? variable_slot(s, variable) : NONE;
    if (first == NONE) {
        return;
    }
    for (uint32_t j = first; j < first + s->variable_row_count[variable]; j++) {
        uint32_t row = s->variable_rows[j];
        if (!(s->row_flags[row] & (ROW_QUEUED | ROW_SETTLED | ROW_UNSOUND))) {
            s->row_flags[row] |= ROW_QUEUED;
            s->queue[*tail % s->queue_ring] = row;
            (*tail)++;
        }
    }
}

/// A row over at most two representatives: alpha * first + beta * second = constant.
typedef struct small_row {
    uint32_t count; // 0, 1, 2, or 3 for "more than two"
    uint32_t first, second;
    double alpha, beta;
    double constant;
    double magnitude; // sum |coefficient * value| of the fixed terms, for the tolerance
    double largest;   // the largest |coefficient * scale|, to judge a coefficient negligible
} small_row;

static void add_to_small_row(small_row *row, uint32_t rep, double coefficient) {
    if (row->count >= 1 && row->first == rep) {
        row->alpha += coefficient;
    } else if (row->count >= 2 && row->second == rep) {
        row->beta += coefficient;
    } else if (row->count == 0) {
        row->first = rep;
        row->alpha = coefficient;
        row->count = 1;
    } else if (row->count == 1) {
        row->second = rep;
        row->beta = coefficient;
        row->count = 2;
    } else {
        row->count = 3;
    }
}

static small_row reduce_small(const solver *s, uint32_t r) {
    const cnp_row *row = solver_row(s, r);
    small_row out = {0, NONE, NONE, 0.0, 0.0, row->constant, 0.0, 0.0};
    for (uint32_t t = row->first_term; t < row->first_term + row->term_count && out.count < 3; t++) {
        uint32_t v = s->system->term_variables[t], rep = class_rep(s, v);
        double coefficient = system_coefficient(s->system, t), scale = class_scale(s, v);
        if (s->variable_flags[rep] & VARIABLE_FIXED) {
            double term = coefficient * (scale * s->rep_value[rep] + class_offset(s, v));
            out.constant -= term;
            out.magnitude += fabs(term);
            continue;
        }
        out.constant -= coefficient * class_offset(s, v);
        out.largest = fmax(out.largest, fabs(coefficient * scale));
        add_to_small_row(&out, rep, coefficient * scale);
    }
    // Cancelled terms (x - x) leave a representative with no weight.
    if (out.count == 2 && out.beta == 0.0) {
        out.count = 1;
    }
    if (out.count >= 1 && out.count <= 2 && out.alpha == 0.0) {
        out.first = out.second;
        out.alpha = out.beta;
        out.count--;
    }
    return out;
}

static bool ratio_is_safe(double numerator, double denominator) {
    double ratio = fabs(numerator / denominator);
    return isfinite(ratio) && ratio <= SUBSTITUTION_RATIO_LIMIT && ratio >= 1.0 / SUBSTITUTION_RATIO_LIMIT;
}

static void fix_class(solver *s, uint32_t rep, double value, uint32_t *tail) {
    s->variable_flags[rep] |= VARIABLE_FIXED;
    s->rep_value[rep] = value;
    for (uint32_t m = rep; m != NONE; m = class_next(s, m)) {
        requeue_rows_of(s, m, tail);
    }
}

/// Rewrites every member of `from`'s class through `into`, given from = a * into + c.
static void merge_class(solver *s, uint32_t from, uint32_t into, double a, double c, uint32_t *tail) {
    uint32_t target = write_class_entries(s, into), source = write_class_entries(s, from);
    uint32_t from_last = s->last_member[source], from_size = s->class_size[source];
    for (uint32_t m = from; m != NONE;) {
        uint32_t k = write_class_entries(s, m);
        s->offset[k] += s->scale[k] * c;
        s->scale[k] *= a;
        s->rep[k] = into;
        requeue_rows_of(s, m, tail);
        m = s->next_member[k];
    }
    s->next_member[s->class_place[s->last_member[target]]] = from;
    s->last_member[target] = from_last;
    s->class_size[target] += from_size;
}

typedef enum settle_outcome { SETTLED, WAITING, FALSE_CONSTANT } settle_outcome;

/// Settles a required equality if it has at most two open representatives.
static settle_outcome settle(solver *s, uint32_t r, uint32_t *tail) {
    small_row row = reduce_small(s, r);
    if (row.count == 0) {
        if (fabs(row.constant) > row_tolerance(solver_row(s, r)->constant, row.magnitude)) {
            return FALSE_CONSTANT;
        }
        s->row_flags[r] |= ROW_SETTLED;
        note_elimination(s, r, NONE, 1.0);
        return SETTLED;
    }
    if (row.count == 1) {
        // A coefficient far below the row's others is rounding left from a cancellation.
        double value = row.constant / row.alpha;
        if (fabs(row.alpha) < row.largest / SUBSTITUTION_RATIO_LIMIT || !isfinite(value)) {
            return WAITING;
        }
        s->row_flags[r] |= ROW_SETTLED;
        note_elimination(s, r, row.first, row.alpha);
        fix_class(s, row.first, value, tail);
        return SETTLED;
    }
    if (row.count == 2 && ratio_is_safe(row.beta, row.alpha)) {
        // alpha * first + beta * second = constant: rewrite the smaller class.
        bool first_is_smaller = class_size(s, row.first) <= class_size(s, row.second);
        uint32_t from = first_is_smaller ? row.first : row.second, into = first_is_smaller ? row.second : row.first;
        double from_coefficient = first_is_smaller ? row.alpha : row.beta;
        double into_coefficient = first_is_smaller ? row.beta : row.alpha;
        s->row_flags[r] |= ROW_SETTLED;
        note_elimination(s, r, from, from_coefficient);
        merge_class(s, from, into, -into_coefficient / from_coefficient, row.constant / from_coefficient, tail);
        return SETTLED;
    }
    return WAITING;
}

void cnp__index_rows_by_variable(solver *s, const uint32_t *rows, uint32_t count) {
    const cnp_system *system = s->system;
    for (int pass = 0; pass < 3; pass++) {
        uint32_t position = 0;
        for (uint32_t j = 0; j < count; j++) {
            const cnp_row *row = solver_row(s, rows[j]);
            for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
                uint32_t v = system->term_variables[t];
                if (pass == 0) {
                    s->variable_row_count[v] = 0;
                } else if (pass == 1) {
                    s->variable_row_count[v]++;
                } else if (variable_slot(s, v) == NONE) {
                    set_variable_slot(s, v, position);
                    s->variable_row_start[v] = position; // the fill cursor
                    position += s->variable_row_count[v];
                }
            }
        }
    }
    for (uint32_t j = 0; j < count; j++) {
        const cnp_row *row = solver_row(s, rows[j]);
        for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
            s->variable_rows[s->variable_row_start[system->term_variables[t]]++] = rows[j];
        }
    }
}

void cnp__forget_row_index(solver *s, const uint32_t *rows, uint32_t count) {
    for (uint32_t j = 0; j < count; j++) {
        const cnp_row *row = solver_row(s, rows[j]);
        for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
            set_variable_slot(s, s->system->term_variables[t], NONE);
        }
    }
}

uint32_t cnp__substitute_rows(solver *s, const uint32_t *rows, uint32_t row_count) {
    uint32_t waiting = 0, unsound = 0;
    uint32_t *waiting_rows = s->block_rows; // free until the blocks are found
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j);
        // A row without terms belongs to no component: check_constant_rows judges it alone.
        if (!is_required_equality(s, r) || (s->row_flags[r] & ROW_BROKEN) || solver_row(s, r)->term_count == 0) {
            continue;
        }
        settle_outcome outcome = settle(s, r, NULL);
        if (outcome == WAITING) {
            waiting_rows[waiting++] = r;
        } else if (outcome == FALSE_CONSTANT) {
            s->row_flags[r] |= ROW_UNSOUND;
            unsound++;
        }
    }
    if (waiting == 0) {
        return unsound;
    }
    // The waiting rows, in row order, start the queue. Each row is queued at most once at a
    // time and only waiting rows are ever queued, so a ring of `waiting` entries suffices.
    cnp__index_rows_by_variable(s, waiting_rows, waiting);
    uint32_t head = 0, tail = waiting;
    s->queue_ring = waiting;
    for (uint32_t j = 0; j < waiting; j++) {
        s->queue[j] = waiting_rows[j];
        s->row_flags[waiting_rows[j]] |= ROW_QUEUED;
    }
    while (head != tail) {
        uint32_t r = s->queue[head % s->queue_ring];
        head++;
        s->row_flags[r] &= (uint8_t)~ROW_QUEUED;
        if (!(s->row_flags[r] & (ROW_SETTLED | ROW_UNSOUND)) && settle(s, r, &tail) == FALSE_CONSTANT) {
            s->row_flags[r] |= ROW_UNSOUND;
            unsound++;
        }
    }
    cnp__forget_row_index(s, waiting_rows, waiting);
    return unsound;
}

void cnp__reduce_rows(solver *s, const uint32_t *rows, uint32_t row_count) {
    const cnp_system *system = s->system;
    // Reduced terms are packed for the open rows of this call only: nothing reads a row's
    // reduced form after the rows it was reduced with are solved.
    uint32_t offset = 0;
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j), count = 0;
        if (s->row_flags[r] & ROW_SETTLED) {
            continue; // its reduced form is never read: a tree's rows leave those pages untouched
        }
        const cnp_row *row = &system->rows[r];
        uint32_t start = offset;
        double constant = row->constant;
        for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
            uint32_t v = system->term_variables[t], rep = class_rep(s, v);
            double coefficient = system_coefficient(system, t);
            if (s->variable_flags[rep] & VARIABLE_FIXED) {
                constant -= coefficient * (class_scale(s, v) * s->rep_value[rep] + class_offset(s, v));
                continue;
            }
            constant -= coefficient * class_offset(s, v);
            if (variable_slot(s, rep) == NONE) {
                set_variable_slot(s, rep, count);
                s->reduced_variable[start + count] = rep;
                s->reduced_coefficient[start + count] = 0.0;
                count++;
            }
            s->reduced_coefficient[start + variable_slot(s, rep)] += coefficient * class_scale(s, v);
        }
        uint32_t kept = 0;
        for (uint32_t t = 0; t < count; t++) {
            uint32_t rep = s->reduced_variable[start + t];
            set_variable_slot(s, rep, NONE);
            if (s->reduced_coefficient[start + t] != 0.0) {
                s->reduced_variable[start + kept] = rep;
                s->reduced_coefficient[start + kept] = s->reduced_coefficient[start + t];
                kept++;
            }
        }
        s->reduced_start[r] = start;
        s->reduced_count[r] = kept;
        s->reduced_constant[r] = constant;
        offset += kept;
    }
}
