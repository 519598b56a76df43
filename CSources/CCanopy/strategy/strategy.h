/*
 * Strategies for components too large for the block paths: they change the problem rather than
 * the method. The pins (pins.c) make soft pins required; the relaxation (relax.c) leaves required
 * inequalities out and puts back those an answer breaks. The driver (solve/large.c) runs their
 * passes.
 */
#ifndef CNP_STRATEGY_H
#define CNP_STRATEGY_H

#include "reduce/reduce.h"

/// How a strategy ended.
typedef enum strategy_result {
    /// Its answer is the strict-priority one, written to the outputs.
    STRATEGY_SOLVED,
    /// It does not apply, or it found no answer it can vouch for: the next one is tried.
    STRATEGY_DECLINED,
    /// The solve must stop (memory ran out, a value is not finite): the runner's `*failure`
    /// says why.
    STRATEGY_FAILED
} strategy_result;

// pins.c

/// A system with its pins made required equalities, rows in their original order.
typedef struct pin_pass {
    cnp_system system;
    cnp_row *rows;
    uint8_t *is_pin; // per row: a soft one-variable row whose variable is pinned, now `== pin`
    uint8_t *fixed;  // per variable: fixed by the required rows alone (the first pass's substitution)
    uint32_t pinned; // the variables pinned; none: the pins have nothing to gain
} pin_pass;

/// Finds every variable that its soft one-variable rows pin to one value (upper and lower
/// bounds that meet: an intrinsic size's hugging and compression rows) and that the first
/// pass's substitution did not already fix from required rows alone (a pin there could only
/// repeat or contradict them), and makes those rows `variable == value`, required, in `pins`
/// (PART_PINS of the workspace). CNP_ERROR_OUT_OF_MEMORY when the workspace cannot grow.
cnp_status cnp__pins_prepare(const solver *s, pin_pass *pins);

/// Whether the pinned pass's values (in s->solution) are the strict-priority answer of
/// `s->system`: no row broken, every pin row holding, and in each component no row violated at
/// or above the lowest priority of a pin row of that component, but for rows over variables the
/// required rows fix (their violation is the same at every point the required rows allow).
/// Finds the components into `variable_start` and `row_start`.
bool cnp__pins_accept(solver *s, const pin_pass *pins, uint32_t *variable_start, uint32_t *row_start);

// relax.c
/// A system with required inequalities left out (their rows blanked), rows in their original
/// order.
typedef struct relaxation {
    cnp_system system;
    cnp_row *rows;
    /// Per row: 1 in a component that was relaxed (had rows left out).
    uint8_t *relaxed;
    /// The rows left out; none: the relaxation has nothing to gain.
    uint32_t left_out;
} relaxation;

/// Rounds after which a relaxed solve gives up (each puts back at least one row).
#define RELAX_ROUNDS 64

/// Components of more variables than this, whose blocks the dense path could take but slowly
/// (a chain of 1,000 took seconds), try the relaxation before the dense path.
#define RELAX_FIRST_VARIABLES 256

/// `s->system` without the required inequalities over two or more variables of its components
/// of more than `larger_than` variables, in PART_RELAX of the workspace (the components are
/// found with cnp__find_components, into `variable_start` and `row_start`).
/// CNP_ERROR_OUT_OF_MEMORY when the workspace cannot grow.
cnp_status cnp__relax_prepare(solver *s, uint32_t *variable_start, uint32_t *row_start, uint32_t larger_than,
                              relaxation *r);

/// Pins the components the relaxation leaves whole with `pins`' rows, and unpins (in `pins`)
/// the relaxed ones: a pin there, made from a soft equality, would contradict the rows put
/// back. Returns how many pins stay.
uint32_t cnp__relax_pin(relaxation *r, pin_pass *pins, uint32_t row_count);

/// Whether the latest pass broke a required row of a relaxed component.
bool cnp__relax_broke_rows(const solver *s, const relaxation *r);

/// Puts back every row left out that does not hold with room to spare at `values` (an answer of
/// the relaxation of `system`); returns how many. None: `values` is the answer of `system`.
uint32_t cnp__relax_put_back(const cnp_system *system, const double *values, relaxation *r);

#endif
