import CUnibreak

/// Where the Unicode line breaking algorithm (UAX #14, through libunibreak) lets a line break in
/// a paragraph: after spaces, after hyphens, between ideographs, never before closing
/// punctuation or inside a number. This file is the only one that calls libunibreak.
enum BreakOpportunities {
    /// The library sorts its property tables once per process before its first use.
    private static let ready: Void = init_linebreak()

    /// For each character of `scalars`' text, whether a line may start at it: `starts[i]` is
    /// true when a break is allowed before character `i` (never before the first).
    /// `characterEnds[i]` is the index in `scalars` one past character `i`'s last scalar.
    static func lineStarts(scalars: [UInt32], characterEnds: [Int]) -> [Bool] {
        guard !scalars.isEmpty else { return [] }
        _ = ready
        var breaks = [CChar](repeating: 0, count: scalars.count)
        scalars.withUnsafeBufferPointer { text in
            breaks.withUnsafeMutableBufferPointer { out in
                set_linebreaks_utf32(text.baseAddress, text.count, nil, out.baseAddress)
            }
        }
        var starts = [Bool](repeating: false, count: characterEnds.count)
        for i in 1..<max(characterEnds.count, 1) {
            let status = Int32(breaks[characterEnds[i - 1] - 1])
            starts[i] = status == LINEBREAK_ALLOWBREAK || status == LINEBREAK_MUSTBREAK
        }
        return starts
    }
}
