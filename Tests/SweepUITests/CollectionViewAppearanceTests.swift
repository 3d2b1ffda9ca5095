import SweepGestures
import SweepUI
import Testing

/// A canvas that draws nothing: for tests that watch what a renderer is asked.
final class NullCanvas: Canvas {
    let size = Size(width: 2000, height: 2000)
    let scale = 1.0
    func fill(_ rect: Rect, color: Color) {}
    func clear(_ rect: Rect) {}
    func fillConvexPolygon(_ points: [Point], color: Color) {}
    func drawText(_ text: String, at origin: Point, role: FontRole, color: Color, maxWidth: Double?) -> Double { 0 }
    func measureText(_ text: String, role: FontRole) -> Double { Double(text.count) * 7 }
    func metrics(for role: FontRole) -> FontMetrics { FontMetrics(ascent: 12, descent: 4) }
    func drawBitmap(_ bitmap: Bitmap, in rect: Rect) {}
    func withClip(_ rect: Rect, _ body: () -> Void) { body() }
}

/// Records the state each item was drawn in, by title.
private final class StateRecorder: ItemRenderer {
    var states: [String: ItemState] = [:]
    func draw(_ content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme, canvas: Canvas) {
        states[content.title] = state
    }
}

/// Sizes and the renderer set on the component: the top item stays, the
/// view repaints, pinch zoom still works, and renderers see the provisional
/// state of a running sweep.
@MainActor @Suite struct CollectionViewAppearanceTests {
    private func make(_ layout: some CollectionViewLayout, count: Int = 1000) -> (CollectionView, TestHost) {
        let host = TestHost()
        let view = CollectionView(layout: layout, dataSource: StringItems((0..<count).map { "Row \($0)" }))
        view.allowsMultipleSelectionDuringEditing = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 332, height: 440))
        _ = host.takeDamage()
        return (view, host)
    }

    @Test func aNewRowHeightKeepsTheTopRowAndRepaints() {
        let list = CollectionListLayout()
        let (view, host) = make(list)
        view.itemView.scrollImmediately(to: 44 * 20 + 10)
        list.rowHeight = 60
        #expect(list.rowHeight == 60 && view.layout.frame(of: ItemPath(item: 0)).height == 60)
        #expect(view.contentOffset == 60 * 20 + 10)
        #expect(view.item(at: Point(x: 10, y: 0)) == ItemPath(item: 20))
        #expect(host.takeDamage().rects == [view.frame])
        #expect(view.layout.lineHeight == 60, "a list scrolls by its rows")
    }

    @Test func aNewCellSizeSpacingOrHeaderHeightKeepsTheTopItem() {
        let grid = CollectionGridLayout()
        let (view, host) = make(grid)
        // Three columns of 100: row 10 starts at 8 + 10 × 108.
        view.itemView.scrollImmediately(to: 8 + 10 * 108 + 4)
        grid.itemSize = Size(width: 80, height: 120)
        #expect(grid.itemSize == Size(width: 80, height: 120) && grid.geometry.columns == 3)
        #expect(view.contentOffset == 8 + 10 * 128 + 4)
        grid.itemSpacing = 2
        #expect(grid.itemSpacing == 2 && view.contentOffset == 8 + 10 * 122 + 4)
        grid.headerHeight = 20
        #expect(grid.headerHeight == 20 && view.contentOffset == 8 + 10 * 122 + 4, "no section has a title: no headers")
        #expect(host.takeDamage().rects == [view.frame])
        #expect(view.layout.lineHeight == 122, "a grid's lines are its rows of cells")
    }

    @Test func pinchZoomStillScalesTheSetCellSize() {
        let grid = CollectionGridLayout()
        let (view, host) = make(grid)
        grid.itemSize = Size(width: 80, height: 120)
        host.gestureArena.pointerMoved(to: Point(x: 150, y: 200), time: 0)
        host.gestureArena.handle(.pinchBegin(fingers: 2, time: 1000))
        host.gestureArena.handle(.pinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 0, time: 1010))
        #expect(grid.itemSize == Size(width: 120, height: 180), "the pinch scales both sides")
        host.gestureArena.handle(.pinchEnd(cancelled: false, time: 1020))
        let settled = grid.itemSize
        #expect(settled.width != 80 && settled.height == settled.width * 1.5, "settled to whole columns: \(settled)")
        #expect(view.layout.frame(of: ItemPath(item: 0)).size == settled)
    }

    @Test func aNewRendererDrawsTheItemsAndItsErrorsAreReported() {
        struct Broken: Error {}
        struct Failing: ItemRenderer {
            func draw(_ content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme, canvas: Canvas) throws {
                throw Broken()
            }
        }
        let (view, host) = make(.list, count: 3)
        let recorder = StateRecorder()
        view.renderer = recorder
        #expect(host.takeDamage().rects == [view.frame])
        view.draw(in: NullCanvas(), damage: Region(view.frame))
        #expect(Set(recorder.states.keys) == ["Row 0", "Row 1", "Row 2"])
        var failed: [ItemPath] = []
        view.onRenderError = { item, _ in failed.append(item) }
        view.renderer = Failing()
        view.draw(in: NullCanvas(), damage: Region(view.frame))
        view.draw(in: NullCanvas(), damage: Region(view.frame))
        #expect(failed == [ItemPath(item: 0), ItemPath(item: 1), ItemPath(item: 2)])
    }

    @Test func renderersSeeARunningSweepAsProvisional() {
        let (view, host) = make(.list)
        let recorder = StateRecorder()
        view.renderer = recorder
        view.isEditing = true
        view.selectItem(at: ItemPath(item: 8))
        // Two fingers from row 1 down to row 4, still down.
        let arena = host.gestureArena
        arena.handle(Input.touches(down: [(0, Point(x: 100, y: 66)), (1, Point(x: 160, y: 66))], time: 1000))
        for step in 1...10 {
            let y = 66 + 132 * Double(step) / 10
            arena.handle(Input.touches(moved: [(0, Point(x: 100, y: y)), (1, Point(x: 160, y: y))], time: 1000 + UInt32(step) * 20))
        }
        view.draw(in: NullCanvas(), damage: Region(view.frame))
        for row in 1...4 {
            #expect(recorder.states["Row \(row)"]?.isProvisional == true && recorder.states["Row \(row)"]?.isSelected == true)
        }
        #expect(recorder.states["Row 0"]?.isProvisional == false && recorder.states["Row 5"]?.isProvisional == false)
        #expect(recorder.states["Row 8"]?.isSelected == true && recorder.states["Row 8"]?.isProvisional == false,
                "committed before the sweep")
        arena.handle(Input.touches(up: [0, 1], time: 1300))
        view.draw(in: NullCanvas(), damage: Region(view.frame))
        #expect(recorder.states.values.allSatisfy { !$0.isProvisional }, "committed: nothing provisional")
        #expect(recorder.states["Row 3"]?.isSelected == true)
    }
}
