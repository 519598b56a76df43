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
