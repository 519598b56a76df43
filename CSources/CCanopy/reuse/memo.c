/*
 * Block answers kept between recorded solves: a dense block whose inputs are bit for bit those
 * of a block the previous solve solved gets that block's answer again, without solving. A solve
 * may pass over the whole system several times (pins, rounds of relaxation, the dense path, for
 * a large block); each pass's blocks are kept apart and compared with the same pass's of the
 * previous solve (the first MEMO_PASSES passes; later ones keep nothing).
 *
 * A block's answer depends only on its own inputs (cnp_solve's determinism): its unknowns and
 * their reference pulls, and its rows in order, each with its priority, relation, constant and
 * terms as substitution left them (everything settled folded into the constant). Those are
 * written out as a key of 64-bit words. The previous solve's blocks are kept in the order they
 * were looked up (by first row within a pass), so a solve walks them alongside its own blocks;
 * a block out of that order is only missed. A hit restores what solving the block leaves
 * behind and the solve reads: the unknowns' values and ambiguity, the rows' ties and conflicts,
 * the block's outcome, and the report's counts and work. Every block's entry is started when it is looked up, in block order (unless
 * memory runs out: the block is then simply not kept), and a solved block's answer is filled
 * in afterwards, whichever lane solved it and when. A block that met a conflict keeps the rows
 * it broke and its conflict groups, numbered from its first (the merge numbers them across
 * blocks).
 *
 * A block whose key differs from the kept one only in its constants (the reference targets and
 * the rows' reduced constants) has the kept block's shape. Solving it on the calling thread
 * records its level maps (level/level_maps.c), which entries then carry from solve to solve;
 * the next block of that shape is solved by them when their outcome holds. Blocks are recorded
 * only when fewer than 16 are solved, and small ones only; maps whose outcome failed twice in a
 * row are recorded again, and a shape whose recording was refused is not recorded again.
 * Blocks too large to map record their levels' outcomes alone (the working set and counted
 * rows each level ended with). A block of a kept block's shape that is solved rather than
 * reused starts each level from the kept record's outcome for it (level/active_set.c).
 */
#include "reuse/reuse.h"

#include <stdlib.h>
#include <string.h>

enum { HEADER_WORDS = 5 };

/// An entry's header words. STATE holds whether the answer is filled in (bit 0) and, above it,
/// its maps' misses: the solves in a row whose active sets they did not match. MAPS holds the
/// maps' place in the maps array above MAPS_LENGTH_BITS bits of their length (0: no maps).
enum { FIRST_ROW = 0, KEY_LENGTH = 1, ANSWER_LENGTH = 2, STATE = 3, MAPS = 4 };
enum { MAPS_LENGTH_BITS = 24 };

/// Maps that missed this many solves in a row are recorded again; the ones before keep the
/// old maps, which a layout that swings between two states (two widths) matches every other
/// solve, while recording costs a solve per input of each level.
enum { MISSES_BEFORE_RECORDING = 2 };
/// The misses of a shape whose recording was refused (a conflict or ties, which the maps do not
/// follow): it is not recorded again while it keeps its shape.
#define REFUSED (UINT64_MAX >> 1)
/// Blocks larger than this are not recorded: the recording's work (a least-squares solve per
/// input of each level) is not counted against the work limit, and stays small under it. Blocks
/// of one unknown are solved on the line, at less than the maps' cost.
enum { MOST_MAPPED_UNKNOWNS = 32, MOST_MAPPED_ROWS = 128 };

/// Makes room for `count` words in `*words` (capacity `*capacity`); false when memory is out.
static bool reserve_words(uint64_t **words, size_t *capacity, size_t count) {
    return cnp__grow_buffer((void **)words, capacity, count, sizeof(uint64_t));
}

static bool is_filled(const uint64_t *entry) {
    return entry[STATE] & 1;
}

static uint64_t misses_of(const uint64_t *entry) {
    return entry[STATE] >> 1;
}

static void set_misses(uint64_t *entry, uint64_t misses) {
    entry[STATE] = (entry[STATE] & 1) | misses << 1;
}

static size_t maps_length(const uint64_t *entry) {
    return entry[MAPS] & (((uint64_t)1 << MAPS_LENGTH_BITS) - 1);
}

static size_t maps_at(const uint64_t *entry) {
    return entry[MAPS] >> MAPS_LENGTH_BITS;
}

void cnp__memo_begin(block_memo *memo) {
    uint32_t pass = memo->pass++;
    if (pass == 0) {
        memo->fresh_length = 0;
        memo->fresh_maps_length = 0;
    }
    if (pass < MEMO_PASSES) {
        memo->fresh_pass_start[pass] = memo->fresh_length;
    }
    bool kept = pass < memo->kept_passes;
    memo->cursor = kept ? memo->kept_pass_start[pass] : memo->kept_length;
    memo->pass_end = kept && pass + 1 < memo->kept_passes ? memo->kept_pass_start[pass + 1] : memo->kept_length;
}

/// A block's answer: its levels, active-set steps, work, conflict groups (and outcome, above 32
/// bits), then a
/// value and an ambiguity flag per unknown, then a word per row (in key order): ROW_TIED,
/// ROW_CONFLICT and ROW_BROKEN as they were, and its conflict group counted from the block's
/// first, plus 1 (0 for none), above them. Of a block that needs its original rows (its required
/// rows conflict after substitution), a recall reads only that outcome and its steps and work.
enum { LEVELS = 0, STEPS = 1, WORK = 2, GROUPS_AND_OUTCOME = 3, ANSWER_HEAD = 4 };
enum { KEPT_ROW_FLAGS = ROW_TIED | ROW_CONFLICT | ROW_BROKEN, GROUP_SHIFT = 8 };

static size_t answer_length(uint32_t variable_count, uint32_t row_count) {
    return ANSWER_HEAD + 2 * (size_t)variable_count + row_count;
}

static size_t value_word(uint32_t u) {
    return ANSWER_HEAD + 2 * (size_t)u;
}

static size_t row_word(uint32_t variable_count, uint32_t j) {
    return ANSWER_HEAD + 2 * (size_t)variable_count + j;
}

/// Writes the block's key into memo->key; false when memory is out.
static bool write_key(const solver *s, block_memo *memo, const uint32_t *variables, uint32_t n, const uint32_t *rows,
                      uint32_t row_count, bool substituted) {
    size_t words = 3 + 3 * (size_t)n;
    for (uint32_t j = 0; j < row_count; j++) {
        words += 5 + 2 * (size_t)s->reduced_count[rows[j]];
    }
    if (!reserve_words(&memo->key, &memo->key_capacity, words)) {
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
        key[at++] = word_of(weight);
        key[at++] = word_of(target);
    }
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = rows[j];
        const cnp_row *row = solver_row(s, r);
        key[at++] = r;
        key[at++] = word_of(row->priority);
        key[at++] = (uint64_t)(uint32_t)row->relation;
        key[at++] = word_of(s->reduced_constant[r]);
        key[at++] = s->reduced_count[r];
        for (uint32_t t = s->reduced_start[r]; t < s->reduced_start[r] + s->reduced_count[r]; t++) {
            key[at++] = s->reduced_variable[t];
            key[at++] = word_of(s->reduced_coefficient[t]);
        }
    }
    memo->key_length = at;
    return true;
}

/// Appends an entry for the key in memo->key, with room for an answer of `answer_words` words
/// (not filled in); returns its offset, or SIZE_MAX when memory is out (the entry is then
/// simply not kept).
static size_t append_entry(block_memo *memo, uint32_t first_row, size_t answer_words) {
    size_t length = HEADER_WORDS + memo->key_length + answer_words;
    if (!reserve_words(&memo->fresh, &memo->fresh_capacity, memo->fresh_length + length)) {
        return SIZE_MAX;
    }
    size_t offset = memo->fresh_length;
    uint64_t *entry = &memo->fresh[offset];
    entry[FIRST_ROW] = first_row;
    entry[KEY_LENGTH] = memo->key_length;
    entry[ANSWER_LENGTH] = answer_words;
    entry[STATE] = 0;
    entry[MAPS] = 0;
    memcpy(&entry[HEADER_WORDS], memo->key, memo->key_length * sizeof(uint64_t));
    memo->fresh_length += length;
    return offset;
}

/// The filled kept entry for a block whose first row is `first_row`, or NULL; `*same` tells
/// whether its key is the one in memo->key. Entries for earlier first rows are passed over for
/// good.
static const uint64_t *find_entry(block_memo *memo, uint32_t first_row, bool *same) {
    *same = false;
    while (memo->cursor < memo->pass_end) {
        const uint64_t *entry = &memo->kept[memo->cursor];
        if (entry[FIRST_ROW] > first_row) {
            return NULL;
        }
        memo->cursor += HEADER_WORDS + entry[KEY_LENGTH] + entry[ANSWER_LENGTH];
        if (entry[FIRST_ROW] == first_row) {
            if (!is_filled(entry)) {
                return NULL;
            }
            *same = entry[KEY_LENGTH] == memo->key_length &&
                    memcmp(&entry[HEADER_WORDS], memo->key, memo->key_length * sizeof(uint64_t)) == 0;
            return entry;
        }
    }
    return NULL;
}

/// Whether the kept entry's key and memo->key differ at most in their constants: the reference
/// targets and the rows' reduced constants (see write_key).
static bool same_shape(const uint64_t *entry, const block_memo *memo) {
    const uint64_t *key = &entry[HEADER_WORDS], *other = memo->key;
    if (entry[KEY_LENGTH] != memo->key_length || key[0] != other[0] || key[1] != other[1] || key[2] != other[2]) {
        return false;
    }
    size_t at = 3;
    for (uint64_t u = 0; u < key[1]; u++, at += 3) {
        if (key[at] != other[at] || key[at + 1] != other[at + 1]) {
            return false;
        }
    }
    for (uint64_t j = 0; j < key[2]; j++) {
        // Row, priority, relation; the constant is skipped; term count and terms.
        size_t length = 5 + 2 * (size_t)key[at + 4];
        if (memcmp(&key[at], &other[at], 3 * sizeof(uint64_t)) != 0 ||
            memcmp(&key[at + 4], &other[at + 4], (length - 4) * sizeof(uint64_t)) != 0) {
            return false;
        }
        at += length;
    }
    return true;
}

/// Gives fresh entry `offset` `misses` and the level maps `words` (`length` of them); without
/// memory it simply has no maps.
static void keep_words(block_memo *memo, size_t offset, const uint64_t *words, size_t length, uint64_t misses) {
    uint64_t *entry = &memo->fresh[offset];
    set_misses(entry, misses);
    entry[MAPS] = 0;
    if (length == 0 || length >> MAPS_LENGTH_BITS ||
        !reserve_words(&memo->fresh_maps, &memo->fresh_maps_capacity, memo->fresh_maps_length + length)) {
        return;
    }
    memcpy(&memo->fresh_maps[memo->fresh_maps_length], words, length * sizeof(uint64_t));
    entry[MAPS] = (uint64_t)memo->fresh_maps_length << MAPS_LENGTH_BITS | length;
    memo->fresh_maps_length += length;
}

/// Gives fresh entry `offset` `misses` and the kept entry's maps, if it has any.
static void keep_maps(block_memo *memo, size_t offset, const uint64_t *entry, uint64_t misses) {
    size_t length = maps_length(entry);
    keep_words(memo, offset, length > 0 ? &memo->kept_maps[maps_at(entry)] : NULL, length, misses);
}

/// The ambiguity, ties and conflicts of a kept answer, into the solver (the conflict groups
/// numbered from 0, as a lane numbers them: the merge moves them past the blocks' before).
static void restore_flags(solver *s, const uint64_t *answer, const uint32_t *variables, uint32_t variable_count,
                          const uint32_t *rows, uint32_t row_count) {
    for (uint32_t u = 0; u < variable_count; u++) {
        if (answer[value_word(u) + 1]) {
            s->variable_flags[variables[u]] |= VARIABLE_AMBIGUOUS;
        }
    }
    for (uint32_t j = 0; j < row_count; j++) {
        uint64_t word = answer[row_word(variable_count, j)];
        if (word == 0) {
            continue; // most rows: nothing to write
        }
        s->row_flags[rows[j]] |= (uint8_t)(word & KEPT_ROW_FLAGS);
        if (word >> GROUP_SHIFT) {
            s->group[rows[j]] = (uint32_t)(word >> GROUP_SHIFT) - 1;
        }
    }
}

/// The unknowns' values and ambiguity, from the solver into an answer.
static void store_values(const solver *s, uint64_t *answer, const uint32_t *variables, uint32_t variable_count) {
    for (uint32_t u = 0; u < variable_count; u++) {
        answer[value_word(u)] = word_of(s->rep_value[variables[u]]);
        answer[value_word(u) + 1] = (s->variable_flags[variables[u]] & VARIABLE_AMBIGUOUS) != 0;
    }
}

/// The rows of a kept answer that were broken.
static uint32_t broken_rows(const uint64_t *answer, uint32_t variable_count, uint32_t row_count) {
    uint32_t broken = 0;
    for (uint32_t j = 0; j < row_count; j++) {
        broken += (answer[row_word(variable_count, j)] & ROW_BROKEN) != 0;
    }
    return broken;
}

/// A block answered without solving: the answer's counts and work, those of the solve or the
/// reuse that gave it (so the work limit decides as it did then).
static void answer_without_solving(block_result *result, const uint64_t *answer, uint32_t variable_count,
                                   uint32_t row_count, bool reused) {
    cnp_solve_report *report = &result->report;
    result->outcome = (block_outcome)(answer[GROUPS_AND_OUTCOME] >> 32);
    bool solved = result->outcome == BLOCK_SOLVED;
    report->blocks = solved;
    report->recalled_blocks = solved && !reused;
    report->reused_blocks = reused;
    report->dense_variables = solved ? variable_count : 0;
    report->largest_block = solved ? variable_count : 0;
    report->levels = (uint32_t)answer[LEVELS];
    report->active_set_iterations = (uint32_t)answer[STEPS];
    report->broken_rows = broken_rows(answer, variable_count, row_count);
    result->work = double_of(answer[WORK]);
    result->groups = (uint32_t)answer[GROUPS_AND_OUTCOME];
    result->recalled = true;
}

/// The kept entry's answer again, bit for bit, in a filled fresh entry.
static void recall(solver *s, const uint64_t *entry, const uint32_t *variables, uint32_t variable_count,
                   const uint32_t *rows, uint32_t row_count, block_result *result) {
    block_memo *memo = s->memo;
    const uint64_t *answer = &entry[HEADER_WORDS + entry[KEY_LENGTH]];
    if (answer[GROUPS_AND_OUTCOME] >> 32 == BLOCK_SOLVED) {
        for (uint32_t u = 0; u < variable_count; u++) {
            s->rep_value[variables[u]] = double_of(answer[value_word(u)]);
        }
        restore_flags(s, answer, variables, variable_count, rows, row_count);
    }
    answer_without_solving(result, answer, variable_count, row_count, false);
    // The entry is copied whole; without memory the block is simply not kept.
    size_t length = HEADER_WORDS + entry[KEY_LENGTH] + entry[ANSWER_LENGTH], offset = memo->fresh_length;
    if (reserve_words(&memo->fresh, &memo->fresh_capacity, offset + length)) {
        memcpy(&memo->fresh[offset], entry, length * sizeof(uint64_t));
        memo->fresh_length += length;
        keep_maps(memo, offset, entry, misses_of(entry));
    }
}

/// Solves the block by the kept entry's level maps into fresh entry result->memo_entry, when
/// their outcome holds; returns whether it did.
static bool reuse(solver *s, const uint64_t *entry, const uint32_t *variables, uint32_t variable_count,
                  const uint32_t *rows, uint32_t row_count, block_result *result) {
    block_memo *memo = s->memo;
    uint32_t levels = 0;
    if (!cnp__maps_apply(s, &memo->recorder, variables, variable_count, rows, row_count,
                         &memo->kept_maps[maps_at(entry)], maps_length(entry), &levels)) {
        return false;
    }
    // The levels, values and ambiguity come from the maps (the kept answer may be another
    // outcome's, when the maps missed it); a recorded block has no ties. No active-set step
    // was taken, and the work is the maps' multiply-adds.
    uint64_t *fresh = &memo->fresh[result->memo_entry];
    uint64_t *answer = &fresh[HEADER_WORDS + fresh[KEY_LENGTH]];
    memset(answer, 0, entry[ANSWER_LENGTH] * sizeof(uint64_t));
    answer[LEVELS] = levels;
    answer[WORK] = word_of(2.0 * (double)maps_length(entry));
    store_values(s, answer, variables, variable_count);
    fresh[STATE] |= 1;
    answer_without_solving(result, answer, variable_count, row_count, true);
    keep_maps(memo, result->memo_entry, entry, 0);
    return true;
}

bool cnp__memo_recall(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                      uint32_t row_count, bool substituted, block_result *result) {
    block_memo *memo = s->memo;
    result->memo_entry = SIZE_MAX;
    if (row_count == 0 || memo->pass > MEMO_PASSES ||
        !write_key(s, memo, variables, variable_count, rows, row_count, substituted)) {
        return false;
    }
    bool same = false;
    const uint64_t *entry = find_entry(memo, rows[0], &same);
    if (entry != NULL && same) {
        recall(s, entry, variables, variable_count, rows, row_count, result);
        return true;
    }
    result->memo_entry = append_entry(memo, rows[0], answer_length(variable_count, row_count));
    if (result->memo_entry == SIZE_MAX || variable_count < 2) {
        return false; // (a block of one unknown is solved on the line)
    }
    bool shaped = entry != NULL && same_shape(entry, memo);
    if (shaped && maps_length(entry) > 0) {
        // Whatever it records, its levels start from the kept record's outcomes.
        result->hints = &memo->kept_maps[maps_at(entry)];
        result->hints_length = maps_length(entry);
    }
    if (variable_count > MOST_MAPPED_UNKNOWNS || row_count > MOST_MAPPED_ROWS) {
        // Too large to map: its levels' outcomes alone are recorded, at every solve (their cost
        // is a few words per level); the kept ones stay until then, as maps do.
        if (shaped) {
            keep_maps(memo, result->memo_entry, entry, 0);
        }
        result->record = RECORD_OUTCOMES;
        return false;
    }
    if (!shaped) {
        return false; // (a block of another size has no maps, and none are recorded for it)
    }
    if (maps_length(entry) > 0 && reuse(s, entry, variables, variable_count, rows, row_count, result)) {
        return true;
    }
    // The old maps stay until new ones are recorded (the merge may record none).
    uint64_t misses = misses_of(entry) == REFUSED ? REFUSED : misses_of(entry) + 1;
    keep_maps(memo, result->memo_entry, entry, misses);
    bool record = misses != REFUSED && (maps_length(entry) == 0 || misses >= MISSES_BEFORE_RECORDING);
    result->record = record ? RECORD_MAPS : RECORD_NOTHING;
    return false;
}

void cnp__memo_keep(solver *s, const uint32_t *variables, uint32_t variable_count, const block_result *result) {
    block_memo *memo = s->memo;
    if (result->memo_entry == SIZE_MAX) {
        return; // no entry was made (no memory)
    }
    uint64_t *entry = &memo->fresh[result->memo_entry];
    const uint64_t *key = &entry[HEADER_WORDS];
    uint64_t *answer = &entry[HEADER_WORDS + entry[KEY_LENGTH]];
    uint32_t row_count = (uint32_t)key[2];
    // The rows are looked up in key order, the order cnp__memo_recall reads them in (the block's
    // own list was sorted by level as it was solved). The merge has moved the block's conflict
    // groups past the ones before it: they are kept from the block's first.
    uint32_t first_group = s->next_group - result->groups;
    size_t at = 3 + 3 * (size_t)variable_count;
    for (uint32_t j = 0; j < row_count; j++) {
        uint32_t r = (uint32_t)key[at];
        uint64_t flags = s->row_flags[r] & KEPT_ROW_FLAGS, group = 0;
        if (row_group(s, r) != NONE) {
            group = (uint64_t)(s->group[r] - first_group) + 1; // only conflicts have groups
        }
        answer[row_word(variable_count, j)] = flags | group << GROUP_SHIFT;
        at += 5 + 2 * key[at + 4];
    }
    answer[LEVELS] = result->report.levels;
    answer[STEPS] = result->report.active_set_iterations;
    answer[WORK] = word_of(result->work);
    answer[GROUPS_AND_OUTCOME] = (uint64_t)result->outcome << 32 | result->groups;
    store_values(s, answer, variables, variable_count);
    entry[STATE] |= 1;
    const map_recorder *recorder = &memo->recorder;
    if (result->record == RECORD_MAPS && recorder->refused) {
        set_misses(entry, REFUSED);
    } else if (result->record != RECORD_NOTHING && recorder->finished) {
        keep_words(memo, result->memo_entry, recorder->words, recorder->length, 0);
    }
}

/// Swaps the kept and fresh arrays `kept` and `fresh` with their lengths and capacities.
static void swap_words(uint64_t **kept, size_t *kept_length, size_t *kept_capacity, uint64_t **fresh,
                       size_t *fresh_length, size_t *fresh_capacity) {
    uint64_t *words = *kept;
    size_t capacity = *kept_capacity;
    *kept = *fresh;
    *kept_capacity = *fresh_capacity;
    *kept_length = *fresh_length;
    *fresh = words;
    *fresh_capacity = capacity;
    *fresh_length = 0;
}

void cnp__memo_finish(block_memo *memo, bool succeeded) {
    uint32_t passes = memo->pass < MEMO_PASSES ? memo->pass : MEMO_PASSES;
    memo->pass = 0;
    if (!succeeded) {
        memo->kept_length = 0;
        memo->kept_maps_length = 0;
        memo->kept_passes = 0;
        return;
    }
    memcpy(memo->kept_pass_start, memo->fresh_pass_start, sizeof memo->kept_pass_start);
    memo->kept_passes = passes;
    swap_words(&memo->kept, &memo->kept_length, &memo->kept_capacity, &memo->fresh, &memo->fresh_length,
               &memo->fresh_capacity);
    swap_words(&memo->kept_maps, &memo->kept_maps_length, &memo->kept_maps_capacity, &memo->fresh_maps,
               &memo->fresh_maps_length, &memo->fresh_maps_capacity);
}

void cnp__memo_free(block_memo *memo) {
    free(memo->kept);
    free(memo->fresh);
    free(memo->kept_maps);
    free(memo->fresh_maps);
    free(memo->key);
    cnp__maps_free(&memo->recorder);
    *memo = (block_memo){0};
}

size_t cnp__memo_capacity(const block_memo *memo) {
    const map_recorder *r = &memo->recorder;
    size_t words = memo->kept_capacity + memo->fresh_capacity + memo->kept_maps_capacity + memo->fresh_maps_capacity +
                   memo->key_capacity + r->capacity;
    return words * sizeof(uint64_t) + r->doubles_capacity * sizeof(double) + r->indexes_capacity * sizeof(uint32_t);
}
