import CCairo
import Foundation

/// A grid of premultiplied 32-bit pixels drawn by Cairo. This file is the only place that sees
/// Cairo's pointers: the rest of Canopy draws through ``GraphicsContext`` and the compositor,
/// which speak in ``Path``s, colours and transforms.
///
/// Drawing state lives in Cairo's own stack (``save()``/``restore()``): the clip and the group
/// stack. Every drawing call sets the transform, source and pen it needs, so no other state
/// leaks from one call to the next.
final class Raster {
    /// The size in pixels.
    let width: Int, height: Int
    private let surface: OpaquePointer
    private let cairo: OpaquePointer

    /// The largest side Cairo's image surfaces take.
    static let maximumSide = 32_767
    /// The most pixels a raster may hold (256 MiB of pixels).
    static let maximumPixels = 1 << 26

    /// A transparent raster of `width` × `height` pixels, or `nil` when that is empty, past
    /// ``maximumSide`` or ``maximumPixels``, or memory runs out.
    init?(width: Int, height: Int) {
        guard Self.isAllowed(width: width, height: height),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        guard let cairo = Self.ready(surface) else { return nil }
        (self.width, self.height, self.surface, self.cairo) = (width, height, surface, cairo)
    }

    /// A raster of the same pixels, or `nil` when memory runs out.
    func copy() -> Raster? {
        guard let copy = Raster(width: width, height: height) else { return nil }
        copy.draw(self, transform: .identity, alpha: 1)
        return copy
    }

    /// The raster a PNG file holds, or `nil` when the bytes are not a PNG Cairo can read or
    /// its size is past the limits.
    init?(pngData data: Data) {
        // The size is checked from the header first: Cairo would allocate whatever it says.
        guard let (w, h) = Self.pngSize(data), Self.isAllowed(width: w, height: h) else { return nil }
        var reader = PNGReader(data: data)
        let surface = withUnsafeMutablePointer(to: &reader) { pointer in
            cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
                    let reader = closure!.assumingMemoryBound(to: PNGReader.self)
                    return reader.pointee.read(into: buffer!, count: Int(length))
                }, pointer)
        }
        guard let surface, let cairo = Self.ready(surface) else { return nil }
        guard Int(cairo_image_surface_get_width(surface)) == w, Int(cairo_image_surface_get_height(surface)) == h else {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
            return nil
        }
        (self.width, self.height, self.surface, self.cairo) = (w, h, surface, cairo)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The width and height a PNG file's header states, or `nil` when it has no PNG header.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data.prefix(24))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count == 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        let word = { (i: Int) in bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    static func isAllowed(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maximumSide && height <= maximumSide && width * height <= maximumPixels
    }

    /// A context on `surface`, or `nil` (and `surface` destroyed) when Cairo failed.
    private static func ready(_ surface: OpaquePointer) -> OpaquePointer? {
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface),
            cairo_status(cairo) == CAIRO_STATUS_SUCCESS
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        // Grayscale antialiasing: the same coverage on every machine, without subpixel order.
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_GRAY)
        return cairo
    }

    // MARK: Pixels

    /// The pixel at (`x`, `y`), un-premultiplied, or `nil` outside the raster.
    func pixel(x: Int, y: Int) -> Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let word = cairo_image_surface_get_data(surface)!.advanced(by: y * stride + x * 4)
            .withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let a = Double(word >> 24 & 0xFF)
        guard a > 0 else { return .clear }
        let channel = { (shift: UInt32) in min(1, Double(word >> shift & 0xFF) / a) }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: a / 255)
    }

    /// The raster as a PNG file, or `nil` when Cairo cannot encode it.
    func pngData() -> Data? {
        var data = Data()
        let status = withUnsafeMutablePointer(to: &data) { pointer in
            cairo_surface_write_to_png_stream(
                surface,
                { closure, bytes, length in
                    closure!.assumingMemoryBound(to: Data.self).pointee.append(bytes!, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, pointer)
        }
        return status == CAIRO_STATUS_SUCCESS ? data : nil
    }

    // MARK: State

    /// Pushes the clip and the group stack.
    func save() { cairo_save(cairo) }

    /// Pops what the matching ``save()`` pushed.
    func restore() { cairo_restore(cairo) }

    /// Narrows the clip to `path` (device pixels) under `rule`.
    func clip(to path: Path, rule: FillRule) {
        cairo_identity_matrix(cairo)
        append(path)
        cairo_set_fill_rule(cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cairo)
    }

    /// Starts drawing into a transparent layer that ``endGroup(alpha:)`` blends down.
    func beginGroup() { cairo_push_group(cairo) }

    /// Blends the layer begun by ``beginGroup()`` onto what is below it, at `alpha`, masked by
    /// `mask`'s alpha when given (a raster of the same size as this one).
    func endGroup(alpha: CGFloat, mask: Raster? = nil) {
        cairo_pop_group_to_source(cairo)
        cairo_identity_matrix(cairo)
        if let mask {
            cairo_push_group(cairo)
            cairo_paint(cairo)
            cairo_pop_group_to_source(cairo)
            cairo_mask_surface(cairo, mask.surface, 0, 0)
        } else {
            cairo_paint_with_alpha(cairo, Double(alpha))
        }
    }

    // MARK: Drawing

    /// Fills `path` (device pixels) under `rule`.
    func fill(_ path: Path, rule: FillRule, with paint: Paint) {
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        append(path)
        cairo_set_fill_rule(cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        setSource(paint)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Strokes `path` (device pixels) with a pen whose width, caps, joins and dashes are measured
    /// in the space `penTransform` maps to device pixels.
    func stroke(_ path: Path, style: StrokeStyle, penTransform: CGAffineTransform, with paint: Paint) {
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        append(path)
        setSource(paint)
        var matrix = Self.matrix(penTransform)
        if cairo_matrix_invert(&matrix) != CAIRO_STATUS_SUCCESS {
            cairo_new_path(cairo) // a pen squeezed flat draws nothing
        } else {
            cairo_set_matrix(cairo, [Self.matrix(penTransform)])
        }
        cairo_set_line_width(cairo, Double(style.lineWidth))
        cairo_set_line_cap(cairo, [CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE][style.lineCap.rawValue])
        cairo_set_line_join(
            cairo, [CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL][style.lineJoin.rawValue])
        cairo_set_miter_limit(cairo, Double(style.miterLimit))
        let dashes = style.dashLengths.map(Double.init)
        cairo_set_dash(cairo, dashes, Int32(dashes.count), Double(style.dashPhase))
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    /// Draws `raster` so that its pixel grid lands where `transform` (from the source's pixels
    /// to device pixels) puts it, at `alpha`, smoothed when scaled.
    func draw(_ raster: Raster, transform: CGAffineTransform, alpha: CGFloat) {
        cairo_save(cairo)
        cairo_set_matrix(cairo, [Self.matrix(transform)])
        cairo_set_source_surface(cairo, raster.surface, 0, 0)
        let filter = transform.a == 1 && transform.d == 1 && transform.b == 0 && transform.c == 0
        cairo_pattern_set_filter(cairo_get_source(cairo), filter ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_rectangle(cairo, 0, 0, Double(raster.width), Double(raster.height))
        cairo_clip(cairo)
        cairo_paint_with_alpha(cairo, Double(alpha))
        cairo_restore(cairo)
    }

    /// Draws glyphs of the font file at `fontPath` at `size` (user space), each at its origin
    /// on the baseline in user space, `transform` mapping user space to device pixels. Outlines
    /// are not hinted, so glyphs land where their advances put them, on every machine alike.
    func showGlyphs(_ glyphs: [PlacedGlyph], fontPath: String, size: CGFloat, transform: CGAffineTransform,
                    color: Color) {
        guard !glyphs.isEmpty, let pattern = FcPatternCreate() else { return }
        defer { FcPatternDestroy(pattern) }
        _ = fontPath.withCString { path in
            path.withMemoryRebound(to: FcChar8.self, capacity: fontPath.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FILE, $0)
            }
        }
        guard let face = cairo_ft_font_face_create_for_pattern(pattern) else { return }
        defer { cairo_font_face_destroy(face) }
        cairo_save(cairo)
        cairo_set_matrix(cairo, [Self.matrix(transform)])
        cairo_set_font_face(cairo, face)
        cairo_set_font_size(cairo, Double(size))
        if let options = cairo_font_options_create() {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(cairo, options)
            cairo_font_options_destroy(options)
        }
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        let placed = glyphs.map { cairo_glyph_t(index: UInt($0.glyph), x: Double($0.origin.x), y: Double($0.origin.y)) }
        cairo_show_glyphs(cairo, placed, Int32(placed.count))
        cairo_restore(cairo)
    }

    /// Makes the inside of `path` (device pixels) transparent.
    func clear(_ path: Path) {
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        append(path)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Blurs the alpha of every pixel with three box passes each way (close to a Gaussian of
    /// standard deviation `radius / 2`, Core Animation's `shadowRadius`), keeping each pixel's
    /// colour: used for shadows, whose raster holds one colour.
    func blur(radius: CGFloat) {
        let box = Int((radius / 2 * sqrt(3)).rounded())
        guard box > 0 else { return }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let base = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        var line = [UInt32](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height { boxBlur(base + y * stride, count: width, step: 1, box: box, scratch: &line) }
            for x in 0..<width { boxBlur(base + x, count: height, step: stride, box: box, scratch: &line) }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// One box pass over `count` pixels `step` apart, each channel averaged over `2 box + 1`.
    private func boxBlur(_ start: UnsafeMutablePointer<UInt32>, count: Int, step: Int, box: Int,
                         scratch: inout [UInt32]) {
        for i in 0..<count { scratch[i] = start[i * step] }
        let window = UInt32(2 * box + 1)
        for shift in stride(from: 0 as UInt32, through: 24, by: 8) {
            var sum: UInt32 = 0
            for i in -box...box where i >= 0 && i < count { sum += scratch[i] >> shift & 0xFF }
            for i in 0..<count {
                let value = (sum + window / 2) / window
                start[i * step] = start[i * step] & ~(0xFF << shift) | value << shift
                if i + box + 1 < count { sum += scratch[i + box + 1] >> shift & 0xFF }
                if i - box >= 0 { sum -= scratch[i - box] >> shift & 0xFF }
            }
        }
    }

    // MARK: Cairo helpers

    private func append(_ path: Path) {
        cairo_new_path(cairo)
        var current = CGPoint.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cairo, Double(p.x), Double(p.y))
                current = p
            case .line(let p):
                cairo_line_to(cairo, Double(p.x), Double(p.y))
                current = p
            case .quadCurve(let p, let c):
                // The cubic with the same curve: control points two thirds of the way to `c`.
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cairo, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cairo, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .closeSubpath:
                cairo_close_path(cairo)
            }
        }
    }

    private func setSource(_ paint: Paint) {
        switch paint {
        case .color(let color):
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        case .linearGradient(let gradient, let start, let end, let alpha, let extends):
            let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))
            for stop in gradient.stops {
                cairo_pattern_add_color_stop_rgba(
                    pattern, Double(stop.location), stop.color.red, stop.color.green, stop.color.blue,
                    stop.color.alpha * Double(alpha))
            }
            cairo_pattern_set_extend(pattern, extends ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
            cairo_set_source(cairo, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    private static func matrix(_ t: CGAffineTransform) -> cairo_matrix_t {
        cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
    }
}

/// A glyph of a font and where its origin sits on the baseline.
struct PlacedGlyph {
    let glyph: Int
    let origin: CGPoint
}

/// What a fill or a stroke paints with, in device pixels.
enum Paint {
    case color(Color)
    /// A gradient from `start` to `end`, at `alpha`, padded past its ends when `extends`.
    case linearGradient(Gradient, start: CGPoint, end: CGPoint, alpha: CGFloat, extends: Bool)
}

/// Reads a PNG file's bytes for Cairo, one piece at a time.
private struct PNGReader {
    let data: Data
    var offset = 0

    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
        guard count <= data.count - offset else { return CAIRO_STATUS_READ_ERROR }
        data.copyBytes(to: buffer, from: data.startIndex + offset..<data.startIndex + offset + count)
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
