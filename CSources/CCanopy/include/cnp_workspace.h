/*
 * cnp_workspace.h: scratch memory owned by the caller.
 *
 * The core keeps no global state. Calls that need scratch space (hit testing's stack) take a
 * workspace, which grows on demand and is reused across calls. A workspace may be used by one
 * call at a time; nested or concurrent calls each need their own.
 */
#ifndef CNP_WORKSPACE_H
#define CNP_WORKSPACE_H

#include "cnp_geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Opaque scratch memory for core calls.
typedef struct cnp_workspace cnp_workspace;

/// A new, empty workspace, or NULL when memory is exhausted. Free it with cnp_workspace_destroy.
cnp_workspace *cnp_workspace_create(void);

/// Frees `workspace` and everything it holds. NULL is allowed and ignored.
void cnp_workspace_destroy(cnp_workspace *workspace);

/// The number of bytes the workspace currently holds (for memory reports).
size_t cnp_workspace_capacity(const cnp_workspace *workspace);

/// The bytes of the workspace's memory that are in memory now (for memory reports): its
/// capacity less the pages never touched and those given back (cnp_workspace_release_pages),
/// counted page by page; the whole capacity where the system cannot tell. NULL counts 0.
size_t cnp_workspace_resident(const cnp_workspace *workspace);

/// The bytes the allocator holds for `block`, a pointer it returned: its usable size and the
/// size word before it (for memory reports). NULL counts 0.
size_t cnp_allocation_bytes(const void *block);

/// Gives the pages of the workspace's memory back to the system, keeping its capacity: for a
/// workspace that will sit idle (a solve whose record carries the next changes). Its contents
/// are lost; the next call that uses it faults its pages in again. NULL is ignored.
void cnp_workspace_release_pages(cnp_workspace *workspace);

#ifdef __cplusplus
}
#endif

#endif
