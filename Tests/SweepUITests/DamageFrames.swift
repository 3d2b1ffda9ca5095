import SweepGeometry
import SweepPixman
@testable import SweepUI

/// What the damage tests share: a collection view of 500 titled items that
/// may select several in editing mode, and a pixel-by-pixel comparison of a
/// frame repainted from damage with one drawn whole.
@MainActor
enum DamageFrames {
    static func makeView(grid: Bool, size: Size) -> (CollectionView, TestHost) {
        let host = TestHost()
        let layout: any CollectionViewLayout = grid ? CollectionGridLayout() : CollectionListLayout()
        let view = CollectionView(layout: layout, dataSource: StringItems((0..<500).map { "Item \($0)" }))
        view.allowsMultipleSelectionDuringEditing = true
        view.attach(to: host)
        view.setFrame(Rect(origin: .zero, size: size))
        return (view, host)
    }

    /// How many pixels differ between two images of one size, and the first that does.
    static func difference(_ a: PixmanImage, _ b: PixmanImage) -> (count: Int, first: (x: Int, y: Int)?) {
        var count = 0, first: (x: Int, y: Int)?
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                count += 1
                if first == nil { first = (x, y) }
            }
        }
        return (count, first)
    }
}
