#include "workspace_internal.h"

#include <stdlib.h>

struct cnp_workspace {
    void *memory;
    size_t capacity;
};

cnp_workspace *cnp_workspace_create(void) {
    return calloc(1, sizeof(cnp_workspace));
}

void cnp_workspace_destroy(cnp_workspace *workspace) {
    if (workspace == NULL) {
        return;
    }
    free(workspace->memory);
    free(workspace);
}

size_t cnp_workspace_capacity(const cnp_workspace *workspace) {
    return workspace == NULL ? 0 : workspace->capacity;
}

void *cnp_workspace_reserve(cnp_workspace *workspace, size_t bytes) {
    if (bytes <= workspace->capacity) {
        return workspace->memory;
    }
    // Doubling keeps a sequence of growing requests linear in total copying.
    size_t capacity = workspace->capacity < 4096 ? 4096 : workspace->capacity;
    while (capacity < bytes) {
        if (capacity > SIZE_MAX / 2) {
            return NULL;
        }
        capacity *= 2;
    }
    void *memory = realloc(workspace->memory, capacity);
    if (memory == NULL) {
        return NULL;
    }
    workspace->memory = memory;
    workspace->capacity = capacity;
    return memory;
}
