/*
 * CCanopy.h: the umbrella header of Canopy's C core.
 *
 * The core does Canopy's numeric work over flat arrays: placing a whole flattened view tree
 * in window space in one pass, converting batches of points and rectangles, and hit testing.
 * It holds no global state; scratch memory lives in caller-owned workspaces.
 */
#ifndef CCANOPY_H
#define CCANOPY_H

#include "cnp_geometry.h"
#include "cnp_affine.h"
#include "cnp_workspace.h"
#include "cnp_tree.h"
#include "cnp_convert.h"
#include "cnp_hit_test.h"
#include "cnp_solver.h"
#include "cnp_solver_testing.h"

#endif
