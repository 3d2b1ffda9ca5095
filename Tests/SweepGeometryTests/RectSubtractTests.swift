import Testing
import SweepGeometry

/// Subtraction decides which pixels scrolling copies and which it repaints:
/// the pieces must cover exactly the rectangle less the cut, never overlap.
@Suite struct RectSubtractTests {
    let area = Rect(x: 0, y: 0, width: 100, height: 50)

    /// Every whole-pixel point of `rect`, for comparing covers.
    private func points(_ rects: [Rect], within bounds: Rect) -> [Int] {
        var counts: [Int] = []
        for y in Int(bounds.minY)..<Int(bounds.maxY) {
            for x in Int(bounds.minX)..<Int(bounds.maxX) {
                let point = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                counts.append(rects.filter { $0.contains(point) }.count)
            }
        }
        return counts
    }

    @Test func aHoleInTheMiddleLeavesFourPiecesThatCoverTheRestOnce() {
        let hole = Rect(x: 30, y: 10, width: 20, height: 15)
        let pieces = area.subtracting(hole)
        #expect(pieces.count == 4)
        let expected = points([area], within: area).indices.map { index -> Int in
            let point = Point(x: Double(index % 100) + 0.5, y: Double(index / 100) + 0.5)
            return hole.contains(point) ? 0 : 1
        }
        #expect(points(pieces, within: area) == expected)
    }

    @Test func cutsOverAnEdgeOrOutsideOrOverEverything() {
        #expect(area.subtracting(Rect(x: 0, y: 40, width: 100, height: 30)) == [Rect(x: 0, y: 0, width: 100, height: 40)])
        #expect(area.subtracting(Rect(x: 200, y: 0, width: 5, height: 5)) == [area])
        #expect(area.subtracting(Rect(x: -5, y: -5, width: 200, height: 200)).isEmpty)
        #expect(Rect.zero.subtracting(area).isEmpty)
    }

    @Test func aRegionLosesEachRectangle() {
        let region = Region([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10)])
        let rest = region.subtracting([Rect(x: 5, y: 0, width: 20, height: 10)])
        #expect(Set(rest.rects) == [Rect(x: 0, y: 0, width: 5, height: 10), Rect(x: 25, y: 0, width: 5, height: 10)])
    }
}
