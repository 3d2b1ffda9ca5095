import Testing
@testable import SweepGeometry

@Suite struct RegionTests {
    @Test func aRectangleInsideAnotherAddsNothing() {
        var region = Region(Rect(x: 0, y: 0, width: 100, height: 100))
        region.add(Rect(x: 10, y: 10, width: 5, height: 5))
        #expect(region.rects.count == 1)
    }

    @Test func aLargerRectangleSwallowsSmallerOnes() {
        var region = Region([Rect(x: 0, y: 0, width: 5, height: 5), Rect(x: 20, y: 20, width: 5, height: 5)])
        region.add(Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(region.rects == [Rect(x: 0, y: 0, width: 50, height: 50)])
    }

    @Test func emptyRectanglesAreIgnored() {
        var region = Region()
        region.add(Rect(x: 5, y: 5, width: 0, height: 10))
        #expect(region.isEmpty)
    }

    @Test func tooManyRectanglesCollapseToTheirBounds() {
        var region = Region()
        for index in 0...Region.maximumRectangles {
            region.add(Rect(x: Double(index) * 20, y: 0, width: 10, height: 10))
        }
        #expect(region.rects.count == 1)
        #expect(region.bounds == Rect(x: 0, y: 0, width: Double(Region.maximumRectangles) * 20 + 10, height: 10))
    }

    @Test func clippingKeepsOnlyTheInside() {
        let region = Region([Rect(x: -10, y: -10, width: 20, height: 20), Rect(x: 500, y: 500, width: 5, height: 5)])
        #expect(region.clipped(to: Rect(x: 0, y: 0, width: 100, height: 100)).rects == [Rect(x: 0, y: 0, width: 10, height: 10)])
    }

    @Test func scaledOutwardCoversEveryTouchedDevicePixel() {
        #expect(Rect(x: 0.5, y: 1.2, width: 1, height: 1).scaledOutward(by: 2) == Rect(x: 1, y: 2, width: 2, height: 3))
        #expect(Rect(x: 1, y: 1, width: 3, height: 3).scaledOutward(by: 1.5) == Rect(x: 1, y: 1, width: 5, height: 5))
    }

    @Test func intersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)), "touching edges do not intersect")
        #expect(a.contains(Point(x: 0, y: 0)) && !a.contains(Point(x: 10, y: 5)))
    }
}
