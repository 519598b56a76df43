#include "base/workspace.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

/// The page size that advice and residency are counted in (the smallest the systems use).
#define PAGE_BYTES ((uintptr_t)4096)

/// Gives `advice` for the whole pages inside `bytes` of `memory` (the pages it shares with
/// other blocks are left alone).
static void advise_inner_pages(void *memory, size_t bytes, int advice) {
    uintptr_t start = ((uintptr_t)memory + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1);
    uintptr_t end = ((uintptr_t)memory + bytes) & ~(PAGE_BYTES - 1);
    if (memory != NULL && end > start) {
        // Advice only: a system that declines it leaves the block as it is.
        (void)madvise((void *)start, end - start, advice);
    }
}

struct cnp_workspace {
    void *memory[CNP_WORKSPACE_PARTS];
    size_t capacity[CNP_WORKSPACE_PARTS];
};

cnp_workspace *cnp_workspace_create(void) {
    return calloc(1, sizeof(cnp_workspace));
}

void cnp_workspace_destroy(cnp_workspace *workspace) {
    if (workspace == NULL) {
        return;
    }
    for (unsigned part = 0; part < CNP_WORKSPACE_PARTS; part++) {
        free(workspace->memory[part]);
    }
    free(workspace);
}

size_t cnp_workspace_capacity(const cnp_workspace *workspace) {
    size_t total = 0;
    for (unsigned part = 0; workspace != NULL && part < CNP_WORKSPACE_PARTS; part++) {
        total += workspace->capacity[part];
    }
    return total;
}

/// The bytes of `memory` (`bytes` long) on pages that are in memory: each page counts for the
/// part of the block it holds. All of them when the system cannot tell.
static size_t resident_bytes(const void *memory, size_t bytes) {
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

size_t cnp_workspace_resident(const cnp_workspace *workspace) {
    size_t total = 0;
    for (unsigned part = 0; workspace != NULL && part < CNP_WORKSPACE_PARTS; part++) {
        total += resident_bytes(workspace->memory[part], workspace->capacity[part]);
    }
    return total;
}

size_t cnp_allocation_bytes(const void *block) {
    return block != NULL ? malloc_usable_size((void *)block) + sizeof(size_t) : 0;
}

void cnp_workspace_release_pages(cnp_workspace *workspace) {
    for (unsigned part = 0; workspace != NULL && part < CNP_WORKSPACE_PARTS; part++) {
        advise_inner_pages(workspace->memory[part], workspace->capacity[part], MADV_DONTNEED);
    }
}

void *cnp_workspace_reserve(cnp_workspace *workspace, size_t bytes) {
    return cnp_workspace_reserve_part(workspace, 0, bytes);
}

void *cnp_workspace_reserve_part(cnp_workspace *workspace, unsigned part, size_t bytes) {
    if (part >= CNP_WORKSPACE_PARTS) {
        return NULL;
    }
    if (bytes <= workspace->capacity[part]) {
        return workspace->memory[part];
    }
    // Growing at least twofold keeps a sequence of growing requests linear in total copying;
    // a request past that is taken as it is, so a large first request (a whole solve's
    // measured state) wastes nothing.
    size_t doubled = workspace->capacity[part] > SIZE_MAX / 2 ? SIZE_MAX : workspace->capacity[part] * 2;
    size_t capacity = doubled < 4096 ? 4096 : doubled;
    if (capacity < bytes) {
        capacity = bytes;
    }
    void *memory = realloc(workspace->memory[part], capacity);
    if (memory == NULL) {
        return NULL;
    }
    workspace->memory[part] = memory;
    workspace->capacity[part] = capacity;
    return memory;
}
