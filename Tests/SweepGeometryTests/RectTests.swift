import SweepTestSupport
import Testing
@testable import SweepGeometry

/// Rect is the unit of damage, clipping and hit testing: its edge rules
/// (left/top inside, right/bottom outside) decide which pixel belongs to whom.
@Suite struct RectTests {
    let square = Rect(x: 10, y: 20, width: 30, height: 40)   // x 10..<40, y 20..<60

    @Test func accessorsDescribeTheEdges() {
        #expect(square.minX == 10 && square.maxX == 40)
        #expect(square.minY == 20 && square.maxY == 60)
        #expect(square.midX == 25 && square.midY == 40)
        #expect(!square.isEmpty)
        #expect(Rect(x: 5, y: 5, width: 0, height: 3).isEmpty)
        #expect(Rect(x: 5, y: 5, width: 3, height: -1).isEmpty)
    }

    // MARK: contains

    @Test func containsPointIncludesTheLeadingEdgesOnly() {
        #expect(square.contains(Point(x: 10, y: 20)), "top-left corner is inside")
        #expect(square.contains(Point(x: 39.999, y: 59.999)))
        #expect(!square.contains(Point(x: 40, y: 30)), "right edge belongs to the next rectangle")
        #expect(!square.contains(Point(x: 20, y: 60)), "bottom edge belongs to the next rectangle")
        #expect(!square.contains(Point(x: 9.999, y: 30)))
        #expect(!square.contains(Point(x: 20, y: 19.999)))
    }

    @Test func adjacentRectanglesShareNoPoint() {
        // A point on a shared edge is in exactly one of two tiles: hit tests are unambiguous.
        let left = Rect(x: 0, y: 0, width: 10, height: 10), right = Rect(x: 10, y: 0, width: 10, height: 10)
        for y in stride(from: 0.0, to: 10, by: 0.5) {
            let point = Point(x: 10, y: y)
            #expect(left.contains(point) != right.contains(point))
        }
    }

    @Test func anEmptyRectangleContainsNoPoint() {
        let empty = Rect(x: 10, y: 10, width: 0, height: 10)
        #expect(!empty.contains(Point(x: 10, y: 15)))
    }

    @Test func containsRectangle() {
        #expect(square.contains(square), "a rectangle contains itself")
        #expect(square.contains(Rect(x: 10, y: 20, width: 1, height: 40)), "flush with the edges")
        #expect(square.contains(Rect(x: 15, y: 25, width: 5, height: 5)))
        #expect(!square.contains(Rect(x: 15, y: 25, width: 26, height: 5)), "sticks out on the right")
        #expect(!square.contains(Rect(x: 9, y: 25, width: 5, height: 5)), "sticks out on the left")
        #expect(!square.contains(Rect(x: 15, y: 55, width: 5, height: 6)), "sticks out at the bottom")
        #expect(!Rect(x: 15, y: 25, width: 5, height: 5).contains(square), "containment is not symmetric")
    }

    // MARK: intersects / intersection

    @Test func intersectsNeedsAnOverlapOfPositiveArea() {
        #expect(square.intersects(Rect(x: 35, y: 55, width: 10, height: 10)))
        #expect(square.intersects(Rect(x: 0, y: 0, width: 100, height: 100)), "enclosing")
        #expect(square.intersects(Rect(x: 20, y: 30, width: 1, height: 1)), "enclosed")
        #expect(!square.intersects(Rect(x: 40, y: 20, width: 10, height: 10)), "touching on the right")
        #expect(!square.intersects(Rect(x: 10, y: 60, width: 10, height: 10)), "touching at the bottom")
        #expect(!square.intersects(Rect(x: 0, y: 0, width: 10, height: 20)), "touching at a corner")
        #expect(!square.intersects(Rect(x: 100, y: 100, width: 1, height: 1)), "far away")
        #expect(!square.intersects(Rect(x: 20, y: 30, width: 0, height: 5)), "an empty rectangle inside")
        #expect(!Rect(x: 20, y: 30, width: 0, height: 5).intersects(square), "either side empty")
    }

    @Test func intersectionIsTheOverlap() {
        let other = Rect(x: 30, y: 50, width: 100, height: 100)
        #expect(square.intersection(other) == Rect(x: 30, y: 50, width: 10, height: 10))
        #expect(other.intersection(square) == square.intersection(other), "commutative")
        let inner = Rect(x: 12, y: 22, width: 3, height: 4)
        #expect(square.intersection(inner) == inner)
        #expect(square.intersection(square) == square)
    }

    @Test func disjointOrTouchingRectanglesIntersectInZero() {
        #expect(square.intersection(Rect(x: 40, y: 20, width: 5, height: 5)) == .zero)
        #expect(square.intersection(Rect(x: 200, y: 200, width: 5, height: 5)) == .zero)
        #expect(square.intersection(Rect(x: -50, y: 20, width: 5, height: 5)) == .zero)
    }

    // MARK: union

    @Test func unionIsTheBoundingBox() {
        let other = Rect(x: 100, y: 0, width: 10, height: 10)
        #expect(square.union(other) == Rect(x: 10, y: 0, width: 100, height: 60))
        #expect(other.union(square) == square.union(other), "commutative")
        #expect(square.union(Rect(x: 12, y: 22, width: 1, height: 1)) == square, "an enclosed one adds nothing")
    }

    @Test func anEmptySideContributesNothingToAUnion() {
        // Otherwise `.zero` would drag every bounding box to the origin.
        let far = Rect(x: 500, y: 600, width: 10, height: 10)
        #expect(Rect.zero.union(far) == far)
        #expect(far.union(.zero) == far)
        #expect(far.union(Rect(x: 0, y: 0, width: 0, height: 100)) == far)
        #expect(Rect.zero.union(.zero).isEmpty)
    }

    // MARK: scaledOutward

    @Test func scaledOutwardKeepsWholePixelRectanglesExact() {
        #expect(square.scaledOutward(by: 1) == square)
        #expect(square.scaledOutward(by: 2) == Rect(x: 20, y: 40, width: 60, height: 80))
    }

    @Test func scaledOutwardRoundsEachEdgeAway() {
        // 0.5*2 = 1, 1.2*2 = 2.4 → 2; 1.5*2 = 3, 2.2*2 = 4.4 → 5.
        #expect(Rect(x: 0.5, y: 1.2, width: 1, height: 1).scaledOutward(by: 2) == Rect(x: 1, y: 2, width: 2, height: 3))
        // 1.25: 1 → 1.25 → 1 and 4 → 5.
        #expect(Rect(x: 1, y: 1, width: 3, height: 3).scaledOutward(by: 1.25) == Rect(x: 1, y: 1, width: 4, height: 4))
        #expect(Rect(x: -0.3, y: -1.7, width: 1, height: 1).scaledOutward(by: 1) == Rect(x: -1, y: -2, width: 2, height: 2))
    }

    @Test(arguments: [1.0, 1.25, 1.5, 1.75, 2, 3])
    func scaledOutwardCoversTheExactlyScaledRectangle(scale: Double) {
        var random = SplitMix64(seed: Int(scale * 100))
        for _ in 0..<500 {
            let rect = Rect(x: random.unit() * 400 - 100, y: random.unit() * 400 - 100,
                            width: random.unit() * 50 + 0.01, height: random.unit() * 50 + 0.01)
            let device = rect.scaledOutward(by: scale)
            // Whole pixels, covering the exact image, and less than a pixel bigger on each side.
            #expect(device.minX == device.minX.rounded() && device.maxX == device.maxX.rounded())
            #expect(device.minY == device.minY.rounded() && device.maxY == device.maxY.rounded())
            #expect(device.minX <= rect.minX * scale && device.maxX >= rect.maxX * scale)
            #expect(device.minY <= rect.minY * scale && device.maxY >= rect.maxY * scale)
            #expect(rect.minX * scale - device.minX < 1 && device.maxX - rect.maxX * scale < 1)
            #expect(rect.minY * scale - device.minY < 1 && device.maxY - rect.maxY * scale < 1)
        }
    }

    // MARK: offset / inset

    @Test func offsetAndInset() {
        #expect(square.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 30, height: 40))
        #expect(square.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 30, width: 20, height: 20))
        #expect(square.insetBy(dx: -1, dy: -1) == Rect(x: 9, y: 19, width: 32, height: 42))
        #expect(square.insetBy(dx: 20, dy: 0).isEmpty, "over-insetting leaves an empty rectangle, not a negative one")
        #expect(square.insetBy(dx: 20, dy: 0).width == 0)
    }
}
