/// A place in a text view's text: a paragraph and a count of characters into it.
struct TextPosition: Comparable, Hashable, Sendable {
    var paragraph: Int
    var offset: Int

    static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.paragraph, lhs.offset) < (rhs.paragraph, rhs.offset)
    }
}

/// Some characters in one style.
struct StyleRun: Hashable, Sendable {
    var length: Int
    var style: TextStyle
}

/// One paragraph: its characters (grapheme clusters) and their styles as
/// runs whose lengths add up to the character count.
struct TextParagraph: Hashable, Sendable {
    var characters: [Character] = []
    var runs: [StyleRun] = []

    var count: Int { characters.count }

    /// The style typing at `offset` takes: the character's before it (the start's after it).
    func style(at offset: Int) -> TextStyle {
        var remaining = max(offset, 1)
        for run in runs {
            if remaining <= run.length { return run.style }
            remaining -= run.length
        }
        return runs.last?.style ?? .plain
    }

    /// The styled runs of `range`, as (characters, style) pieces in order.
    func forEachRun(in range: Range<Int>, _ body: (Range<Int>, TextStyle) -> Void) {
        var start = 0
        for run in runs {
            let end = start + run.length
            let low = max(start, range.lowerBound), high = min(end, range.upperBound)
            if low < high { body(low..<high, run.style) }
            if end >= range.upperBound { break }
            start = end
        }
    }

    /// The characters of `range` with their styles.
    func slice(_ range: Range<Int>) -> TextParagraph {
        var piece = TextParagraph(characters: Array(characters[range]))
        forEachRun(in: range) { part, style in piece.appendRun(StyleRun(length: part.count, style: style)) }
        return piece
    }

    /// `other` added at the end.
    mutating func append(_ other: TextParagraph) {
        characters.append(contentsOf: other.characters)
        for run in other.runs { appendRun(run) }
    }

    /// A run at the end, joined to the last when they look the same.
    mutating func appendRun(_ run: StyleRun) {
        guard run.length > 0 else { return }
        if let last = runs.last, last.style == run.style {
            runs[runs.count - 1].length += run.length
        } else {
            runs.append(run)
        }
    }
}

/// A text view's text: paragraphs of styled characters, edited by
/// replacing a range with a fragment (one or more paragraph pieces).
struct TextDocument: Sendable {
    private(set) var paragraphs: [TextParagraph]

    init(_ text: StyledText = StyledText()) {
        var paragraphs = [TextParagraph()]
        for run in text.runs {
            var pending: [Character] = []
            func flush() {
                guard !pending.isEmpty else { return }
                paragraphs[paragraphs.count - 1].characters.append(contentsOf: pending)
                paragraphs[paragraphs.count - 1].appendRun(StyleRun(length: pending.count, style: run.style))
                pending.removeAll(keepingCapacity: true)
            }
            for character in run.text {
                // ASCII first: Unicode's newline property is a table lookup a character.
                let isNewline = character.asciiValue.map { $0 == 10 || $0 == 13 || $0 == 11 || $0 == 12 } ?? character.isNewline
                if isNewline {
                    flush()
                    paragraphs.append(TextParagraph())
                } else {
                    pending.append(character)
                }
            }
            flush()
        }
        self.paragraphs = paragraphs
    }

    var start: TextPosition { TextPosition(paragraph: 0, offset: 0) }
    var end: TextPosition { TextPosition(paragraph: paragraphs.count - 1, offset: paragraphs[paragraphs.count - 1].count) }

    /// `position` moved inside the text, keeping order: past the last paragraph is the end.
    func clamped(_ position: TextPosition) -> TextPosition {
        if position.paragraph >= paragraphs.count { return end }
        if position.paragraph < 0 { return start }
        return TextPosition(paragraph: position.paragraph, offset: max(0, min(position.offset, paragraphs[position.paragraph].count)))
    }

    /// The paragraph pieces of `range`: one for a range inside a paragraph, one more for each newline crossed.
    func fragment(_ range: Range<TextPosition>) -> [TextParagraph] {
        let low = clamped(range.lowerBound), high = clamped(range.upperBound)
        if low.paragraph == high.paragraph { return [paragraphs[low.paragraph].slice(low.offset..<high.offset)] }
        var pieces = [paragraphs[low.paragraph].slice(low.offset..<paragraphs[low.paragraph].count)]
        if high.paragraph - low.paragraph > 1 { pieces.append(contentsOf: paragraphs[(low.paragraph + 1)..<high.paragraph]) }
        pieces.append(paragraphs[high.paragraph].slice(0..<high.offset))
        return pieces
    }

    /// Replaces `range` with `pieces` (at least one); returns where the new text ends.
    @discardableResult
    mutating func replace(_ range: Range<TextPosition>, with pieces: [TextParagraph]) -> TextPosition {
        let low = clamped(range.lowerBound), high = clamped(range.upperBound)
        let pieces = pieces.isEmpty ? [TextParagraph()] : pieces
        var first = paragraphs[low.paragraph].slice(0..<low.offset)
        let tail = paragraphs[high.paragraph].slice(high.offset..<paragraphs[high.paragraph].count)
        first.append(pieces[0])
        var made = [first]
        made.append(contentsOf: pieces.dropFirst())
        let endOffset = made[made.count - 1].count
        made[made.count - 1].append(tail)
        paragraphs.replaceSubrange(low.paragraph...high.paragraph, with: made)
        return TextPosition(paragraph: low.paragraph + made.count - 1, offset: endOffset)
    }

    /// Where `pieces` inserted at `start` would end.
    static func end(of pieces: [TextParagraph], insertedAt start: TextPosition) -> TextPosition {
        guard pieces.count > 1 else { return TextPosition(paragraph: start.paragraph, offset: start.offset + (pieces.first?.count ?? 0)) }
        return TextPosition(paragraph: start.paragraph + pieces.count - 1, offset: pieces[pieces.count - 1].count)
    }

    /// Plain `text` in `style` as paragraph pieces (newlines split them).
    static func pieces(of text: String, style: TextStyle) -> [TextParagraph] {
        TextDocument(StyledText(text, style: style)).paragraphs
    }

    /// The plain text of `range`, paragraphs joined by newlines.
    func string(in range: Range<TextPosition>) -> String {
        fragment(range).map { String($0.characters) }.joined(separator: "\n")
    }

    /// The whole text.
    var string: String { paragraphs.map { String($0.characters) }.joined(separator: "\n") }

    // MARK: - Moving

    /// The position one character before `position` (the end of the paragraph before, at a paragraph's start).
    func position(before position: TextPosition) -> TextPosition {
        if position.offset > 0 { return TextPosition(paragraph: position.paragraph, offset: position.offset - 1) }
        guard position.paragraph > 0 else { return position }
        return TextPosition(paragraph: position.paragraph - 1, offset: paragraphs[position.paragraph - 1].count)
    }

    /// The position one character after `position`.
    func position(after position: TextPosition) -> TextPosition {
        if position.offset < paragraphs[position.paragraph].count {
            return TextPosition(paragraph: position.paragraph, offset: position.offset + 1)
        }
        guard position.paragraph < paragraphs.count - 1 else { return position }
        return TextPosition(paragraph: position.paragraph + 1, offset: 0)
    }

    /// The start of the word before `position` (Ctrl+Left), across paragraphs.
    func wordStart(before position: TextPosition) -> TextPosition {
        if position.offset == 0 { return self.position(before: position) }
        return TextPosition(paragraph: position.paragraph,
                            offset: TextBoundaries.wordStart(before: position.offset, in: paragraphs[position.paragraph].characters))
    }

    /// The end of the word after `position` (Ctrl+Right), across paragraphs.
    func wordEnd(after position: TextPosition) -> TextPosition {
        let characters = paragraphs[position.paragraph].characters
        if position.offset == characters.count { return self.position(after: position) }
        return TextPosition(paragraph: position.paragraph, offset: TextBoundaries.wordEnd(after: position.offset, in: characters))
    }

    /// The link under the character at `position` (or just before it, at a link's end).
    func link(at position: TextPosition) -> (target: String, range: Range<TextPosition>)? {
        let paragraph = paragraphs[position.paragraph]
        var start = 0
        for run in paragraph.runs {
            let end = start + run.length
            if let target = run.style.link, position.offset >= start, position.offset < end || (position.offset == end && end > start) {
                return (target, TextPosition(paragraph: position.paragraph, offset: start)..<TextPosition(paragraph: position.paragraph, offset: end))
            }
            start = end
        }
        return nil
    }

    // MARK: - Offsets through the whole text (screen readers count so)

    /// Characters before each paragraph, a newline counted between paragraphs.
    func paragraphStarts() -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(paragraphs.count)
        var total = 0
        for paragraph in paragraphs {
            starts.append(total)
            total += paragraph.count + 1
        }
        return starts
    }
}
