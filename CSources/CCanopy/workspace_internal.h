/* The core's private view of a workspace. */
#ifndef CNP_WORKSPACE_INTERNAL_H
#define CNP_WORKSPACE_INTERNAL_H

#include "include/cnp_workspace.h"

/// At least `bytes` bytes of scratch memory, valid until the next reserve on the same
/// workspace; NULL when memory is exhausted (the old block is then kept). Earlier contents are
/// kept, as realloc keeps them.
void *cnp_workspace_reserve(cnp_workspace *workspace, size_t bytes);

#endif
