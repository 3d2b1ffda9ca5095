import SweepGeometry
import SweepPixman
import SweepViews
import Testing
@testable import SweepUI

/// Entering or leaving editing mode repaints a grid's selection circles, not
/// its cells: frames drawn from that damage equal frames drawn whole, at
/// scales 1, 1.5 and 2, with items selected and not. A list, whose rows move
/// for the checkbox column, repaints the whole view.
@MainActor
@Suite struct EditingDamageTests {
    private static let size = Size(width: 330, height: 440)

    @Test(arguments: [1.0, 1.5, 2.0])
    func aGridRepaintsItsCirclesAndTheFramesEqualWholeOnes(scale: Double) throws {
        let (view, host) = DamageFrames.makeView(grid: true, size: Self.size)
        let width = Int((Self.size.width * scale).rounded(.up)), height = Int((Self.size.height * scale).rounded(.up))
        let incremental = try #require(PixmanImage(width: width, height: height))
        let whole = try #require(PixmanImage(width: width, height: height))
        let fonts = try FontSet(scale: scale)
        view.itemView.scrollImmediately(to: 37)   // cells cut by the view's top edge
        view.draw(in: PixmanCanvas(image: incremental, scale: scale, fonts: fonts), damage: Region(view.frame))
        _ = host.takeDamage()
        let viewArea = view.frame.area
        for (step, editing) in [true, false, true].enumerated() {
            if step == 1 {
                // Leaving editing mode with items selected also repaints the items it deselects.
                // Two wholly visible cells, so selecting them scrolls nothing.
                let shown = (0..<60).map { ItemPath(section: 0, item: $0) }.filter { item in
                    let frame = view.layout.frame(of: item)
                    return frame.minY >= 37 && frame.maxY <= 37 + Self.size.height
                }
                try #require(shown.count > 5)
                view.selectItem(at: shown[1], scrollPosition: .none)
                view.selectItem(at: shown[5], scrollPosition: .none)
                view.draw(in: PixmanCanvas(image: incremental, scale: scale, fonts: fonts),
                          damage: host.takeDamage().alignedOutward(scale: scale))
            }
            view.setEditing(editing)
            let damage = host.takeDamage().alignedOutward(scale: scale)
            let repainted = damage.rects.reduce(0) { $0 + $1.area }
            #expect(repainted > 0 && repainted < 0.3 * viewArea, "step \(step): \(repainted) of \(viewArea) points repainted")
            view.draw(in: PixmanCanvas(image: incremental, scale: scale, fonts: fonts), damage: damage)
            whole.clear()
            view.draw(in: PixmanCanvas(image: whole, scale: scale, fonts: fonts), damage: Region(view.frame))
            let (differing, first) = DamageFrames.difference(incremental, whole)
            #expect(differing == 0, "step \(step): \(differing) pixels differ, the first at \(String(describing: first))")
        }
    }

    @Test func aListRepaintsTheWholeView() throws {
        let (view, host) = DamageFrames.makeView(grid: false, size: Self.size)
        _ = host.takeDamage()
        view.setEditing(true)
        #expect(host.takeDamage().rects.contains { $0.contains(view.frame) })
    }
}
