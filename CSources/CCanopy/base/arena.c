#include "base/arena.h"

#include <stdint.h>
#include <stdlib.h>

void *cnp__arena_take(arena *a, size_t count, size_t size) {
    // Checked without a division: a block's dense arrays take dozens of pieces per block.
    size_t bytes = 0;
    if (__builtin_mul_overflow(count, size, &bytes) || a->used > SIZE_MAX - 128 || bytes > SIZE_MAX - 128 - a->used) {
        a->overflowed = true;
        return NULL;
    }
    if (a->base == NULL) {
        a->used += bytes + 64; // room for the alignment of the real pass
        return NULL;
    }
    uintptr_t address = (uintptr_t)(a->base + a->used);
    size_t padding = (size_t)((64 - address % 64) % 64);
    void *piece = a->base + a->used + padding;
    a->used += padding + bytes;
    return piece;
}

/// Starts the pass `*pass` names: true with `a` ready for it, or false with the carve done
/// (`*status` set) once the measure overflowed, `memory` (the reservation for the measured
/// bytes, asked for by the caller after the measure) is NULL, or both passes ran.
static bool next_pass(arena *a, carve_pass *pass, unsigned char *memory, cnp_status *status) {
    switch (*pass) {
    case CARVE_MEASURE:
        *a = (arena){0};
        *pass = CARVE_HAND_OUT;
        return true;
    case CARVE_HAND_OUT:
        *pass = CARVE_DONE;
        *status = memory == NULL ? CNP_ERROR_OUT_OF_MEMORY : CNP_OK;
        *a = (arena){.base = memory, .reserved = a->used};
        return memory != NULL;
    case CARVE_DONE:
        return false;
    }
    return false;
}

/// Whether the pass just measured overflowed; ends the carve when it did.
static bool measure_overflowed(const arena *a, carve_pass *pass, cnp_status *status) {
    if (*pass != CARVE_HAND_OUT || !a->overflowed) {
        return false;
    }
    *pass = CARVE_DONE;
    *status = CNP_ERROR_TOO_LARGE;
    return true;
}

bool cnp__carve_in_part(arena *a, carve_pass *pass, cnp_workspace *workspace, unsigned part, cnp_status *status) {
    if (measure_overflowed(a, pass, status)) {
        return false;
    }
    unsigned char *memory = *pass == CARVE_HAND_OUT ? cnp_workspace_reserve_part(workspace, part, a->used) : NULL;
    return next_pass(a, pass, memory, status);
}

bool cnp__carve_in_block(arena *a, carve_pass *pass, unsigned char **memory, size_t *capacity, bool *zeroed,
                         cnp_status *status) {
    if (measure_overflowed(a, pass, status)) {
        return false;
    }
    if (*pass == CARVE_HAND_OUT && zeroed != NULL) {
        *zeroed = false;
    }
    if (*pass == CARVE_HAND_OUT && a->used > *capacity) {
        free(*memory);
        // From 32 MB on, glibc maps a block fresh from the system, zeroed, and calloc need not
        // clear it; a smaller one calloc may clear whole, where the caller clears only what it
        // must.
        bool zero = zeroed != NULL && a->used >= ((size_t)32 << 20);
        *memory = zero ? calloc(1, a->used) : malloc(a->used);
        *capacity = *memory != NULL ? a->used : 0;
        if (zero) {
            *zeroed = true;
        }
    }
    return next_pass(a, pass, *pass == CARVE_HAND_OUT ? *memory : NULL, status);
}

bool cnp__grow_buffer(void **buffer, size_t *capacity, size_t count, size_t size) {
    if (count <= *capacity) {
        return true;
    }
    size_t grown = *capacity < 256 ? 256 : *capacity;
    while (grown < count) {
        grown *= 2;
    }
    void *memory = realloc(*buffer, grown * size);
    if (memory == NULL) {
        return false;
    }
    *buffer = memory;
    *capacity = grown;
    return true;
}
