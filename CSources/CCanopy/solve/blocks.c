/*
 * A pass's blocks. A block's answer depends only on its own rows and unknowns (and the kept
 * record its levels start from, the same on every lane), and solving it
 * writes only what belongs to it: its unknowns' values, flags and local indexes, its rows'
 * flags and conflict groups, and the order of its own slice of the block rows. So blocks can
 * be solved in any order, several at once: each lane solves with its own copy of the solver
 * (its own counts, work and conflict numbering, from zero) in its own workspace, and the
 * results are merged in block order, adding what solving the blocks one after another adds, in
 * that order. The dense work limit is applied in that order too: the merge refuses the first
 * block that takes the total past it, on any number of lanes, and the lanes stop taking blocks
 * once the work spent passes it. The outputs, the report and the memo are then the same bit for
 * bit however many lanes there are. The dense kernels see the same alignment in every workspace
 * (cnp__arena_take aligns to absolute addresses), so they round alike on every lane.
 */
#include "solve/driver.h"

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
    _Atomic uint64_t next;
    /// The dense work the lanes have spent (whole operations; every estimate is an integer).
    _Atomic uint64_t spent;
} block_list;

/// A copy of the solver for solving blocks alone in `workspace`, carving its dense arrays into
/// `carving`: it keeps no memo (the merge does, in order).
static solver lane_solver(const solver *s, cnp_workspace *workspace, dense_carving *carving) {
    solver lane = *s;
    *carving = (dense_carving){0};
    lane.workspace = workspace;
    lane.memo = NULL;
    lane.carving = carving;
    return lane;
}

/// Solves block `b` with `lane`, a copy of the solver whose workspace that lane alone uses.
static void solve_one(solver *lane, block_list *list, uint32_t b) {
    block_result *result = &list->results[b];
    lane->report = (cnp_solve_report){.failed_row = NONE};
    lane->work = 0.0;
    lane->next_group = 0;
    lane->hints = result->hints;
    lane->hints_length = result->hints_length;
    uint32_t first = list->variable_start[b], start = list->row_start[b];
    result->status = cnp__solve_block(lane, &lane->block_variables[first], list->variable_start[b + 1] - first,
                                      &lane->block_rows[start], list->row_start[b + 1] - start, list->substituted,
                                      &result->outcome);
    result->report = lane->report;
    result->work = lane->work;
    result->groups = lane->next_group;
    result->solved = true;
}

/// A lane: takes blocks in chunks until none is left, or the work spent passes the limit (the
/// merge then solves what is left, if it gets that far).
static void run_lane(void *context, uint32_t lane_index) {
    block_list *list = context;
    if (lane_index >= list->s->lanes->lane_count) {
        return;
    }
    dense_carving carving;
    solver lane = lane_solver(list->s, list->s->lanes->workspaces[lane_index], &carving);
    double limit = list->s->budget;
    while ((double)atomic_load_explicit(&list->spent, memory_order_relaxed) <= limit) {
        uint64_t first = atomic_fetch_add_explicit(&list->next, LANE_CHUNK, memory_order_relaxed);
        if (first >= list->count) {
            return;
        }
        uint32_t end = list->count - first < LANE_CHUNK ? list->count : (uint32_t)first + LANE_CHUNK;
        for (uint32_t b = (uint32_t)first; b < end; b++) {
            if (!list->results[b].recalled) {
                solve_one(&lane, list, b);
                atomic_fetch_add_explicit(&list->spent, (uint64_t)list->results[b].work, memory_order_relaxed);
            }
        }
    }
}

static void add_counts(cnp_solve_report *total, const cnp_solve_report *block) {
    total->blocks += block->blocks;
    total->recalled_blocks += block->recalled_blocks;
    total->reused_blocks += block->reused_blocks;
    total->dense_variables += block->dense_variables;
    total->levels += block->levels;
    total->active_set_iterations += block->active_set_iterations;
    total->broken_rows += block->broken_rows;
    total->warm_started_levels += block->warm_started_levels;
    total->sparse_blocks += block->sparse_blocks;
    if (block->largest_block > total->largest_block) {
        total->largest_block = block->largest_block;
    }
}

/// Adds block `b`'s result to the solve, as solving it after the blocks before it would have.
static cnp_status merge(solver *s, const block_list *list, uint32_t b, uint32_t *flagged) {
    const block_result *result = &list->results[b];
    if (s->work + result->work > s->budget) {
        return CNP_ERROR_TOO_LARGE; // whatever else the block met after the limit
    }
    if (result->status != CNP_OK) {
        return result->status;
    }
    uint32_t *rows = &s->block_rows[list->row_start[b]];
    uint32_t row_count = list->row_start[b + 1] - list->row_start[b];
    for (uint32_t j = 0; j < row_count && result->groups > 0; j++) {
        if (row_group(s, rows[j]) != NONE) {
            s->group[rows[j]] += s->next_group;
        }
    }
    s->next_group += result->groups;
    add_counts(&s->report, &result->report);
    s->work += result->work;
    s->solved_blocks += !result->recalled;
    if (result->outcome == BLOCK_NEEDS_ORIGINAL_ROWS) {
        s->row_flags[rows[0]] |= ROW_UNSOUND;
        (*flagged)++;
    }
    if (s->memo != NULL && !result->recalled) {
        uint32_t first = list->variable_start[b];
        cnp__memo_keep(s, &s->block_variables[first], list->variable_start[b + 1] - first, result);
    }
    return CNP_OK;
}

/// Merges the blocks in order, first solving on the calling thread each that was neither
/// recalled nor solved on a lane; such a block gets only the work the ones before it left, so
/// a solve over the limit stops as soon as it passes it. A block asked to record its level maps
/// (or outcomes) records them into the memo's recorder, which the merge then keeps.
static cnp_status merge_in_order(solver *s, block_list *list, uint32_t *flagged) {
    dense_carving carving;
    solver lane = lane_solver(s, s->workspace, &carving);
    for (uint32_t b = 0; b < list->count; b++) {
        if (!list->results[b].recalled && !list->results[b].solved) {
            lane.budget = s->budget - s->work;
            const block_result *result = &list->results[b];
            lane.recorder = result->record != RECORD_NOTHING ? &s->memo->recorder : NULL;
            if (lane.recorder != NULL) {
                cnp__maps_begin(lane.recorder, result->record == RECORD_OUTCOMES);
            }
            solve_one(&lane, list, b);
        }
        cnp_status status = merge(s, list, b, flagged);
        if (status != CNP_OK) {
            return status;
        }
    }
    return CNP_OK;
}

cnp_status cnp__solve_listed_blocks(solver *s, const uint32_t *variable_start, const uint32_t *row_start,
                                    uint32_t blocks, bool substituted, uint32_t *flagged) {
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
                        cnp__memo_recall(s, &s->block_variables[first], variable_start[b + 1] - first,
                                         &s->block_rows[start], row_start[b + 1] - start, substituted, &results[b]);
        to_solve += !recalled;
    }
    // Maps are recorded on the calling thread, so only where a few blocks are solved: the same
    // rule on any number of lanes, and memory for the blocks that change from frame to frame.
    // (Hints are followed on every lane: a block's are the memo's, whoever solves it.)
    for (uint32_t b = 0; b < blocks && to_solve >= LANE_MIN_BLOCKS; b++) {
        results[b].record = RECORD_NOTHING;
    }
    if (s->lanes != NULL && s->lanes->lane_count > 1 && to_solve >= LANE_MIN_BLOCKS) {
        atomic_init(&list.next, 0);
        atomic_init(&list.spent, (uint64_t)s->work);
        s->lanes->run(s->lanes->run_context, s->lanes->lane_count, run_lane, &list);
    }
    return merge_in_order(s, &list, flagged);
}
