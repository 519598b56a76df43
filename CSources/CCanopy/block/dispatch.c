/*
 * A block's path, picked by its size: one unknown on the line, long chains banded, large
 * blocks sparse, everything else, and whatever those decline, the dense hierarchy.
 */
#include "block/block.h"

cnp_status cnp__solve_block(solver *s, const uint32_t *variables, uint32_t variable_count, uint32_t *rows,
                            uint32_t row_count, bool substituted, block_outcome *outcome) {
    *outcome = BLOCK_SOLVED;
    if (variable_count == 1) {
        bool solved = false;
        cnp_status status = cnp__solve_single(s, variables[0], rows, row_count, &solved);
        if (status != CNP_OK || solved) {
            return status;
        }
    }
    if (variable_count > s->options.banded_from) {
        bool solved = false;
        cnp_status status = cnp__solve_banded(s, variables, variable_count, rows, row_count, &solved);
        if (status != CNP_OK || solved) {
            return status;
        }
    }
    if (variable_count > s->options.sparse_from) {
        bool solved = false;
        cnp_status status = cnp__solve_sparse(s, variables, variable_count, rows, row_count, &solved);
        if (status != CNP_OK || solved) {
            return status;
        }
    }
    return cnp__solve_dense(s, variables, variable_count, rows, row_count, substituted, outcome);
}
