extension View {
    /// Attaches `recognizer` to this view (detaching it from another view first): it will see
    /// the touches that begin in this view or its subviews, before they do.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`, cancelling a gesture under way. A recognizer that is not attached
    /// here is ignored.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        recognizer.stopGesture()
        gestureRecognizers.remove(at: index)
        recognizer.view = nil
    }
}
