/// A system's term coefficients, kept in single precision while every one of them is a single
/// exactly (±1, halves, whole lengths: nearly all a window has), in double precision from the
/// first that is not. The core reads either array; the values it reads are the same doubles.
struct TermCoefficients {
    private var singles: [Float] = []
    private var doubles: [Double] = []
    /// Whether the coefficients are kept as doubles.
    private(set) var isWide = false

    /// The number of coefficients, one a term.
    var count: Int { isWide ? doubles.count : singles.count }

    /// The coefficient of `term`; setting one a single does not hold widens them all.
    subscript(term: Int) -> Double {
        get { isWide ? doubles[term] : Double(singles[term]) }
        set {
            if !isWide, let single = Self.single(exactly: newValue) {
                singles[term] = single
            } else {
                widen()
                doubles[term] = newValue
            }
        }
    }

    // Inlined: every term of a large system's rows is appended through here.
    /// Appends a coefficient; one a single does not hold widens them all.
    @inline(__always)
    mutating func append(_ coefficient: Double) {
        if !isWide, let single = Self.single(exactly: coefficient) {
            singles.append(single)
        } else {
            widen()
            doubles.append(coefficient)
        }
    }

    /// Reserves room for `capacity` coefficients in the current precision.
    mutating func reserveCapacity(_ capacity: Int) {
        if isWide { doubles.reserveCapacity(capacity) } else { singles.reserveCapacity(capacity) }
    }

    /// Whether both hold the same coefficients, bit for bit as doubles.
    func hasTheBits(of other: TermCoefficients) -> Bool {
        count == other.count && (0..<count).allSatisfy { self[$0].bitPattern == other[$0].bitPattern }
    }

    /// The bytes the arrays hold, for memory reports.
    var bytes: Int { singles.bytes + doubles.bytes }

    /// Calls `body` with the core's two pointers: the doubles, or else the singles.
    func withCoreArrays<R>(_ body: (UnsafePointer<Double>?, UnsafePointer<Float>?) -> R) -> R {
        if isWide {
            return doubles.withUnsafeBufferPointer { body($0.baseAddress, nil) }
        }
        // An empty array may have no address: the core then needs neither (no terms).
        return singles.withUnsafeBufferPointer { body(nil, $0.baseAddress) }
    }

    /// `value` as a single, if the single widens back to the same bits.
    @inline(__always)
    private static func single(exactly value: Double) -> Float? {
        let single = Float(value)
        return Double(single).bitPattern == value.bitPattern ? single : nil
    }

    /// Moves the coefficients to double precision, once.
    private mutating func widen() {
        guard !isWide else { return }
        doubles = singles.map(Double.init)
        singles = []
        isWide = true
    }
}
