/*
 * Blocks of one unknown, solved on the line. Most blocks a view tree leaves after substitution
 * are one size or one place held by a few rows of its own: an intrinsic size's hugging and
 * compression rows, a minimum against a soft target. For one unknown the dense path's
 * projections, factorizations and active sets come down to interval arithmetic, so this file
 * takes such a block level by level as block/hierarchy.c does, to the same answer up to
 * rounding:
 *
 *   - each level moves x from where the levels above left it to the least squares of the
 *     level's violations, within the interval the rows inherited from those levels allow; where
 *     several places make every row hold, to the one nearest the start (the dense active set
 *     stops at the first it reaches);
 *   - an equality or a violated row then fixes x for good, and inequalities that hold are
 *     inherited by the levels below;
 *   - ties, ambiguity and the reference level follow the dense rules: a move either way is the
 *     only move there is.
 *
 * Required rows that cannot all hold, and rows past SINGLE_MOST_ROWS (the walk below is
 * quadratic in the rows), are left to the dense path, which finds the smallest conflicting set.
 */
#include "block/block.h"

/// The most rows a block of one unknown may have to be solved here.
#define SINGLE_MOST_ROWS 64

/// One reduced row on the line: a * x relation c.
typedef struct line_row {
    double a, c;
    int32_t relation;
} line_row;

/// The unknown and the inequalities the solved levels passed down.
typedef struct line {
    solver *s;
    double x;
    /// Whether x may still move (no level has fixed it).
    bool free;
    uint32_t *inherited;
    uint32_t inherited_count;
    uint32_t steps;
} line;

static line_row row_on_line(const solver *s, uint32_t r) {
    return (line_row){s->reduced_coefficient[s->reduced_start[r]], s->reduced_constant[r], solver_row(s, r)->relation};
}

/// The row's signed violation at x (row_violation), and its tolerance.
static double violation_at(line_row row, double x, double *tolerance) {
    *tolerance = row_tolerance(row.c, fabs(row.a * x));
    return row_violation(row.relation, row.a * x, row.c);
}

/// Whether the inequality stops x from growing (else from shrinking).
static bool bounds_above(line_row row) {
    return (row.relation == CNP_RELATION_LESS_EQUAL) == (row.a > 0);
}

/// Where the inherited inequalities let x go. x itself is always allowed: an inequality it
/// misses within its tolerance holds it there, as the dense working set does.
static void allowed_interval(const line *l, double *low, double *high) {
    double lowest = -INFINITY, highest = INFINITY;
    for (uint32_t i = 0; i < l->inherited_count; i++) {
        line_row row = row_on_line(l->s, l->inherited[i]);
        double bound = row.c / row.a;
        if (bounds_above(row)) {
            highest = fmin(highest, bound);
        } else {
            lowest = fmax(lowest, bound);
        }
    }
    *low = fmin(l->x, lowest);
    *high = fmax(l->x, highest);
}

/// Which ways the active inherited inequalities (those x meets within tolerance) stop x.
static void active_stops(const line *l, bool *stops_up, bool *stops_down) {
    *stops_up = false;
    *stops_down = false;
    for (uint32_t i = 0; i < l->inherited_count; i++) {
        line_row row = row_on_line(l->s, l->inherited[i]);
        double room = row.relation == CNP_RELATION_LESS_EQUAL ? row.c - row.a * l->x : row.a * l->x - row.c;
        if (room <= row_tolerance(row.c, fabs(row.a * l->x))) {
            *stops_up = *stops_up || bounds_above(row);
            *stops_down = *stops_down || !bounds_above(row);
        }
    }
}

/// The least squares of the rows that count at `probe` (equalities, and inequalities violated
/// there): the place where their squared violations, summed, are least. `*counted` is false
/// when none counts.
static double least_squares_at(const line *l, const uint32_t *rows, uint32_t count, double probe, bool *counted) {
    double weight = 0.0, pull = 0.0;
    for (uint32_t j = 0; j < count; j++) {
        line_row row = row_on_line(l->s, rows[j]);
        if (row.relation == CNP_RELATION_EQUAL || row_violation(row.relation, row.a * probe, row.c) != 0.0) {
            weight += row.a * row.a;
            pull += row.a * row.c;
        }
    }
    *counted = weight > 0.0;
    return *counted ? pull / weight : probe;
}

/// The first place past `from`, going `direction`, where an inequality of the level starts or
/// stops counting; `limit` when none comes before it.
static double next_break(const line *l, const uint32_t *rows, uint32_t count, double from, double direction,
                         double limit) {
    double next = limit;
    for (uint32_t j = 0; j < count; j++) {
        line_row row = row_on_line(l->s, rows[j]);
        double place = row.c / row.a;
        if (row.relation != CNP_RELATION_EQUAL && (place - from) * direction > 0 && (next - place) * direction > 0) {
            next = place;
        }
    }
    return next;
}

/// Solves one level: walks from x toward the least squares of the rows that count, piece by
/// piece of the line (the rows that count change only where an inequality starts or stops
/// holding), and stops where the pieces' least squares falls inside the piece, where no row
/// counts any more, or at the edge of the allowed interval.
static void solve_level(line *l, const uint32_t *rows, uint32_t count) {
    double low = 0.0, high = 0.0;
    allowed_interval(l, &low, &high);
    bool counted = false;
    double target = least_squares_at(l, rows, count, l->x, &counted);
    if (!counted || target == l->x) {
        return;
    }
    l->steps++;
    double direction = target > l->x ? 1.0 : -1.0, limit = direction > 0 ? high : low;
    for (double from = l->x; from != limit;) {
        double to = next_break(l, rows, count, from, direction, limit);
        // Any place strictly inside the piece tells which rows count along it.
        double probe = isfinite(to) ? from + (to - from) / 2 : from + direction * (1.0 + fabs(from));
        target = least_squares_at(l, rows, count, probe, &counted);
        if (!counted) {
            l->x = from;
            return;
        }
        if ((to - target) * direction >= 0) {
            l->x = target;
            return;
        }
        from = to;
    }
    l->x = limit;
}

/// Whether every row holds at x, to its tolerance.
static bool rows_hold(const line *l, const uint32_t *rows, uint32_t count) {
    for (uint32_t j = 0; j < count; j++) {
        double tolerance = 0.0;
        if (fabs(violation_at(row_on_line(l->s, rows[j]), l->x, &tolerance)) > tolerance) {
            return false;
        }
    }
    return true;
}

/// The dense rule for ties (mark_level_ties) on the line: with two violated rows or more, a
/// move the inherited rows allow that shrinks one violation changes every other one, so all
/// are tied when any can shrink, and none is when none can.
static void mark_ties(line *l, const uint32_t *rows, uint32_t count) {
    uint32_t violated = 0;
    bool shrinks = false, stops_up = false, stops_down = false;
    active_stops(l, &stops_up, &stops_down);
    for (uint32_t j = 0; j < count; j++) {
        double tolerance = 0.0;
        line_row row = row_on_line(l->s, rows[j]);
        double violation = violation_at(row, l->x, &tolerance);
        if (fabs(violation) > tolerance) {
            violated++;
            bool shrinks_up = violation * row.a < 0;
            shrinks = shrinks || (shrinks_up ? !stops_up : !stops_down);
        }
    }
    for (uint32_t j = 0; j < count && violated >= 2 && shrinks; j++) {
        double tolerance = 0.0;
        if (fabs(violation_at(row_on_line(l->s, rows[j]), l->x, &tolerance)) > tolerance) {
            l->s->row_flags[rows[j]] |= ROW_TIED;
        }
    }
}

/// Locks a solved level (cnp__dense_lock): its inequalities that hold are inherited, and any other
/// row (an equality, or a violated inequality) fixes x.
static void lock_level(line *l, const uint32_t *rows, uint32_t count) {
    for (uint32_t j = 0; j < count; j++) {
        double tolerance = 0.0;
        line_row row = row_on_line(l->s, rows[j]);
        if (row.relation != CNP_RELATION_EQUAL && fabs(violation_at(row, l->x, &tolerance)) <= tolerance) {
            l->inherited[l->inherited_count++] = rows[j];
        } else {
            l->free = false;
        }
    }
}

/// Copies the required rows that are not broken (they lead `rows`, sorted by level) into
/// `spare`; returns their count and sets `*required` to the number of required rows there were.
static uint32_t live_required_first(const solver *s, uint32_t *rows, uint32_t count, uint32_t *spare,
                                    uint32_t *required) {
    uint32_t live = 0;
    *required = 0;
    while (*required < count && row_is_required(s, rows[*required])) {
        if (!(s->row_flags[rows[*required]] & ROW_BROKEN)) {
            spare[live++] = rows[*required];
        }
        (*required)++;
    }
    return live;
}

/// After every level, with x still free: ambiguous unless active inequalities stop it both
/// ways, and then pulled toward its reference value within the allowed interval. Returns
/// whether that reference level ran.
static bool settle_free(line *l, uint32_t variable) {
    bool stops_up = false, stops_down = false;
    active_stops(l, &stops_up, &stops_down);
    if (stops_up && stops_down) {
        return false; // pinned: no reference pull can move it
    }
    l->s->variable_flags[variable] |= VARIABLE_AMBIGUOUS;
    double weight = 0.0, target = 0.0, low = 0.0, high = 0.0;
    reference_pull(l->s, variable, &weight, &target);
    allowed_interval(l, &low, &high);
    if (weight > 0.0) {
        l->x = fmin(fmax(target / weight, low), high);
    }
    return true;
}

path_result cnp__solve_single(solver *s, uint32_t variable, uint32_t *rows, uint32_t row_count, cnp_status *failure) {
    if (row_count > SINGLE_MOST_ROWS) {
        return PATH_DECLINED;
    }
    for (uint32_t j = 0; j < row_count; j++) {
        if (s->reduced_count[rows[j]] != 1) {
            return PATH_DECLINED;
        }
    }
    uint32_t *scratch = cnp_workspace_reserve_part(s->workspace, PART_DENSE, 2 * sizeof(uint32_t) * row_count);
    if (scratch == NULL) {
        return path_ended(CNP_ERROR_OUT_OF_MEMORY, failure);
    }
    cnp__sort_by_level(s, rows, row_count, scratch);
    line l = {.s = s, .x = 0.0, .free = true, .inherited = &scratch[row_count]};
    uint32_t required = 0, live = live_required_first(s, rows, row_count, scratch, &required);
    uint32_t levels = 0;
    if (live > 0) {
        solve_level(&l, scratch, live);
        if (!rows_hold(&l, scratch, live)) {
            return PATH_DECLINED; // a conflict: the dense path finds and breaks it
        }
        lock_level(&l, scratch, live);
        levels++;
    }
    for (uint32_t start = required; start < row_count && l.free; levels++) {
        uint32_t end = start;
        while (end < row_count && solver_row(s, rows[end])->priority == solver_row(s, rows[start])->priority) {
            end++;
        }
        solve_level(&l, &rows[start], end - start);
        mark_ties(&l, &rows[start], end - start);
        lock_level(&l, &rows[start], end - start);
        start = end;
    }
    if (l.free && settle_free(&l, variable)) {
        levels++;
    }
    s->rep_value[variable] = l.x;
    s->report.levels += levels;
    s->report.active_set_iterations += l.steps;
    s->report.blocks++;
    s->report.dense_variables++;
    if (s->report.largest_block < 1) {
        s->report.largest_block = 1;
    }
    // Counted once solved: a block left to the dense path is counted there.
    return path_ended(solver_spend(s, 4.0 * (double)row_count * row_count), failure);
}
