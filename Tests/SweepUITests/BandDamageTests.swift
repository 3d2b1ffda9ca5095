import SweepGeometry
import SweepPixman
import SweepViews
import Testing
@testable import SweepUI

/// A band step repaints only the strips between its old and new
/// rectangles: frames drawn that way, each over the last, show exactly the
/// pixels of frames drawn whole, at scale 1, 1.5 and 2, in a list and a
/// grid, while the band grows, shrinks and crosses its anchor.
@MainActor
@Suite struct BandDamageTests {
    private static let size = Size(width: 320, height: 440)

    @Test(arguments: [(false, 1.0), (false, 1.5), (true, 2.0), (true, 1.0)])
    func stepsRepaintedInStripsEqualWholeFrames(grid: Bool, scale: Double) throws {
        let (view, host) = DamageFrames.makeView(grid: grid, size: Self.size)
        let width = Int((Self.size.width * scale).rounded(.up)), height = Int((Self.size.height * scale).rounded(.up))
        let incremental = try #require(PixmanImage(width: width, height: height))
        let whole = try #require(PixmanImage(width: width, height: height))
        let fonts = try FontSet(scale: scale)
        view.draw(in: PixmanCanvas(image: incremental, scale: scale, fonts: fonts), damage: Region(view.frame))
        _ = host.takeDamage()
        let arena = host.gestureArena
        arena.pointerMoved(to: Point(x: 150, y: 120), time: 100)
        host.invalidate(view.hover(at: Point(x: 150, y: 120)))
        arena.pointerButton(pressed: true, modifiers: [], time: 100)
        // Out to the lower right, back across the anchor to the upper left, then down again.
        var path: [Point] = []
        for step in 1...30 { path.append(Point(x: 150 + 5.4 * Double(step), y: 120 + 8.5 * Double(step))) }
        for step in 1...40 { path.append(Point(x: 312 - 7.35 * Double(step), y: 375 - 8.925 * Double(step))) }
        for step in 1...20 { path.append(Point(x: 18 + 2.9 * Double(step), y: 18 + 9.9 * Double(step))) }
        var bandSteps = 0, bigBandSteps = 0, stripSteps = 0
        for (step, point) in path.enumerated() {
            arena.pointerMoved(to: point, time: 116 + 16 * Double(step))
            host.invalidate(view.hover(at: point))   // as the window does for the component under the pointer
            let damage = host.takeDamage().alignedOutward(scale: scale)   // as the window repaints it
            guard !damage.isEmpty else { continue }
            if let band = view.itemView.bandRect {
                bandSteps += 1
                if band.area > 5000 {
                    bigBandSteps += 1
                    if damage.rects.reduce(0, { $0 + $1.area }) < 0.5 * band.area { stripSteps += 1 }
                }
            }
            view.draw(in: PixmanCanvas(image: incremental, scale: scale, fonts: fonts), damage: damage)
            whole.clear()
            view.draw(in: PixmanCanvas(image: whole, scale: scale, fonts: fonts), damage: Region(view.frame))
            let (differing, first) = DamageFrames.difference(incremental, whole)
            #expect(differing == 0, "step \(step) to \(point): \(differing) pixels differ, the first at \(String(describing: first))")
        }
        arena.pointerButton(pressed: false, modifiers: [], time: 1000)
        // Once the band is larger than its edges, most steps repaint less than half its area
        // (those that change the selection also repaint the items they change).
        #expect(bandSteps >= 80 && bigBandSteps >= 40)
        #expect(stripSteps * 10 >= bigBandSteps * 6, "\(stripSteps) of \(bigBandSteps) steps repainted less than half the band")
    }
}
