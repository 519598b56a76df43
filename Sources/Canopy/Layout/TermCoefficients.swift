/// A system's term coefficients, kept as halves in one byte while every one of them is a
/// half exactly (±1, ±1/2: nearly all a window has), in single precision while every one is a
/// single exactly (whole lengths), and in double precision from the first that is neither. The
/// core reads whichever array is kept; the values it reads are the same doubles.
struct TermCoefficients {
    /// How the coefficients are kept, narrowest first.
    enum Precision: Int, Comparable {
        /// Each coefficient times two, in one byte.
        case halves
        case singles
        case doubles

        static func < (a: Precision, b: Precision) -> Bool { a.rawValue < b.rawValue }
    }

    private var halves: [Int8] = []
    private var singles: [Float] = []
    private var doubles: [Double] = []
    private(set) var precision = Precision.halves

    /// The number of coefficients, one a term.
    var count: Int {
        switch precision {
        case .halves: halves.count
        case .singles: singles.count
        case .doubles: doubles.count
        }
    }

    /// The coefficient of `term`; setting one the kept precision does not hold widens them all.
    subscript(term: Int) -> Double {
        get {
            switch precision {
            case .halves: Double(halves[term]) * 0.5
            case .singles: Double(singles[term])
            case .doubles: doubles[term]
            }
        }
        set {
            widen(toHold: newValue)
            switch precision {
            case .halves: halves[term] = Self.half(exactly: newValue).unsafelyUnwrapped
            case .singles: singles[term] = Float(newValue)
            case .doubles: doubles[term] = newValue
            }
        }
    }

    // Inlined: every term of a large system's rows is appended through here.
    /// Appends a coefficient; one the kept precision does not hold widens them all.
    @inline(__always)
    mutating func append(_ coefficient: Double) {
        switch precision {
        case .halves:
            if let code = Self.half(exactly: coefficient) { return halves.append(code) }
        case .singles:
            if let single = Self.single(exactly: coefficient) { return singles.append(single) }
        case .doubles:
            return doubles.append(coefficient)
        }
        appendWidening(coefficient)
    }

    /// Appends a coefficient the kept precision does not hold, after widening.
    private mutating func appendWidening(_ coefficient: Double) {
        widen(toHold: coefficient)
        if precision == .singles { singles.append(Float(coefficient)) } else { doubles.append(coefficient) }
    }

    /// Reserves room for `capacity` coefficients in the kept precision.
    mutating func reserveCapacity(_ capacity: Int) {
        switch precision {
        case .halves: halves.reserveCapacity(capacity)
        case .singles: singles.reserveCapacity(capacity)
        case .doubles: doubles.reserveCapacity(capacity)
        }
    }

    /// Whether both hold the same coefficients, bit for bit as doubles.
    func hasTheBits(of other: TermCoefficients) -> Bool {
        count == other.count && (0..<count).allSatisfy { self[$0].bitPattern == other[$0].bitPattern }
    }

    /// The bytes the arrays hold, for memory reports.
    var bytes: Int { halves.bytes + singles.bytes + doubles.bytes }

    /// Calls `body` with the core's three pointers, of which only the kept precision's is set.
    func withCoreArrays<R>(
        _ body: (UnsafePointer<Double>?, UnsafePointer<Float>?, UnsafePointer<Int8>?) -> R
    ) -> R {
        // An empty array may have no address: the core then needs none (no terms).
        switch precision {
        case .halves: halves.withUnsafeBufferPointer { body(nil, nil, $0.baseAddress) }
        case .singles: singles.withUnsafeBufferPointer { body(nil, $0.baseAddress, nil) }
        case .doubles: doubles.withUnsafeBufferPointer { body($0.baseAddress, nil, nil) }
        }
    }

    /// `value` times two as a byte, if half of the byte is the same bits (no -0, no NaN).
    @inline(__always)
    private static func half(exactly value: Double) -> Int8? {
        // Nearly every coefficient is one of these: compared alone, they skip the conversions.
        if value == 1 { return 2 }
        if value == -1 { return -2 }
        let twice = value * 2
        guard twice >= -128, twice <= 127 else { return nil }
        let code = Int8(Int(twice))  // in range: the conversion truncates toward zero
        return (Double(code) * 0.5).bitPattern == value.bitPattern ? code : nil
    }

    /// `value` as a single, if the single widens back to the same bits.
    @inline(__always)
    private static func single(exactly value: Double) -> Float? {
        let single = Float(value)
        return Double(single).bitPattern == value.bitPattern ? single : nil
    }

    /// The narrowest precision that holds `value` exactly.
    private static func precision(holding value: Double) -> Precision {
        if half(exactly: value) != nil { return .halves }
        return single(exactly: value) != nil ? .singles : .doubles
    }

    /// Moves the coefficients to the narrowest precision that holds them and `value`, if the
    /// kept one does not (each move happens once: precision only widens).
    private mutating func widen(toHold value: Double) {
        let needed = Self.precision(holding: value)
        guard needed > precision else { return }
        let values = (0..<count).map { self[$0] }
        halves = []
        singles = []
        precision = needed
        if needed == .singles { singles = values.map { Float($0) } } else { doubles = values }
    }
}
