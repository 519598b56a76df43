import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9, through FriBidi) for one paragraph: each
/// character's embedding level, resolved once, and each line's characters in visual order.
/// This file is the only one that calls FriBidi.
struct BidiParagraph {
    /// Each character's embedding level: even runs left to right, odd right to left.
    let levels: [UInt8]
    /// Whether the paragraph's base direction is right to left.
    let isRightToLeft: Bool
    /// Per scalar: its bidirectional type and level, and the character it belongs to; per
    /// character, the scalar it ends before. Empty for a paragraph with nothing right to left
    /// in it, whose order is the logical one.
    private let types: [FriBidiCharType]
    private let scalarLevels: [FriBidiLevel]
    private let characterOfScalar: [Int]
    private let characterEnds: [Int]

    /// Resolves the paragraph of `scalars`, whose character `i` ends before scalar
    /// `characterEnds[i]`. Its base direction is `rightToLeft`, or when `nil` that of its first
    /// strong character (left to right when it has none), as UIKit's natural writing direction.
    init(scalars: [UInt32], characterEnds: [Int], rightToLeft: Bool? = nil) {
        // Below U+0590 no character is right to left, so a paragraph without one keeps level 0.
        guard rightToLeft == true || scalars.contains(where: { $0 >= 0x0590 }) else {
            levels = [UInt8](repeating: 0, count: characterEnds.count)
            isRightToLeft = false
            types = []
            scalarLevels = []
            characterOfScalar = []
            self.characterEnds = []
            return
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var scalarLevels = [FriBidiLevel](repeating: 0, count: scalars.count)
        let count = FriBidiStrIndex(scalars.count)
        fribidi_get_bidi_types(scalars, count, &types)
        fribidi_get_bracket_types(scalars, count, types, &brackets)
        var base: FriBidiParType =
            switch rightToLeft {
            case true?: FRIBIDI_PAR_RTL
            case false?: FRIBIDI_PAR_LTR
            case nil: FRIBIDI_PAR_ON
            }
        if fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, &scalarLevels) == 0 {
            // Out of memory inside FriBidi: the logical order is the one left.
            scalarLevels = [FriBidiLevel](repeating: 0, count: scalars.count)
            base = FRIBIDI_PAR_LTR
        }
        var characterOfScalar = [Int](repeating: 0, count: scalars.count)
        var start = 0
        for (character, end) in characterEnds.enumerated() {
            for scalar in start..<end { characterOfScalar[scalar] = character }
            start = end
        }
        levels = characterEnds.map { end in UInt8(clamping: scalarLevels[end - 1]) }
        isRightToLeft = base == FRIBIDI_PAR_RTL
        self.types = types
        self.scalarLevels = scalarLevels
        self.characterOfScalar = characterOfScalar
        self.characterEnds = characterEnds
    }

    /// The characters of the line `characters` (indices into the paragraph) from left to right.
    /// White space ending the line takes the paragraph's direction, as rule L1 says.
    func visualOrder(of characters: Range<Int>) -> [Int] {
        guard !types.isEmpty, !characters.isEmpty else { return Array(characters) }
        let first = characters.lowerBound == 0 ? 0 : characterEnds[characters.lowerBound - 1]
        let end = characterEnds[characters.upperBound - 1]
        var lineLevels = Array(scalarLevels[first..<end])
        var map = (first..<end).map { FriBidiStrIndex($0) }
        let base: FriBidiParType = isRightToLeft ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
        types.withUnsafeBufferPointer { types in
            _ = fribidi_reorder_line(0, types.baseAddress! + first, FriBidiStrIndex(end - first), 0, base, &lineLevels, nil, &map)
        }
        var order: [Int] = []
        order.reserveCapacity(characters.count)
        for scalar in map {
            let character = characterOfScalar[Int(scalar)]
            // A character's scalars stay together; right to left they come last first.
            if order.last != character { order.append(character) }
        }
        return order
    }
}
