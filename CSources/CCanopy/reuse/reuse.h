/*
 * What one solve keeps for the next, in the record the caller owns: substitution's log of
 * eliminations, through which new constants are carried (record.c), and dense blocks' answers
 * with their level maps (memo.c). The driver reads them before a block is dispatched and
 * writes them after.
 */
#ifndef CNP_REUSE_H
#define CNP_REUSE_H

#include "block/block.h"

/// The passes over the whole system of one solve whose blocks the memo keeps, each pass apart
/// (a large block's solve makes one for the pins, one per round of relaxation, and a dense
/// one); later passes' blocks are not kept.
#define MEMO_PASSES 16

/// Dense blocks' answers kept from one recorded solve to the next (reuse/memo.c): entries of
/// 64-bit words, [first row, key length, answer length, state (filled, maps' misses), maps
/// (place and length), key..., answer...], pass by pass, in the order the blocks were looked
/// up (in order of their first rows, but for components solved again within a pass); an entry
/// whose answer is not filled in (yet) matches nothing. An entry's level maps, when it has
/// them, are in the maps array beside.
typedef struct block_memo {
    uint64_t *kept;     // the previous solve's entries
    size_t kept_length, kept_capacity;
    uint64_t *fresh;    // this solve's
    size_t fresh_length, fresh_capacity;
    uint64_t *kept_maps, *fresh_maps;
    size_t kept_maps_length, kept_maps_capacity, fresh_maps_length, fresh_maps_capacity;
    size_t cursor;      // the next kept entry to compare
    size_t pass_end;    // where the kept entries of the current pass end
    /// Where each pass's entries start, among the kept ones and the fresh ones.
    size_t kept_pass_start[MEMO_PASSES], fresh_pass_start[MEMO_PASSES];
    uint32_t kept_passes, pass;
    uint64_t *key;      // scratch: a block's key
    size_t key_length, key_capacity;
    map_recorder recorder;
} block_memo;

/// What a block's solve records for the next solve.
typedef enum block_recording { RECORD_NOTHING, RECORD_MAPS, RECORD_OUTCOMES } block_recording;

/// What solving or recalling one block leaves for the merge, which takes blocks in order.
typedef struct block_result {
    cnp_status status;
    block_outcome outcome;
    /// The block's own counts (the report's block fields, levels, steps and breaks).
    cnp_solve_report report;
    /// The dense work it took.
    double work;
    /// The conflict groups it numbered, from 0; the merge shifts them past earlier blocks'.
    uint32_t groups;
    /// Its entry among the memo's fresh ones, or SIZE_MAX.
    size_t memo_entry;
    bool recalled;
    /// What solving it records, when it is solved on the calling thread: its level maps (a
    /// block of the previous solve had its shape but other constants), or its levels' outcomes
    /// alone (a block too large to map).
    block_recording record;
    /// The previous solve's record of a block of its shape (level maps or outcomes), to start
    /// its levels from, on whichever lane solves it; NULL for none.
    const uint64_t *hints;
    size_t hints_length;
    /// Whether a lane (or the merge) solved it.
    bool solved;
} block_result;

// record.c
/// Lends the record's substitution arrays to the solver (so that what substitution leaves in
/// them is kept without a copy; the solver then carves none of its own) and gives it room for
/// the eliminations; `terms` is the total over all rows.
cnp_status cnp__record_prepare(cnp_solve_record *record, solver *s, uint64_t terms);
/// Keeps the solve in the record if it succeeded and substitution settled all of it; returns
/// whether it did.
bool cnp__record_finish(cnp_solve_record *record, const solver *s, cnp_status status);
/// Empties the record.
void cnp__record_forget(cnp_solve_record *record);

/// The record's block answers.
block_memo *cnp__record_memo(cnp_solve_record *record);

// memo.c
/// Starts a pass over the whole system: its blocks are compared with those of the same pass of
/// the previous solve (the first pass of a solve starts with no answers kept from it yet).
void cnp__memo_begin(block_memo *memo);
/// Starts the block's entry among this solve's (blocks come in order) and, when its inputs are
/// bit for bit those of a block of the previous solve, gives it that block's answer: values,
/// ambiguity, ties and conflicts into the solver, outcome, conflict groups, counts and work
/// into `result` (returns true); or solves it by its kept level maps. Otherwise returns false;
/// cnp__memo_keep fills the entry in once the block is solved.
bool cnp__memo_recall(solver *s, const uint32_t *variables, uint32_t variable_count, const uint32_t *rows,
                      uint32_t row_count, bool substituted, block_result *result);
/// Fills in the entry of a block just solved, from the solver and `result`, and keeps the level
/// maps recorded while it was solved.
void cnp__memo_keep(solver *s, const uint32_t *variables, uint32_t variable_count, const block_result *result);
/// Ends a solve: when it `succeeded`, its entries become the kept ones, for the next solve to
/// compare with; otherwise none is kept.
void cnp__memo_finish(block_memo *memo, bool succeeded);
/// Frees the memo's memory.
void cnp__memo_free(block_memo *memo);

/// The bytes the memo holds, for memory reports.
size_t cnp__memo_capacity(const block_memo *memo);

#endif
