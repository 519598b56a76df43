/*
 * PlainLoops.h: the peers the benchmarks measure Canopy against. Each is the simplest loop
 * that does the same arithmetic over the same arrays, with nothing else: no checks, no errors,
 * no calls. Canopy's target is to stay within a small factor of them.
 */
#ifndef PLAIN_LOOPS_H
#define PLAIN_LOOPS_H

#include <stdint.h>

/// Window transforms of a flattened tree: for each node, the map of its own space into its
/// parent's composed with its parent's window transform. Arrays are Canopy's columns: bounds
/// (4 doubles per node), center (2), world (6: a b c d tx ty); each node's turn indexes its
/// anchor (2) and transform (6), or is -1 for the middle and the identity.
void plain_world_transforms(int32_t count, const int32_t *parent, const double *bounds, const double *center,
                            const int32_t *turn, const double *anchor, const double *transform, double *world);

#endif
