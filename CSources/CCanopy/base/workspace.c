#include "base/workspace.h"

#include "base/pages.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>

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

size_t cnp_workspace_resident(const cnp_workspace *workspace) {
    size_t total = 0;
    for (unsigned part = 0; workspace != NULL && part < CNP_WORKSPACE_PARTS; part++) {
        total += cnp__resident_bytes(workspace->memory[part], workspace->capacity[part]);
    }
    return total;
}

size_t cnp_allocation_bytes(const void *block) {
    return block != NULL ? malloc_usable_size((void *)block) + sizeof(size_t) : 0;
}

void cnp_workspace_release_pages(cnp_workspace *workspace) {
    for (unsigned part = 0; workspace != NULL && part < CNP_WORKSPACE_PARTS; part++) {
        (void)cnp__release_inner_pages(workspace->memory[part], workspace->capacity[part]);
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
