import SweepGraphics
import Testing

/// Wrapping a banner's detail: breaks after spaces and slashes, keeps the end of
/// what does not fit. Widths here are 10 per character, so the numbers read easily.
@Suite struct TextWrapTests {
    private func wrap(_ text: String, width: Double, lines: Int = 2) -> [String] {
        TextWrap.lines(text, maxWidth: width, maxLines: lines) { Double($0.count) * 10 }
    }

    @Test func textThatFitsIsOneLine() {
        #expect(wrap("short", width: 100) == ["short"])
        #expect(wrap("", width: 100) == [])
    }

    @Test func breaksAfterSpacesAndPathSeparators() {
        #expect(wrap("one two three", width: 80) == ["one two", "three"])
        #expect(wrap("/home/user/notes", width: 110) == ["/home/user/", "notes"])
    }

    @Test func keepsTheEndOfAPathThatNeedsMoreLines() {
        let detail = "/home/someone/.local/state/sweep/packing-list: Permission denied"
        let lines = wrap(detail, width: 200)
        #expect(lines.count == 2)
        #expect(lines[0] == "/home/someone/")
        #expect(lines[1].hasPrefix("…") && detail.hasSuffix(lines[1].dropFirst()), "\(lines)")
        #expect(lines[1].hasSuffix("Permission denied"))
        #expect(lines.allSatisfy { Double($0.count) * 10 <= 200 }, "\(lines)")
    }

    @Test func breaksInsideAWordTooLongForALine() {
        #expect(wrap("abcdefghij", width: 40, lines: 3) == ["abcd", "efgh", "ij"])
        // Narrower than one character: still one character a line, never an endless loop.
        #expect(wrap("abc", width: 5, lines: 5) == ["a", "b", "c"])
    }
}
