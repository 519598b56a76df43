/*
 * cnp_geometry.h: the value types every Canopy C call shares, and its status codes.
 *
 * The structs mirror Foundation's CGPoint, CGSize and CGRect and Apple's CGAffineTransform
 * field for field (all doubles, no padding), so arrays of the Swift values are passed to the
 * core without copying.
 */
#ifndef CNP_GEOMETRY_H
#define CNP_GEOMETRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A point, in the coordinate space of some node.
typedef struct cnp_point {
    double x;
    double y;
} cnp_point;

/// A width and a height.
typedef struct cnp_size {
    double width;
    double height;
} cnp_size;

/// An origin and a size; a negative size extends the rectangle the other way.
typedef struct cnp_rect {
    cnp_point origin;
    cnp_size size;
} cnp_rect;

/// A 2-D affine map in Apple's row-vector convention:
/// x' = a*x + c*y + tx, y' = b*x + d*y + ty.
typedef struct cnp_affine {
    double a, b, c, d, tx, ty;
} cnp_affine;

/// The outcome of a core call. Every call that can fail returns one; none of them aborts.
typedef enum cnp_status {
    /// The call did all its work.
    CNP_OK = 0,
    /// A node index was out of range, or a parent did not come before its child.
    CNP_ERROR_BAD_INDEX = 1,
    /// An input number (or a result computed from finite inputs) was NaN or infinite.
    CNP_ERROR_NON_FINITE = 2,
    /// A map had to be inverted and could not be (a scale of 0, say); the affected outputs are NaN.
    CNP_ERROR_SINGULAR = 3,
    /// The workspace could not grow.
    CNP_ERROR_OUT_OF_MEMORY = 4,
    /// A required pointer was NULL, a count was negative, or an input was outside its documented
    /// range (an unknown enum value, say).
    CNP_ERROR_BAD_ARGUMENT = 5,
    /// The problem needs more memory or work than the call's documented limits allow.
    CNP_ERROR_TOO_LARGE = 6,
    /// An iterative method reached its iteration cap before converging.
    CNP_ERROR_NOT_CONVERGED = 7,
    /// What the call was to build on no longer applies (a kept record of another system); redo
    /// the work in full.
    CNP_ERROR_STALE = 8
} cnp_status;

#ifdef __cplusplus
}
#endif

#endif
