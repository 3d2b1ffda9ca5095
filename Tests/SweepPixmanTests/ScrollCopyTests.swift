import CPixman
import SweepGeometry
import SweepGraphics
import SweepLayout
import SweepPresentation
import SweepViews
import Testing
@testable import SweepPixman

/// Scrolling by copying must leave exactly the pixels a whole repaint would:
/// each frame here moves the view's pixels as `Window` does (`ContentMoves`
/// and `copyRows`), draws only what is left, and is compared pixel for
/// pixel with the same view drawn whole.
@Suite struct ScrollCopyTests {
    typealias Support = CanvasTestSupport

    final class Rows: RowDataSource {
        let numberOfRows = 1_000_000
        func title(forRow row: Int) -> String { "Row \(row)" }
        func subtitle(forRow row: Int) -> String? { row % 2 == 0 ? "Even row \(row)" : nil }
    }

    let frame = Rect(x: 0, y: 44, width: 300, height: 200)

    private func whole(_ view: ItemsView, scale: Double, banner: Rect? = nil) throws -> PixmanImage {
        let canvas = try Support.canvas(width: 300, height: 244, scale: scale)
        view.draw(in: canvas, damage: Region(view.frame))
        if let banner { canvas.fill(banner, color: Color(red: 20, green: 20, blue: 20)) }
        return canvas.image
    }

    /// One frame as the window draws it after a scroll: the pixels that stay
    /// visible are copied, the rest and the view's damage drawn. Returns the pixels copied.
    @discardableResult
    private func frameByCopying(_ view: ItemsView, into canvas: PixmanCanvas, extra: Region = Region(),
                                banner: Rect? = nil) -> Int {
        guard let change = view.takeScrollChange() else { return 0 }
        var moves = ContentMoves(), damage = extra
        moves.add(area: change.area, dy: change.dy, covered: banner.map { [$0] } ?? [], damage: &damage)
        let plan = moves.plan(scale: canvas.scale)
        for copy in plan.copies {
            let rect = copy.destination
            canvas.image.copyRows(from: canvas.image, x: Int(rect.minX), y: Int(rect.minY), width: Int(rect.width),
                                  height: Int(rect.height), dy: copy.dy)
        }
        damage.formUnion(moves.uncopied(after: plan.moved))
        damage.formUnion(change.damage)
        view.draw(in: canvas, damage: damage)
        if let banner, damage.intersects(banner) {
            canvas.withClip(damage.bounds) { canvas.fill(banner, color: Color(red: 20, green: 20, blue: 20)) }
        }
        return plan.copies.reduce(0) { $0 + Int($1.destination.width * $1.destination.height) }
    }

    private func differingPixels(_ a: PixmanImage, _ b: PixmanImage) -> Int {
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 } }
        return count
    }

    @Test(arguments: [1.0, 2.0])
    func aListScrolledByCopyingShowsWhatADrawingOfItWholeShows(scale: Double) throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: Rows(), theme: .light)
        _ = list.hover(at: Point(x: 50, y: 100))
        let canvas = try Support.canvas(width: 300, height: 244, scale: scale)
        list.draw(in: canvas, damage: Region(frame))
        var copied = 0
        // Down and up by fingers (fractional offsets), then a glide frame by frame.
        for offset in [57.4, 20.6, 21.2, 400, 388.5] {
            list.scrollImmediately(to: offset)
            copied += frameByCopying(list, into: canvas)
            #expect(differingPixels(canvas.image, try whole(list, scale: scale)) == 0, "at offset \(offset)")
        }
        list.scroll(by: 132)
        for time in stride(from: 0.0, through: 200, by: 16) {
            let fades = list.advance(to: time)
            copied += frameByCopying(list, into: canvas, extra: fades)
        }
        #expect(list.scroll.offset == 388.5 + 132)
        #expect(differingPixels(canvas.image, try whole(list, scale: scale)) == 0, "after the glide")
        #expect(copied > Int(300 * 150 * scale * scale) * 6, "most of each frame was copied: \(copied)")
    }

    @Test(arguments: [1.0, 2.0])
    func aGridInEditingModeWithABandScrolledByCopyingShowsWhatADrawingOfItWholeShows(scale: Double) throws {
        let grid = ItemsView(frame: frame, layout: .grid, dataSource: Rows(), theme: .light)
        grid.state?.isEditing = true
        grid.state?.selected = { $0.item % 3 == 0 }
        grid.state?.focusedItem = ItemPath(item: 4)
        grid.bandRect = Rect(x: 40, y: 30, width: 150, height: 260)
        let canvas = try Support.canvas(width: 300, height: 244, scale: scale)
        grid.draw(in: canvas, damage: Region(frame))
        for offset in [33.3, 150, 149, 12, 0] {
            grid.scrollImmediately(to: offset)
            frameByCopying(grid, into: canvas)
            #expect(differingPixels(canvas.image, try whole(grid, scale: scale)) == 0, "at offset \(offset)")
        }
    }

    @Test(arguments: [1.0, 2.0])
    func aBannerOverTheListStaysPutWhileTheRowsBesideItAreCopiedWithinOneBuffer(scale: Double) throws {
        // As the demo's banner: inset 12 px, so the rows beside it are pieces of their own.
        let banner = Rect(x: 12, y: 150, width: 276, height: 82)
        let list = ItemsView(frame: frame, layout: .list, dataSource: Rows(), theme: .light)
        let canvas = try Support.canvas(width: 300, height: 244, scale: scale)
        list.draw(in: canvas, damage: Region(frame))
        canvas.fill(banner, color: Color(red: 20, green: 20, blue: 20))
        for offset in [5.0, 10, 40, 35, 31, 0] {
            list.scrollImmediately(to: offset)
            frameByCopying(list, into: canvas, banner: banner)
            #expect(differingPixels(canvas.image, try whole(list, scale: scale, banner: banner)) == 0, "at offset \(offset)")
        }
    }

    @Test func aMovedRectangleOfRowsIsCopiedInEitherDirectionWithinOneImage() throws {
        let image = try #require(PixmanImage(width: 4, height: 6))
        let base = UnsafeMutableRawPointer(pixman_image_get_data(image.handle)!)
        for y in 0..<6 { for x in 0..<4 { base.storeBytes(of: UInt32(y * 10 + x), toByteOffset: y * image.stride + x * 4, as: UInt32.self) } }
        // Down 2 rows in columns 1..<3: rows 2..<6 take rows 0..<4.
        image.copyRows(from: image, x: 1, y: 2, width: 2, height: 4, dy: 2)
        #expect((0..<6).map { image.pixel(x: 1, y: $0) } == [1, 11, 1, 11, 21, 31])
        #expect((0..<6).map { image.pixel(x: 0, y: $0) } == [0, 10, 20, 30, 40, 50], "columns outside are left alone")
        // Up 1 row: rows 0..<5 take rows 1..<6.
        image.copyRows(from: image, x: 2, y: 0, width: 1, height: 5, dy: -1)
        #expect((0..<6).map { image.pixel(x: 2, y: $0) } == [12, 2, 12, 22, 32, 32])
    }
}
