import SweepGeometry
import SweepGraphics
import SweepViews
import Testing
@testable import SweepPixman

/// An app's own renderer: it gets each drawn item's content, state and
/// bounds, cannot paint outside them, and a renderer that throws leaves a
/// placeholder and one report per item while the rest still draws.
@Suite struct CustomRendererTests {
    typealias Pixels = ItemPixels
    let light = Theme.light
    static let magenta = Color(rgb: 0xff00ff)

    /// Fills each item with a colour that names its state, and records what it was given.
    final class StateColours: ItemRenderer {
        var drawn: [(title: String, state: ItemState, bounds: Rect)] = []

        func draw(_ content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme, canvas: Canvas) {
            drawn.append((content.title, state, bounds))
            let color = state.isProvisional ? Color(rgb: 0x00ff00) : state.isSelected ? Color(rgb: 0xff0000)
                : state.isFocused ? Color(rgb: 0x0000ff) : state.isHighlighted ? Color(rgb: 0xffff00) : Color(rgb: 0x808080)
            canvas.fill(bounds, color: color)
        }

        func state(of title: String) -> ItemState? { drawn.last { $0.title == title }?.state }
    }

    /// Paints far beyond the bounds of the item titled `target`.
    struct Spill: ItemRenderer {
        let target: String
        func draw(_ content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme, canvas: Canvas) {
            guard content.title == target else { return }
            canvas.fill(Rect(x: -1000, y: -1000, width: 5000, height: 5000), color: CustomRendererTests.magenta)
            canvas.fillCircle(center: Point(x: bounds.midX, y: bounds.maxY), radius: 80, color: CustomRendererTests.magenta)
        }
    }

    struct Broken: Error, Equatable { let title: String }

    /// The default row, except for `failing`, which paints magenta and then throws.
    struct Failing: ItemRenderer {
        let failing: String
        func draw(_ content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme, canvas: Canvas) throws {
            guard content.title == failing else {
                return ListRowRenderer().draw(content, state: state, in: bounds, theme: theme, canvas: canvas)
            }
            canvas.fill(bounds, color: CustomRendererTests.magenta)
            throw Broken(title: content.title)
        }
    }

    private func rows(_ count: Int = 4) -> ContentSource {
        ContentSource([count]) { ItemContent(title: "Row \($0.item)", isDisabled: $0.item == 5) }
    }

    private func draw(_ view: ItemsView, damage: Region? = nil) throws -> PixmanImage {
        let canvas = try CanvasTestSupport.canvas(width: 320, height: 300)
        view.draw(in: canvas, damage: damage ?? Region(view.frame))
        return canvas.image
    }

    @Test func theRendererGetsEachRowsStateAndDrawsIt() throws {
        let list = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: 300), layout: .list, dataSource: rows(6), theme: light)
        let renderer = StateColours()
        list.renderer = renderer
        list.state?.selected = { $0.item == 1 || $0.item == 2 }
        list.state?.provisional = { $0.item == 2 }
        list.state?.focusedItem = ItemPath(item: 3)
        _ = list.hover(at: Point(x: 10, y: 4 * 44 + 5))
        let image = try draw(list)
        #expect(image.pixel(x: 100, y: 20) == 0xff80_8080)
        #expect(image.pixel(x: 100, y: 44 + 20) == 0xffff_0000, "selected")
        #expect(image.pixel(x: 100, y: 88 + 20) == 0xff00_ff00, "selected by the running sweep")
        #expect(image.pixel(x: 100, y: 132 + 20) == 0xff00_00ff, "focused")
        #expect(image.pixel(x: 100, y: 176 + 20) == 0xffff_ff00, "hovered")
        #expect(renderer.drawn.map(\.bounds) == (0..<6).map { Rect(x: 0, y: Double($0) * 44, width: 320, height: 44) })
        #expect(renderer.state(of: "Row 1") == ItemState(isSelected: true, tintOpacity: 1))
        #expect(renderer.state(of: "Row 2") == ItemState(isSelected: true, isProvisional: true))
        #expect(renderer.state(of: "Row 5") == ItemState(isDisabled: true), "disabled comes from the content")
        // Editing mode and the deselect fade, half way through.
        list.state?.isEditing = true
        list.fadeSelection(of: ItemPath(item: 0), from: 1000)
        _ = list.advance(to: 1000 + list.fadeDuration / 2)
        _ = try draw(list)
        #expect(renderer.state(of: "Row 0") == ItemState(isEditing: true, tintOpacity: 0.5))
        #expect(renderer.state(of: "Row 4")?.isEditing == true)
    }

    @Test func theViewAsksOnlyForTheItemsItDraws() throws {
        let source = rows(1000)
        var asked: [Int] = []
        let counting = ContentSource([1000]) { item in
            asked.append(item.item)
            return source.content(for: item)
        }
        let list = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: 300), layout: .list, dataSource: counting, theme: light)
        list.renderer = StateColours()
        _ = try draw(list, damage: Region(Rect(x: 0, y: 88, width: 320, height: 44)))
        #expect(asked == [2])
        asked = []
        _ = try draw(list)
        #expect(asked == Array(0...6), "the seven rows in 300 pt")
    }

    @Test func aRendererCannotPaintOutsideItsRow() throws {
        let list = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: 300), layout: .list, dataSource: rows(), theme: light)
        list.renderer = Spill(target: "Row 1")
        let image = try draw(list)
        let magenta = Pixels.opaque(Self.magenta)
        #expect(Pixels.count(image, x: 0..<320, y: 44..<88, near: magenta, tolerance: 0) == 320 * 44, "its own row, all of it")
        #expect(Pixels.count(image, x: 0..<320, y: 0..<44, near: magenta, tolerance: 0) == 0)
        #expect(Pixels.count(image, x: 0..<320, y: 88..<300, near: magenta, tolerance: 0) == 0)
    }

    @Test func aRendererCannotPaintOutsideItsCell() throws {
        let source = ContentSource([9]) { ItemContent(title: "Cell \($0.item)") }
        let grid = ItemsView(frame: Rect(x: 0, y: 0, width: 332, height: 300), layout: .grid, dataSource: source, theme: light)
        grid.renderer = Spill(target: "Cell 4")
        let canvas = try CanvasTestSupport.canvas(width: 332, height: 300)
        grid.draw(in: canvas, damage: Region(grid.frame))
        let cell = grid.windowRect(of: ItemPath(item: 4))
        #expect(cell == Rect(x: 116, y: 116, width: 100, height: 100))
        let magenta = Pixels.opaque(Self.magenta)
        #expect(Pixels.count(canvas.image, x: 116..<216, y: 116..<216, near: magenta, tolerance: 0) == 100 * 100)
        #expect(Pixels.count(canvas.image, x: 0..<332, y: 0..<300, near: magenta, tolerance: 0) == 100 * 100, "nowhere else")
    }

    @Test func aThrowingRendererLeavesAPlaceholderAndReportsOncePerItem() throws {
        let list = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: 300), layout: .list, dataSource: rows(), theme: light)
        list.renderer = Failing(failing: "Row 1")
        var reports: [(ItemPath, Broken?)] = []
        list.onRenderError = { item, error in reports.append((item, error as? Broken)) }
        _ = try draw(list)
        let image = try draw(list)
        #expect(reports.count == 1, "reported once, however often drawn")
        #expect(reports.first?.0 == ItemPath(item: 1) && reports.first?.1 == Broken(title: "Row 1"))
        // The placeholder covers what the renderer drew before throwing: the title in the secondary colour.
        #expect(Pixels.count(image, x: 0..<320, y: 44..<88, near: Pixels.opaque(Self.magenta)) == 0)
        #expect(CanvasTestSupport.inked(image, x: 16..<100, y: 44..<88, background: Pixels.opaque(light.background)) > 20)
        #expect(Pixels.darkest(image, x: 16..<100, y: 44..<88) >= Int(light.secondaryText.red) - 2)
        // The other rows are the renderer's: titles in the primary colour, separators.
        #expect(Pixels.darkest(image, x: 16..<100, y: 0..<42) < 80 && Pixels.darkest(image, x: 16..<100, y: 88..<130) < 80)
        #expect(image.pixel(x: 300, y: 131) == Pixels.opaque(light.separator))
        // A new renderer, or new data, may fail anew: reported again.
        list.renderer = Failing(failing: "Row 1")
        _ = try draw(list)
        list.reloadData()
        _ = try draw(list)
        #expect(reports.count == 3)
    }

    @Test func aThrowingGridRendererLeavesTheOtherCellsAlone() throws {
        struct FailsOnFour: ItemRenderer {
            func draw(_ content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme, canvas: Canvas) throws {
                guard content.title != "Cell 4" else { throw Broken(title: content.title) }
                GridCellRenderer().draw(content, state: state, in: bounds, theme: theme, canvas: canvas)
            }
        }
        let source = ContentSource([9]) { ItemContent(title: "Cell \($0.item)") }
        let grid = ItemsView(frame: Rect(x: 0, y: 0, width: 332, height: 340), layout: .grid, dataSource: source, theme: light)
        grid.renderer = FailsOnFour()
        var failed: [ItemPath] = []
        grid.onRenderError = { item, _ in failed.append(item) }
        let canvas = try CanvasTestSupport.canvas(width: 332, height: 340)
        grid.draw(in: canvas, damage: Region(grid.frame))
        #expect(failed == [ItemPath(item: 4)])
        let image = canvas.image, tile = Pixels.opaque(light.rowHover)
        #expect(image.pixel(x: 166, y: 125) == Pixels.opaque(light.background), "cell 4: the placeholder, no tile")
        #expect(Pixels.darkest(image, x: 116..<216, y: 116..<216) >= Int(light.secondaryText.red) - 2)
        #expect(CanvasTestSupport.inked(image, x: 116..<216, y: 116..<216, background: Pixels.opaque(light.background)) > 20)
        for cell in [3, 5, 7] {
            let rect = grid.windowRect(of: ItemPath(item: cell))
            #expect(image.pixel(x: Int(rect.midX), y: Int(rect.maxY) - 20) == tile, "cell \(cell) drawn as usual")
        }
    }
}
