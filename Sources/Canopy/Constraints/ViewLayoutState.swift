import Foundation

/// A view's Auto Layout state, kept apart from the view so that views that never use Auto
/// Layout carry one empty reference.
final class ViewLayoutState {
    /// The active constraints this view holds (it is their items' nearest common ancestor).
    var constraints: [LayoutConstraint] = []
    /// The guides added with `addLayoutGuide`.
    var guides: [LayoutGuide] = []
    var margins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var marginsGuide: LayoutGuide?
    var hugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    var compressionResistance = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)
    /// Whether the latest solve had this view among its items (its changes then re-solve).
    var isInSolvedSystem = false
    /// Whether the engine is setting this view's frame (a change that must not re-solve).
    var isReceivingSolution = false
    /// What the latest solve left undetermined for this view, by attribute.
    var ambiguousAttributes: [LayoutConstraint.Attribute] = []
    /// The constraints that name this view.
    let references = ConstraintReferences()

    /// The view is dying: clear every pointer to it that does not keep it alive.
    func viewWillDie(_ view: View) {
        references.itemWillDie(view)
        for constraint in constraints { constraint.holderWillDie() }
        for guide in guides { guide.owningView = nil }
        marginsGuide?.owningView = nil
    }
}

extension View {
    var layoutState: ViewLayoutState {
        if let state = layoutStateStorage { return state }
        let state = ViewLayoutState()
        layoutStateStorage = state
        return state
    }
}
