/*
 * Substitution's eliminations, in the order made, which the solve record keeps one a row.
 *
 * They are kept column by column, and the row and divisor columns narrow while they can be: a
 * row's elimination is usually the row's own, made in row order (a tree listed parent first,
 * a stack), and a divisor a class's coefficient, usually a half exactly (±1 mostly). The wide
 * column is written from the first entry that does not fit the narrow one, its earlier entries
 * filled in then, so a million-view tree keeps 5 bytes an elimination, not 16.
 */
#ifndef CNP_BASE_ELIMINATIONS_H
#define CNP_BASE_ELIMINATIONS_H

#include "base/pages.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// One elimination substitution made. The class's size then, which a change's carry reads, is
/// not kept: a variable is the target of one elimination at most (a class merged is no longer
/// a representative, a class fixed takes part in no more merges), and its class's size does
/// not change after it, so the record reads it once the solve is done.
typedef struct elimination {
    /// What the row's reduced constant was divided by: the merged class's coefficient, or the
    /// fixed class's.
    double divisor;
    uint32_t row;
    /// The class merged into another (its representative then), the representative fixed, or
    /// NONE for a row found to hold as it was.
    uint32_t target;
} elimination;

/// The eliminations of one solve, in columns of room for one a row.
typedef struct elimination_list {
    uint32_t *target;
    /// Written once some elimination is not its row's in row order; until then elimination e
    /// is row e's.
    uint32_t *row;
    /// Written once some divisor is not a half exactly; until then `halves` holds twice each.
    double *divisor;
    int8_t *halves;
    uint32_t count;
    bool rows_in_order, divisors_in_halves;
} elimination_list;

/// Empties the list, keeping its columns.
static inline void elimination_list_clear(elimination_list *list) {
    list->count = 0;
    list->rows_in_order = true;
    list->divisors_in_halves = true;
}

/// Twice `value` as a byte, when that is exact (and not zero, whose sign a byte loses): whether
/// it is.
static inline bool elimination_half_of(double value, int8_t *halves) {
    double twice = 2.0 * value;
    if (!(twice >= -128.0 && twice <= 127.0) || twice == 0.0 || twice != (double)(int8_t)twice) {
        return false;
    }
    *halves = (int8_t)twice;
    return true;
}

/// Writes the row column's first `count` entries, each elimination's own row so far.
static inline void elimination_list_widen_rows(elimination_list *list) {
    for (uint32_t e = 0; e < list->count; e++) {
        list->row[e] = e;
    }
    list->rows_in_order = false;
}

/// Writes the divisor column's first `count` entries from the halves.
static inline void elimination_list_widen_divisors(elimination_list *list) {
    for (uint32_t e = 0; e < list->count; e++) {
        list->divisor[e] = 0.5 * (double)list->halves[e];
    }
    list->divisors_in_halves = false;
}

/// Appends an elimination.
static inline void elimination_list_append(elimination_list *list, uint32_t row, uint32_t target, double divisor) {
    uint32_t e = list->count;
    if (list->rows_in_order && row != e) {
        elimination_list_widen_rows(list);
    }
    int8_t halves = 0;
    if (list->divisors_in_halves && !elimination_half_of(divisor, &halves)) {
        elimination_list_widen_divisors(list);
    }
    list->target[e] = target;
    if (!list->rows_in_order) {
        list->row[e] = row;
    }
    if (list->divisors_in_halves) {
        list->halves[e] = halves;
    } else {
        list->divisor[e] = divisor;
    }
    list->count = e + 1;
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
