/* The core's private view of a workspace. */
#ifndef CNP_BASE_WORKSPACE_H
#define CNP_BASE_WORKSPACE_H

#include "include/cnp_workspace.h"

/// The number of independent blocks a workspace holds; see cnp_workspace_reserve_part.
#define CNP_WORKSPACE_PARTS 8

/// At least `bytes` bytes of scratch memory, valid until the next reserve on the same
/// workspace; NULL when memory is exhausted (the old block is then kept). Earlier contents are
/// kept, as realloc keeps them. The same memory as part 0 of cnp_workspace_reserve_part.
void *cnp_workspace_reserve(cnp_workspace *workspace, size_t bytes);

/// Like cnp_workspace_reserve, for one of CNP_WORKSPACE_PARTS independent blocks: reserving one
/// part never moves another, so a call can keep long-lived arrays in part 0 while it regrows
/// per-step scratch in part 1. NULL for a part out of range.
void *cnp_workspace_reserve_part(cnp_workspace *workspace, unsigned part, size_t bytes);

#endif
