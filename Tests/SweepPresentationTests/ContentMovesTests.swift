import SweepGeometry
import Testing
@testable import SweepPresentation

/// Scrolling by copying: what a frame copies from the one before, and what
/// it must repaint. A wrong plan leaves stale pixels, so every case says
/// both what is copied and that the rest is damaged.
@Suite struct ContentMovesTests {
    let list = Rect(x: 0, y: 44, width: 300, height: 200)

    @Test func aScrollCopiesWhatStaysVisibleAndRepaintsTheUncoveredStrip() {
        var moves = ContentMoves(), damage = Region()
        moves.add(area: list, dy: -30, damage: &damage)   // content up 30 px: the offset grew
        let plan = moves.plan(scale: 1)
        #expect(plan.copies == [ContentMoves.Copy(destination: Rect(x: 0, y: 44, width: 300, height: 170), dy: -30)])
        #expect(plan.moved == [Rect(x: 0, y: 44, width: 300, height: 170)])
        #expect(moves.uncopied(after: plan.moved).rects == [Rect(x: 0, y: 214, width: 300, height: 30)])
    }

    @Test func atScaleTwoTheCopyIsInDevicePixels() {
        var moves = ContentMoves(), damage = Region()
        moves.add(area: list, dy: 10, damage: &damage)
        #expect(moves.plan(scale: 2).copies == [ContentMoves.Copy(destination: Rect(x: 0, y: 108, width: 600, height: 380), dy: 20)])
    }

    @Test func aMoveBetweenDevicePixelsIsRepaintedNotCopied() {
        var moves = ContentMoves(), damage = Region()
        moves.add(area: list, dy: -3, damage: &damage)
        let plan = moves.plan(scale: 1.5)   // 4.5 device rows
        #expect(plan.copies.isEmpty && plan.moved.isEmpty)
        #expect(moves.uncopied(after: plan.moved).rects == [list])
        var even = ContentMoves()
        even.add(area: list, dy: -4, damage: &damage)
        #expect(even.plan(scale: 1.5).copies.first?.dy == -6)
    }

    @Test func movesOfOneAreaAddUpAndAMoveOfAllOfItCopiesNothing() {
        var moves = ContentMoves(), damage = Region()
        moves.add(area: list, dy: -30, damage: &damage)
        moves.add(area: list, dy: 12, damage: &damage)
        #expect(moves.moves.map(\.dy) == [-18])
        moves.add(area: list, dy: -300, damage: &damage)
        #expect(moves.plan(scale: 1).copies.isEmpty)
        #expect(moves.uncopied(after: []).rects == [list])
    }

    @Test func damageNotedBeforeAMoveMovesWithIt() {
        var moves = ContentMoves()
        var damage = Region(Rect(x: 0, y: 100, width: 300, height: 44))   // a row whose selection changed
        damage.add(Rect(x: 0, y: 0, width: 300, height: 44))             // the toolbar: outside the area
        moves.add(area: list, dy: -30, damage: &damage)
        #expect(Set(damage.rects) == [Rect(x: 0, y: 100, width: 300, height: 44), Rect(x: 0, y: 70, width: 300, height: 44),
                                      Rect(x: 0, y: 0, width: 300, height: 44)])
    }

    @Test func whatIsDrawnOverTheAreaIsNeitherCopiedNorCopiedFrom() {
        var moves = ContentMoves(), damage = Region()
        let banner = Rect(x: 12, y: 150, width: 276, height: 82)
        moves.add(area: list, dy: -20, covered: [banner], damage: &damage)
        let plan = moves.plan(scale: 1)
        for moved in plan.moved {
            #expect(!moved.intersects(banner), "copied over the banner: \(moved)")
            #expect(!moved.offsetBy(dx: 0, dy: 20).intersects(banner), "copied from the banner: \(moved)")
        }
        let uncopied = moves.uncopied(after: plan.moved)
        #expect(uncopied.rects.contains { $0.contains(banner) } || uncopied.rects.contains { $0.intersects(banner) })
        // Copied plus uncopied is the whole area, each pixel once.
        let copiedArea = plan.moved.reduce(0) { $0 + $1.width * $1.height }
        let rest = uncopied.rects.reduce(0) { $0 + $1.width * $1.height }
        #expect(copiedArea + rest == list.width * list.height)
    }

    @Test func overlappingAreasAreRepaintedWhole() {
        var moves = ContentMoves(), damage = Region()
        moves.add(area: list, dy: -10, damage: &damage)
        moves.add(area: Rect(x: 100, y: 44, width: 300, height: 200), dy: -10, damage: &damage)
        #expect(moves.isEmpty)
        #expect(damage.bounds == Rect(x: 0, y: 44, width: 400, height: 200))
    }
}
