import Glibc
import CFcft
import CPixman
import SweepGraphics

/// Errors from setting up fonts.
public enum FontError: Error, CustomStringConvertible {
    case initializationFailed
    case noFont(pattern: String)

    public var description: String {
        switch self {
        case .initializationFailed: "fcft could not be initialised"
        case .noFont(let pattern): "no font matches '\(pattern)' (is fontconfig's default sans installed? try fonts-dejavu-core)"
        }
    }
}

/// The fcft fonts for every `FontRole` at one device scale, loaded on first use.
/// Fonts come from the family the set is made with (a theme's), else the one
/// `SWEEP_FONT` names, else fontconfig's default sans-serif face (a fontconfig
/// family such as "Noto Sans" or "DejaVu Serif"; fontconfig picks the nearest
/// installed one).
public final class FontSet: TextMeasuring {
    /// The family text is drawn in by default: `SWEEP_FONT`, else sans-serif.
    public static var family: String { usableFamily(getenv("SWEEP_FONT").map { String(cString: $0) }) ?? "sans-serif" }

    /// `name` when it can be a family: not empty, at most 200 bytes, and
    /// without the characters of fontconfig's pattern syntax (`:` starts
    /// properties, `,` lists families, `\\` and `-` escape and size), which
    /// would let a family name change the size or style; nil otherwise.
    public static func usableFamily(_ name: String?) -> String? {
        guard let name, !name.isEmpty, name.utf8.count <= 200,
              !name.contains(where: { ":,\\-=".contains($0) || $0.isNewline }) else { return nil }
        return name
    }

    public let scale: Double
    /// The fontconfig family every role is loaded in.
    public let family: String
    private var fonts: [FontRole: UnsafeMutablePointer<fcft_font>] = [:]
    let supportsGraphemeShaping: Bool
    /// Lines that needed shaping (right-to-left, complex scripts, emoji), kept between frames.
    let shapedLines = ShapedLineCache()
    /// Circles, rings and corners rasterized at this scale, kept from frame to
    /// frame with the glyphs (a canvas is made for each frame; a cache of its
    /// own rasterized every shape again on every frame).
    let shapeMasks = ShapeMasks()

    /// fcft_init sets up a global FreeType library: it must run once even when
    /// font sets are made on several threads at once (a static let is lazy and thread-safe).
    private static let initialized = fcft_init(FCFT_LOG_COLORIZE_NEVER, false, FCFT_LOG_CLASS_ERROR)

    /// Prepares fcft once per process.
    public static func initializeLibrary() throws {
        guard initialized else { throw FontError.initializationFailed }
    }

    /// The fonts at `scale` in `family` (nil, or a name `usableFamily` refuses: the default family).
    public init(scale: Double, family: String? = nil) throws {
        try FontSet.initializeLibrary()
        self.scale = scale
        self.family = Self.usableFamily(family) ?? Self.family
        supportsGraphemeShaping = (fcft_capabilities().rawValue & FCFT_CAPABILITY_GRAPHEME_SHAPING.rawValue) != 0
        // Load the body font now so a missing font is reported at start, not mid-frame.
        _ = try font(for: .body)
    }

    deinit {
        // Shaped runs hold glyphs of these fonts: they go first.
        shapedLines.removeAll()
        for font in fonts.values { fcft_destroy(font) }
    }

    /// The font of `role`, in device pixels.
    func font(for role: FontRole) throws -> UnsafeMutablePointer<fcft_font> {
        if let font = fonts[role] { return font }
        let pixels = (role.pixelSize * scale).rounded()
        let name = family + (role.isBold ? ":weight=bold" : "") + (role.isItalic ? ":slant=italic" : "")
        let attributes = "pixelsize=\(Int(pixels))"
        let loaded: UnsafeMutablePointer<fcft_font>? = name.withCString { namePointer in
            var names: [UnsafePointer<CChar>?] = [namePointer]
            return names.withUnsafeMutableBufferPointer { buffer in
                fcft_from_name(1, buffer.baseAddress!, attributes)
            }
        }
        guard let font = loaded else { throw FontError.noFont(pattern: "\(name):\(attributes)") }
        fonts[role] = font
        return font
    }

    /// Metrics of a role's font, in logical pixels.
    public func metrics(for role: FontRole) -> FontMetrics {
        guard let font = try? font(for: role) else {
            return FontMetrics(ascent: role.pixelSize * 0.8, descent: role.pixelSize * 0.2)
        }
        return FontMetrics(ascent: Double(font.pointee.ascent) / scale, descent: Double(font.pointee.descent) / scale)
    }

    /// The advance width of `text` on one line, in logical pixels.
    public func measureText(_ text: String, role: FontRole) -> Double {
        guard let font = try? font(for: role) else { return 0 }
        if ShapedLine.needsShaping(text) {
            return Double(shapedLine(text, role: role, font: font, limit: Int.max).width) / scale
        }
        var width = 0
        forEachCharacter(of: text, font: font) { glyphs, _ in
            glyphs.forEach { width += Int($0.pointee.advance.x) }
            return true
        }
        return Double(width) / scale
    }

    /// Each character's advance, in one pass over the text (shaped scripts: each character alone).
    public func characterAdvances(_ text: String, role: FontRole) -> [Double] {
        guard !ShapedLine.needsShaping(text), let font = try? font(for: role) else {
            return text.map { measureText(String($0), role: role) }
        }
        var advances: [Double] = []
        forEachCharacter(of: text, font: font) { glyphs, _ in
            var width = 0
            glyphs.forEach { width += Int($0.pointee.advance.x) }
            advances.append(Double(width) / scale)
            return true
        }
        return advances
    }

    /// Calls `body` with the glyphs of each user-perceived character of `text`
    /// and whether it is white space, in order, until it returns false. Text
    /// of ASCII alone (the cells of most tables) goes a byte at a time: a
    /// byte is a character there, but for CR LF, which takes the general way.
    func forEachCharacter(of text: String, font: UnsafeMutablePointer<fcft_font>,
                          _ body: (GlyphList, _ isSpace: Bool) -> Bool) {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            for byte in utf8 {
                let glyph = fcft_rasterize_char_utf32(font, UInt32(byte), FCFT_SUBPIXEL_NONE)
                // Unicode's white space among ASCII: space, and tab to carriage return.
                if !body(glyph.map { .one($0) } ?? .none, byte == 0x20 || (0x09...0x0D).contains(byte)) { return }
            }
            return
        }
        for character in text where !body(glyphs(for: character, font: font), character.isWhitespace) { return }
    }

    /// The glyphs of one user-perceived character (a grapheme cluster).
    func glyphs(for character: Character, font: UnsafeMutablePointer<fcft_font>) -> GlyphList {
        let scalars = character.unicodeScalars
        if scalars.count == 1 || !supportsGraphemeShaping {
            guard let glyph = fcft_rasterize_char_utf32(font, scalars.first!.value, FCFT_SUBPIXEL_NONE) else { return .none }
            return .one(glyph)
        }
        let codepoints = scalars.map(\.value)
        let grapheme = codepoints.withUnsafeBufferPointer { buffer in
            fcft_rasterize_grapheme_utf32(font, buffer.count, buffer.baseAddress!, FCFT_SUBPIXEL_NONE)
        }
        guard let grapheme, grapheme.pointee.count > 0 else { return .none }
        return .many(UnsafeBufferPointer(start: grapheme.pointee.glyphs, count: grapheme.pointee.count))
    }

    enum GlyphList {
        case none
        case one(UnsafePointer<fcft_glyph>)
        case many(UnsafeBufferPointer<UnsafePointer<fcft_glyph>?>)

        func forEach(_ body: (UnsafePointer<fcft_glyph>) -> Void) {
            switch self {
            case .none: break
            case .one(let glyph): body(glyph)
            case .many(let glyphs): for case let glyph? in glyphs { body(glyph) }
            }
        }
    }
}
