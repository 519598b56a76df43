/*
 * Connected components and blocks.
 *
 * Variables that share no row (directly or through other variables) cannot influence each
 * other at any priority, so each component is solved on its own: the answer of one never
 * depends on another, nor on the order they come in. After substitution, a component's
 * remaining unknowns split again along the rows that are left: those pieces are the blocks.
 * Union-find with path halving; components are numbered by their smallest variable, blocks in
 * order of first mention.
 */
#include "reduce/reduce.h"

static uint32_t find_root(uint32_t *find, uint32_t v) {
    while (find[v] != v) {
        find[v] = find[find[v]];
        v = find[v];
    }
    return v;
}

/// Joins two sets; the smaller root index stays the root, so the outcome is order-free.
static void join(uint32_t *find, uint32_t a, uint32_t b) {
    a = find_root(find, a);
    b = find_root(find, b);
    if (a < b) {
        find[b] = a;
    } else if (b < a) {
        find[a] = b;
    }
}

/// Prefix sums of `counts[0 ..< count]` into `start[0 ... count]`.
static void prefix_sums(uint32_t *start, uint32_t count) {
    uint32_t sum = 0;
    for (uint32_t c = 0; c < count; c++) {
        uint32_t next = sum + start[c];
        start[c] = sum;
        sum = next;
    }
    start[count] = sum;
}

/// Placing each item at its group's start advances every start to the next group's: shifts
/// the `count` + 1 starts of both lists back.
static void restore_starts(uint32_t *variable_start, uint32_t *row_start, uint32_t count) {
    for (uint32_t c = count; c > 0; c--) {
        variable_start[c] = variable_start[c - 1];
        row_start[c] = row_start[c - 1];
    }
    variable_start[0] = 0;
    row_start[0] = 0;
}

uint32_t cnp__find_components(solver *s, uint32_t *variable_start, uint32_t *row_start) {
    const cnp_system *system = s->system;
    uint32_t variable_count = system->variable_count, components = 0;
    for (uint32_t v = 0; v < variable_count; v++) {
        s->find[v] = v;
    }
    for (uint32_t r = 0; r < system->row_count; r++) {
        const cnp_row *row = &system->rows[r];
        for (uint32_t t = 1; t < row->term_count; t++) {
            join(s->find, system->term_variables[row->first_term], system->term_variables[row->first_term + t]);
        }
    }
    // A root is its component's smallest variable, so scanning in order meets roots first.
    uint32_t *component = s->local;
    for (uint32_t v = 0; v < variable_count; v++) {
        uint32_t root = find_root(s->find, v);
        component[v] = root == v ? components++ : component[root];
    }
    for (uint32_t c = 0; c <= components; c++) {
        variable_start[c] = 0;
        row_start[c] = 0;
    }
    for (uint32_t v = 0; v < variable_count; v++) {
        variable_start[component[v]]++;
    }
    for (uint32_t r = 0; r < system->row_count; r++) {
        const cnp_row *row = &system->rows[r];
        if (row->term_count > 0) {
            row_start[component[system->term_variables[row->first_term]]]++;
        }
    }
    prefix_sums(variable_start, components);
    prefix_sums(row_start, components);
    for (uint32_t v = 0; v < variable_count; v++) {
        s->component_variables[variable_start[component[v]]++] = v;
    }
    for (uint32_t r = 0; r < system->row_count; r++) {
        const cnp_row *row = &system->rows[r];
        if (row->term_count > 0) {
            s->component_rows[row_start[component[system->term_variables[row->first_term]]]++] = r;
        }
    }
    restore_starts(variable_start, row_start, components);
    return components;
}

static bool row_has_unknowns(const solver *s, uint32_t r) {
    return !(s->row_flags[r] & (ROW_SETTLED | ROW_PEELED | ROW_BROKEN | ROW_UNSOUND)) && s->reduced_count[r] > 0;
}

uint32_t cnp__find_blocks(solver *s, const uint32_t *rows, uint32_t row_count, uint32_t *variable_start,
                          uint32_t *row_start) {
    // Only the representatives that open rows mention take part, so a system that the
    // reductions settled costs one pass over its rows here.
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j);
        if (!row_has_unknowns(s, r)) {
            continue;
        }
        for (uint32_t t = s->reduced_start[r]; t < s->reduced_start[r] + s->reduced_count[r]; t++) {
            uint32_t u = s->reduced_variable[t];
            s->find[u] = u;
            s->block_of_root[u] = NONE;
            s->variable_flags[u] &= (uint8_t)~VARIABLE_LISTED;
        }
    }
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j);
        if (row_has_unknowns(s, r)) {
            uint32_t start = s->reduced_start[r];
            for (uint32_t t = 1; t < s->reduced_count[r]; t++) {
                join(s->find, s->reduced_variable[start], s->reduced_variable[start + t]);
            }
        }
    }
    // Blocks, and their unknowns, are numbered in order of first mention: within a block that
    // order depends on the block's own rows only.
    uint32_t blocks = 0;
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j);
        if (!row_has_unknowns(s, r)) {
            continue;
        }
        uint32_t root = find_root(s->find, s->reduced_variable[s->reduced_start[r]]);
        if (s->block_of_root[root] == NONE) {
            s->block_of_root[root] = blocks;
            variable_start[blocks] = 0;
            row_start[blocks] = 0;
            blocks++;
        }
        uint32_t block = s->block_of_root[root];
        s->row_block[r] = block;
        row_start[block]++;
        for (uint32_t t = s->reduced_start[r]; t < s->reduced_start[r] + s->reduced_count[r]; t++) {
            uint32_t u = s->reduced_variable[t];
            if (!(s->variable_flags[u] & VARIABLE_LISTED)) {
                s->variable_flags[u] |= VARIABLE_LISTED;
                variable_start[block]++;
            }
        }
    }
    prefix_sums(variable_start, blocks);
    prefix_sums(row_start, blocks);
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = list_at(rows, j);
        if (!row_has_unknowns(s, r)) {
            continue;
        }
        uint32_t block = s->row_block[r];
        s->block_rows[row_start[block]++] = r;
        for (uint32_t t = s->reduced_start[r]; t < s->reduced_start[r] + s->reduced_count[r]; t++) {
            uint32_t u = s->reduced_variable[t];
            if (s->variable_flags[u] & VARIABLE_LISTED) {
                s->variable_flags[u] &= (uint8_t)~VARIABLE_LISTED;
                s->variable_flags[u] |= VARIABLE_IN_BLOCK;
                s->block_variables[variable_start[block]++] = u;
            }
        }
    }
    restore_starts(variable_start, row_start, blocks);
    return blocks;
}
