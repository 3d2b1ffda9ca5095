/// A text view's paragraphs wrapped to a width, laid out lazily: a
/// paragraph is measured (each character's advance, its line breaks) only
/// when it is drawn or hit, and the others are estimated from their length,
/// so a megabyte of text opens at once. Heights and tops are kept per
/// paragraph; the tops are summed again only after a change.
struct TextLayout {
    /// One paragraph's measured layout.
    struct Paragraph {
        /// Each character's advance in logical pixels.
        var advances: [Double]
        /// The first character of each line (the first is 0).
        var lineStarts: [Int]
        /// The lines that end at a space the line broke after (a wrap), by their end offset.
        var spaceBreaks: Set<Int> = []

        func endsAtSpace(_ line: Range<Int>) -> Bool { spaceBreaks.contains(line.upperBound) }
    }

    private(set) var width: Double
    let lineHeight: Double
    private var laidOut: [Paragraph?]
    private var heights: [Double]
    private var tops: [Double] = []
    private var topsAreCurrent = false
    /// The advance assumed for characters not measured yet.
    private var averageAdvance = 7.5

    init(paragraphCounts: [Int], width: Double, lineHeight: Double) {
        self.width = max(1, width)
        self.lineHeight = lineHeight
        laidOut = Array(repeating: nil, count: paragraphCounts.count)
        heights = []
        heights.reserveCapacity(paragraphCounts.count)
        for count in paragraphCounts { heights.append(estimatedHeight(characters: count)) }
    }

    var paragraphCount: Int { heights.count }

    /// The whole text's height.
    var contentHeight: Double {
        mutating get {
            updateTops()
            return (tops.last ?? 0) + (heights.last ?? 0)
        }
    }

    /// The top of paragraph `index`.
    func top(of index: Int) -> Double {
        precondition(topsAreCurrent, "tops read before updateTops")
        return tops[max(0, min(index, tops.count - 1))]
    }

    func height(of index: Int) -> Double { heights[index] }

    /// Sums the heights again if something changed. - Complexity: O(paragraphs).
    mutating func updateTops() {
        guard !topsAreCurrent else { return }
        tops = []
        tops.reserveCapacity(heights.count)
        var y = 0.0
        for height in heights {
            tops.append(y)
            y += height
        }
        topsAreCurrent = true
    }

    /// The paragraph at content height `y` (the last for anything below).
    mutating func paragraph(atY y: Double) -> Int {
        updateTops()
        var low = 0, high = tops.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if tops[middle] <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// A new width: measured paragraphs wrap again (keeping their advances), the rest are estimated again.
    mutating func setWidth(_ newWidth: Double, paragraphs: [TextParagraph]) {
        let newWidth = max(1, newWidth)
        guard newWidth != width else { return }
        width = newWidth
        for index in laidOut.indices {
            if let paragraph = laidOut[index] {
                let starts = Self.lineStarts(for: paragraph.advances, width: width, characters: paragraphs[index].characters)
                laidOut[index] = Paragraph(advances: paragraph.advances, lineStarts: starts,
                                           spaceBreaks: Self.spaceBreaks(starts, characters: paragraphs[index].characters))
                heights[index] = Double(starts.count) * lineHeight
            } else {
                heights[index] = estimatedHeight(characters: paragraphs[index].count)
            }
        }
        topsAreCurrent = false
    }

    /// Paragraphs `range` were replaced by `counts.count` new ones of those lengths.
    mutating func replaceParagraphs(_ range: ClosedRange<Int>, withCounts counts: [Int]) {
        laidOut.replaceSubrange(range, with: Array(repeating: nil, count: counts.count))
        heights.replaceSubrange(range, with: counts.map { estimatedHeight(characters: $0) })
        topsAreCurrent = false
    }

    /// Everything measured is forgotten (a new scale, new fonts).
    mutating func forgetMeasurements(paragraphCounts: [Int]) {
        laidOut = Array(repeating: nil, count: paragraphCounts.count)
        heights = paragraphCounts.map { estimatedHeight(characters: $0) }
        topsAreCurrent = false
    }

    /// Paragraph `index`'s layout, measuring it with `measure` if needed;
    /// returns how much its height changed.
    @discardableResult
    mutating func layOut(_ index: Int, paragraph: TextParagraph, measure: (Character, FontRole) -> Double) -> Double {
        if laidOut[index] != nil { return 0 }
        var advances: [Double] = []
        advances.reserveCapacity(paragraph.count)
        paragraph.forEachRun(in: 0..<paragraph.count) { range, style in
            let role = style.fontRole
            for offset in range { advances.append(measure(paragraph.characters[offset], role)) }
        }
        let starts = Self.lineStarts(for: advances, width: width, characters: paragraph.characters)
        laidOut[index] = Paragraph(advances: advances, lineStarts: starts,
                                   spaceBreaks: Self.spaceBreaks(starts, characters: paragraph.characters))
        if !advances.isEmpty {
            // The estimate for the rest follows what is measured.
            averageAdvance = averageAdvance * 0.9 + advances.reduce(0, +) / Double(advances.count) * 0.1
        }
        let old = heights[index]
        heights[index] = Double(starts.count) * lineHeight
        if heights[index] != old { topsAreCurrent = false }
        return heights[index] - old
    }

    /// Paragraph `index`'s layout, if it is measured.
    func layout(of index: Int) -> Paragraph? { laidOut[index] }

    private func estimatedHeight(characters: Int) -> Double {
        Double(max(1, Int((Double(characters) * averageAdvance / width).rounded(.up)))) * lineHeight
    }

    /// Greedy wrapping: a line breaks after the last space that fits, or
    /// inside a word longer than the line.
    static func lineStarts(for advances: [Double], width: Double, characters: [Character]?) -> [Int] {
        var starts = [0]
        var lineWidth = 0.0
        var lastBreak: Int?
        var index = 0
        while index < advances.count {
            let advance = advances[index]
            let breakable = characters.map { Self.isBreakable($0[index]) } ?? false
            // A space that does not fit hangs past the edge: the line breaks after it.
            if lineWidth + advance > width && index > starts[starts.count - 1] && !breakable {
                let start = lastBreak.map { $0 + 1 } ?? index
                let breakAt = start > starts[starts.count - 1] ? start : index
                starts.append(breakAt)
                lineWidth = advances[breakAt..<index].reduce(0, +)
                lastBreak = nil
                // The word carried over may itself be too long with this character: break before it.
                if lineWidth + advance > width && index > breakAt {
                    starts.append(index)
                    lineWidth = 0
                }
            }
            lineWidth += advance
            if breakable { lastBreak = index }
            index += 1
        }
        return starts
    }

    /// The wrapped lines' ends that follow a space (the space is the line's last character).
    static func spaceBreaks(_ starts: [Int], characters: [Character]) -> Set<Int> {
        Set(starts.dropFirst().filter { $0 > 0 && isBreakable(characters[$0 - 1]) })
    }

    /// Whether a line may break after `character` (a space); ASCII answered without Unicode's tables.
    @inline(__always)
    static func isBreakable(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii == 32 || ascii == 9 }
        return character.isWhitespace
    }

    // MARK: - Lines and points

    /// The line of `offset` in a laid-out paragraph (at a wrap, the later line).
    static func line(of offset: Int, in paragraph: Paragraph) -> Int {
        var low = 0, high = paragraph.lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if paragraph.lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The characters of line `line`.
    static func range(ofLine line: Int, in paragraph: Paragraph) -> Range<Int> {
        let start = paragraph.lineStarts[line]
        let end = line + 1 < paragraph.lineStarts.count ? paragraph.lineStarts[line + 1] : paragraph.advances.count
        return start..<end
    }

    /// The x of `offset` from its line's start.
    static func x(of offset: Int, in paragraph: Paragraph) -> Double {
        let line = line(of: offset, in: paragraph)
        let start = paragraph.lineStarts[line]
        return paragraph.advances[start..<min(offset, paragraph.advances.count)].reduce(0, +)
    }

    /// The offset in line `line` nearest `x`.
    static func offset(nearestX x: Double, line: Int, in paragraph: Paragraph) -> Int {
        let range = range(ofLine: line, in: paragraph)
        var left = 0.0
        for offset in range {
            let advance = paragraph.advances[offset]
            if x < left + advance / 2 { return offset }
            left += advance
        }
        return lineEnd(range, in: paragraph)
    }

    /// Where a cursor at a line's end goes: before a wrapped line's breaking space (so it stays on
    /// the line), else after its last character.
    static func lineEnd(_ range: Range<Int>, in paragraph: Paragraph) -> Int {
        let isLastLine = range.upperBound == paragraph.advances.count
        return isLastLine || range.isEmpty || !paragraph.endsAtSpace(range) ? range.upperBound : range.upperBound - 1
    }

    /// The character under `x` in line `line` (its left edge at or before x, its right edge after); nil past either end.
    static func character(atX x: Double, line: Int, in paragraph: Paragraph) -> Int? {
        var left = 0.0
        for offset in range(ofLine: line, in: paragraph) {
            let advance = paragraph.advances[offset]
            if x >= left && x < left + advance { return offset }
            left += advance
        }
        return nil
    }
}
