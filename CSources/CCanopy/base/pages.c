#include "base/pages.h"

#include <stdint.h>
#include <sys/mman.h>

/// The page size that releases and residency are counted in (the smallest the systems use).
#define PAGE_BYTES ((uintptr_t)4096)

size_t cnp__release_inner_pages(void *memory, size_t bytes) {
    uintptr_t start = ((uintptr_t)memory + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1);
    uintptr_t end = ((uintptr_t)memory + bytes) & ~(PAGE_BYTES - 1);
    if (memory == NULL || end <= start) {
        return 0;
    }
    // A system that declines leaves the pages as they are, and they are not counted as given.
    return madvise((void *)start, end - start, MADV_DONTNEED) == 0 ? end - start : 0;
}

size_t cnp__resident_bytes(const void *memory, size_t bytes) {
    enum { PAGES_AT_ONCE = 1024 };
    const uintptr_t span = PAGE_BYTES * PAGES_AT_ONCE;
    if (memory == NULL || bytes == 0) {
        return 0;
    }
    uintptr_t begin = (uintptr_t)memory, end = begin + bytes;
    size_t resident = 0;
    unsigned char in_memory[PAGES_AT_ONCE];
    for (uintptr_t first = begin & ~(PAGE_BYTES - 1); first < end; first += span) {
        uintptr_t stop = first + span < end ? first + span : end;
        if (mincore((void *)first, stop - first, in_memory) != 0) {
            return bytes;
        }
        for (uintptr_t at = first; at < stop; at += PAGE_BYTES) {
            if (in_memory[(at - first) / PAGE_BYTES] & 1) {
                uintptr_t from = at > begin ? at : begin, to = at + PAGE_BYTES < end ? at + PAGE_BYTES : end;
                resident += to - from;
            }
        }
    }
    return resident;
}
