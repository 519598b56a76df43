/*
 * The solve record: what substitution did, kept so that new constants can be carried through
 * it without solving again.
 *
 * When substitution settles a whole system, every variable ends as
 * scale * (its class's value) + offset. Scales depend on coefficients only; offsets and class
 * values are linear in the rows' constants, built by the eliminations in the order they were
 * made: a merge shifts the offsets of the class merged (its members then) by the row's reduced
 * constant over the class's coefficient, and a fix sets a class's value to the reduced constant
 * over its coefficient. A change of constants therefore flows through the same eliminations as
 * deltas: an elimination's delta is its row's change of constant less what its variables had
 * moved by then, over the same divisor. A change sweeps the eliminations in order, from the
 * first a changed row made, and then the checked rows (those substitution did not settle by),
 * until one moves few variables; the indexes of rows by variable are then built, and later
 * changes visit only the eliminations whose row changed, or that mention a variable moved
 * earlier, in order (a bit set, scanned forward), and the checked rows over what moved. A
 * resize, which reaches every view, sweeps in the time the indexes would take to build, and
 * without their memory.
 *
 * A change of one row alone keeps its response: the variables it moved, their values then and
 * how far each moved, which over the change is its slope, its change per unit of the row's
 * constant (what substitution settles is affine in the constants). The next change of that row alone (a live resize, an animated constant) then
 * sets each value to base + change × slope and checks the same rows, without replaying the
 * eliminations; the record's own state catches up, by a replay, before any other change. The
 * base stays fixed, so while only that row changes, the same constant gives the same values.
 *
 * The members a class had at a merge are found without replaying the merges: a merge appends
 * one list at the end of the other, so a class at any time is a contiguous run of its final
 * list, starting at its representative then and as long as its size then, followed through
 * the lists' links. A class fixed is final: it is its representative's still, and its run is
 * all its members.
 *
 * A plain variable, a class of its own (its own representative, so scale 1 and offset 0), is
 * kept as nothing: substitution packs the entries of the variables it classes at the front of
 * the arrays, and once the solve is kept the pages past them go back to the system. A stack of
 * views fixes each variable by a row of its own: every variable is plain.
 *
 * The record keeps no copy of what the caller holds: a representative's scale is 1 and its
 * offset 0, so its class value is its value in the caller's solution; and the caller gives
 * each changed row's previous constant.
 */
#include "reuse/reuse.h"

#include "base/pages.h"

#include <stdlib.h>
#include <string.h>

struct cnp_solve_record {
    /// The arrays a solve writes; a change's scratch, carved at the first change; and the
    /// indexes of rows by variable, built once a change reaches few variables (only for a
    /// system substitution settled: other systems never need them).
    unsigned char *memory, *scratch_memory, *index_memory;
    size_t capacity, scratch_capacity, index_capacity;
    /// Whether the record holds a solve, whether its scratch is carved, whether its indexes
    /// are built, and whether the next change builds them (see replay).
    bool kept, prepared, indexed, wants_indexes;
    /// When the indexes are built (a test's choice; by share otherwise).
    cnp_testing_indexing indexing;
    uint32_t variable_count, row_count, term_count;
    /// The terms over all rows (rows may share terms).
    uint64_t row_terms;
    cnp_solve_report report;

    // What substitution leaves (the arrays are lent to the solver): the class entries of the
    // variables it classed, the first `kept_variables` of `rep`, `scale`, `offset`,
    // `next_member` and `run` (the class sizes: each entry's class's size when an elimination
    // merged or fixed it), at the places `place` gives. Once the solve is kept, `slot` is
    // `place` with NONE for each plain variable, or NULL when every variable is plain (see
    // slot_of); `last_member` is read no more, `next_member` links each class's final list.
    uint32_t *place;
    uint32_t *rep;
    double *scale, *offset;
    uint32_t *next_member, *last_member;
    uint32_t *slot;
    uint32_t *run;
    uint32_t kept_variables;
    elimination_list eliminations;
    /// The bytes of `memory` given back to the system since the solve.
    size_t released;

    // Built at the first change.
    uint32_t *elimination_of_row; // per row, or NONE; not built when the next is true
    /// Whether every row has an elimination and elimination e is row e's (a tree listed
    /// parent first, whose rows substitution settles in one sweep): see elimination_of.
    bool eliminations_in_row_order;
    uint32_t *checked_rows;       // the rows is_checked takes, in order (few: a tree has none)
    uint32_t checked_row_count;

    // Built once a change reaches few variables.
    uint32_t *row_start;          // rows of variable v: variable_rows[row_start[v] ..< row_start[v + 1]],
    uint32_t *variable_rows;      // each with CHECKED_ROW set when it is checked after a change;
                                  // a plain variable's own row is left out (is_indexed)

    // A change's scratch: zero, or older than `stamp`, between calls (but the kept response's
    // deltas). The stamps are bytes (cleared once every 255 calls): a resize marks every
    // variable and row.
    double *constant_change; // per row: its constant's change, on the changed rows
    /// Per variable: how far a representative's class value moved, or how far another
    /// variable's offset did (a representative's offset stays 0, and only representatives
    /// have class values: one array holds both). The kept response's variables keep theirs
    /// from the change it was noted at: their slopes (see response_slope).
    double *delta;
    uint8_t *moved_mark;  // per variable: `stamp` once moved in this call
    uint8_t *row_mark;    // per row: `stamp` once checked in this call
    uint64_t *pending;    // bit e: elimination e is to be visited (with the indexes)
    uint32_t sweep_from;  // without: the first elimination of a changed row, or NONE
    uint32_t *moved;      // the variables moved, in the order moved (a list traded with the response's)
    uint8_t stamp;
    uint8_t front_mark;   // in a catch-up, the mark of the variables listed first (take_response_list)

    // The response to the latest change of one row alone (see above).
    uint32_t response_row;         // NONE: no response kept
    bool response_outstanding;     // values set from it since the record's own state last moved
    bool recording_checks;         // the rows checked in this call are being listed
    double response_constant;      // the row's constant at the base
    double response_change;        // the change of constant its deltas were noted at
    uint32_t response_count, response_check_count;
    uint32_t response_rep_count;   // of response_count: the representatives, listed first
    uint32_t *response_variables;  // the variables the row moves: the moved list of that change
    double *response_base;         // their values at the base
    uint32_t *response_checks;     // the rows checked when they move

    /// Dense blocks' answers, kept whatever the system (reuse/memo.c).
    block_memo memo;
};

cnp_solve_record *cnp_solve_record_create(void) {
    return calloc(1, sizeof(cnp_solve_record));
}

void cnp_solve_record_destroy(cnp_solve_record *record) {
    if (record != NULL) {
        free(record->memory);
        free(record->scratch_memory);
        free(record->index_memory);
        cnp__memo_free(&record->memo);
        free(record);
    }
}

size_t cnp_solve_record_capacity(const cnp_solve_record *record) {
    if (record == NULL) {
        return 0;
    }
    return record->capacity - record->released + record->scratch_capacity + record->index_capacity +
           cnp__memo_capacity(&record->memo);
}

void cnp_testing_set_record_indexing(cnp_solve_record *record, cnp_testing_indexing indexing) {
    if (record != NULL) {
        record->indexing = indexing;
    }
}

block_memo *cnp__record_memo(cnp_solve_record *record) {
    return &record->memo;
}

void cnp__record_forget(cnp_solve_record *record) {
    record->kept = false;
}

/// Marks an entry of `variable_rows` whose row is checked after a change (rows are numbered
/// below it: a record of more rows carries nothing).
#define CHECKED_ROW (1u << 31)

/// A change that moves fewer than one variable in this many has the indexes built for the next.
#define SWEEP_SHARE 16

static size_t pending_words(size_t rows) {
    return rows / 64 + 1;
}

/// The arrays a solve leaves its substitution in.
static void carve_solve_arrays(arena *a, cnp_solve_record *r, size_t variables, size_t rows) {
    r->place = cnp__arena_take(a, variables, sizeof(uint32_t));
    r->rep = cnp__arena_take(a, variables, sizeof(uint32_t));
    r->scale = cnp__arena_take(a, variables, sizeof(double));
    r->offset = cnp__arena_take(a, variables, sizeof(double));
    r->next_member = cnp__arena_take(a, variables, sizeof(uint32_t));
    r->last_member = cnp__arena_take(a, variables, sizeof(uint32_t));
    r->run = cnp__arena_take(a, variables, sizeof(uint32_t));
    r->eliminations.target = cnp__arena_take(a, rows, sizeof(uint32_t));
    r->eliminations.row = cnp__arena_take(a, rows, sizeof(uint32_t));
    r->eliminations.divisor = cnp__arena_take(a, rows, sizeof(double));
    r->eliminations.halves = cnp__arena_take(a, rows, sizeof(int8_t));
}

/// A change's scratch, and the map of rows to eliminations.
static void carve_scratch_arrays(arena *a, cnp_solve_record *r, size_t variables, size_t rows) {
    r->elimination_of_row = cnp__arena_take(a, r->eliminations_in_row_order ? 0 : rows, sizeof(uint32_t));
    r->checked_rows = cnp__arena_take(a, r->checked_row_count, sizeof(uint32_t));
    r->constant_change = cnp__arena_take(a, rows, sizeof(double));
    r->delta = cnp__arena_take(a, variables, sizeof(double));
    r->moved_mark = cnp__arena_take(a, variables, sizeof(uint8_t));
    r->row_mark = cnp__arena_take(a, rows, sizeof(uint8_t));
    r->pending = cnp__arena_take(a, pending_words(rows), sizeof(uint64_t));
    r->moved = cnp__arena_take(a, variables, sizeof(uint32_t));
    r->response_variables = cnp__arena_take(a, variables, sizeof(uint32_t));
    r->response_base = cnp__arena_take(a, variables, sizeof(double));
    r->response_checks = cnp__arena_take(a, rows, sizeof(uint32_t));
}

/// The index of rows by variable, with `entries` entries.
static void carve_index_arrays(arena *a, cnp_solve_record *r, size_t variables, size_t entries) {
    r->row_start = cnp__arena_take(a, variables + 1, sizeof(uint32_t));
    r->variable_rows = cnp__arena_take(a, entries, sizeof(uint32_t));
}

cnp_status cnp__record_prepare(cnp_solve_record *record, solver *s, uint64_t terms) {
    const cnp_system *system = s->system;
    record->row_terms = terms;
    arena a;
    cnp_status status = CNP_OK;
    carve_pass pass = CARVE_MEASURE;
    while (cnp__carve_in_block(&a, &pass, &record->memory, &record->capacity, NULL, &status)) {
        carve_solve_arrays(&a, record, system->variable_count, system->row_count);
    }
    if (status == CNP_OK || record->memory == NULL) {
        record->released = 0; // the pages are touched again, or there is no block
    }
    if (status != CNP_OK) {
        return status;
    }
    s->class_place = record->place;
    s->rep = record->rep;
    s->scale = record->scale;
    s->offset = record->offset;
    s->next_member = record->next_member;
    s->last_member = record->last_member;
    s->class_size = record->run;
    elimination_list_clear(&record->eliminations);
    s->eliminations = &record->eliminations;
    s->record_broken = false;
    return CNP_OK;
}

/// Whether substitution alone settled the solve: one pass, no dense block, nothing broken,
/// every variable in a fixed class.
static bool settled_by_substitution(const solver *s) {
    if (s->record_broken || s->eliminations == NULL || s->report.blocks > 0 || s->report.broken_rows > 0) {
        return false;
    }
    for (uint32_t v = 0; v < s->system->variable_count; v++) {
        if (!(s->variable_flags[class_rep(s, v)] & VARIABLE_FIXED)) {
            return false;
        }
    }
    return true;
}

/// Whether variable `v` is a class of its own, its own representative (with scale 1 and offset
/// 0, as a representative has), as substitution left it.
static bool is_plain(const solver *s, uint32_t v) {
    return class_rep(s, v) == v && class_next(s, v) == NONE && class_scale(s, v) == 1.0 && class_offset(s, v) == 0.0;
}

/// Whether any variable is not plain.
static bool any_kept(const cnp_solve_record *r, const solver *s) {
    for (uint32_t v = 0; v < r->variable_count; v++) {
        if (!is_plain(s, v)) {
            return true;
        }
    }
    return false;
}

/// Keeps the places of the variables that are not plain (a plain variable's slot is NONE) and
/// gives back the pages nothing reads any more: the entries past the places handed out, and
/// the class lists' ends. When every variable is plain, no slot is written: the arrays' pages
/// were never touched, and go back whole.
static void drop_plain_variables(cnp_solve_record *r, const solver *s) {
    bool kept = any_kept(r, s);
    r->slot = kept ? r->place : NULL;
    for (uint32_t v = 0; v < r->variable_count && kept; v++) {
        if (is_plain(s, v)) {
            r->slot[v] = NONE;
        }
    }
    uint32_t entries = kept ? s->class_count : 0;
    r->kept_variables = entries;
    size_t dropped = r->variable_count - entries;
    r->released = cnp__release_inner_pages(r->rep + entries, dropped * sizeof(uint32_t)) +
                  cnp__release_inner_pages(r->scale + entries, dropped * sizeof(double)) +
                  cnp__release_inner_pages(r->offset + entries, dropped * sizeof(double)) +
                  cnp__release_inner_pages(r->next_member + entries, dropped * sizeof(uint32_t)) +
                  cnp__release_inner_pages(r->run + entries, dropped * sizeof(uint32_t)) +
                  cnp__release_inner_pages(r->last_member, r->variable_count * sizeof(uint32_t)) +
                  (kept ? 0 : cnp__release_inner_pages(r->place, r->variable_count * sizeof(uint32_t)));
}

/// Variable `v`'s place among the kept entries, or NONE for a plain variable.
static uint32_t slot_of(const cnp_solve_record *r, uint32_t v) {
    return r->slot != NULL ? r->slot[v] : NONE;
}

bool cnp__record_finish(cnp_solve_record *record, const solver *s, cnp_status status) {
    const cnp_system *system = s->system;
    if (status != CNP_OK || !settled_by_substitution(s)) {
        // Nothing reads the arrays before the next solve writes them again.
        record->released = cnp__release_inner_pages(record->memory, record->capacity);
        return false;
    }
    record->variable_count = system->variable_count;
    record->row_count = system->row_count;
    record->term_count = system->term_count;
    record->report = s->report;
    record->report.recorded = 1;
    record->kept = true;
    record->prepared = false;
    record->indexed = false;
    record->wants_indexes = false;
    drop_plain_variables(record, s);
    record->released += elimination_list_release_unused(&record->eliminations, record->row_count);
    return true;
}

// MARK: - Scratch and indexes, built by the changes

/// The elimination of row `row`, or NONE.
static uint32_t elimination_of(const cnp_solve_record *r, uint32_t row) {
    return r->eliminations_in_row_order ? row : r->elimination_of_row[row];
}

/// Whether a row is evaluated again after a change: rows substitution merged or fixed
/// classes with hold by construction; the others (over settled variables only) may not.
static bool is_checked(const cnp_solve_record *r, uint32_t row) {
    uint32_t e = elimination_of(r, row);
    return e == NONE || r->eliminations.target[e] == NONE;
}

/// Whether row `row` of `system` lies within its terms and names variables of the record's
/// count: what a change reads, checked before it is read.
static bool row_is_within(const cnp_solve_record *r, const cnp_system *system, uint32_t row) {
    const cnp_row *x = &system->rows[row];
    if ((uint64_t)x->first_term + x->term_count > system->term_count) {
        return false;
    }
    for (uint32_t t = x->first_term; t < x->first_term + x->term_count; t++) {
        if (system->term_variables[t] >= r->variable_count) {
            return false;
        }
    }
    return true;
}

/// Whether elimination `x` fixed variable `v`, a plain variable (see is_indexed).
static bool fixed_plain(const cnp_solve_record *r, elimination x, uint32_t v) {
    return x.target == v && v != NONE && slot_of(r, v) == NONE;
}

/// Whether row `row` is listed among variable `v`'s. A plain variable moves only when the
/// elimination that fixed it is carried, and a change looks for the later eliminations (and
/// the checked rows) over what moved: the row of that elimination, neither later nor checked,
/// is not listed for it. A stack of views, whose rows each fix a variable of their own, then
/// lists 4 bytes a row less.
static bool is_indexed(const cnp_solve_record *r, uint32_t row, uint32_t v) {
    uint32_t e = elimination_of(r, row);
    return e == NONE || !fixed_plain(r, elimination_at(&r->eliminations, e), v);
}

/// The terms is_indexed leaves out, counted from the eliminations (the index of rows'
/// eliminations is not built yet), over rows has_the_recorded_rows checked.
static uint64_t count_unindexed_terms(const cnp_solve_record *r, const cnp_system *system) {
    uint64_t unindexed = 0;
    for (uint32_t e = 0; e < r->eliminations.count; e++) {
        elimination x = elimination_at(&r->eliminations, e);
        if (!fixed_plain(r, x, x.target)) {
            continue;
        }
        const cnp_row *row = &system->rows[x.row];
        for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
            unindexed += fixed_plain(r, x, system->term_variables[t]);
        }
    }
    return unindexed;
}

/// Whether every row lies within the system and names variables of the record's count, and the
/// rows' terms add up to what the record was sized for: a system of the same counts but other
/// rows is refused rather than read.
static bool has_the_recorded_rows(const cnp_solve_record *r, const cnp_system *system) {
    uint64_t terms = 0;
    for (uint32_t row = 0; row < system->row_count; row++) {
        if (!row_is_within(r, system, row)) {
            return false;
        }
        terms += system->rows[row].term_count;
    }
    return terms == r->row_terms;
}

/// Counts each variable's indexed terms over all rows into `row_start` (rows may share terms).
static void count_rows_of_variables(cnp_solve_record *r, const cnp_system *system) {
    uint32_t *count = r->row_start;
    memset(count, 0, (r->variable_count + 1) * sizeof(uint32_t));
    for (uint32_t row = 0; row < system->row_count; row++) {
        const cnp_row *x = &system->rows[row];
        for (uint32_t t = x->first_term; t < x->first_term + x->term_count; t++) {
            count[system->term_variables[t]] += is_indexed(r, row, system->term_variables[t]);
        }
    }
}

/// Lists each variable's rows in order, the checked ones marked, from the counts: a counting
/// sort by variable that fills each variable's run from its end, the rows taken last to first,
/// so that its start is where the run's cursor stops (no scratch is touched).
static void place_rows_of_variables(cnp_solve_record *r, const cnp_system *system) {
    uint32_t *run_start = r->row_start;
    uint32_t end = 0;
    for (uint32_t v = 0; v < r->variable_count; v++) {
        end += run_start[v];
        run_start[v] = end;
    }
    run_start[r->variable_count] = end;
    for (uint32_t row = system->row_count; row-- > 0;) {
        const cnp_row *x = &system->rows[row];
        uint32_t entry = is_checked(r, row) ? row | CHECKED_ROW : row;
        for (uint32_t t = x->first_term + x->term_count; t-- > x->first_term;) {
            uint32_t v = system->term_variables[t];
            if (is_indexed(r, row, v)) {
                r->variable_rows[--run_start[v]] = entry;
            }
        }
    }
}

/// Whether every row has an elimination, row e's being elimination e.
static bool eliminations_are_in_row_order(const cnp_solve_record *r) {
    return r->eliminations.count == r->row_count && r->eliminations.rows_in_order;
}

/// Carves a change's scratch (zero, as it is between calls), maps rows to their eliminations
/// at the first change after a solve.
static cnp_status prepare_scratch(cnp_solve_record *r, const cnp_system *system) {
    if (r->row_count >= CHECKED_ROW || !has_the_recorded_rows(r, system)) {
        return CNP_ERROR_STALE;
    }
    r->eliminations_in_row_order = eliminations_are_in_row_order(r);
    r->checked_row_count = r->row_count;
    for (uint32_t e = 0; e < r->eliminations.count; e++) {
        r->checked_row_count -= r->eliminations.target[e] != NONE;
    }
    arena a;
    cnp_status status = CNP_OK;
    carve_pass pass = CARVE_MEASURE;
    bool zeroed = false;
    while (cnp__carve_in_block(&a, &pass, &r->scratch_memory, &r->scratch_capacity, &zeroed, &status)) {
        carve_scratch_arrays(&a, r, r->variable_count, r->row_count);
    }
    if (status != CNP_OK) {
        return status;
    }
    for (uint32_t row = 0; row < r->row_count && !r->eliminations_in_row_order; row++) {
        r->elimination_of_row[row] = NONE;
    }
    for (uint32_t e = 0; e < r->eliminations.count && !r->eliminations_in_row_order; e++) {
        r->elimination_of_row[elimination_at(&r->eliminations, e).row] = e;
    }
    for (uint32_t row = 0, k = 0; row < r->row_count; row++) {
        if (is_checked(r, row)) {
            r->checked_rows[k++] = row;
        }
    }
    // The scratch is zero already in a new block: its pages are then touched only where a
    // change writes (a variable moved, a row checked), not all at once here.
    if (!zeroed) {
        memset(r->constant_change, 0, r->row_count * sizeof(double));
        memset(r->delta, 0, r->variable_count * sizeof(double));
        memset(r->moved_mark, 0, r->variable_count * sizeof(uint8_t));
        memset(r->row_mark, 0, r->row_count * sizeof(uint8_t));
        memset(r->pending, 0, pending_words(r->row_count) * sizeof(uint64_t));
    }
    r->stamp = 0;
    r->response_row = NONE;
    r->response_outstanding = false;
    r->recording_checks = false;
    r->prepared = true;
    return CNP_OK;
}

/// Builds the index of rows by variable, through which a change visits only what it reaches.
static cnp_status build_indexes(cnp_solve_record *r, const cnp_system *system) {
    if (!has_the_recorded_rows(r, system)) {
        return CNP_ERROR_STALE;
    }
    // Each elimination has a row of its own, so the terms left out are among the rows'.
    uint64_t unindexed = count_unindexed_terms(r, system);
    arena a;
    cnp_status status = CNP_OK;
    carve_pass pass = CARVE_MEASURE;
    while (cnp__carve_in_block(&a, &pass, &r->index_memory, &r->index_capacity, NULL, &status)) {
        carve_index_arrays(&a, r, r->variable_count, (size_t)(r->row_terms - unindexed));
    }
    if (status != CNP_OK) {
        return status;
    }
    count_rows_of_variables(r, system);
    place_rows_of_variables(r, system);
    r->indexed = true;
    return CNP_OK;
}

// MARK: - Carrying a change

static void set_pending(cnp_solve_record *r, uint32_t e) {
    r->pending[e / 64] |= 1ULL << (e % 64);
}

/// The first pending elimination at or after `from` (cleared as it is returned), or NONE.
static uint32_t take_pending(cnp_solve_record *r, uint32_t from) {
    size_t words = pending_words(r->row_count), w = from / 64;
    if (w >= words) {
        return NONE;
    }
    uint64_t bits = r->pending[w] & (~0ULL << (from % 64));
    while (bits == 0) {
        if (++w == words) {
            return NONE;
        }
        bits = r->pending[w];
    }
    uint32_t e = (uint32_t)(w * 64) + (uint32_t)__builtin_ctzll(bits);
    r->pending[w] &= ~(1ULL << (e % 64));
    return e;
}

/// The next elimination to visit at or after `from`, or NONE: with the indexes, the next
/// pending one; without, the next one from the first a changed row made on (a sweep visits
/// them all: an elimination reads only the variables that earlier ones moved).
static uint32_t next_elimination(cnp_solve_record *r, uint32_t from) {
    if (r->indexed) {
        return take_pending(r, from);
    }
    from = from > r->sweep_from ? from : r->sweep_from;
    return from < r->eliminations.count ? from : NONE;
}

/// Notes that `variable` moved during elimination `e`: the later eliminations that mention it
/// are to be visited (a sweep visits them anyway).
static void note_moved(cnp_solve_record *r, uint32_t variable, uint32_t e, uint32_t *moved_count) {
    uint8_t mark = r->moved_mark[variable];
    if (mark == r->stamp) {
        return; // its later eliminations are pending already, from its first move
    }
    r->moved_mark[variable] = r->stamp;
    if (mark != r->front_mark) {
        r->moved[(*moved_count)++] = variable; // one listed first is listed already
    }
    if (!r->indexed) {
        return;
    }
    for (uint32_t j = r->row_start[variable]; j < r->row_start[variable + 1]; j++) {
        uint32_t later = elimination_of(r, r->variable_rows[j] & ~CHECKED_ROW);
        if (later != NONE && later > e) {
            set_pending(r, later);
        }
    }
}

/// A variable's representative, scale and offset.
typedef struct class_entry {
    uint32_t rep;
    double scale, offset;
} class_entry;

/// Variable `v`'s entry; a plain variable's is itself, 1 and 0.
static class_entry entry_of(const cnp_solve_record *r, uint32_t v) {
    uint32_t k = slot_of(r, v);
    return k == NONE ? (class_entry){v, 1.0, 0.0} : (class_entry){r->rep[k], r->scale[k], r->offset[k]};
}

/// Whether variable `v` represents its class (a plain variable does).
static bool is_representative(const cnp_solve_record *r, uint32_t v) {
    uint32_t k = slot_of(r, v);
    return k == NONE || r->rep[k] == v;
}

/// How far variable `v` has moved in this call so far: its class's move, scaled, and its
/// offset's.
static double moved_by(const cnp_solve_record *r, uint32_t v) {
    class_entry c = entry_of(r, v);
    return c.scale * r->delta[c.rep] + (c.rep != v ? r->delta[v] : 0.0);
}

/// How much the reduced constant of elimination `x` changes: its row's constant's change, less
/// what the row's variables had moved by then.
static double reduced_delta(const cnp_solve_record *r, const cnp_system *system, elimination x) {
    const cnp_row *row = &system->rows[x.row];
    double delta = r->constant_change[x.row];
    for (uint32_t t = row->first_term; t < row->first_term + row->term_count; t++) {
        uint32_t v = system->term_variables[t];
        delta -= system_coefficient(system, t) * moved_by(r, v);
    }
    return delta;
}

/// The member after `m` in its class's list, as the `k`th of a run of `run`, or NONE once the
/// run is done (the link past its last member leads out of it; a plain variable has none).
static uint32_t next_in_run(const cnp_solve_record *r, uint32_t m, uint32_t k, uint32_t run) {
    return k < run ? r->next_member[r->slot[m]] : NONE;
}

/// Visits the pending eliminations in order, moving the classes they shifted or fixed. A row
/// that no longer lies within the system (its terms changed, against the contract) is refused.
static cnp_status carry_through_eliminations(cnp_solve_record *r, const cnp_system *system, uint32_t *moved_count) {
    for (uint32_t e = next_elimination(r, 0); e != NONE; e = next_elimination(r, e + 1)) {
        elimination x = elimination_at(&r->eliminations, e);
        if (!row_is_within(r, system, x.row)) {
            return CNP_ERROR_STALE;
        }
        double delta = x.target == NONE ? 0.0 : reduced_delta(r, system, x);
        if (delta == 0.0) {
            continue; // a row that held as it was is checked with the others afterwards
        }
        // The class's members then: a plain class is its variable alone.
        uint32_t target = slot_of(r, x.target), run = target == NONE ? 1 : r->run[target];
        if (is_representative(r, x.target)) { // fixed
            r->delta[x.target] = delta / x.divisor;
            for (uint32_t k = 0, m = x.target; k < run; k++, m = next_in_run(r, m, k, run)) {
                note_moved(r, m, e, moved_count);
            }
        } else {
            // A class merged into another, and so every member it had, is not plain.
            double shift = delta / x.divisor, target_scale = r->scale[target];
            for (uint32_t k = 0, m = x.target; k < run; k++, m = next_in_run(r, m, k, run)) {
                r->delta[m] += r->scale[r->slot[m]] / target_scale * shift;
                note_moved(r, m, e, moved_count);
            }
        }
    }
    return CNP_OK;
}

/// The caller's list of the variables whose values changed: the first `capacity` are listed,
/// all are counted.
typedef struct changed_list {
    uint32_t *variables;
    uint32_t capacity, count;
} changed_list;

/// Counts variable `m` as changed, and lists it if there is room.
static void note_changed(changed_list *changed, uint32_t m) {
    if (changed->count < changed->capacity) {
        changed->variables[changed->count] = m;
    }
    changed->count++;
}

/// Writes the moved variable `m`'s value from its class's, which the representative's value
/// holds (its scale is 1, its offset 0), and folds its delta into its kept offset; lists it
/// when the value differs from `shown`, the caller's.
static cnp_status settle_one(cnp_solve_record *r, uint32_t m, double shown, double *values, changed_list *changed) {
    class_entry c = entry_of(r, m);
    double offset_delta = c.rep != m ? r->delta[m] : 0.0;
    double value = c.scale * (values[c.rep] + r->delta[c.rep]) + c.offset + offset_delta;
    if (!isfinite(value)) {
        return CNP_ERROR_NON_FINITE;
    }
    if (value != shown) {
        note_changed(changed, m);
    }
    values[m] = value;
    if (c.rep != m) {
        r->offset[r->slot[m]] += offset_delta;
    }
    return CNP_OK;
}

/// Settles the moved representatives that are the response's (with its base in `values` and
/// the caller's values in `response_base`, see swap_in_response_base), listed first in `moved`
/// (see take_response_list): their values are compared with the caller's, and they are marked
/// settled (moved in an earlier call).
static cnp_status settle_response_representatives(cnp_solve_record *r, double *values, changed_list *changed) {
    cnp_status status = CNP_OK;
    for (uint32_t k = 0; k < r->response_rep_count && status == CNP_OK; k++) {
        uint32_t m = r->moved[k];
        status = settle_one(r, m, r->response_base[k], values, changed);
        r->moved_mark[m] = (uint8_t)(r->stamp - 1);
    }
    return status;
}

/// Writes the moved variables' values and folds their deltas into the kept offsets (the deltas
/// stay, for a response to keep); lists the variables whose values changed. The
/// representatives come last, gathered at the front of `moved` on the way (the response's,
/// listed first, stay where they are): their values are their classes' old values until every
/// member is written. With `response_swapped`, the response's representatives are compared
/// with the caller's values kept in its base.
static cnp_status settle_moved(cnp_solve_record *r, uint32_t moved_count, bool response_swapped, double *values,
                               changed_list *changed) {
    cnp_status status = CNP_OK;
    uint32_t reps = 0;
    for (uint32_t k = 0; k < moved_count && status == CNP_OK; k++) {
        uint32_t m = r->moved[k];
        if (is_representative(r, m)) {
            r->moved[k] = r->moved[reps];
            r->moved[reps++] = m;
        } else {
            status = settle_one(r, m, values[m], values, changed);
        }
    }
    if (status == CNP_OK && response_swapped) {
        status = settle_response_representatives(r, values, changed);
    }
    for (uint32_t k = 0; k < reps && status == CNP_OK; k++) {
        uint32_t m = r->moved[k];
        if (r->moved_mark[m] == r->stamp) { // not settled as the response's
            status = settle_one(r, m, values[m], values, changed);
        }
    }
    return status;
}

/// Zeroes the deltas of the `count` variables of `list`.
static void clear_deltas(cnp_solve_record *r, const uint32_t *list, uint32_t count) {
    for (uint32_t k = 0; k < count; k++) {
        r->delta[list[k]] = 0.0;
    }
}

/// Re-evaluates `row` at the new values, once per call. A required row that no longer holds is
/// a conflict, for the full solve to find. (Rows that merged or fixed a class hold by
/// construction and are not evaluated again: their row_error keeps the recorded solve's
/// rounding residue.)
static cnp_status check_row(cnp_solve_record *r, const cnp_system *system, uint32_t row, cnp_solution *solution) {
    if (r->row_mark[row] == r->stamp) {
        return CNP_OK;
    }
    r->row_mark[row] = r->stamp;
    if (r->recording_checks) {
        r->response_checks[r->response_check_count++] = row;
    }
    if (!row_is_within(r, system, row)) {
        return CNP_ERROR_STALE;
    }
    double tolerance = 0.0;
    double violation = system_row_violation(system, solution->values, row, &tolerance);
    bool holds = fabs(violation) <= tolerance;
    if (!holds && system->rows[row].priority >= CNP_PRIORITY_REQUIRED) {
        return CNP_ERROR_STALE;
    }
    if (solution->row_error != NULL) {
        solution->row_error[row] = violation;
    }
    solution->row_state[row] = holds ? CNP_ROW_SATISFIED : CNP_ROW_VIOLATED;
    return CNP_OK;
}

/// Whether row `row` names a variable moved in this call.
static bool names_a_moved_variable(const cnp_solve_record *r, const cnp_system *system, uint32_t row) {
    const cnp_row *x = &system->rows[row];
    for (uint32_t t = x->first_term; t < x->first_term + x->term_count; t++) {
        if (r->moved_mark[system->term_variables[t]] == r->stamp) {
            return true;
        }
    }
    return false;
}

/// Checks the changed rows, then the checked rows over the moved variables: found through the
/// indexes, or by a sweep of the checked rows.
static cnp_status check_rows(cnp_solve_record *r, const cnp_system *system, const uint32_t *changed_rows,
                             uint32_t changed_row_count, uint32_t moved_count, cnp_solution *solution) {
    cnp_status status = CNP_OK;
    for (uint32_t j = 0; j < changed_row_count && status == CNP_OK; j++) {
        status = check_row(r, system, changed_rows[j], solution);
    }
    if (r->indexed) {
        for (uint32_t k = 0; k < moved_count && status == CNP_OK; k++) {
            uint32_t m = r->moved[k];
            for (uint32_t j = r->row_start[m]; j < r->row_start[m + 1] && status == CNP_OK; j++) {
                if (r->variable_rows[j] & CHECKED_ROW) {
                    status = check_row(r, system, r->variable_rows[j] & ~CHECKED_ROW, solution);
                }
            }
        }
        return status;
    }
    for (uint32_t k = 0; k < moved_count; k++) {
        r->moved_mark[r->moved[k]] = r->stamp; // the response's, marked settled, too
    }
    for (uint32_t j = 0; j < r->checked_row_count && status == CNP_OK; j++) {
        uint32_t row = r->checked_rows[j];
        if (row_is_within(r, system, row) && names_a_moved_variable(r, system, row)) {
            status = check_row(r, system, row, solution);
        }
    }
    return status;
}

/// A fresh stamp: no variable moved and no row checked in this call yet.
static void next_stamp(cnp_solve_record *r) {
    if (++r->stamp == 0) {
        memset(r->moved_mark, 0, r->variable_count * sizeof(uint8_t));
        memset(r->row_mark, 0, r->row_count * sizeof(uint8_t));
        r->stamp = 1;
    }
    r->front_mark = r->stamp; // no variable is listed first
}

/// Trades the moved list and the response's: each change lists its moves in one of the two, and
/// a response kept keeps the list of the change it was noted at.
static void trade_lists(cnp_solve_record *r) {
    uint32_t *list = r->moved;
    r->moved = r->response_variables;
    r->response_variables = list;
}

/// Variable `m`'s change per unit of the kept response's row's constant: how far it moved at
/// the change the response was noted at, over that change (not from its values before and
/// after, whose difference loses digits when the change is small).
static double response_slope(const cnp_solve_record *r, uint32_t m) {
    return moved_by(r, m) / r->response_change;
}

/// Keeps the response of the change of row `row` by `change`, to `constant`, just carried: the
/// list of moved variables becomes the response's (its representatives first, as settle_moved
/// left them: a replay reads them alone, see swap_in_response_base), and the next change lists
/// in the other; their values are its base, and their deltas stay, giving their slopes.
static void keep_response(cnp_solve_record *r, uint32_t row, double constant, double change, uint32_t moved_count,
                          const double *values) {
    trade_lists(r);
    const uint32_t *list = r->response_variables;
    uint32_t reps = 0;
    while (reps < moved_count && is_representative(r, list[reps])) {
        reps++;
    }
    for (uint32_t k = 0; k < moved_count; k++) {
        r->response_base[k] = values[list[k]];
    }
    r->response_count = moved_count;
    r->response_rep_count = reps;
    r->response_row = row;
    r->response_constant = constant;
    r->response_change = change;
}

/// Whether changed row `row` can be carried: a row substitution merged or fixed a class with
/// must still be a required equality (a row over fixed variables only is checked afterwards).
static bool can_carry(const cnp_solve_record *r, const cnp_system *system, uint32_t row) {
    const cnp_row *x = &system->rows[row];
    return elimination_of(r, row) == NONE ||
           (x->priority >= CNP_PRIORITY_REQUIRED && x->relation == CNP_RELATION_EQUAL);
}

/// Makes the elimination of changed row `row` pending (with the indexes) or the sweep start
/// there at the latest, if it can be carried.
static cnp_status note_changed_row(cnp_solve_record *r, const cnp_system *system, uint32_t row) {
    if (!can_carry(r, system, row)) {
        return CNP_ERROR_STALE;
    }
    uint32_t e = elimination_of(r, row);
    if (e != NONE && r->indexed) {
        set_pending(r, e);
    } else if (e != NONE && e < r->sweep_from) {
        r->sweep_from = e;
    }
    return CNP_OK;
}

/// Swaps the values the response set on its representatives with its base: their classes'
/// values in the record's state, which the replay starts from. The caller's values wait in the
/// base, for settle_moved to compare with.
static void swap_in_response_base(cnp_solve_record *r, double *values) {
    for (uint32_t k = 0; k < r->response_rep_count; k++) {
        uint32_t m = r->response_variables[k];
        double shown = values[m];
        values[m] = r->response_base[k];
        r->response_base[k] = shown;
    }
}

/// Marks the response's variables, listed first in `moved` (see take_response_list), moved:
/// values set from the response are rewritten from the record's state, even where its row came
/// back to the base and nothing moves.
static void mark_response_variables_moved(cnp_solve_record *r) {
    for (uint32_t k = 0; k < r->response_count; k++) {
        r->moved_mark[r->moved[k]] = r->stamp;
    }
}

/// Makes the response's list the moved list, its variables first, and the moved list the spare
/// one; returns how many it lists. They are marked as listed with the stamp of this call, as no
/// variable is marked yet, and the call takes a fresh one: a variable the eliminations move is
/// then listed once (see note_moved).
static uint32_t take_response_list(cnp_solve_record *r) {
    trade_lists(r);
    uint8_t front = r->stamp;
    next_stamp(r);
    r->front_mark = front;
    for (uint32_t k = 0; k < r->response_count; k++) {
        r->moved_mark[r->moved[k]] = front;
    }
    return r->response_count;
}

/// Notes each changed row's change of constant; a row listed twice takes its first entry's. The
/// response's row, when values were set from it, changed from its base.
static void note_constant_changes(cnp_solve_record *r, const cnp_system *system, const uint32_t *changed_rows,
                                  const double *previous_constants, uint32_t changed_row_count,
                                  uint32_t also_changed) {
    for (uint32_t j = changed_row_count; j-- > 0;) {
        r->constant_change[changed_rows[j]] = system->rows[changed_rows[j]].constant - previous_constants[j];
    }
    if (also_changed != NONE) {
        r->constant_change[also_changed] = system->rows[also_changed].constant - r->response_constant;
    }
}

/// Clears what note_constant_changes wrote: the scratch is zero between calls.
static void clear_constant_changes(cnp_solve_record *r, const uint32_t *changed_rows, uint32_t changed_row_count,
                                   uint32_t also_changed) {
    for (uint32_t j = 0; j < changed_row_count; j++) {
        r->constant_change[changed_rows[j]] = 0.0;
    }
    if (also_changed != NONE) {
        r->constant_change[also_changed] = 0.0;
    }
}

/// Replays the eliminations the changed rows reach (and `also_changed`'s, unless NONE: the
/// response's row when values were set from it), writes the moved variables' values and checks
/// the rows over them; a change of one row alone keeps its response. The constants' changes
/// are noted.
static cnp_status replay(cnp_solve_record *r, const cnp_system *system, const uint32_t *changed_rows,
                         uint32_t changed_row_count, uint32_t also_changed, cnp_solution *solution,
                         changed_list *changed) {
    bool wants = r->wants_indexes || r->indexing == CNP_TESTING_INDEXING_AT_ONCE;
    cnp_status status = wants && !r->indexed ? build_indexes(r, system) : CNP_OK;
    if (status != CNP_OK) {
        return status;
    }
    next_stamp(r);
    r->sweep_from = NONE;
    status = also_changed != NONE ? note_changed_row(r, system, also_changed) : CNP_OK;
    for (uint32_t j = 0; j < changed_row_count && status == CNP_OK; j++) {
        status = note_changed_row(r, system, changed_rows[j]);
    }
    if (status != CNP_OK) {
        return status;
    }
    uint32_t moved_count = also_changed != NONE ? take_response_list(r) : 0;
    status = carry_through_eliminations(r, system, &moved_count);
    if (status != CNP_OK) {
        return status;
    }
    if (also_changed != NONE) {
        mark_response_variables_moved(r);
    }
    bool alone = changed_row_count == 1 && also_changed == NONE;
    double change = alone ? r->constant_change[changed_rows[0]] : 0.0;
    bool keeps = change != 0.0;
    status = settle_moved(r, moved_count, also_changed != NONE, solution->values, changed);
    r->recording_checks = keeps;
    r->response_check_count = 0;
    if (status == CNP_OK && also_changed != NONE) {
        status = check_row(r, system, also_changed, solution);
    }
    if (status == CNP_OK) {
        status = check_rows(r, system, changed_rows, changed_row_count, moved_count, solution);
    }
    r->recording_checks = false;
    if (status == CNP_OK && keeps) {
        keep_response(r, changed_rows[0], system->rows[changed_rows[0]].constant, change, moved_count,
                      solution->values);
    } else {
        clear_deltas(r, r->moved, moved_count);
    }
    // A sweep that moved few variables visited eliminations the indexes would have skipped:
    // the next replay builds them. One that moved many (a resize) would have gained little.
    bool few = (uint64_t)moved_count * SWEEP_SHARE < r->variable_count;
    r->wants_indexes = r->indexing == CNP_TESTING_INDEXING_BY_SHARE && (r->wants_indexes || few);
    return status;
}

/// The kept response's row changed again, alone: each variable it moves is set from the base
/// and the slope, and the same rows are checked.
static cnp_status repeat_response(cnp_solve_record *r, const cnp_system *system, cnp_solution *solution,
                                  changed_list *changed) {
    if (!can_carry(r, system, r->response_row)) {
        return CNP_ERROR_STALE;
    }
    double change = system->rows[r->response_row].constant - r->response_constant;
    for (uint32_t k = 0; k < r->response_count; k++) {
        uint32_t m = r->response_variables[k];
        // At the base constant, the base itself (bit for bit, whatever the slope).
        double value = change == 0.0 ? r->response_base[k] : r->response_base[k] + change * response_slope(r, m);
        if (!isfinite(value)) {
            return CNP_ERROR_NON_FINITE;
        }
        if (value != solution->values[m]) {
            note_changed(changed, m);
        }
        solution->values[m] = value;
    }
    r->response_outstanding = true;
    next_stamp(r);
    cnp_status status = CNP_OK;
    for (uint32_t j = 0; j < r->response_check_count && status == CNP_OK; j++) {
        status = check_row(r, system, r->response_checks[j], solution);
    }
    return status;
}

/// Carries a change: from the kept response when it is its row's again, alone; else by a
/// replay, which takes in the response's row too when values were set from it (the record's
/// own state has not moved with them).
static cnp_status carry_change(cnp_solve_record *r, const cnp_system *system, const uint32_t *changed_rows,
                               const double *previous_constants, uint32_t changed_row_count, cnp_solution *solution,
                               changed_list *changed) {
    if (changed_row_count == 1 && changed_rows[0] == r->response_row) {
        return repeat_response(r, system, solution, changed);
    }
    uint32_t also_changed = r->response_outstanding ? r->response_row : NONE;
    if (also_changed != NONE) {
        swap_in_response_base(r, solution->values);
    }
    if (r->response_row != NONE) {
        clear_deltas(r, r->response_variables, r->response_count);
    }
    r->response_row = NONE;
    r->response_outstanding = false;
    note_constant_changes(r, system, changed_rows, previous_constants, changed_row_count, also_changed);
    cnp_status status =
        replay(r, system, changed_rows, changed_row_count, also_changed, solution, changed);
    clear_constant_changes(r, changed_rows, changed_row_count, also_changed);
    return status;
}

static cnp_status check_changed_rows(const cnp_system *system, const uint32_t *changed_rows,
                                     const double *previous_constants, uint32_t count) {
    for (uint32_t j = 0; j < count; j++) {
        if (changed_rows[j] >= system->row_count) {
            return CNP_ERROR_BAD_INDEX;
        }
        if (!isfinite(system->rows[changed_rows[j]].constant) || !isfinite(previous_constants[j])) {
            return CNP_ERROR_NON_FINITE;
        }
    }
    return CNP_OK;
}

cnp_status cnp_solve_changed_constants(cnp_solve_record *record, const cnp_system *system, const uint32_t *changed_rows,
                                       const double *previous_constants, uint32_t changed_row_count,
                                       cnp_solution *solution, uint32_t *changed_variables,
                                       uint32_t changed_capacity, uint32_t *changed_count, cnp_solve_report *report) {
    if (record == NULL) {
        return CNP_ERROR_BAD_ARGUMENT;
    }
    cnp_status status = CNP_OK;
    if (system == NULL || solution == NULL || solution->values == NULL || solution->row_state == NULL ||
        (changed_variables == NULL && changed_capacity > 0) || changed_count == NULL ||
        (changed_row_count > 0 && (changed_rows == NULL || previous_constants == NULL)) ||
        (system->row_count > 0 && system->rows == NULL) ||
        (system->term_count > 0 && (system->term_variables == NULL || !system_has_coefficients(system)))) {
        status = CNP_ERROR_BAD_ARGUMENT;
    } else if (!record->kept || system->variable_count != record->variable_count ||
               system->row_count != record->row_count || system->term_count != record->term_count) {
        status = CNP_ERROR_STALE;
    } else {
        status = check_changed_rows(system, changed_rows, previous_constants, changed_row_count);
    }
    if (status == CNP_OK && !record->prepared) {
        status = prepare_scratch(record, system);
    }
    changed_list changed = {.variables = changed_variables, .capacity = changed_capacity};
    if (status == CNP_OK) {
        status = carry_change(record, system, changed_rows, previous_constants, changed_row_count, solution,
                              &changed);
    }
    if (status != CNP_OK) {
        cnp__record_forget(record);
        return status;
    }
    *changed_count = changed.count;
    if (report != NULL) {
        *report = record->report;
    }
    return CNP_OK;
}
