/*
 * A block's path, picked by its size: one unknown on the line, long chains banded, large
 * blocks triangular and then sparse; everything else, and whatever those decline, the dense
 * hierarchy.
 */
#include "block/block.h"

/// The triangular path, counted when it answers.
static path_result solve_triangular(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                                    uint32_t row_count, cnp_status *failure) {
    path_result result = cnp__solve_triangular(s, variables, variable_count, rows, row_count, failure);
    if (result == PATH_SOLVED) {
        COUNT_PATH(s, triangular_blocks);
    }
    return result;
}

/// A block of the triangular pass (solve/large.c): the triangular path alone, and a block it
/// gives back declines the pass (CNP_ERROR_TOO_LARGE), for the strategies to take the system.
static cnp_status solve_triangular_only(solver *s, const uint32_t *variables, uint32_t variable_count,
                                        uint32_t *rows, uint32_t row_count, cnp_status *failure) {
    path_result result = solve_triangular(s, variables, variable_count, rows, row_count, failure);
    if (result == PATH_SOLVED) {
        return CNP_OK;
    }
    return result == PATH_DECLINED ? CNP_ERROR_TOO_LARGE : *failure;
}

cnp_status cnp__solve_block(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                            uint32_t row_count, bool substituted, block_outcome *outcome) {
    *outcome = BLOCK_SOLVED;
    cnp_status failure = CNP_OK;
    if (s->triangular_pass && variable_count > s->options.pin_block_limit) {
        return solve_triangular_only(s, variables, variable_count, rows, row_count, &failure);
    }
    path_result result = PATH_DECLINED;
    if (variable_count == 1 && s->options.single) {
        result = cnp__solve_single(s, variables[0], rows, row_count, &failure);
        if (result == PATH_SOLVED) {
            COUNT_PATH(s, single_blocks);
        }
    }
    if (result == PATH_DECLINED && variable_count > s->options.banded_from) {
        result = cnp__solve_banded(s, variables, variable_count, rows, row_count, &failure);
        if (result == PATH_SOLVED) {
            COUNT_PATH(s, banded_blocks);
        }
    }
    if (result == PATH_DECLINED && variable_count > s->options.triangular_from) {
        result = solve_triangular(s, variables, variable_count, rows, row_count, &failure);
    }
    if (result == PATH_DECLINED && variable_count > s->options.sparse_from) {
        result = cnp__solve_sparse(s, variables, variable_count, rows, row_count, &failure);
        if (result == PATH_SOLVED) {
            COUNT_PATH(s, sparse_blocks);
        }
    }
    if (result != PATH_DECLINED) {
        return result == PATH_SOLVED ? CNP_OK : failure;
    }
    cnp_status status = cnp__solve_dense(s, variables, variable_count, rows, row_count, substituted, outcome);
    if (status == CNP_OK && *outcome == BLOCK_SOLVED) {
        COUNT_PATH(s, dense_blocks);
    }
    return status;
}
