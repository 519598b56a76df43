/*
 * A dense block's levels as linear maps of their right-hand sides, kept to solve the block
 * again when only its constants change.
 *
 * While a level ends with the same working set and counted rows, its answer is linear in its
 * right-hand sides: the counted rows' b and the working inequalities' h (the least-squares
 * point of the counted rows in the working set's null space, through the working set at its
 * bounds). So is each working multiplier. What a level decides besides (the rows it locks,
 * hence the next levels' free directions; the inequalities it passes down; the cone that
 * decides ambiguity) depends only on which rows it leaves violated. A recorded solve of a
 * block writes, level by level, the columns of those maps (one solve per input, with the
 * factorizations the level ended with) and its discrete outcome.
 *
 * A later block of the same shape (the same rows, priorities, relations, terms and reference
 * weights; other constants) applies the maps level by level instead of factoring, and checks
 * at each level that the recorded outcome is still the optimum: every inequality outside the
 * working set holds, no working multiplier is negative, every counted inequality still fails
 * and every uncounted one holds (the active set's own stopping rules), and the same rows are
 * violated. A failed check leaves the block to be solved afresh. Each level's answer is a
 * convex problem's optimum, unique where it matters, so a checked answer is the solve's up to
 * rounding (and the rows' tolerances, where rows are that close to degenerate). While a block
 * keeps its maps, the same constants give it the same bits.
 *
 * What is kept is each level's factorizations applied to every unit input once, at recording:
 * the columns of the map, n (and the working set's size) per input. Applying them costs a
 * multiply-add per entry, where solving costs a pivoted QR per step and per lock.
 *
 * Blocks with conflicts or ties are not recorded: their flags come from searches the maps do
 * not follow.
 *
 * A record: kind, then for a level [start, end, counted, working, flags per level row (bit 0
 * counted, bit 1 violated), the working members (indexes of inherited inequalities), moves
 * (n per input), multipliers (working per input)]; for the cone [inherited count, active bit
 * per inherited inequality]; last, for the answer [levels solved, ambiguity bit per unknown].
 *
 * A block too large to map records its levels' outcomes alone: level records without moves
 * and multipliers (MAP_LEVEL_OUTCOME, MAP_REFERENCE_OUTCOME), no cone. Either kind of record
 * gives the next solve of the block's shape, when it is solved rather than reused, the working
 * set and counted rows each level ended with, to start the level from (cnp__maps_next_outcome).
 */
#include "level/dense.h"

#include <stdlib.h>
#include <string.h>

enum { COUNTED = 1, VIOLATED = 2 };

static bool reserve_doubles(map_recorder *r, size_t count) {
    return cnp__grow_buffer((void **)&r->doubles, &r->doubles_capacity, count, sizeof(double));
}

static bool reserve_indexes(map_recorder *r, size_t count) {
    return cnp__grow_buffer((void **)&r->indexes, &r->indexes_capacity, count, sizeof(uint32_t));
}

void cnp__maps_begin(map_recorder *recorder, bool outcomes_only) {
    recorder->length = 0;
    recorder->finished = false;
    recorder->refused = false;
    recorder->outcomes_only = outcomes_only;
}

void cnp__maps_free(map_recorder *recorder) {
    free(recorder->words);
    free(recorder->doubles);
    free(recorder->indexes);
    *recorder = (map_recorder){0};
}

/// Room for `count` more words; refuses the recording when memory is out.
static uint64_t *append(map_recorder *r, size_t count) {
    if (r->refused || !cnp__grow_buffer((void **)&r->words, &r->capacity, r->length + count, sizeof(uint64_t))) {
        r->refused = true;
        return NULL;
    }
    uint64_t *out = &r->words[r->length];
    r->length += count;
    return out;
}

void cnp__maps_refuse(dense_block *d) {
    // Outcomes are only starts: a conflict or a tie leaves them as good a start as any.
    if (d->recorder != NULL && !d->recorder->outcomes_only) {
        d->recorder->refused = true;
    }
}

void cnp__maps_finish(dense_block *d) {
    map_recorder *r = d->recorder;
    uint64_t *out = r != NULL ? append(r, 2 + (size_t)d->n) : NULL;
    if (out == NULL) {
        return;
    }
    *out++ = MAP_ANSWER;
    *out++ = d->s->report.levels;
    for (uint32_t u = 0; u < d->n; u++) {
        *out++ = (d->s->variable_flags[d->variables[u]] & VARIABLE_AMBIGUOUS) != 0;
    }
    r->finished = true;
}

static uint64_t level_row_flags(const dense_block *d, uint32_t j) {
    double tolerance = 0.0;
    bool violated = fabs(cnp__dense_row_violation(d, d->objective_row[j], &tolerance)) > tolerance;
    return (dense_row_counts(d, j) ? COUNTED : 0) | (violated ? VIOLATED : 0);
}

void cnp__maps_record_level(dense_block *d, map_kind kind, uint32_t start, uint32_t end) {
    map_recorder *r = d->recorder;
    if (r == NULL || r->refused) {
        return;
    }
    uint32_t n = d->n, working = d->working_count, counted = 0;
    for (uint32_t j = 0; j < d->objective_count; j++) {
        counted += dense_row_counts(d, j);
    }
    uint32_t inputs = counted + working, flags = kind == MAP_REFERENCE ? 0 : d->objective_count;
    size_t saved = (size_t)d->k + d->objective_count + d->inequality_count;
    // Outcomes alone keep no columns.
    size_t columns = r->outcomes_only ? 0 : inputs;
    size_t moves = (size_t)n * columns, multipliers = (size_t)working * columns;
    if (!reserve_doubles(r, saved + moves + multipliers)) {
        r->refused = true;
        return;
    }
    double *scratch = r->doubles;
    if (!r->outcomes_only &&
        cnp__dense_map_level(d, inputs, scratch, scratch + saved, scratch + saved + moves) != CNP_OK) {
        r->refused = true;
        return;
    }
    uint64_t *out = append(r, 5 + flags + working + moves + multipliers);
    if (out == NULL) {
        return;
    }
    *out++ = r->outcomes_only ? (kind == MAP_REFERENCE ? MAP_REFERENCE_OUTCOME : MAP_LEVEL_OUTCOME) : kind;
    *out++ = start;
    *out++ = end;
    *out++ = counted;
    *out++ = working;
    for (uint32_t j = 0; j < flags; j++) {
        *out++ = level_row_flags(d, j);
    }
    for (uint32_t l = 0; l < working; l++) {
        *out++ = d->working_set[l];
    }
    for (size_t i = 0; i < moves + multipliers; i++) {
        *out++ = word_of(scratch[saved + i]);
    }
}

void cnp__maps_record_cone(dense_block *d) {
    map_recorder *r = d->recorder;
    uint64_t *out = r != NULL && !r->outcomes_only ? append(r, 2 + (size_t)d->inequality_count) : NULL;
    if (out == NULL) {
        return;
    }
    *out++ = MAP_CONE;
    *out++ = d->inequality_count;
    for (uint32_t i = 0; i < d->inequality_count; i++) {
        *out++ = d->h[i] == 0.0;
    }
}

// MARK: - Applying the maps

/// The block being solved by its maps.
typedef struct map_state {
    solver *s;
    const uint32_t *variables;
    uint32_t n;
    const uint32_t *rows;          // sorted by level
    uint32_t row_count;
    double *x, *moved, *inputs, *tolerance;
    uint32_t *inherited;           // rows passed down as inequalities, in order
    int8_t *inherited_sign;
    uint32_t inherited_count;
    uint8_t *in_working_set;       // per inherited inequality
    const uint64_t *word, *end;
} map_state;

/// A reduced row at `x`: its value, and its magnitude and norm when asked for.
static double row_at(const map_state *m, uint32_t row, const double *x, double *magnitude, double *norm) {
    const solver *s = m->s;
    double value = 0.0, sum_abs = 0.0, squares = 0.0;
    for (uint32_t t = s->reduced_start[row]; t < s->reduced_start[row] + s->reduced_count[row]; t++) {
        double coefficient = s->reduced_coefficient[t], term = coefficient * x[s->local[s->reduced_variable[t]]];
        value += term;
        sum_abs += fabs(term);
        squares += coefficient * coefficient;
    }
    if (magnitude != NULL) {
        *magnitude = sum_abs;
    }
    if (norm != NULL) {
        *norm = sqrt(squares);
    }
    return value;
}

/// Inherited inequality i's room at `x`, as a unit row; its tolerance at `x` into `*tolerance`.
static double room_at(const map_state *m, uint32_t i, const double *x, double *tolerance) {
    uint32_t row = m->inherited[i];
    double magnitude = 0.0, norm = 0.0, constant = m->s->reduced_constant[row];
    double value = row_at(m, row, x, &magnitude, &norm), unit = norm > 0 ? 1.0 / norm : 0.0;
    *tolerance = row_tolerance(constant, magnitude) * unit;
    return m->inherited_sign[i] * (constant - value) * unit;
}

static bool take(map_state *m, size_t count, const uint64_t **words) {
    if ((size_t)(m->end - m->word) < count) {
        return false;
    }
    *words = m->word;
    m->word += count;
    return true;
}

/// moved = x + moves * inputs; false when a working multiplier is below the drop threshold.
static bool move_by_map(map_state *m, const uint64_t *moves, const uint64_t *multipliers, uint32_t inputs,
                        uint32_t working, double scale) {
    uint32_t n = m->n;
    memcpy(m->moved, m->x, sizeof(double) * n);
    for (uint32_t p = 0; p < inputs; p++) {
        double input = m->inputs[p];
        for (uint32_t u = 0; u < n; u++) {
            m->moved[u] += double_of(moves[(size_t)n * p + u]) * input;
        }
    }
    for (uint32_t l = 0; l < working; l++) {
        double lambda = 0.0;
        for (uint32_t p = 0; p < inputs; p++) {
            lambda += double_of(multipliers[(size_t)working * p + l]) * m->inputs[p];
        }
        if (lambda < -2.0 * ROW_TOLERANCE * scale) {
            return false;
        }
    }
    return true;
}

/// Reads the working members into the inputs after `counted` and marks them; false when the
/// record names an inequality the block has not inherited.
static bool load_working(map_state *m, const uint64_t *members, uint32_t counted, uint32_t working) {
    for (uint32_t i = 0; i < m->inherited_count; i++) {
        m->in_working_set[i] = 0;
    }
    for (uint32_t l = 0; l < working; l++) {
        if (members[l] >= m->inherited_count) {
            return false;
        }
        double tolerance = 0.0;
        m->in_working_set[members[l]] = 1;
        m->inputs[counted + l] = room_at(m, (uint32_t)members[l], m->x, &tolerance);
    }
    return true;
}

/// Whether every inherited inequality outside the working set holds at `moved`.
static bool inherited_hold(const map_state *m) {
    for (uint32_t i = 0; i < m->inherited_count; i++) {
        double tolerance = 0.0;
        if (!m->in_working_set[i] && room_at(m, i, m->moved, &tolerance) < -tolerance) {
            return false;
        }
    }
    return true;
}

/// Whether level row j (of `row`) ends at `moved` as recorded in `flags`.
static bool row_ends_as_recorded(const map_state *m, uint32_t row, uint64_t flags, double tolerance) {
    const solver *s = m->s;
    double magnitude = 0.0, constant = s->reduced_constant[row];
    double value = row_at(m, row, m->moved, &magnitude, NULL);
    int8_t sign = relation_sign(solver_row(s, row)->relation);
    if (sign != 0) {
        double excess = sign * (value - constant);
        bool stops = flags & COUNTED ? excess < -COUNTED_ROOM * tolerance : excess > BLOCKING_EXCESS * tolerance;
        if (stops) {
            return false;
        }
    }
    bool violated = fabs(row_violation(solver_row(s, row)->relation, value, constant)) > row_tolerance(constant, magnitude);
    return violated == ((flags & VIOLATED) != 0);
}

/// Applies one level's map; false when its outcome is not the one recorded.
static bool apply_level(map_state *m) {
    const uint64_t *header = NULL, *flags = NULL, *members = NULL, *moves = NULL, *multipliers = NULL;
    if (!take(m, 4, &header)) {
        return false;
    }
    uint32_t start = (uint32_t)header[0], end = (uint32_t)header[1];
    uint32_t counted = (uint32_t)header[2], working = (uint32_t)header[3], inputs = counted + working;
    if (start > end || end > m->row_count || working > m->inherited_count || counted > end - start ||
        !take(m, end - start, &flags) || !take(m, working, &members) || !take(m, (size_t)m->n * inputs, &moves) ||
        !take(m, (size_t)working * inputs, &multipliers)) {
        return false;
    }
    const solver *s = m->s;
    double scale = 1.0;
    uint32_t at = 0;
    for (uint32_t j = start; j < end; j++) {
        uint32_t row = m->rows[j];
        double magnitude = 0.0, constant = s->reduced_constant[row];
        double value = row_at(m, row, m->x, &magnitude, NULL);
        int8_t sign = relation_sign(solver_row(s, row)->relation);
        m->tolerance[j - start] = row_tolerance(constant, magnitude);
        if (flags[j - start] & COUNTED) {
            if (at == counted) {
                return false;
            }
            m->inputs[at] = (sign == 0 ? 1.0 : sign) * (constant - value);
            scale = fmax(scale, fabs(m->inputs[at++]));
        }
    }
    if (at != counted || !load_working(m, members, counted, working) ||
        !move_by_map(m, moves, multipliers, inputs, working, scale) || !inherited_hold(m)) {
        return false;
    }
    for (uint32_t j = start; j < end; j++) {
        if (!row_ends_as_recorded(m, m->rows[j], flags[j - start], m->tolerance[j - start])) {
            return false;
        }
    }
    memcpy(m->x, m->moved, sizeof(double) * m->n);
    // The lock: inequalities that hold pass down, in order.
    for (uint32_t j = start; j < end; j++) {
        int8_t sign = relation_sign(solver_row(s, m->rows[j])->relation);
        if (sign != 0 && !(flags[j - start] & VIOLATED)) {
            if (m->inherited_count == m->row_count) {
                return false; // levels that overlap: not a record this file wrote
            }
            m->inherited[m->inherited_count] = m->rows[j];
            m->inherited_sign[m->inherited_count++] = sign;
        }
    }
    return true;
}

/// Whether the inherited inequalities active at x are the ones recorded.
static bool apply_cone(map_state *m) {
    const uint64_t *count = NULL, *active = NULL;
    if (!take(m, 1, &count) || count[0] != m->inherited_count || !take(m, m->inherited_count, &active)) {
        return false;
    }
    for (uint32_t i = 0; i < m->inherited_count; i++) {
        double tolerance = 0.0;
        if ((room_at(m, i, m->x, &tolerance) <= tolerance) != (active[i] != 0)) {
            return false;
        }
    }
    return true;
}

/// Reads the answer's record: the levels solved into `*levels`, and the ambiguity flags.
static bool apply_answer(map_state *m, uint32_t *levels) {
    const uint64_t *count = NULL, *ambiguous = NULL;
    if (!take(m, 1, &count) || !take(m, m->n, &ambiguous) || m->word != m->end) {
        return false;
    }
    *levels = (uint32_t)count[0];
    for (uint32_t u = 0; u < m->n; u++) {
        if (ambiguous[u]) {
            m->s->variable_flags[m->variables[u]] |= VARIABLE_AMBIGUOUS;
        }
    }
    return true;
}

/// Applies the reference level's map; false when its working set is not the optimum's.
static bool apply_reference(map_state *m) {
    const uint64_t *header = NULL, *members = NULL, *moves = NULL, *multipliers = NULL;
    if (!take(m, 4, &header)) {
        return false;
    }
    uint32_t counted = (uint32_t)header[2], working = (uint32_t)header[3], inputs = counted + working;
    if (counted != m->n || working > m->inherited_count || !take(m, working, &members) ||
        !take(m, (size_t)m->n * inputs, &moves) || !take(m, (size_t)working * inputs, &multipliers)) {
        return false;
    }
    double scale = 1.0;
    for (uint32_t u = 0; u < m->n; u++) {
        double weight = 0.0, target = 0.0;
        reference_pull(m->s, m->variables[u], &weight, &target);
        m->inputs[u] = target - weight * m->x[u];
        scale = fmax(scale, fabs(m->inputs[u]));
    }
    if (!load_working(m, members, counted, working) || !move_by_map(m, moves, multipliers, inputs, working, scale) ||
        !inherited_hold(m)) {
        return false;
    }
    memcpy(m->x, m->moved, sizeof(double) * m->n);
    return true;
}

/// Carves the state's arrays from the recorder's scratch; false when memory is out.
static bool carve_state(map_state *m, map_recorder *scratch, const uint32_t *rows) {
    uint32_t n = m->n, count = m->row_count;
    size_t widest = (size_t)n + count;
    if (!reserve_doubles(scratch, 2 * (size_t)n + widest + count) || !reserve_indexes(scratch, 3 * (size_t)count + 1)) {
        return false;
    }
    m->x = scratch->doubles;
    m->moved = m->x + n;
    m->inputs = m->moved + n;
    m->tolerance = m->inputs + widest;
    uint32_t *sorted = scratch->indexes;
    m->inherited = sorted + count;
    // The signs and the working marks, a byte each per row, share the last count + 1 indexes.
    m->inherited_sign = (int8_t *)(m->inherited + count);
    m->in_working_set = (uint8_t *)(m->inherited + count) + count;
    memcpy(sorted, rows, sizeof(uint32_t) * count);
    cnp__sort_by_level(m->s, sorted, count, m->inherited);
    m->rows = sorted;
    return true;
}

bool cnp__maps_apply(solver *s, map_recorder *scratch, const uint32_t *variables, uint32_t variable_count,
                     const uint32_t *rows, uint32_t row_count, const uint64_t *maps, size_t length, uint32_t *levels) {
    map_state m = {.s = s, .variables = variables, .n = variable_count, .row_count = row_count,
                   .word = maps, .end = maps + length};
    if (!carve_state(&m, scratch, rows)) {
        return false;
    }
    for (uint32_t u = 0; u < variable_count; u++) {
        s->local[variables[u]] = u;
        m.x[u] = 0.0;
    }
    for (;;) {
        if (m.word == m.end) {
            return false;
        }
        map_kind kind = (map_kind)*m.word++;
        if (kind == MAP_ANSWER) {
            break;
        }
        if (kind == MAP_LEVEL_OUTCOME || kind == MAP_REFERENCE_OUTCOME) {
            return false; // outcomes without maps: a start for the levels, not an answer
        }
        bool held = kind == MAP_CONE ? apply_cone(&m) : kind == MAP_REFERENCE ? apply_reference(&m) : apply_level(&m);
        if (!held) {
            return false;
        }
    }
    if (!apply_answer(&m, levels)) {
        return false;
    }
    for (uint32_t u = 0; u < variable_count; u++) {
        s->rep_value[variables[u]] = m.x[u];
    }
    return true;
}

// MARK: - Outcomes as starts

bool cnp__maps_next_outcome(const uint64_t **cursor, const uint64_t *end, uint32_t n, level_outcome *outcome) {
    const uint64_t *word = *cursor;
    while (word < end) {
        map_kind kind = (map_kind)*word++;
        if (kind == MAP_ANSWER) {
            break;
        }
        if (kind == MAP_CONE) {
            if (word == end || (size_t)(end - word) - 1 < *word) {
                break;
            }
            word += 1 + *word;
            continue;
        }
        if ((size_t)(end - word) < 4) {
            break;
        }
        bool reference = kind == MAP_REFERENCE || kind == MAP_REFERENCE_OUTCOME;
        bool with_maps = kind == MAP_LEVEL || kind == MAP_REFERENCE;
        uint64_t start = word[0], stop = word[1], counted = word[2], working = word[3];
        // Every length checked against what is left, so that no sum or product wraps.
        uint64_t left = (uint64_t)(end - word) - 4, flags = reference ? 0 : stop - start, columns = 0;
        if (start > stop || stop > UINT32_MAX || flags > left || working > left - flags ||
            counted > (reference ? n : flags) ||
            (with_maps && (__builtin_mul_overflow(n + working, counted + working, &columns) ||
                           columns > left - flags - working))) {
            break;
        }
        *outcome = (level_outcome){.start = (uint32_t)start, .end = (uint32_t)stop,
                                   .flags = reference ? NULL : word + 4, .flag_count = (uint32_t)flags,
                                   .members = word + 4 + flags, .working = (uint32_t)working};
        *cursor = word + 4 + flags + working + columns;
        return true;
    }
    *cursor = end;
    return false;
}
