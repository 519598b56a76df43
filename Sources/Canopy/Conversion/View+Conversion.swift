import Foundation

/// Converting points and rectangles between views.
///
/// `nil` stands for the receiver's window (for a view outside any window: its root view).
/// Views in different windows convert through screen space. Rectangles become bounding boxes
/// twice, at the nearest common ancestor and at the destination, as UIKit does.
///
/// When the destination cannot be mapped into (a scale of 0 on the way down), there is no
/// answer: points come back with NaN coordinates and rectangles as `CGRect.null`.
extension View {
    /// The space `nil` stands for: the window, or the root view outside any window.
    private var defaultSpace: View { storedWindow ?? rootView }

    /// `point`, given in this view's space, in the space of `view`.
    /// - Complexity: O(depth).
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        Conversion(from: self, to: view ?? defaultSpace).convert(point)
    }

    /// `point`, given in the space of `view`, in this view's space.
    /// - Complexity: O(depth).
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        Conversion(from: view ?? defaultSpace, to: self).convert(point)
    }

    /// The bounding box of `rect`, given in this view's space, in the space of `view`.
    /// - Complexity: O(depth).
    public func convert(_ rect: CGRect, to view: View?) -> CGRect {
        Conversion(from: self, to: view ?? defaultSpace).convert(rect)
    }

    /// The bounding box of `rect`, given in the space of `view`, in this view's space.
    /// - Complexity: O(depth).
    public func convert(_ rect: CGRect, from view: View?) -> CGRect {
        Conversion(from: view ?? defaultSpace, to: self).convert(rect)
    }

    /// `points`, given in this view's space, in the space of `view`, converted in one call to
    /// the C core.
    /// - Complexity: O(depth + points.count).
    public func convert(_ points: [CGPoint], to view: View?) -> [CGPoint] {
        Conversion(from: self, to: view ?? defaultSpace).convert(points)
    }

    /// `points`, given in the space of `view`, in this view's space, in one call to the core.
    /// - Complexity: O(depth + points.count).
    public func convert(_ points: [CGPoint], from view: View?) -> [CGPoint] {
        Conversion(from: view ?? defaultSpace, to: self).convert(points)
    }

    /// `rects`, given in this view's space, as bounding boxes in the space of `view`, in one
    /// call to the core.
    /// - Complexity: O(depth + rects.count).
    public func convert(_ rects: [CGRect], to view: View?) -> [CGRect] {
        Conversion(from: self, to: view ?? defaultSpace).convert(rects)
    }

    /// `rects`, given in the space of `view`, as bounding boxes in this view's space, in one
    /// call to the core.
    /// - Complexity: O(depth + rects.count).
    public func convert(_ rects: [CGRect], from view: View?) -> [CGRect] {
        Conversion(from: view ?? defaultSpace, to: self).convert(rects)
    }

    /// `point`, given in this view's space, in the space of each of `views`.
    ///
    /// When this view and all of `views` share a window, this is one call to the C core over
    /// the window's world transforms (refreshed first), O(views.count) after the refresh; the
    /// results then go through window space and can differ from ``convert(_:to:)-(CGPoint,_)``
    /// in the last digits. Otherwise each view is converted on its own.
    public func convert(_ point: CGPoint, to views: [View]) -> [CGPoint] {
        if let window = storedWindow, views.allSatisfy({ $0.storedWindow === window }) {
            let tree = window.flattenedTree
            let rows = views.compactMap { tree.index(of: $0).map(Int32.init) }
            if (try? tree.updateWorldTransforms()) != nil, let from = tree.index(of: self), rows.count == views.count {
                return tree.convert(point, fromRow: from, toRows: rows)
            }
        }
        return views.map { convert(point, to: $0) }
    }
}

extension Window {
    /// `point`, given in this window's space, in the space of `window`, or of the screen when
    /// `window` is `nil`.
    public func convert(_ point: CGPoint, to window: Window?) -> CGPoint {
        Conversion(from: self, to: window).convert(point)
    }

    /// `point`, given in the space of `window` (of the screen when `nil`), in this window's space.
    public func convert(_ point: CGPoint, from window: Window?) -> CGPoint {
        Conversion(from: window, to: self).convert(point)
    }

    /// The bounding box of `rect`, given in this window's space, in the space of `window`, or
    /// of the screen when `window` is `nil`.
    public func convert(_ rect: CGRect, to window: Window?) -> CGRect {
        Conversion(from: self, to: window).convert(rect)
    }

    /// The bounding box of `rect`, given in the space of `window` (of the screen when `nil`),
    /// in this window's space.
    public func convert(_ rect: CGRect, from window: Window?) -> CGRect {
        Conversion(from: window, to: self).convert(rect)
    }
}
