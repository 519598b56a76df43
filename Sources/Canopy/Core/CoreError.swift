import CCanopy

/// An error the C core reported.
public struct CoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// A node index was out of range, or a parent did not come before its child.
        case badIndex
        /// A value was NaN or infinite.
        case nonFinite
        /// A map that had to be inverted could not be (a scale of 0).
        case singular
        /// Memory ran out.
        case outOfMemory
        /// The call's arguments were malformed.
        case badArgument
        /// The problem needs more work or memory than the core's documented limits allow.
        case tooLarge
        /// An iterative method reached its iteration cap.
        case notConverged
    }

    /// What went wrong.
    public let kind: Kind
    /// The flattened-tree index of the node at fault, when one is known.
    public let node: Int?
    /// A description of the view at fault, when one is known.
    public let viewDescription: String?

    init(kind: Kind, node: Int? = nil, viewDescription: String? = nil) {
        self.kind = kind
        self.node = node
        self.viewDescription = viewDescription
    }

    /// The error for a core status, or `nil` for `CNP_OK`.
    init?(_ status: cnp_status, node: Int? = nil, viewDescription: String? = nil) {
        let kind: Kind
        switch status {
        case CNP_OK: return nil
        case CNP_ERROR_BAD_INDEX: kind = .badIndex
        case CNP_ERROR_NON_FINITE: kind = .nonFinite
        case CNP_ERROR_SINGULAR: kind = .singular
        case CNP_ERROR_OUT_OF_MEMORY: kind = .outOfMemory
        case CNP_ERROR_TOO_LARGE: kind = .tooLarge
        case CNP_ERROR_NOT_CONVERGED: kind = .notConverged
        default: kind = .badArgument
        }
        self.init(kind: kind, node: node, viewDescription: viewDescription)
    }

    /// A sentence naming the problem and, when known, the node and view.
    public var description: String {
        var text = "Canopy core error: \(kind)"
        if let node { text += " at node \(node)" }
        if let viewDescription { text += " (\(viewDescription))" }
        return text
    }
}
