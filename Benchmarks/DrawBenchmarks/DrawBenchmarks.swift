import Benchmark
import SweepGeometry
import SweepGraphics
import SweepLayout
import SweepPixman
import SweepPresentation
import SweepViews

/// The drawing path: what a frame of the grid and the list costs the
/// painter (pixman, fcft), at 1024 × 768 and scale 1, in editing mode with
/// every third item selected; one band step's repaint; and a scroll step
/// drawn by copying (to set against a full frame, what it cost before).
final class NumberedCells: RowDataSource {
    let numberOfRows = 1_000_000
    func title(forRow row: Int) -> String { "Item \(row + 1)" }
    func subtitle(forRow row: Int) -> String? { nil }
}

/// Messages whose snippets wrap to one, two or three lines by turns.
final class Snippets: RowDataSource {
    let numberOfRows = 1_000_000
    static let words = (0..<45).map { "word\($0)" }
    func title(forRow row: Int) -> String { "Message \(row + 1)" }
    func subtitle(forRow row: Int) -> String? { Self.words.prefix([6, 20, 45][row % 3]).joined(separator: " ") }
}

/// A million rows with sweep-demo's two lines, that lose their first 500 at each delete.
final class ShrinkingRows: RowDataSource {
    var numberOfRows = 1_000_000
    static let names = ["Amber Ridge", "Brisk Ridge", "Cedar Ridge", "Fern Marsh", "Granite Marsh", "Hazel Marsh"]
    func title(forRow row: Int) -> String { "\(Self.names[row % Self.names.count]) \(row + 1)" }
    func subtitle(forRow row: Int) -> String? { "Item \(row + 1) of 1,000,000" }
}

let benchmarks: @Sendable () -> Void = {
    let frame = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 5, scalingFactor: .one,
                                        maxDuration: .seconds(3), maxIterations: 300)
    let bounds = Rect(x: 0, y: 0, width: 1024, height: 768)

    func canvas() -> PixmanCanvas {
        let image = PixmanImage(width: 1024, height: 768)!
        return PixmanCanvas(image: image, scale: 1, fonts: try! FontSet(scale: 1))
    }

    /// The views as every benchmark draws them: editing mode, every third item selected.
    func editingGrid() -> ItemsView {
        let grid = ItemsView(frame: bounds, layout: .grid, dataSource: NumberedCells(), theme: .light)
        grid.state?.isEditing = true
        grid.state?.selected = { $0.item % 3 == 0 }
        return grid
    }

    func editingList() -> ItemsView {
        let list = ItemsView(frame: bounds, layout: .list, dataSource: NumberedCells(), theme: .light)
        list.state?.isEditing = true
        list.state?.selected = { $0.item % 3 == 0 }
        return list
    }

    Benchmark("draw-grid-full-frame", configuration: frame) { benchmark in
        let target = canvas()
        let grid = editingGrid()
        benchmark.startMeasurement()   // the canvas, fonts and view above are set-up, not the frame
        for _ in benchmark.scaledIterations { grid.draw(in: target, damage: Region(bounds)) }
    }

    Benchmark("draw-list-full-frame", configuration: frame) { benchmark in
        let target = canvas()
        let list = editingList()
        benchmark.startMeasurement()   // the canvas, fonts and view above are set-up, not the frame
        for _ in benchmark.scaledIterations { list.draw(in: target, damage: Region(bounds)) }
    }

    Benchmark("draw-grid-band-step", configuration: frame) { benchmark in
        // A band step repaints the band's old and new rectangles and the cells
        // that changed: here a strip 8 px wide across a band 400 px tall and
        // a row of four cells.
        let target = canvas()
        let grid = editingGrid()
        var damage = Region(Rect(x: 300, y: 100, width: 10, height: 400))
        damage.add(Rect(x: 8, y: 440, width: 430, height: 100))
        benchmark.startMeasurement()   // the canvas, fonts and view above are set-up, not the frame
        for _ in benchmark.scaledIterations { grid.draw(in: target, damage: damage) }
    }

    /// One frame of a scroll by 8 px as the window draws it: the pixels that
    /// stay visible copied within the buffer, the uncovered strip and the
    /// scroll indicator drawn.
    func scrollStep(_ view: ItemsView, _ target: PixmanCanvas, down: inout Bool) {
        let offset = view.scroll.offset
        if offset > 20_000 { down = false } else if offset < 8 { down = true }
        view.scrollImmediately(to: offset + (down ? 8 : -8))
        guard let change = view.takeScrollChange() else { return }
        var moves = ContentMoves(), damage = change.damage
        moves.add(area: change.area, dy: change.dy, damage: &damage)
        let plan = moves.plan(scale: 1)
        for copy in plan.copies {
            let rect = copy.destination
            target.image.copyRows(from: target.image, x: Int(rect.minX), y: Int(rect.minY), width: Int(rect.width),
                                  height: Int(rect.height), dy: copy.dy)
        }
        damage.formUnion(moves.uncopied(after: plan.moved))
        view.draw(in: target, damage: damage)
    }

    /// One frame of the scrollbar's thumb dragged by one pixel over a
    /// million items: the content jumps by thousands of rows, nothing can be
    /// copied, and the whole view (the wide bar with it) is drawn again.
    func thumbStep(_ view: ItemsView, _ target: PixmanCanvas, down: inout Bool) {
        let scrollbar = view.scrollbar, offset = view.scroll.offset
        if offset >= scrollbar.maxOffset { down = false } else if offset <= 0 { down = true }
        view.scrollImmediately(to: min(scrollbar.maxOffset, max(0, offset + (down ? 1 : -1) * scrollbar.offsetPerThumbPixel)))
        guard let change = view.takeScrollChange() else { return }
        var damage = change.damage
        damage.add(change.area)
        view.draw(in: target, damage: damage)
    }

    for (name, makeView) in [("list", editingList), ("grid", editingGrid)] {
        Benchmark("draw-\(name)-scrollbar-drag-step", configuration: frame) { benchmark in
            let target = canvas()
            let view = makeView()
            view.isScrollbarExpanded = true
            view.draw(in: target, damage: Region(bounds))
            var down = true
            benchmark.startMeasurement()   // the canvas, fonts and view above are set-up, not the frame
            for _ in benchmark.scaledIterations { thumbStep(view, target, down: &down) }
        }
    }

    // A million rows, first frame: the view made, laid out and drawn whole, with rows of one
    // height, and as tall as their snippets (the rows on screen and half a screen around measured).
    Benchmark("first-frame-list-1M-fixed-rows", configuration: frame) { benchmark in
        let target = canvas()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let list = ItemsView(frame: bounds, layout: CollectionListLayout(rowHeight: 62), dataSource: Snippets(), theme: .light)
            list.renderer = ListRowRenderer(secondaryLineLimit: 3)   // the same rows, wrapped the same, in rows of one height
            list.draw(in: target, damage: Region(bounds))
        }
    }
    func selfSizingList(_ target: PixmanCanvas) -> ItemsView {
        let list = ItemsView(frame: bounds, layout: SelfSizingListLayout(estimatedRowHeight: 62), dataSource: Snippets(), theme: .light)
        list.renderer = ListRowRenderer(secondaryLineLimit: 3)
        list.textMeasurer = { target }
        list.measureItems()
        return list
    }
    Benchmark("first-frame-list-1M-self-sizing-rows", configuration: frame) { benchmark in
        let target = canvas()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { selfSizingList(target).draw(in: target, damage: Region(bounds)) }
    }
    // A jump to the last row and to a row in the middle, measured on arrival, and the frame drawn.
    Benchmark("self-sizing-1M-jump-to-end-and-middle", configuration: frame) { benchmark in
        let target = canvas()
        var lists = (0..<benchmark.scaledIterations.count).map { _ in selfSizingList(target) }
        benchmark.startMeasurement()
        for index in lists.indices {
            lists[index].scroll(toShow: ItemPath(section: 0, item: 999_999), alignment: .bottom)
            lists[index].scrollImmediately(to: lists[index].scroll.target)
            lists[index].draw(in: target, damage: Region(bounds))
            lists[index].scroll(toShow: ItemPath(section: 0, item: 500_000), alignment: .top)
            lists[index].scrollImmediately(to: lists[index].scroll.target)
            lists[index].draw(in: target, damage: Region(bounds))
        }
        benchmark.stopMeasurement()
        lists.removeAll()
    }

    // An animated delete of 500 selected rows (the first 500, as sweep-demo's bench-e2e run) from a million,
    // at 60 Hz: one iteration is one frame of the animation, the whole view drawn at its time; the
    // frame a delete happens in does the change too (the view read before it, laid out after it).
    for scale in [1.0, 2.0] {
        Benchmark("animated-delete-500-of-1M-frame-scale-\(Int(scale))", configuration: frame) { benchmark in
            // The list of sweep-demo's window at scale 2 (1280 x 800, under its toolbar, over its tab bar).
            let bounds = Rect(x: 0, y: 0, width: 1280, height: 707)
            let image = PixmanImage(width: Int(bounds.width * scale), height: Int(bounds.height * scale))!
            let target = PixmanCanvas(image: image, scale: scale, fonts: try! FontSet(scale: scale))
            let rows = ShrinkingRows()
            let list = ItemsView(frame: bounds, layout: .list, dataSource: rows, theme: .light)
            list.setScale(scale)
            list.state?.isEditing = true
            list.state?.selected = { $0.item < 500 }
            var time = 0.0
            list.draw(in: target, damage: Region(bounds))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                time += 1_000 / 60
                if !list.isAnimatingChange {
                    list.snapshotForChange()
                    rows.numberOfRows -= 500
                    list.state?.itemCounts = [rows.numberOfRows]
                    list.reloadData()
                    list.animateChange(map: { item in item.item >= 500 ? ItemPath(item: item.item - 500) : nil },
                                       isInserted: { _ in false }, at: time)
                }
                list.draw(in: target, damage: list.advance(to: time))
            }
        }
    }

    let scrolled: [(name: String, view: () -> ItemsView)] = [("list", editingList), ("grid", editingGrid),
                                                            ("self-sizing-list", { selfSizingList(canvas()) })]
    for (name, makeView) in scrolled {
        Benchmark("draw-\(name)-scroll-step", configuration: frame) { benchmark in
            let target = canvas()
            let view = makeView()
            view.draw(in: target, damage: Region(bounds))
            var down = true
            benchmark.startMeasurement()   // the canvas, fonts and view above are set-up, not the frame
            for _ in benchmark.scaledIterations { scrollStep(view, target, down: &down) }
        }
    }
}
