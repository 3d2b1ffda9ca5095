import CFcft
import SweepGraphics

/// Shaped lines kept from frame to frame, so a title that is drawn again (the
/// same cell on the next frame, or the same text in many cells) is shaped once.
///
/// Two generations approximate least-recently-used eviction at O(1): lookups
/// promote from the older generation, and when the recent one is full the
/// older one is dropped.
final class ShapedLineCache {
    struct Key: Hashable {
        let text: String
        let role: FontRole
        /// The width limit in device pixels; -1 for none.
        let limit: Int
    }

    private var recent: [Key: ShapedLine] = [:]
    private var older: [Key: ShapedLine] = [:]
    private let capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// Drops every line (before the fonts their glyphs come from go away).
    func removeAll() {
        recent.removeAll()
        older.removeAll()
    }

    func line(for key: Key, make: () -> ShapedLine) -> ShapedLine {
        if let line = recent[key] { return line }
        let line = older.removeValue(forKey: key) ?? make()
        if recent.count >= capacity {
            older = recent
            recent = [:]
        }
        recent[key] = line
        return line
    }
}

extension FontSet {
    /// Longer lines are cut to this many characters before shaping: nothing
    /// on screen shows more, and a hostile title must not cost a long layout.
    static let maximumShapedCharacters = 1000

    /// `text` shaped and ordered for display in `role`, cut with an ellipsis
    /// at a grapheme boundary (and before any spaces) to fit `limit` device pixels.
    func shapedLine(_ text: String, role: FontRole, font: UnsafeMutablePointer<fcft_font>, limit: Int) -> ShapedLine {
        let full = shapedLines.line(for: .init(text: text, role: role, limit: -1)) {
            ShapedLine(Array(text.prefix(Self.maximumShapedCharacters).unicodeScalars.map(\.value)), font: font)
        }
        guard full.width > limit else { return full }
        return shapedLines.line(for: .init(text: text, role: role, limit: limit)) {
            truncatedLine(Array(text.prefix(Self.maximumShapedCharacters)), font: font, limit: limit)
        }
    }

    /// The longest prefix of whole characters, without trailing spaces, that
    /// fits with an ellipsis after it (binary search: widths grow with the prefix).
    private func truncatedLine(_ characters: [Character], font: UnsafeMutablePointer<fcft_font>, limit: Int) -> ShapedLine {
        func candidate(_ kept: Int) -> ShapedLine {
            var prefix = characters[..<kept]
            while let last = prefix.last, last.isWhitespace { prefix = prefix.dropLast() }
            var scalars = prefix.flatMap { $0.unicodeScalars.map(\.value) }
            scalars.append(0x2026)
            return ShapedLine(scalars, font: font)
        }
        var best = candidate(0)
        guard best.width <= limit else { return ShapedLine([], font: font) }
        var low = 1, high = characters.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let line = candidate(middle)
            if line.width <= limit {
                best = line
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best
    }
}
