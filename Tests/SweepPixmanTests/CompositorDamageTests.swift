import SweepGeometry
import Testing
@testable import SweepPixman

/// A frame's damage is merged until it makes few enough bands that wlroots
/// repaints it as given rather than its bounding box; what was damaged stays
/// covered, and the merging adds far fewer pixels than the bounding box would.
@Suite struct CompositorDamageTests {
    /// A band step at scale 2 that takes in a new column of six cells (device
    /// pixels, as Sweep reported it to sway): the band's old and new edge
    /// strips, the count in the title, and the cells. 26 bands: sway repainted
    /// its 2.3-million-pixel bounding box.
    static let columnStep: [Rect] = [
        Rect(x: 194, y: 1250, width: 1452, height: 16), Rect(x: 1626, y: 306, width: 20, height: 944),
        Rect(x: 194, y: 294, width: 1460, height: 12), Rect(x: 194, y: 1254, width: 1460, height: 16),
        Rect(x: 194, y: 306, width: 12, height: 948), Rect(x: 1634, y: 306, width: 20, height: 948),
        Rect(x: 1163, y: 0, width: 234, height: 86),
    ] + [104, 320, 536, 752, 968, 1184].map { Rect(x: 1644, y: Double($0), width: 200, height: 200) }

    private func area(_ rects: [Rect]) -> Double {
        // An estimate from every other pixel each way, close enough for the bounds below.
        var covered = 0.0
        let bounds = rects.reduce(Rect.zero) { $0.union($1) }
        for y in stride(from: bounds.minY + 0.5, to: bounds.maxY, by: 2) {
            for x in stride(from: bounds.minX + 0.5, to: bounds.maxX, by: 2)
            where rects.contains(where: { $0.contains(Point(x: x, y: y)) }) { covered += 4 }
        }
        return covered
    }

    @Test func aColumnStepIsMergedToFewBandsStillCoveringItAll() {
        #expect(CompositorDamage.bandCount(Self.columnStep) == 26)
        let limited = CompositorDamage.limitingBands(Self.columnStep)
        #expect(CompositorDamage.bandCount(limited) <= CompositorDamage.maximumBands)
        for rect in Self.columnStep {
            #expect(limited.contains { $0.contains(rect) }, "\(rect) is no longer covered by \(limited)")
        }
        let bounds = Self.columnStep.reduce(Rect.zero) { $0.union($1) }
        let before = area(Self.columnStep), after = area(limited)
        #expect(after < 1.5 * before, "merging grew the damage from \(before) to \(after) pixels")
        #expect(after < 0.25 * bounds.area, "\(after) pixels is not much less than the bounding box's \(bounds.area)")
    }

    /// The grid at scale 2 entering editing mode (a selection mark in every
    /// column of cells) and the band's first step after it, as Sweep sent them.
    static let editingEntered: [Rect] = [
        Rect(x: 0, y: 0, width: 2560, height: 88), Rect(x: 20, y: 104, width: 205, height: 1272),
    ] + [1788, 2020, 2252, 2484].map { Rect(x: Double($0), y: 248, width: 48, height: 1128) }
      + [396, 860, 1324].map { Rect(x: Double($0), y: 248, width: 280, height: 1128) }
    static let firstBandStep: [Rect] = [
        Rect(x: 194, y: 306, width: 50, height: 25), Rect(x: 212, y: 306, width: 32, height: 1),
        Rect(x: 1169, y: 0, width: 222, height: 86), Rect(x: 20, y: 320, width: 200, height: 200),
        Rect(x: 194, y: 319, width: 69, height: 25), Rect(x: 231, y: 306, width: 32, height: 13),
        Rect(x: 252, y: 104, width: 200, height: 200), Rect(x: 252, y: 320, width: 200, height: 200),
        Rect(x: 194, y: 294, width: 87, height: 12), Rect(x: 194, y: 331, width: 87, height: 25),
        Rect(x: 194, y: 306, width: 12, height: 26), Rect(x: 250, y: 306, width: 31, height: 26),
    ]

    @Test func theNextFrameIsMergedUntilBothTogetherStayWithinTheLimit() {
        // Each frame alone is within 10 bands, but their edges cut each other's bands: 49 together,
        // past the 20 wlroots counts over both when it repaints a buffer two frames old.
        let previous = Self.editingEntered, next = Self.firstBandStep
        #expect(CompositorDamage.bandCount(previous) <= CompositorDamage.maximumBands)
        #expect(CompositorDamage.bandCount(CompositorDamage.limitingBands(next) + previous) == 49)
        let limited = CompositorDamage.limitingBands(next, after: previous)
        #expect(CompositorDamage.bandCount(limited + previous) <= CompositorDamage.maximumBandsWithPrevious)
        #expect(CompositorDamage.bandCount(limited) <= CompositorDamage.maximumBands)
        for rect in next {
            #expect(limited.contains { $0.contains(rect) }, "\(rect) is no longer covered by \(limited)")
        }
        // Still much less than the bounding box a compositor would otherwise repaint.
        let bounds = (next + previous).reduce(Rect.zero) { $0.union($1) }
        #expect(area(limited) < 0.25 * bounds.area, "\(area(limited)) pixels against the bounding box's \(bounds.area)")
        // With nothing before, or damage that fits, the frame is limited on its own only.
        #expect(CompositorDamage.limitingBands(next, after: []) == CompositorDamage.limitingBands(next))
        let strip = [Rect(x: 0, y: 0, width: 10, height: 10)]
        #expect(CompositorDamage.limitingBands(strip, after: previous) == strip)
    }

    @Test func aFrameThatCannotGetUnderTheLimitIsNotMergedFurther() {
        // A small first step that sticks out of the left column's marks cuts across all their
        // bands: past 20 even as one rectangle, so the frame's own rectangles are left as they are.
        let previous = Self.editingEntered
        let step = [Rect(x: 194, y: 294, width: 40, height: 12), Rect(x: 214, y: 306, width: 20, height: 16)]
        #expect(CompositorDamage.bandCount([step.reduce(Rect.zero) { $0.union($1) }] + previous)
                > CompositorDamage.maximumBandsWithPrevious)
        #expect(CompositorDamage.limitingBands(step, after: previous) == CompositorDamage.limitingBands(step))
    }

    @Test func damageWithFewBandsIsLeftAsItIs() {
        let strips = Array(Self.columnStep.prefix(6))
        #expect(CompositorDamage.bandCount(strips) <= CompositorDamage.maximumBands)
        #expect(CompositorDamage.limitingBands(strips) == strips)
        #expect(CompositorDamage.limitingBands([]).isEmpty)
        #expect(CompositorDamage.limitingBands([Rect(x: 5, y: 5, width: 0, height: 9)]).isEmpty)
    }

    @Test func manyScatteredRectanglesEndWithinTheLimit() {
        // Half of an 8 × 8 checkerboard: 32 rectangles in 8 rows, which pixman keeps as 32.
        var cells: [Rect] = []
        for row in 0..<8 {
            for column in 0..<8 where (row + column) % 2 == 0 {
                cells.append(Rect(x: Double(column * 50), y: Double(row * 50), width: 40, height: 40))
            }
        }
        for limit in [1, 4, 10, 20] {
            let limited = CompositorDamage.limitingBands(cells, maximumBands: limit)
            #expect(CompositorDamage.bandCount(limited) <= limit)
            #expect(cells.allSatisfy { cell in limited.contains { $0.contains(cell) } })
        }
    }
}
