/*
 * Block answers kept between recorded solves: a dense block whose inputs are bit for bit those
 * of a block the previous solve solved gets that block's answer again, without solving.
 *
 * A block's answer depends only on its own inputs (cnp_solve's determinism): its unknowns and
 * their reference pulls, and its rows in order, each with its priority, relation, constant and
 * terms as substitution left them (everything settled folded into the constant). Those are
 * written out as a key of 64-bit words. The previous solve's blocks are kept in order of their
 * first rows, so a solve walks them alongside its own blocks. A hit restores everything solving
 * the block leaves behind: the unknowns' values and ambiguity, the rows' ties, and the report's
 * counts and work. Every block's entry is started when it is looked up, in block order (unless
 * memory runs out: the block is then simply not kept), and a solved block's answer is filled
 * in afterwards, whichever lane solved it and when. A block that met a conflict is not filled
 * in (its rows' conflict groups are numbered across blocks).
 */
#include "solver_internal.h"

#include <stdlib.h>
#include <string.h>

enum { HEADER_WORDS = 4 };

/// An entry's header words.
enum { FIRST_ROW = 0, KEY_LENGTH = 1, ANSWER_LENGTH = 2, FILLED = 3 };

static uint64_t bits(double value) {
    uint64_t word;
    memcpy(&word, &value, sizeof word);
    return word;
}

static double value_of(uint64_t word) {
    double value;
    memcpy(&value, &word, sizeof value);
    return value;
}

/// Makes room for `count` words in `*words` (capacity `*capacity`); false when memory is out.
static bool reserve_words(uint64_t **words, size_t *capacity, size_t count) {
    if (count <= *capacity) {
        return true;
    }
    size_t grown = *capacity < 256 ? 256 : *capacity;
    while (grown < count) {
        grown *= 2;
    }
    uint64_t *memory = realloc(*words, grown * sizeof(uint64_t));
    if (memory == NULL) {
        return false;
    }
    *words = memory;
    *capacity = grown;
    return true;
}

void memo_begin(block_memo *memo) {
    memo->fresh_length = 0;
    memo->cursor = 0;
}

/// The words of a block's answer: 3 counts, 2 per unknown, 1 per row.
static size_t answer_length(uint32_t variable_count, uint32_t row_count) {
    return 3 + 2 * (size_t)variable_count + row_count;
}

/// Writes the block's key into memo->key; false when memory is out.
static bool write_key(const solver *s, block_memo *memo, const uint32_t *variables, uint32_t n, const uint32_t *rows,
                      uint32_t row_count, bool substituted) {
    size_t words = 3 + 3 * (size_t)n;
    for (uint32_t j = 0; j < row_count; j++) {
        words += 5 + 2 * (size_t)s->reduced_count[rows[j]];
    }
    // The answer goes after the key.
    if (!reserve_words(&memo->key, &memo->key_capacity, words + answer_length(n, row_count))) {
        return false;
    }
    uint64_t *key = memo->key;
    size_t at = 0;
    key[at++] = substituted;
    key[at++] = n;
    key[at++] = row_count;
    for (uint32_t u = 0; u < n; u++) {
        double weight, target;
        reference_pull(s, variables[u], &weight, &target);
        key[at++] = variables[u];
        key[at++] = bits(weight);
        key[at++] = bits(target);
    }
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = rows[j];
        const cnp_row *row = solver_row(s, r);
        key[at++] = r;
        key[at++] = bits(row->priority);
        key[at++] = (uint64_t)(uint32_t)row->relation;
        key[at++] = bits(s->reduced_constant[r]);
        key[at++] = s->reduced_count[r];
        for (uint32_t t = s->reduced_start[r]; t < s->reduced_start[r] + s->reduced_count[r]; t++) {
            key[at++] = s->reduced_variable[t];
            key[at++] = bits(s->reduced_coefficient[t]);
        }
    }
    memo->key_length = at;
    return true;
}

/// Appends an entry for the key in memo->key, with the answer after it there when `filled`,
/// else with room for one of `answer_words` words; returns its offset, or SIZE_MAX when memory
/// is out (the entry is then simply not kept).
static size_t append_entry(block_memo *memo, uint32_t first_row, size_t answer_words, bool filled) {
    size_t length = HEADER_WORDS + memo->key_length + answer_words;
    if (!reserve_words(&memo->fresh, &memo->fresh_capacity, memo->fresh_length + length)) {
        return SIZE_MAX;
    }
    size_t offset = memo->fresh_length;
    uint64_t *entry = &memo->fresh[offset];
    entry[FIRST_ROW] = first_row;
    entry[KEY_LENGTH] = memo->key_length;
    entry[ANSWER_LENGTH] = answer_words;
    entry[FILLED] = filled;
    memcpy(&entry[HEADER_WORDS], memo->key, (memo->key_length + (filled ? answer_words : 0)) * sizeof(uint64_t));
    memo->fresh_length += length;
    return offset;
}

/// The filled kept entry for a block whose first row is `first_row` and whose key is in
/// memo->key, or NULL. Entries for earlier first rows are passed over for good.
static const uint64_t *find_entry(block_memo *memo, uint32_t first_row) {
    while (memo->cursor < memo->kept_length) {
        const uint64_t *entry = &memo->kept[memo->cursor];
        if (entry[FIRST_ROW] > first_row) {
            return NULL;
        }
        memo->cursor += HEADER_WORDS + entry[KEY_LENGTH] + entry[ANSWER_LENGTH];
        if (entry[FIRST_ROW] == first_row) {
            bool same = entry[FILLED] && entry[KEY_LENGTH] == memo->key_length &&
                        memcmp(&entry[HEADER_WORDS], memo->key, memo->key_length * sizeof(uint64_t)) == 0;
            return same ? entry : NULL;
        }
    }
    return NULL;
}

bool memo_recall(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                 uint32_t row_count, bool substituted, block_result *result) {
    block_memo *memo = s->memo;
    result->memo_entry = SIZE_MAX;
    if (row_count == 0 || !write_key(s, memo, variables, variable_count, rows, row_count, substituted)) {
        return false;
    }
    const uint64_t *entry = find_entry(memo, rows[0]);
    if (entry == NULL) {
        result->memo_entry = append_entry(memo, rows[0], answer_length(variable_count, row_count), false);
        return false;
    }
    const uint64_t *answer = &entry[HEADER_WORDS + entry[KEY_LENGTH]];
    for (uint32_t u = 0; u < variable_count; u++) {
        s->rep_value[variables[u]] = value_of(answer[3 + 2 * u]);
        if (answer[3 + 2 * u + 1]) {
            s->variable_flags[variables[u]] |= VARIABLE_AMBIGUOUS;
        }
    }
    for (uint32_t j = 0; j < row_count; j++) {
        if (answer[3 + 2 * (size_t)variable_count + j]) {
            s->row_flags[rows[j]] |= ROW_TIED;
        }
    }
    cnp_solve_report *report = &result->report;
    report->blocks = 1;
    report->recalled_blocks = 1;
    report->dense_variables = variable_count;
    report->largest_block = variable_count;
    report->levels = (uint32_t)answer[0];
    report->active_set_iterations = (uint32_t)answer[1];
    // The work the block took counts as if solved again: the limit decides as it would have.
    result->work = value_of(answer[2]);
    result->recalled = true;
    memcpy(memo->key, &entry[HEADER_WORDS], (entry[KEY_LENGTH] + entry[ANSWER_LENGTH]) * sizeof(uint64_t));
    append_entry(memo, rows[0], entry[ANSWER_LENGTH], true);
    return true;
}

void memo_keep(solver *s, const uint32_t *variables, uint32_t variable_count, const block_result *result) {
    block_memo *memo = s->memo;
    if (result->memo_entry == SIZE_MAX) {
        return; // no entry was made (no memory)
    }
    uint64_t *entry = &memo->fresh[result->memo_entry];
    const uint64_t *key = &entry[HEADER_WORDS];
    uint64_t *answer = &entry[HEADER_WORDS + entry[KEY_LENGTH]];
    uint32_t row_count = (uint32_t)key[2];
    // The rows are looked up in key order, the order memo_recall reads the ties in (the block's
    // own list was sorted by level as it was solved).
    size_t at = 3 + 3 * (size_t)variable_count;
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = (uint32_t)key[at];
        if (s->row_flags[r] & (ROW_CONFLICT | ROW_BROKEN)) {
            return;
        }
        answer[3 + 2 * (size_t)variable_count + j] = (s->row_flags[r] & ROW_TIED) != 0;
        at += 5 + 2 * key[at + 4];
    }
    answer[0] = result->report.levels;
    answer[1] = result->report.active_set_iterations;
    answer[2] = bits(result->work);
    for (uint32_t u = 0; u < variable_count; u++) {
        answer[3 + 2 * u] = bits(s->rep_value[variables[u]]);
        answer[3 + 2 * u + 1] = (s->variable_flags[variables[u]] & VARIABLE_AMBIGUOUS) != 0;
    }
    entry[FILLED] = 1;
}

void memo_finish(block_memo *memo, bool succeeded) {
    if (!succeeded) {
        memo->kept_length = 0;
        return;
    }
    uint64_t *kept = memo->kept;
    size_t capacity = memo->kept_capacity;
    memo->kept = memo->fresh;
    memo->kept_capacity = memo->fresh_capacity;
    memo->kept_length = memo->fresh_length;
    memo->fresh = kept;
    memo->fresh_capacity = capacity;
    memo->fresh_length = 0;
}

void memo_free(block_memo *memo) {
    free(memo->kept);
    free(memo->fresh);
    free(memo->key);
    *memo = (block_memo){0};
}

size_t memo_capacity(const block_memo *memo) {
    return (memo->kept_capacity + memo->fresh_capacity + memo->key_capacity) * sizeof(uint64_t);
}
