import SweepGeometry
import SweepGestures
import SweepGraphics
import SweepInput
import SweepLayout
import SweepViews

/// What a table's header shows and tells: its columns, where they are,
/// the sort, and what a person did to them.
@MainActor
protocol TableHeaderOwner: AnyObject {
    /// The shown columns' titles, alignments and whether they sort, in order.
    var headerColumns: [(title: String, alignment: CellAlignment, isSortable: Bool)] { get }
    /// The shown columns' places across the content.
    var columnGeometry: TableColumnGeometry { get }
    /// Where the content's x = 0 is drawn, from the table's leading edge
    /// (a gutter for selection circles in editing mode), less the sideways scroll.
    var columnsOrigin: Double { get }
    /// The sort, as shown column indices with their directions, primary first.
    var shownSort: [(column: Int, ascending: Bool)] { get }
    /// A click on a shown column's title: sort by it (`extend`: as one more key).
    func headerClicked(column: Int, extend: Bool)
    /// A shown column's edge dragged: the column becomes `width` wide.
    func resizeColumn(_ column: Int, to width: Double, final: Bool)
    /// A resize drag ended (its width is told to the app once).
    func resizeEnded()
    /// A double click on a shown column's edge: fit it to its widest visible cell.
    func fitColumn(_ column: Int)
    /// A shown column dragged and dropped before shown column `index`.
    func moveColumn(_ column: Int, before index: Int)
    /// The header's context menu, and what was chosen in it.
    func headerMenu() -> Menu
    func headerMenuChosen(_ id: String)
    /// The pointer pressed on the header.
    func headerPressed()
}

/// A table's header: the column titles with the sort arrows, over the
/// rows and scrolled sideways with them. A click on a title sorts by its
/// column (again: the other way; with Shift: as one more key); a drag on
/// a column's edge resizes it (the column-resize cursor over the edge),
/// a double click there fits it to its cells; a drag on a title moves the
/// column; the right button (or a long touch) opens the menu that hides
/// and shows columns. Touch: a tap sorts, a drag resizes or moves.
@MainActor
final class TableHeaderView: Component {
    weak var owner: TableHeaderOwner?
    private(set) var frame: Rect = .zero
    var isVisible = true { didSet { view.isUserInteractionEnabled = isVisible } }
    private var themes = ThemeSource()
    var theme: Theme { themes.current }
    private weak var host: ComponentHost?
    private let view = GestureView(name: "table header", frame: .zero)
    private let press = PressDragGestureRecognizer(name: "table header")
    private let touchPan = PanGestureRecognizer(name: "table header touch", minimumTouches: 1, maximumTouches: 1)
    private let touchTap = TapGestureRecognizer(name: "table header tap")
    private let touchHold = LongPressGestureRecognizer(name: "table header hold")
    /// How near an edge (logical pixels) the pointer grabs it.
    static let edgeTolerance = 4.0

    /// What a press on the header is doing.
    enum Drag: Equatable {
        case idle
        /// Pressed on a title, not moved past the hysteresis yet: a click so far.
        case pressed(column: Int, at: Point)
        /// Resizing a column that was `startWidth` wide when grabbed at x.
        case resizing(column: Int, startWidth: Double, startX: Double)
        /// Moving a column: where the pointer is (view x) and where it grabbed the column.
        case moving(column: Int, x: Double, grabOffset: Double)
    }
    private(set) var drag = Drag.idle

    init() {
        press.onStateChange = { [unowned self] recognizer in pressChanged(recognizer) }
        touchPan.hysteresis = 6
        touchPan.acceptsTouchpadSwipes = false
        touchPan.onStateChange = { [unowned self] recognizer in touchPanChanged(recognizer) }
        touchTap.onStateChange = { [unowned self] recognizer in
            guard recognizer.state == .ended, let column = titleColumn(atViewX: recognizer.location.x) else { return }
            owner?.headerClicked(column: column, extend: false)
        }
        touchHold.onStateChange = { [unowned self] recognizer in
            guard recognizer.state == .began else { return }
            showMenu(at: Point(x: frame.minX + recognizer.location.x, y: frame.maxY))
        }
        for recognizer: GestureRecognizer in [press, touchPan, touchTap, touchHold] { view.addRecognizer(recognizer) }
    }

    func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        host.gestureArena.add(view)
    }

    func setFrame(_ newFrame: Rect) {
        frame = newFrame
        view.frame = newFrame
        invalidate()
    }

    func inheritedThemeDidChange(to theme: Theme) {
        if themes.inherit(theme) { invalidate() }
    }

    func invalidate() { host?.invalidate(Region(frame)) }

    // MARK: - Hit tests (view coordinates: x from the header's leading edge)

    private func contentX(_ viewX: Double) -> Double { viewX - (owner?.columnsOrigin ?? 0) }

    /// The shown column whose trailing edge is under view x.
    func edgeColumn(atViewX x: Double) -> Int? {
        owner?.columnGeometry.edge(nearX: contentX(x), tolerance: Self.edgeTolerance)
    }

    /// The shown column whose title is under view x (not on an edge).
    func titleColumn(atViewX x: Double) -> Int? {
        guard edgeColumn(atViewX: x) == nil else { return nil }
        return owner?.columnGeometry.column(atX: contentX(x))
    }

    func cursorShape(at point: Point) -> CursorShape {
        if case .resizing = drag { return .columnResize }
        return edgeColumn(atViewX: point.x - frame.minX) != nil ? .columnResize : .default
    }

    // MARK: - Pointer

    private func pressChanged(_ recognizer: GestureRecognizer) {
        let x = press.point.x
        switch press.state {
        case .began:
            // A click elsewhere than the name being edited cancels the edit.
            owner?.headerPressed()
            if let edge = edgeColumn(atViewX: press.pressPoint.x), let owner {
                if press.clickCount == 2 {
                    owner.fitColumn(edge)
                    drag = .idle
                } else {
                    drag = edge < owner.columnGeometry.widths.count ? .resizing(column: edge, startWidth: owner.columnGeometry.widths[edge], startX: x) : .idle
                }
            } else if let column = titleColumn(atViewX: x) {
                drag = .pressed(column: column, at: press.pressPoint)
            }
        case .changed:
            dragMoved(to: x, from: press.pressPoint.x)
        case .ended:
            if case .pressed(let column, _) = drag { owner?.headerClicked(column: column, extend: press.modifiers.contains(.shift)) }
            dragEnded()
        default:
            drag = .idle
            invalidate()
        }
    }

    /// The pointer or finger moved to view x during a press that began at `startX`.
    private func dragMoved(to x: Double, from startX: Double) {
        switch drag {
        case .pressed(let column, _) where abs(x - startX) > 4:
            // The columns may have changed under the press (an app's call): it ends.
            guard let geometry = owner?.columnGeometry, column < geometry.starts.count else { return drag = .idle }
            let start = geometry.starts[column]
            drag = .moving(column: column, x: x, grabOffset: contentX(startX) - start)
            invalidate()
        case .resizing(let column, let startWidth, let startX):
            owner?.resizeColumn(column, to: startWidth + x - startX, final: false)
        case .moving(let column, _, let grab):
            drag = .moving(column: column, x: x, grabOffset: grab)
            invalidate()
        default:
            break
        }
    }

    private func dragEnded() {
        if case .resizing(let column, let startWidth, _) = drag, let owner, column < owner.columnGeometry.widths.count,
           owner.columnGeometry.widths[column] != startWidth {
            owner.resizeEnded()
        }
        if case .moving(let column, let x, let grab) = drag, let owner, column < owner.columnGeometry.widths.count {
            let width = owner.columnGeometry.widths[column]
            // The column lands where its middle is.
            let index = owner.columnGeometry.insertionIndex(atX: contentX(x) - grab + width / 2)
            drag = .idle
            owner.moveColumn(column, before: index)
        }
        drag = .idle
        invalidate()
    }

    // MARK: - Touch

    private func touchPanChanged(_ recognizer: GestureRecognizer) {
        let start = touchPan.startLocation.x, x = start + touchPan.translation.x
        switch touchPan.state {
        case .began:
            if let edge = touchEdge(atViewX: start), let owner {
                drag = edge < owner.columnGeometry.widths.count ? .resizing(column: edge, startWidth: owner.columnGeometry.widths[edge], startX: start) : .idle
            } else if let column = titleColumn(atViewX: start) {
                drag = .pressed(column: column, at: Point(x: start, y: 0))
            }
            dragMoved(to: x, from: start)
        case .changed:
            dragMoved(to: x, from: start)
        case .ended:
            // A drag that never moved a column is no click: a touch sorts by a tap.
            if case .pressed = drag { drag = .idle }
            dragEnded()
        default:
            drag = .idle
            invalidate()
        }
    }

    /// A finger is wider than a pointer: an edge within 12 pixels.
    private func touchEdge(atViewX x: Double) -> Int? {
        owner?.columnGeometry.edge(nearX: contentX(x), tolerance: 12)
    }

    // MARK: - The menu

    func handleSecondaryClick(at point: Point) { showMenu(at: point) }

    private func showMenu(at point: Point) {
        guard let owner, let host else { return }
        host.showMenu(owner.headerMenu(), at: point, theme: theme, trigger: .pointer) { [weak self] event in
            if case .chosen(let id) = event { self?.owner?.headerMenuChosen(id) }
        }
    }

    // MARK: - Drawing

    static let arrowWidth = 14.0

    func draw(in canvas: Canvas, damage: Region) {
        guard isVisible, damage.intersects(frame), let owner else { return }
        canvas.withClip(frame) {
            canvas.fill(frame, color: theme.headerBackground)
            let geometry = owner.columnGeometry, columns = owner.headerColumns, origin = frame.minX + owner.columnsOrigin
            let sort = owner.shownSort
            for (index, column) in columns.enumerated() where index < geometry.widths.count {
                if case .moving(let moving, _, _) = drag, moving == index {
                    // The moved column's place shows empty; the column follows the pointer.
                    continue
                }
                let rect = Rect(x: origin + geometry.starts[index], y: frame.minY, width: geometry.widths[index], height: frame.height)
                drawTitle(column.title, alignment: column.alignment, sort: sort.firstIndex { $0.column == index }.map { (sort[$0].ascending, $0) },
                          in: rect, canvas: canvas)
            }
            if case .moving(let moving, let x, let grab) = drag, moving < columns.count {
                // Where it would land: an accent line between two columns.
                let index = geometry.insertionIndex(atX: contentX(x) - grab + geometry.widths[moving] / 2)
                let lineX = origin + (index < geometry.starts.count ? geometry.starts[index] : geometry.starts.last.map { $0 + geometry.widths[geometry.widths.count - 1] } ?? 0)
                canvas.fill(Rect(x: lineX - 1, y: frame.minY, width: 2, height: frame.height), color: theme.accent)
                // The column itself follows the pointer, over the others.
                let rect = Rect(x: frame.minX + x - grab, y: frame.minY, width: geometry.widths[moving], height: frame.height)
                canvas.fill(rect, color: theme.headerBackground)
                canvas.fill(rect, color: theme.selectionTint)
                ItemViewDecorations.drawFocusRing(around: rect.insetBy(dx: 1, dy: 1), theme: theme, canvas: canvas)
                drawTitle(columns[moving].title, alignment: columns[moving].alignment, sort: nil, in: rect, canvas: canvas)
            }
            let hairline = 1 / canvas.scale
            canvas.fill(Rect(x: frame.minX, y: frame.maxY - hairline, width: frame.width, height: hairline), color: theme.separator)
        }
    }

    /// One title in its column, with its sort arrow (and the key's rank when there are several).
    private func drawTitle(_ title: String, alignment: CellAlignment, sort: (ascending: Bool, rank: Int)?, in rect: Rect, canvas: Canvas) {
        let inset = 8.0, metrics = canvas.metrics(for: .caption)
        let room = max(0, rect.width - 2 * inset - (sort == nil ? 0 : Self.arrowWidth))
        let width = min(canvas.measureText(title, role: .caption), room)
        let left: Double
        switch alignment {
        case .leading: left = rect.minX + inset
        case .center: left = rect.midX - width / 2
        case .trailing: left = rect.maxX - inset - width - (sort == nil ? 0 : Self.arrowWidth)
        }
        canvas.drawText(title, at: Point(x: left, y: rect.midY - metrics.lineHeight / 2), role: .caption,
                        color: sort == nil ? theme.secondaryText : theme.primaryText, maxWidth: room)
        if let sort {
            // A small triangle: up for ascending, down for descending; fainter for later keys.
            let x = left + width + 4 + 5, y = rect.midY, size = 4.0
            let color = sort.rank == 0 ? theme.primaryText : theme.secondaryText
            let points = sort.ascending
                ? [Point(x: x - size, y: y + size / 2), Point(x: x + size, y: y + size / 2), Point(x: x, y: y - size / 2)]
                : [Point(x: x - size, y: y - size / 2), Point(x: x + size, y: y - size / 2), Point(x: x, y: y + size / 2)]
            canvas.fillConvexPolygon(points, color: color)
        }
        // The column's trailing edge.
        canvas.fill(Rect(x: rect.maxX - 1, y: rect.minY + 6, width: 1, height: max(0, rect.height - 12)), color: theme.separator)
    }
}
