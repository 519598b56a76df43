import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of an XML document: its name, attributes, child elements, text and the line
/// it starts on.
final class MarkupElement {
    let name: String
    let attributes: [String: String]
    let line: Int
    var children: [MarkupElement] = []
    var text = ""

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// The first child named `name` (with `key`, if given).
    func child(_ name: String, key: String? = nil) -> MarkupElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }
}

/// Bounds on what an Interface Builder file may hold, so that a huge or hostile file is
/// refused before it takes the memory it asks for.
public struct InterfaceBuilderLimits: Sendable {
    /// The largest file read, in bytes; 256 MiB by default.
    public var maximumFileSize = 256 << 20
    /// The most elements a file may have; 5 million by default.
    public var maximumElementCount = 5_000_000
    /// How deeply elements may nest; 256 by default.
    public var maximumDepth = 256
    /// The most characters of text inside elements; 16 million by default.
    public var maximumTextLength = 16 << 20

    /// The default limits.
    public init() {}
}

/// Reads an XML document into a tree of ``MarkupElement``s, within ``InterfaceBuilderLimits``.
enum MarkupReader {
    /// The document's root element.
    /// - Throws: ``ArchiveError`` naming `file` and the line, when the XML is not well-formed,
    ///   declares a document type (Xcode never writes one; entities are refused outright), or
    ///   breaks a limit.
    static func read(_ data: Data, file: String, limits: InterfaceBuilderLimits) throws(ArchiveError) -> MarkupElement {
        func fail(_ why: String, line: Int? = nil) -> ArchiveError {
            ArchiveError(.malformed(why), file: file, line: line)
        }
        guard data.count <= limits.maximumFileSize else {
            throw fail("the file is \(data.count) bytes, over the limit of \(limits.maximumFileSize)")
        }
        if data.range(of: Data("<!DOCTYPE".utf8)) != nil || data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw fail("a document type declaration is not allowed")
        }
        let builder = MarkupBuilder(limits: limits)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        if let (why, line) = builder.failure { throw fail(why, line: line) }
        guard parsed, let root = builder.root else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "the XML is not well-formed"
            throw fail(reason, line: parser.lineNumber)
        }
        // The parser can end a truncated file without an error; an unclosed element says so.
        if let open = builder.stack.last { throw fail("the file ends inside <\(open.name)>", line: open.line) }
        return root
    }
}

/// Builds the element tree from the parser's events, and stops the parser at the first
/// broken limit.
private final class MarkupBuilder: NSObject, XMLParserDelegate {
    let limits: InterfaceBuilderLimits
    var root: MarkupElement?
    var stack: [MarkupElement] = []
    var elementCount = 0
    var textLength = 0
    var failure: (String, Int)?

    init(limits: InterfaceBuilderLimits) { self.limits = limits }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elementCount += 1
        guard elementCount <= limits.maximumElementCount else {
            return stop(parser, "more than \(limits.maximumElementCount) elements")
        }
        guard stack.count < limits.maximumDepth else {
            return stop(parser, "elements nest deeper than \(limits.maximumDepth)")
        }
        let element = MarkupElement(name: name, attributes: attributes, line: parser.lineNumber)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let current = stack.last else { return }
        textLength += string.utf8.count
        guard textLength <= limits.maximumTextLength else {
            return stop(parser, "more than \(limits.maximumTextLength) characters of text")
        }
        current.text += string
    }

    private func stop(_ parser: XMLParser, _ why: String) {
        if failure == nil { failure = (why, parser.lineNumber) }
        parser.abortParsing()
    }
}
