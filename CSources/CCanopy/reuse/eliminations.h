/*
 * The eliminations a solve record keeps, one a row, narrowed from the 16 bytes substitution
 * writes for each (reading them is the record's business, not the solve's hot loop): column
 * by column, with no row column when every row's elimination is its own, in row order (a tree
 * listed parent first, a stack), and the divisors as bytes of halves when each is one (a
 * class's coefficient: ±1 mostly). A million-view tree keeps 5 bytes an elimination.
 */
#ifndef CNP_REUSE_ELIMINATIONS_H
#define CNP_REUSE_ELIMINATIONS_H

#include "base/pages.h"
#include "base/state.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The eliminations of one solve, in columns of room for one a row.
typedef struct elimination_list {
    uint32_t *target;
    /// Written unless elimination e is row e's, for every e.
    uint32_t *row;
    /// Written unless every divisor is a half exactly; then `halves` holds twice each.
    double *divisor;
    int8_t *halves;
    uint32_t count;
    bool rows_in_order, divisors_in_halves;
} elimination_list;

/// Whether twice `value` is a byte exactly (and not zero, whose sign a byte loses).
static inline bool elimination_is_in_halves(double value) {
    double twice = 2.0 * value;
    return twice >= -128.0 && twice <= 127.0 && twice != 0.0 && twice == (double)(int8_t)twice;
}

/// Fills the list's columns from the `count` eliminations substitution wrote, each column as
/// narrow as they all allow.
static inline void elimination_list_narrow(elimination_list *list, const elimination *written, uint32_t count) {
    bool in_order = true, in_halves = true;
    for (uint32_t e = 0; e < count && (in_order || in_halves); e++) {
        in_order = in_order && written[e].row == e;
        in_halves = in_halves && elimination_is_in_halves(written[e].divisor);
    }
    list->count = count;
    list->rows_in_order = in_order;
    list->divisors_in_halves = in_halves;
    uint32_t *target = list->target, *row = list->row;
    double *divisor = list->divisor;
    int8_t *halves = list->halves;
    for (uint32_t e = 0; e < count; e++) {
        target[e] = written[e].target;
    }
    for (uint32_t e = 0; e < count && !in_order; e++) {
        row[e] = written[e].row;
    }
    for (uint32_t e = 0; e < count && in_halves; e++) {
        halves[e] = (int8_t)(2.0 * written[e].divisor);
    }
    for (uint32_t e = 0; e < count && !in_halves; e++) {
        divisor[e] = written[e].divisor;
    }
}

/// Elimination `e`.
static inline elimination elimination_at(const elimination_list *list, uint32_t e) {
    return (elimination){
        .divisor = list->divisors_in_halves ? 0.5 * (double)list->halves[e] : list->divisor[e],
        .row = list->rows_in_order ? e : list->row[e],
        .target = list->target[e],
    };
}

/// Gives back the pages of the columns the list does not use (of room for `rows` each), which
/// an earlier solve over the same memory may have written; returns the bytes given back.
static inline size_t elimination_list_release_unused(const elimination_list *list, size_t rows) {
    size_t released = 0;
    if (list->rows_in_order) {
        released += cnp__release_inner_pages(list->row, rows * sizeof(uint32_t));
    }
    if (list->divisors_in_halves) {
        released += cnp__release_inner_pages(list->divisor, rows * sizeof(double));
    } else {
        released += cnp__release_inner_pages(list->halves, rows * sizeof(int8_t));
    }
    return released;
}

#endif
