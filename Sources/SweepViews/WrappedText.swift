import SweepGraphics

/// Text broken into the lines that fit a width: after the last space that
/// fits, inside a word wider than a line, and at each line feed. The last
/// line a limit allows takes the rest of the text (drawn, it ends in an
/// ellipsis). Each character is measured once (`characterAdvances`); text
/// of ASCII alone is worked on as bytes.
public enum WrappedText {
    /// The most characters looked at a line: a megabyte in one record wraps its start.
    static let characterLimitPerLine = 512

    /// `text`'s lines at `width` in `role`'s font, at most `limit` (at least 1).
    public static func lines(_ text: String, width: Double, role: FontRole, measurer: TextMeasuring, limit: Int) -> [String] {
        let limit = min(max(1, limit), 1_000), head = text.prefix(characterLimitPerLine * limit)
        if head.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            // A byte is a character (but for CR LF, which takes the general way).
            let bytes = Array(head.utf8)
            let advances = measurer.characterAdvances(String(head), role: role)
            guard advances.count == bytes.count else { return [text] }
            return breakLines(count: bytes.count, advances: advances, width: width, limit: limit,
                              isNewline: { bytes[$0] == 0x0A }, isSpace: { bytes[$0] == 0x20 }) { range, joined in
                joined ? String(decoding: bytes[range].map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self)
                       : String(decoding: bytes[range], as: UTF8.self)
            }
        }
        let characters = Array(head)
        let advances = measurer.characterAdvances(String(head), role: role)
        guard advances.count == characters.count else { return [text] }
        return breakLines(count: characters.count, advances: advances, width: width, limit: limit,
                          isNewline: { characters[$0].isNewline }, isSpace: { characters[$0] == " " }) { range, joined in
            String(characters[range].map { joined && $0.isNewline ? " " : $0 })
        }
    }

    /// The greedy line breaking over `count` characters; `make` builds a
    /// line from a range (`joined`: the last line, its line feeds as spaces).
    private static func breakLines(count: Int, advances: [Double], width: Double, limit: Int, isNewline: (Int) -> Bool,
                                   isSpace: (Int) -> Bool, make: (Range<Int>, _ joined: Bool) -> String) -> [String] {
        var lines: [String] = []
        var start = 0, x = 0.0, lastSpace: Int?, index = 0
        func emit(_ end: Int, next: Int) {
            lines.append(make(start..<end, false))
            start = next
            x = next <= index ? advances[next...index].reduce(0, +) : 0
            lastSpace = nil
        }
        while index < count, lines.count < limit - 1 {
            if isNewline(index) {
                emit(index, next: index + 1)
            } else if isSpace(index) {
                // A space never overflows a line: a line breaking there leaves it out.
                x += advances[index]
                lastSpace = index
            } else {
                x += advances[index]
                if x > width, index > start {
                    // Back to the last space on the line, or break the word here.
                    if let space = lastSpace, space > start { emit(space, next: space + 1) } else { emit(index, next: index) }
                }
            }
            index += 1
        }
        // The last line allowed (or the end): the rest.
        if start < count || lines.isEmpty { lines.append(make(start..<count, true)) }
        return lines
    }
}
