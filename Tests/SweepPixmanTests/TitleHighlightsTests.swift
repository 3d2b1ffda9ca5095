import SweepGeometry
import SweepGraphics
import SweepViews
import Testing
@testable import SweepPixman

/// Highlight ranges are UTF-8 byte offsets into the title: clamped to it,
/// merged, and widened to whole characters, so any input draws and none crashes.
@Suite struct TitleHighlightsTests {
    private func runs(_ title: String, _ ranges: [Range<Int>]) -> [String] {
        TitleHighlights.characterRuns(of: title, byteRanges: ranges).map { String(title[$0]) }
    }

    @Test func byteRangesBecomeRunsOfCharacters() {
        #expect(runs("Alpha beta", [0..<5]) == ["Alpha"])
        #expect(runs("Alpha beta", [6..<8, 0..<2, 1..<3, 7..<10]) == ["Alp", "beta"], "unordered and overlapping")
        #expect(runs("abc", [0..<1, 1..<2]) == ["ab"], "touching ranges join")
        #expect(runs("abc", [0..<1, 2..<3]) == ["a", "c"])
        #expect(runs("abc", [2..<2]) == [], "an empty range highlights nothing")
        #expect(runs("", [0..<4]) == [])
        #expect(runs("abc", []) == [])
    }

    @Test func rangesPastEitherEndAreClamped() {
        #expect(runs("Alpha beta", [-5..<2, 8..<100, 200..<300]) == ["Al", "ta"])
        #expect(runs("abc", [-10..<0, 3..<9]) == [], "wholly outside")
        #expect(runs("abc", [Int.min..<Int.max]) == ["abc"])
    }

    @Test func aRangeSplittingACharacterTakesTheWholeCharacter() {
        // h is byte 0, é bytes 1 and 2, l byte 3.
        #expect(runs("héllo", [2..<3]) == ["é"])
        #expect(runs("héllo", [1..<2]) == ["é"])
        #expect(runs("héllo", [0..<2]) == ["hé"])
        // A thumbs-up with a skin tone is one character of 8 bytes (1..<9).
        #expect(runs("a👍🏽b", [5..<6]) == ["👍🏽"])
        // e and a combining acute accent (bytes 1 and 2) are one character.
        #expect(runs("e\u{301}x", [1..<2]) == ["e\u{301}"])
    }

    /// A list of one row titled `title` with `highlights`, drawn.
    private func row(_ title: String, _ highlights: [Range<Int>]) throws -> PixmanImage {
        let source = ContentSource([1]) { _ in ItemContent(title: title, titleHighlights: highlights) }
        let list = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: 44), layout: .list, dataSource: source, theme: .light)
        let canvas = try CanvasTestSupport.canvas(width: 320, height: 44)
        list.draw(in: canvas, damage: Region(list.frame))
        return canvas.image
    }

    @Test func oddRangesDrawAsTheirClampedWholeCharacters() throws {
        #expect(CanvasTestSupport.identical(try row("Alpha", [-10..<1, 50..<100]), try row("Alpha", [0..<1])))
        #expect(CanvasTestSupport.identical(try row("héllo", [2..<3]), try row("héllo", [1..<3])))
        #expect(!CanvasTestSupport.identical(try row("héllo", [1..<3]), try row("héllo", [])), "something is highlighted")
    }

    @Test func randomRangesOverAnyTitleNeverCrash() throws {
        // A fixed linear congruential sequence: the same ranges every run.
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let titles = ["", "a", "héllo wörld", "a👍🏽b", "שלום עולם", "e\u{301}\u{301}x", String(repeating: "long title ", count: 40)]
        for title in titles {
            let ranges = (0..<50).map { _ -> Range<Int> in
                let start = next() % 80 - 20
                return start..<(start + next() % 30)
            }
            let found = TitleHighlights.characterRuns(of: title, byteRanges: ranges)
            for (earlier, later) in zip(found, found.dropFirst()) { #expect(earlier.upperBound < later.lowerBound, "apart, in order") }
            _ = try row(title, ranges)
        }
    }

    @Test func aGridCellHighlightsItsTitleToo() throws {
        let source = ContentSource([2]) { ItemContent(title: "Match", titleHighlights: $0.item == 0 ? [0..<5] : []) }
        let grid = ItemsView(frame: Rect(x: 0, y: 0, width: 332, height: 200), layout: .grid, dataSource: source, theme: .light)
        let canvas = try CanvasTestSupport.canvas(width: 332, height: 200)
        grid.draw(in: canvas, damage: Region(grid.frame))
        let highlight = ItemPixels.blend(Theme.light.accent, opacity: 0.3, over: Theme.light.rowHover)
        #expect(ItemPixels.count(canvas.image, x: 14..<60, y: 14..<36, near: highlight) > 40)
        #expect(ItemPixels.count(canvas.image, x: 122..<170, y: 14..<36, near: highlight) == 0)
    }
}
