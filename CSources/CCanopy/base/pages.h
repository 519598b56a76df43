/*
 * Whole pages of memory the core keeps between calls: given back to the system when their
 * contents are dead, and counted when in memory.
 */
#ifndef CNP_BASE_PAGES_H
#define CNP_BASE_PAGES_H

#include <stddef.h>

/// Gives back the whole pages inside `bytes` of `memory` (those it shares with its neighbours
/// stay); they read as zeros when next touched. Returns the bytes given back.
size_t cnp__release_inner_pages(void *memory, size_t bytes);

/// The bytes of `memory` (`bytes` long) on pages that are in memory: each page counts for the
/// part of the block it holds. All of them when the system cannot tell.
size_t cnp__resident_bytes(const void *memory, size_t bytes);

#endif
