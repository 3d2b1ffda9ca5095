import SweepGraphics

/// Text broken into the lines that fit a width: at spaces where it can,
/// inside a word wider than a line, and at each line feed. The last line a
/// limit allows takes the rest of the text (drawn, it ends in an ellipsis).
public enum WrappedText {
    /// The most characters looked at: a megabyte in one record wraps its start.
    static let characterLimitPerLine = 512

    /// `text`'s lines at `width` in `role`'s font, at most `limit` (at least 1).
    public static func lines(_ text: String, width: Double, role: FontRole, measurer: TextMeasuring, limit: Int) -> [String] {
        let limit = max(1, limit)
        let head = text.prefix(characterLimitPerLine * limit)
        let fits = { (line: Substring) in measurer.measureText(String(line), role: role) <= width }
        var lines: [String] = []
        var rest = head[...]
        while !rest.isEmpty {
            if lines.count == limit - 1 {
                // The last line allowed: everything left, on one line.
                lines.append(String(rest.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")))
                break
            }
            let paragraphEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
            let paragraph = rest[..<paragraphEnd]
            var end = paragraph.endIndex
            if !fits(paragraph) {
                // The longest run of words that fits; a first word too wide for a line breaks inside.
                end = paragraph.startIndex
                var index = paragraph.startIndex
                while let space = paragraph[index...].firstIndex(of: " ") {
                    guard fits(paragraph[..<space]) else { break }
                    end = space
                    index = paragraph.index(after: space)
                }
                if end == paragraph.startIndex { end = longestFittingPrefix(paragraph, fits: fits) }
            }
            lines.append(String(paragraph[..<end]))
            rest = rest[end...]
            // The space or line feed a line broke at is not shown on either line.
            if let first = rest.first, first == " " || (first == "\n" && end == paragraphEnd) { rest = rest.dropFirst() }
        }
        return lines.isEmpty ? [""] : lines
    }

    /// The end of the longest prefix of `text` that fits (at least one character).
    private static func longestFittingPrefix(_ text: Substring, fits: (Substring) -> Bool) -> Substring.Index {
        var low = 1, high = text.count
        while low < high {
            let mid = (low + high + 1) / 2
            if fits(text.prefix(mid)) { low = mid } else { high = mid - 1 }
        }
        return text.index(text.startIndex, offsetBy: low)
    }
}
