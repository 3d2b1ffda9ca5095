/// The pieces of a line of text a screen reader asks for (AT-SPI's text
/// boundaries and granularities): a character, a word with the spaces after
/// it (GLib's word-start boundary), or the line (to and with its newline). Offsets count
/// Unicode scalars.
enum TextUnit {
    case character, word, line

    /// The `unit` containing scalar `offset` of `scalars`; at or past the end, the empty range there.
    static func range(_ unit: TextUnit, at offset: Int, in scalars: [Unicode.Scalar]) -> Range<Int> {
        let count = scalars.count
        guard offset >= 0 else { return 0..<0 }
        guard offset < count else { return count..<count }
        switch unit {
        case .character:
            return offset..<(offset + 1)
        case .line:
            // A line ends after its newline (a multi-line text's paragraph); one-line text is one line.
            var start = offset
            while start > 0 && scalars[start - 1] != "\n" { start -= 1 }
            var end = offset
            while end < count && scalars[end] != "\n" { end += 1 }
            return start..<min(count, end + 1)
        case .word:
            func isWord(_ index: Int) -> Bool { !scalars[index].properties.isWhitespace }
            // Back to the start of the offset's word (or of the word before the spaces it is in),
            // then on past the word and the spaces after it: up to the next word's start.
            var start = offset
            while start > 0 && !isWord(start) { start -= 1 }
            while start > 0 && isWord(start - 1) { start -= 1 }
            var end = start
            while end < count && isWord(end) { end += 1 }
            while end < count && !isWord(end) { end += 1 }
            return start..<end
        }
    }
}
