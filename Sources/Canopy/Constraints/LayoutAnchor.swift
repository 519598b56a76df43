import Foundation

/// One attribute of a view or guide, for making constraints with typed partners: an x-axis
/// anchor relates only to x-axis anchors, a dimension only to dimensions, so mixing axes does
/// not compile (as in UIKit).
public class LayoutAnchor<AnchorType: AnyObject> {
    /// The item the anchor belongs to.
    public let item: LayoutItem
    /// The attribute the anchor stands for.
    public let attribute: LayoutConstraint.Attribute

    init(_ item: LayoutItem, _ attribute: LayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant: CGFloat = 0) -> LayoutConstraint {
        relate(.equal, to: anchor, multiplier: 1, constant: constant)
    }

    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: CGFloat = 0) -> LayoutConstraint {
        relate(.greaterThanOrEqual, to: anchor, multiplier: 1, constant: constant)
    }

    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: CGFloat = 0) -> LayoutConstraint {
        relate(.lessThanOrEqual, to: anchor, multiplier: 1, constant: constant)
    }

    func relate(
        _ relation: LayoutConstraint.Relation, to anchor: LayoutAnchor<AnchorType>?, multiplier: CGFloat, constant: CGFloat
    ) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
            attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
}

/// A horizontal location: leading, trailing, left, right, center x.
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {}

/// A vertical location: top, bottom, center y, baselines.
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {}

/// A size: width or height. Dimensions also relate to constants and take multipliers.
public final class LayoutDimension: LayoutAnchor<LayoutDimension> {
    /// `self == constant`.
    public func constraint(equalToConstant constant: CGFloat) -> LayoutConstraint {
        relate(.equal, to: nil, multiplier: 1, constant: constant)
    }

    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        relate(.greaterThanOrEqual, to: nil, multiplier: 1, constant: constant)
    }

    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        relate(.lessThanOrEqual, to: nil, multiplier: 1, constant: constant)
    }

    /// `self == multiplier × dimension + constant`.
    public func constraint(equalTo dimension: LayoutDimension, multiplier: CGFloat, constant: CGFloat = 0) -> LayoutConstraint {
        relate(.equal, to: dimension, multiplier: multiplier, constant: constant)
    }

    /// `self >= multiplier × dimension + constant`.
    public func constraint(
        greaterThanOrEqualTo dimension: LayoutDimension, multiplier: CGFloat, constant: CGFloat = 0
    ) -> LayoutConstraint {
        relate(.greaterThanOrEqual, to: dimension, multiplier: multiplier, constant: constant)
    }

    /// `self <= multiplier × dimension + constant`.
    public func constraint(
        lessThanOrEqualTo dimension: LayoutDimension, multiplier: CGFloat, constant: CGFloat = 0
    ) -> LayoutConstraint {
        relate(.lessThanOrEqual, to: dimension, multiplier: multiplier, constant: constant)
    }
}
