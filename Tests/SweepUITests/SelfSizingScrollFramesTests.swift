import SweepGeometry
import SweepPixman
import SweepPresentation
import SweepViews
import Testing
@testable import SweepUI

/// Messages whose snippets take one, two or three lines, under a header a day.
private final class Days: ListDataSource {
    var sectionCounts: [Int] { Array(repeating: 40, count: 50) }
    func title(for item: ItemPath) -> String { "Message \(item.section).\(item.item)" }
    func subtitle(for item: ItemPath) -> String? {
        (0..<[6, 20, 45][(item.item * 7) % 3]).map { "word\($0)" }.joined(separator: " ")
    }
    func headerTitle(forSection section: Int) -> String? { "Day \(section)" }
}

/// A fling over rows measured as they come in, each frame drawn as the
/// window draws it (the pixels that stay copied, the rest repainted), shows
/// exactly the pixels of frames drawn whole: down and back up, with the
/// headers pinned, at scale 1 and 2.
@MainActor
@Suite struct SelfSizingScrollFramesTests {
    @Test(arguments: [1.0, 2.0])
    func flingFramesCopiedAndRepaintedEqualWholeFrames(scale: Double) throws {
        let bounds = Rect(x: 0, y: 0, width: 400, height: 500)
        let fonts = try FontSet(scale: scale)
        let width = Int(bounds.width * scale), height = Int(bounds.height * scale)
        let incremental = try #require(PixmanImage(width: width, height: height))
        let whole = try #require(PixmanImage(width: width, height: height))
        let view = ItemsView(frame: bounds, layout: SelfSizingListLayout(estimatedRowHeight: 60, headerHeight: 28), dataSource: Days(),
                             theme: .light)
        view.renderer = ListRowRenderer(secondaryLineLimit: 3)
        view.pinsHeaders = true
        view.setScale(scale)
        view.textMeasurer = { fonts }
        view.measureItems()
        view.draw(in: PixmanCanvas(image: incremental, scale: scale, fonts: fonts), damage: Region(bounds))
        _ = view.takeScrollChange()
        var time = 0.0, frames = 0
        for velocity in [6.0, -5.0, 9.0] {
            view.fling(velocity: velocity, time: time)
            for _ in 0..<240 where view.isAnimating {
                time += 16
                _ = view.advance(to: time)
                guard let change = view.takeScrollChange() else { continue }
                var damage = change.damage, moves = ContentMoves()
                let covered = [view.pinnedHeaderStrip].compactMap { $0 }
                moves.add(area: change.area, dy: change.dy, covered: covered, damage: &damage)
                let plan = moves.plan(scale: scale)
                for copy in plan.copies {
                    let rect = copy.destination
                    incremental.copyRows(from: incremental, x: Int(rect.minX), y: Int(rect.minY), width: Int(rect.width),
                                         height: Int(rect.height), dy: copy.dy)
                }
                damage.formUnion(moves.uncopied(after: plan.moved))
                view.draw(in: PixmanCanvas(image: incremental, scale: scale, fonts: fonts), damage: damage.alignedOutward(scale: scale))
                whole.clear()
                view.draw(in: PixmanCanvas(image: whole, scale: scale, fonts: fonts), damage: Region(bounds))
                let (differing, first) = DamageFrames.difference(incremental, whole)
                #expect(differing == 0, "frame \(frames) at offset \(view.scroll.offset): \(differing) pixels differ, the first at \(String(describing: first))")
                frames += 1
                if differing > 0 { return }
            }
        }
        #expect(frames > 60)
        // Every item drawn exists: no frame past a section's last row.
        let layout = try #require(view.providedLayout as? SelfSizingListLayout)
        for range in layout.items(in: Rect(x: 0, y: 0, width: 400, height: layout.contentSize.height)) {
            #expect(range.items.upperBound < 40, "\(range)")
        }
    }
}
