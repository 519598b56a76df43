/// An object that can take part in the responder chain.
///
/// A view's next responder is its view controller when it is one's root view, else its
/// superview; a view controller's is its view's superview. Events travel along this chain.
open class Responder {
    /// Creates a responder.
    public init() {}

    /// The next responder in the chain, or `nil` at its end.
    open var next: Responder? { nil }
}
