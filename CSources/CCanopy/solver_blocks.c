/*
 * A pass's blocks. A block's answer depends only on its own rows and unknowns, and solving it
 * writes only its unknowns' values and flags and its rows' flags and conflict groups. So blocks
 * can be solved in any order, several at once: each lane solves with its own copy of the solver
 * (its own counts, work and conflict numbering, from zero) in its own workspace, and the
 * results are merged in block order, adding what solving the blocks one after another adds, in
 * that order. The outputs, the report and the memo are then the same bit for bit however many
 * lanes there are. The dense kernels see the same alignment in every workspace (arena_take
 * aligns to absolute addresses), so they round alike on every lane.
 */
#include "solver_dense.h"

#include <stdatomic.h>

/// Fewer blocks to solve than this are solved on the calling thread. A block of one unknown
/// takes about a microsecond; handing two lanes to Dispatch took 0.3 µs (median) on a 2-core
/// machine with its threads awake, and more when they have to be woken.
#define LANE_MIN_BLOCKS 16
/// Blocks a lane takes at a time, so that lanes rarely contend for the next one.
#define LANE_CHUNK 8

typedef struct block_list {
    solver *s;
    const uint32_t *variable_start;
    const uint32_t *row_start;
    uint32_t count;
    bool substituted;
    block_result *results;
    /// The next block a lane may take.
    _Atomic uint32_t next;
} block_list;

/// Solves block `b` with `lane`, a copy of the solver whose workspace that lane alone uses.
static void solve_one(solver *lane, block_list *list, uint32_t b) {
    block_result *result = &list->results[b];
    lane->report = (cnp_solve_report){.failed_row = NONE};
    lane->work = 0.0;
    lane->next_group = 0;
    uint32_t first = list->variable_start[b], start = list->row_start[b];
    result->status = solve_block(lane, &lane->block_variables[first], list->variable_start[b + 1] - first,
                                 &lane->block_rows[start], list->row_start[b + 1] - start, list->substituted,
                                 &result->outcome);
    result->report = lane->report;
    result->work = lane->work;
    result->groups = lane->next_group;
}

/// A lane: takes blocks in chunks until none is left.
static void run_lane(void *context, uint32_t lane_index) {
    block_list *list = context;
    solver lane = *list->s;
    dense_carving carving = {0};
    lane.workspace = list->s->lanes->workspaces[lane_index];
    lane.memo = NULL;
    lane.carving = &carving;
    for (;;) {
        uint32_t first = atomic_fetch_add_explicit(&list->next, LANE_CHUNK, memory_order_relaxed);
        if (first >= list->count) {
            return;
        }
        uint32_t end = list->count - first < LANE_CHUNK ? list->count : first + LANE_CHUNK;
        for (uint32_t b = first; b < end; b++) {
            if (!list->results[b].recalled) {
                solve_one(&lane, list, b);
            }
        }
    }
}

static void add_counts(cnp_solve_report *total, const cnp_solve_report *block) {
    total->blocks += block->blocks;
    total->recalled_blocks += block->recalled_blocks;
    total->dense_variables += block->dense_variables;
    total->levels += block->levels;
    total->active_set_iterations += block->active_set_iterations;
    total->broken_rows += block->broken_rows;
    if (block->largest_block > total->largest_block) {
        total->largest_block = block->largest_block;
    }
}

/// Adds block `b`'s result to the solve, as solving it after the blocks before it would have.
static cnp_status merge(solver *s, const block_list *list, uint32_t b, uint32_t *flagged) {
    const block_result *result = &list->results[b];
    if (result->status != CNP_OK) {
        return result->status;
    }
    uint32_t *rows = &s->block_rows[list->row_start[b]];
    uint32_t row_count = list->row_start[b + 1] - list->row_start[b];
    for (uint32_t j = 0; j < row_count && result->groups > 0; j++) {
        if (s->group[rows[j]] != NONE) {
            s->group[rows[j]] += s->next_group;
        }
    }
    s->next_group += result->groups;
    add_counts(&s->report, &result->report);
    s->work += result->work;
    if (s->work > s->options.work_limit) {
        return CNP_ERROR_TOO_LARGE;
    }
    if (result->outcome == BLOCK_NEEDS_ORIGINAL_ROWS) {
        s->row_flags[rows[0]] |= ROW_UNSOUND;
        (*flagged)++;
    } else if (s->memo != NULL && !result->recalled) {
        uint32_t first = list->variable_start[b];
        memo_keep(s, &s->block_variables[first], list->variable_start[b + 1] - first, result);
    }
    return CNP_OK;
}

/// Solves the blocks that were not recalled on the calling thread, merging each in turn; a
/// block gets only the work the ones before it left, so a solve over the limit stops early.
static cnp_status solve_in_turn(solver *s, block_list *list, uint32_t *flagged) {
    solver lane = *s;
    dense_carving carving = {0};
    lane.memo = NULL;
    lane.carving = &carving;
    for (uint32_t b = 0; b < list->count; b++) {
        if (!list->results[b].recalled) {
            lane.options.work_limit = s->options.work_limit - s->work;
            solve_one(&lane, list, b);
        }
        cnp_status status = merge(s, list, b, flagged);
        if (status != CNP_OK) {
            return status;
        }
    }
    return CNP_OK;
}

/// Solves the blocks that were not recalled on the lanes, then merges them all in order.
static cnp_status solve_on_lanes(solver *s, block_list *list, uint32_t *flagged) {
    atomic_init(&list->next, 0);
    s->lanes->run(s->lanes->run_context, s->lanes->lane_count, run_lane, list);
    for (uint32_t b = 0; b < list->count; b++) {
        cnp_status status = merge(s, list, b, flagged);
        if (status != CNP_OK) {
            return status;
        }
    }
    return CNP_OK;
}

cnp_status solve_listed_blocks(solver *s, const uint32_t *variable_start, const uint32_t *row_start, uint32_t blocks,
                               bool substituted, uint32_t *flagged) {
    if (blocks == 0) {
        return CNP_OK;
    }
    block_result *results = cnp_workspace_reserve_part(s->workspace, PART_BLOCKS, sizeof(block_result) * blocks);
    if (results == NULL) {
        return CNP_ERROR_OUT_OF_MEMORY;
    }
    block_list list = {.s = s, .variable_start = variable_start, .row_start = row_start, .count = blocks,
                       .substituted = substituted, .results = results};
    uint32_t to_solve = 0;
    for (uint32_t b = 0; b < blocks; b++) {
        results[b] = (block_result){.status = CNP_OK, .memo_entry = SIZE_MAX};
        results[b].report.failed_row = NONE;
        uint32_t first = variable_start[b], start = row_start[b];
        bool recalled = s->memo != NULL &&
                        memo_recall(s, &s->block_variables[first], variable_start[b + 1] - first, &s->block_rows[start],
                                    row_start[b + 1] - start, substituted, &results[b]);
        to_solve += !recalled;
    }
    bool parallel = s->lanes != NULL && s->lanes->lane_count > 1 && to_solve >= LANE_MIN_BLOCKS;
    return parallel ? solve_on_lanes(s, &list, flagged) : solve_in_turn(s, &list, flagged);
}
