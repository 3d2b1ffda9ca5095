import SweepUI
import Testing

/// Each character 10 px wide: lines are easy to reason about.
private final class Fixed: TextMeasuring {
    func measureText(_ text: String, role: FontRole) -> Double { Double(text.count) * 10 }
    func metrics(for role: FontRole) -> FontMetrics { FontMetrics(ascent: 12, descent: 4) }
}

/// `WrappedText`: breaks after the last space that fits, inside a word too
/// wide for a line, at line feeds; the last line allowed takes the rest; a
/// megabyte wraps only its start.
struct WrappedTextTests {
    private func lines(_ text: String, width: Double = 100, limit: Int = 10) -> [String] {
        WrappedText.lines(text, width: width, role: .body, measurer: Fixed(), limit: limit)
    }

    @Test func linesBreakAtTheLastSpaceThatFits() {
        #expect(lines("one two three four five") == ["one two", "three four", "five"])
        #expect(lines("exactly10c next") == ["exactly10c", "next"], "a word that fills the line exactly stays")
        #expect(lines("") == [""])
        #expect(lines("short") == ["short"])
    }

    @Test func aWordWiderThanALineBreaksInside() {
        #expect(lines("abcdefghijklmnopqrstuvwxyz") == ["abcdefghij", "klmnopqrst", "uvwxyz"])
        #expect(lines("ab abcdefghijklmno") == ["ab", "abcdefghij", "klmno"])
    }

    @Test func lineFeedsBreakAndTheLastLineTakesTheRest() {
        #expect(lines("a\nb\n\nc") == ["a", "b", "", "c"])
        #expect(lines("one two three four five", limit: 2) == ["one two", "three four five"])
        #expect(lines("a\nb\nc", limit: 1) == ["a b c"])
    }

    @Test func aMegabyteWrapsOnlyItsStartAndNoWidthStillEnds() {
        let huge = String(repeating: "word ", count: 200_000)
        let wrapped = lines(huge, limit: 3)
        #expect(wrapped.count == 3 && wrapped[2].count <= 512 * 3)
        #expect(lines("abc", width: 0) == ["a", "b", "c"])
        #expect(lines("abc", width: -5, limit: 2) == ["a", "bc"])
    }
}

/// CR LF breaks a line as a line feed does; a line's leading space is no line of its own.
struct WrappedTextEdgeTests {
    private final class Fixed: TextMeasuring {
        func measureText(_ text: String, role: FontRole) -> Double { Double(text.count) * 10 }
        func metrics(for role: FontRole) -> FontMetrics { FontMetrics(ascent: 12, descent: 4) }
    }

    @Test func carriageReturnLineFeedBreaksAndALeadingSpaceMakesNoEmptyLine() {
        let measurer = Fixed()
        #expect(WrappedText.lines("a\r\nb", width: 100, role: .body, measurer: measurer, limit: 5) == ["a", "b"])
        #expect(WrappedText.lines(" abcdefghijklm", width: 100, role: .body, measurer: measurer, limit: 5) == [" abcdefghi", "jklm"])
        #expect(WrappedText.lines("abc", width: 100, role: .body, measurer: measurer, limit: .max) == ["abc"])
    }
}
