import SweepTestSupport
import Testing
@testable import SweepGeometry

/// Region is the damage that drives repainting: it may cover more than asked
/// (that only costs time) but never less (that leaves stale pixels).
@Suite struct RegionTests {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let b = Rect(x: 50, y: 0, width: 10, height: 10)
    let c = Rect(x: 0, y: 50, width: 10, height: 10)

    // MARK: add

    @Test func aNewRegionIsEmpty() {
        #expect(Region().isEmpty)
        #expect(Region().rects.isEmpty)
        #expect(Region().bounds == .zero)
    }

    @Test func emptyRectanglesAreIgnored() {
        var region = Region()
        region.add(Rect(x: 5, y: 5, width: 0, height: 10))
        region.add(Rect(x: 5, y: 5, width: 10, height: -1))
        #expect(region.isEmpty)
        #expect(Region(Rect.zero).isEmpty)
    }

    @Test func aRectangleInsideAnotherAddsNothing() {
        var region = Region(Rect(x: 0, y: 0, width: 100, height: 100))
        region.add(Rect(x: 10, y: 10, width: 5, height: 5))
        region.add(Rect(x: 0, y: 0, width: 100, height: 1))   // flush with the edges
        region.add(Rect(x: 0, y: 0, width: 100, height: 100)) // the same again
        #expect(region.rects == [Rect(x: 0, y: 0, width: 100, height: 100)])
    }

    @Test func aLargerRectangleSwallowsSmallerOnes() {
        var region = Region([a, b, Rect(x: 200, y: 200, width: 5, height: 5)])
        region.add(Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(Set(region.rects) == [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 200, y: 200, width: 5, height: 5)])
    }

    @Test func overlappingRectanglesAreBothKept() {
        let overlapping = Rect(x: 5, y: 5, width: 10, height: 10)
        let region = Region([a, overlapping])
        #expect(region.rects == [a, overlapping])
    }

    @Test func upToTheMaximumRectanglesAreKeptApart() {
        var region = Region()
        for index in 0..<Region.maximumRectangles {
            region.add(Rect(x: Double(index) * 20, y: 0, width: 10, height: 10))
        }
        #expect(region.rects.count == Region.maximumRectangles)
    }

    @Test func oneMoreMergesTheTwoThatCostLeast() {
        var region = Region()
        // Squares 20 apart in a row, and one more just right of the fifth: those two merge.
        for index in 0..<Region.maximumRectangles {
            region.add(Rect(x: Double(index) * 20, y: Double(index % 3) * 7, width: 10, height: 10))
        }
        let near = Rect(x: 4 * 20 + 11, y: 7, width: 4, height: 10)
        region.add(near)
        #expect(region.rects.count == Region.maximumRectangles)
        #expect(region.rects.contains(Rect(x: 80, y: 7, width: 15, height: 10)), "\(region)")
        // A thin strip far away is kept apart; the box is not the whole region's.
        region.add(Rect(x: 0, y: 1000, width: 400, height: 3))
        #expect(region.rects.count == Region.maximumRectangles)
        #expect(region.rects.contains(Rect(x: 0, y: 1000, width: 400, height: 3)), "\(region)")
        #expect(!region.rects.contains { $0.height > 20 })
    }

    /// A band's strips of damage, two steps a frame and the frame before (buffer age 2), stay strips.
    @Test func aBandsStripsStayThin() {
        var region = Region()
        for step in 0..<4 {
            let corner = 600 + Double(step) * 6
            // What one step repaints: the edges around the grown rectangle.
            region.add(Rect(x: 98, y: 98, width: corner - 94, height: 7))
            region.add(Rect(x: 98, y: 98, width: 7, height: corner - 94))
            region.add(Rect(x: corner - 5, y: 98, width: 13, height: corner - 94))
            region.add(Rect(x: 98, y: corner - 5, width: corner - 94, height: 13))
        }
        #expect(!region.rects.contains { $0.width > 40 && $0.height > 40 }, "\(region)")
        #expect(region.rects.reduce(0) { $0 + $1.area } < 0.25 * 530 * 530, "\(region)")
    }

    @Test func initialisersAddLikeAdd() {
        var added = Region()
        for rect in [a, b, Rect(x: 1, y: 1, width: 2, height: 2), c] { added.add(rect) }
        #expect(Region([a, b, Rect(x: 1, y: 1, width: 2, height: 2), c]) == added)
        #expect(Region(a).rects == [a])
    }

    // MARK: bounds

    @Test func boundsHoldEveryRectangleAndNotTheOrigin() {
        // Rectangles far from (0, 0): the bounding box must not stretch to the origin.
        let region = Region([Rect(x: 100, y: 200, width: 10, height: 10), Rect(x: 300, y: 150, width: 20, height: 5)])
        #expect(region.bounds == Rect(x: 100, y: 150, width: 220, height: 60))
    }

    // MARK: clipped

    @Test func clippingKeepsOnlyTheInside() {
        let region = Region([Rect(x: -10, y: -10, width: 20, height: 20), Rect(x: 500, y: 500, width: 5, height: 5),
                             Rect(x: 90, y: 50, width: 20, height: 10)])
        let clipped = region.clipped(to: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(clipped.rects == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 90, y: 50, width: 10, height: 10)])
    }

    @Test func clippingToAnEdgeLeavesNothing() {
        let region = Region(Rect(x: 100, y: 0, width: 10, height: 10))
        #expect(region.clipped(to: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
        #expect(Region().clipped(to: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
    }

    @Test func clippingDoesNotChangeTheOriginal() {
        let region = Region(Rect(x: -10, y: -10, width: 20, height: 20))
        _ = region.clipped(to: a)
        #expect(region.rects == [Rect(x: -10, y: -10, width: 20, height: 20)])
    }

    // MARK: union

    @Test func unionHoldsBothAndDropsWhatIsCovered() {
        let first = Region([a, b])
        let second = Region([c, Rect(x: 2, y: 2, width: 3, height: 3)])
        let union = first.union(second)
        #expect(Set(union.rects) == [a, b, c])
        #expect(first.rects == [a, b], "union does not change its operands")
        var formed = first
        formed.formUnion(second)
        #expect(formed == union)
        #expect(first.union(Region()) == first)
        #expect(Region().union(first) == first)
    }

    @Test func intersectsAndOffset() {
        let region = Region([a, b])
        #expect(region.intersects(Rect(x: 55, y: 5, width: 1, height: 1)))
        #expect(!region.intersects(Rect(x: 20, y: 0, width: 10, height: 10)), "in the gap")
        #expect(!region.intersects(Rect(x: 10, y: 0, width: 10, height: 10)), "touching only")
        #expect(region.offsetBy(dx: 5, dy: -5).rects == [a.offsetBy(dx: 5, dy: -5), b.offsetBy(dx: 5, dy: -5)])
    }

    // MARK: properties

    @Test(arguments: 1...30)
    func randomDamageIsAlwaysCovered(seed: Int) {
        var random = SplitMix64(seed: seed)
        var region = Region()
        var added: [Rect] = []
        var bounds = Rect.zero
        for _ in 0..<(1 + random.below(40)) {
            // Coarse coordinates so containment and equality actually happen.
            let rect = Rect(x: Double(random.below(20)) * 10, y: Double(random.below(20)) * 10,
                            width: Double(random.below(8)) * 10, height: Double(random.below(8)) * 10)
            region.add(rect)
            if !rect.isEmpty { added.append(rect); bounds = bounds.union(rect) }
            // Never less than asked: every rectangle added lies inside one rectangle kept.
            for old in added { #expect(region.rects.contains { $0.contains(old) }, "\(old) lost from \(region)") }
            // Never much more: nothing outside the added rectangles' bounds.
            #expect(region.bounds == bounds)
            #expect(region.rects.count <= Region.maximumRectangles)
            #expect(region.rects.allSatisfy { !$0.isEmpty })
            // No rectangle kept is inside another kept one.
            for (i, r) in region.rects.enumerated() {
                for (j, s) in region.rects.enumerated() where i != j { #expect(!r.contains(s)) }
            }
        }
    }
}
