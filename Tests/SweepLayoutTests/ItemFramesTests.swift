import SweepGeometry
import SweepTestSupport
import Testing
@testable import SweepLayout

/// Frames an app's layout works out, answered from: rows of pictures of
/// their own widths (a justified grid), in sections under headers.
@Suite struct ItemFramesTests {
    /// Sections of `counts` items under 30 px headers, in rows 100 px tall
    /// of widths 60 to 200 px packed into 500 px with 4 px gaps.
    static func justified(_ counts: [Int], seed: Int) -> ItemFrames {
        var random = SplitMix64(seed: seed)
        var frames = ItemFrames()
        var y = 0.0
        for count in counts {
            frames.beginSection(header: Rect(x: 0, y: y, width: 500, height: 30))
            y += 30
            var x = 0.0
            for index in 0..<count {
                let width = 60 + (random.unit() * 140).rounded()
                if x > 0 && x + width > 500 { (x, y) = (0, y + 104) }
                frames.append(Rect(x: x, y: y, width: width, height: 100))
                x += width + 4
                if index == count - 1 { y += 104 }
            }
        }
        return frames
    }

    @Test(arguments: 0..<10) func queriesMatchABruteForceScan(seed: Int) {
        let counts = [17, 0, 40, 3]
        checkAgainstBruteForce(Self.justified(counts, seed: seed), itemCounts: counts, seed: seed)
    }

    @Test func headersSectionsAndEnds() {
        let frames = Self.justified([5, 0, 5], seed: 1)
        #expect(frames.headerFrame(ofSection: 1)?.height == 30)
        #expect(frames.item(at: Point(x: 10, y: 10)) == nil, "a header is no item")
        #expect(frames.nearestItem(to: Point(x: 10, y: 10)) == ItemPath(item: 0))
        #expect(frames.nearestItem(to: Point(x: 10, y: -50)) == ItemPath(item: 0))
        #expect(frames.nearestItem(to: Point(x: 10, y: 1e6)) == ItemPath(section: 2, item: 4))
        #expect(frames.firstItem == ItemPath(item: 0) && frames.lastItem == ItemPath(section: 2, item: 4))
        #expect(frames.sections(in: Rect(x: 0, y: 0, width: 10, height: 1)) == 0...0)
        #expect(frames.count(inSection: 1) == 0 && frames.count(inSection: 9) == 0)
    }

    @Test(arguments: 0..<5) func upAndDownGoToTheNearestItemAcrossInTheNextLine(seed: Int) {
        let frames = Self.justified([60], seed: seed)
        for index in 0..<60 {
            let item = ItemPath(item: index), frame = frames.frame(of: item)
            guard let below = frames.item(movingFrom: item, direction: .down) else {
                #expect(frame.maxY + 4 >= frames.contentSize.height - 1, "only the last line has nothing below")
                continue
            }
            let line = (0..<60).map { ItemPath(item: $0) }.filter { frames.frame(of: $0).minY == frames.frame(of: below).minY }
            let best = line.min { abs(frames.frame(of: $0).midX - frame.midX) < abs(frames.frame(of: $1).midX - frame.midX) }
            #expect(frames.frame(of: below).minY == frame.maxY + 4, "the next line")
            #expect(abs(frames.frame(of: below).midX - frame.midX) == abs(frames.frame(of: best!).midX - frame.midX))
            #expect(frames.item(movingFrom: below, direction: .up).map { frames.frame(of: $0).minY } == frame.minY)
        }
        #expect(frames.item(movingFrom: ItemPath(item: 0), direction: .left) == nil)
        #expect(frames.item(movingFrom: ItemPath(item: 0), direction: .right) == ItemPath(item: 1))
    }
}
