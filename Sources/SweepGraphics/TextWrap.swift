/// Breaks text into lines that fit a width, for short multi-line messages
/// (a banner's file path and error). Lines break after a space or a path
/// separator, or anywhere inside a word too long for a line. When the text
/// needs more than `maxLines`, the last line keeps the text's end behind a
/// leading "…": of a path and an error, the file name and the reason are
/// what a reader needs, not the middle directories.
public enum TextWrap {
    /// The lines of `text` no wider than `maxWidth` by `measure`, at most `maxLines` of them.
    public static func lines(_ text: String, maxWidth: Double, maxLines: Int,
                             measure: (Substring) -> Double) -> [String] {
        guard maxLines > 0, !text.isEmpty else { return [] }
        var lines: [String] = []
        var rest = text[...]
        while !rest.isEmpty {
            if lines.count == maxLines - 1 {
                lines.append(tail(of: rest, maxWidth: maxWidth, measure: measure))
                break
            }
            let line = longestFittingPrefix(of: rest, maxWidth: maxWidth, measure: measure)
            lines.append(String(line).trimmingTrailingSpaces)
            rest = rest[line.endIndex...].drop { $0 == " " }
        }
        return lines
    }

    /// The longest prefix that fits, ending at a break opportunity where one fits; at least one character.
    private static func longestFittingPrefix(of text: Substring, maxWidth: Double,
                                             measure: (Substring) -> Double) -> Substring {
        if measure(text) <= maxWidth { return text }
        var best: Substring?
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == " " || text[index] == "/" {
                let candidate = text[..<next]
                guard measure(Substring(String(candidate).trimmingTrailingSpaces)) <= maxWidth else { break }
                best = candidate
            }
            index = next
        }
        if let best { return best }
        // No break fits: as many whole characters as fit, at least one.
        var end = text.index(after: text.startIndex)
        while end < text.endIndex, measure(text[..<text.index(after: end)]) <= maxWidth { end = text.index(after: end) }
        return text[..<end]
    }

    /// "…" and the longest end of `text` that fits behind it.
    private static func tail(of text: Substring, maxWidth: Double, measure: (Substring) -> Double) -> String {
        if measure(text) <= maxWidth { return String(text) }
        var start = text.startIndex
        while start < text.endIndex {
            start = text.index(after: start)
            let candidate = "…" + text[start...]
            if measure(candidate[...]) <= maxWidth { return candidate }
        }
        return "…"
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
