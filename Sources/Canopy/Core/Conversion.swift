import CCanopy
import Foundation

/// A conversion between two coordinate spaces, in UIKit's two steps: up from the source into
/// the nearest common ancestor's space, then down into the destination's.
struct Conversion {
    private var conversion = cnp_conversion()

    /// Prepares the conversion given the source's map into the common space and the
    /// destination's map into it (which is inverted here).
    init(up: CGAffineTransform, destinationUp: CGAffineTransform) {
        _ = cnp_conversion_make(up.cnpAffine, destinationUp.cnpAffine, &conversion)
    }

    /// Whether the destination's map can be inverted; when not, points convert to NaN and
    /// rectangles to `CGRect.null`.
    var isDefined: Bool { conversion.is_defined }

    func convert(_ point: CGPoint) -> CGPoint {
        var input = point.cnpPoint
        var output = cnp_point()
        withUnsafePointer(to: conversion) { _ = cnp_convert_points($0, &input, &output, 1) }
        return CGPoint(output)
    }

    func convert(_ rect: CGRect) -> CGRect {
        if rect.isNull || !isDefined { return .null }
        var input = rect.cnpRect
        var output = cnp_rect()
        withUnsafePointer(to: conversion) { _ = cnp_convert_rects($0, &input, &output, 1) }
        return CGRect(output)
    }

    /// Converts a batch of points in one core call.
    func convert(_ points: [CGPoint]) -> [CGPoint] {
        convertBatch(points, as: cnp_point.self, cnp_convert_points)
    }

    /// Converts a batch of rectangles in one core call; null rectangles stay null.
    func convert(_ rects: [CGRect]) -> [CGRect] {
        var converted = convertBatch(rects, as: cnp_rect.self, cnp_convert_rects)
        for i in converted.indices where rects[i].isNull || !isDefined { converted[i] = .null }
        return converted
    }

    /// Runs a core batch conversion over `input`, whose elements share the memory layout of
    /// `CValue`, so the array is handed over without copying.
    private func convertBatch<Value, CValue>(
        _ input: [Value], as _: CValue.Type,
        _ core: (UnsafePointer<cnp_conversion>?, UnsafePointer<CValue>?, UnsafeMutablePointer<CValue>?, Int) -> cnp_status
    ) -> [Value] {
        [Value](unsafeUninitializedCapacity: input.count) { output, initialized in
            input.withUnsafeBufferPointer { input in
                input.withMemoryRebound(to: CValue.self) { input in
                    output.withMemoryRebound(to: CValue.self) { output in
                        withUnsafePointer(to: conversion) { _ = core($0, input.baseAddress, output.baseAddress, input.count) }
                    }
                }
            }
            initialized = input.count
        }
    }
}

extension FlattenedTree {
    /// Converts `point` from the space of row `from` into the space of each row in `rows`,
    /// through window space, in one core call. World transforms must be current.
    func convert(_ point: CGPoint, fromRow from: Int, toRows rows: [Int32]) -> [CGPoint] {
        [CGPoint](unsafeUninitializedCapacity: rows.count) { output, initialized in
            rows.withUnsafeBufferPointer { rows in
                output.withMemoryRebound(to: cnp_point.self) { output in
                    _ = cnp_convert_point_to_nodes(
                        worldBase, Int32(count), Int32(from), point.cnpPoint, rows.baseAddress, rows.count,
                        output.baseAddress)
                }
            }
            initialized = rows.count
        }
    }
}
