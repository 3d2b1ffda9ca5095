import SweepGeometry
import SweepGraphics
import SweepLayout

/// A vertically scrolling grid of equal cells ("collection view") in
/// sections with optional headers: each cell drawn by `renderer` from its
/// data source's `content(for:)` (by default a title over a picture, and a
/// selection circle in the bottom-right corner in editing mode), a focus
/// ring, the band, and pinch zoom through `setLayout`.
///
/// Like `ListView` it keeps its state and repaints only what the caller says
/// is damaged; points are window coordinates unless named otherwise.
public final class GridView {
    public private(set) var frame: Rect
    public private(set) var layout: GridLayout
    public private(set) var scroll: ScrollModel
    public var theme: Theme
    public let dataSource: ListDataSource
    /// Whether an item is selected (asked only for cells being drawn).
    public var isSelected: (ItemPath) -> Bool = { _ in false }
    /// Whether a running sweep or band changes an item's selection, not yet
    /// committed (`ItemState.isProvisional`; asked only for cells being drawn).
    public var isProvisional: (ItemPath) -> Bool = { _ in false }
    /// Draws each cell; `GridCellRenderer` by default. Repaint the view after changing it.
    public var renderer: any ItemRenderer {
        get { cells.renderer }
        set { cells.renderer = newValue }
    }
    /// Called once per cell whose renderer threw, with the error; the cell
    /// shows its title as a placeholder meanwhile.
    public var onRenderError: ((ItemPath, any Error) -> Void)? {
        get { cells.onError }
        set { cells.onError = newValue }
    }
    private var cells = GuardedRenderer(GridCellRenderer(), placeholderInset: 8)
    /// Editing mode shows a selection circle in each cell.
    public var isEditing = false
    /// The keyboard focus ring's item.
    public var focusedItem: ItemPath?
    /// A band selection's rectangle in content coordinates.
    public var bandRect: Rect?

    /// The offset the pixels show (see `takeScrollChange`).
    private var reporter = ScrollReporter(offset: 0)

    /// Radius of the selection circle, and its centre's inset from the cell's bottom-right corner.
    public static let circleRadius = 10.0
    public static let circleInset = 16.0
    /// Height of a section header unless set otherwise (`headerHeight`).
    public static let defaultHeaderHeight = 32.0

    /// The size of every cell (each side 1 to 100,000; other sizes are ignored). Pinch zoom changes it
    /// too. Changing it keeps the item at the top of the viewport in place.
    public var itemSize: Size {
        get { layout.cellSize }
        set {
            guard ItemLength.isValid(newValue.width, minimum: 1), ItemLength.isValid(newValue.height, minimum: 1) else { return }
            relayout(cellSize: newValue, spacing: layout.spacing)
        }
    }

    /// The least gap between cells (0 to 100,000), across and down (the width left over
    /// widens the gaps across). Changing it keeps the top item in place.
    public var itemSpacing: Double {
        get { layout.spacing }
        set {
            guard ItemLength.isValid(newValue, minimum: 0) else { return }
            relayout(cellSize: layout.cellSize, spacing: newValue)
        }
    }

    /// The height of a section header, which spans the width above the
    /// section's cells; sections show headers only when the data source
    /// titles one (0 to 100,000; 0 hides them). Changing it keeps the top
    /// item in place.
    public var headerHeight: Double {
        get { requestedHeaderHeight }
        set {
            guard ItemLength.isValid(newValue, minimum: 0) else { return }
            requestedHeaderHeight = newValue
            relayout(cellSize: layout.cellSize, spacing: layout.spacing)
        }
    }
    private var requestedHeaderHeight = GridView.defaultHeaderHeight

    public init(frame: Rect, dataSource: ListDataSource, cellSize: Double = 100, theme: Theme) {
        self.frame = frame
        self.dataSource = dataSource
        self.theme = theme
        let side = ItemLength.isValid(cellSize, minimum: 1) ? cellSize : 100
        layout = GridView.makeLayout(dataSource, cellSize: Size(width: side, height: side), spacing: 8, inset: 8,
                                     headerHeight: GridView.defaultHeaderHeight, width: frame.width)
        scroll = ScrollModel(contentHeight: layout.contentSize.height, viewportHeight: frame.height)
    }

    /// The layout of `counts` (the data source's unless given) with headers where the source titles one.
    private static func makeLayout(_ source: ListDataSource, counts: [Int]? = nil, cellSize: Size, spacing: Double,
                                   inset: Double, headerHeight: Double, width: Double) -> GridLayout {
        let counts = counts ?? source.sectionCounts
        let headers = counts.indices.contains { source.headerTitle(forSection: $0) != nil }
        return GridLayout(itemCounts: counts, cellSize: cellSize, spacing: spacing, inset: inset,
                          headerHeight: headers ? headerHeight : 0, width: width)
    }

    /// Moves or resizes the view; the columns follow the new width.
    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        layout = GridLayout(itemCounts: layout.itemCounts, cellSize: layout.cellSize, spacing: layout.spacing,
                            inset: layout.inset, headerHeight: layout.headerHeight, width: newFrame.width)
        scroll.resize(contentHeight: layout.contentSize.height, viewportHeight: newFrame.height)
    }

    /// Reads the sections' counts again (after the data source changed them).
    public func reloadData() {
        // Failed renderings are addressed by position, which the change has moved.
        cells.forgetFailures()
        layout = GridView.makeLayout(dataSource, cellSize: layout.cellSize, spacing: layout.spacing, inset: layout.inset,
                                     headerHeight: requestedHeaderHeight, width: frame.width)
        // A fling or glide goes on over the new content (`shiftScroll` moves it with its items).
        scroll.contentHeightChanged(to: layout.contentSize.height)
    }

    /// Lays the cells out again with the item at the top of the viewport
    /// where it was; the caller repaints.
    private func relayout(cellSize: Size, spacing: Double) {
        let top = ViewportAnchor(layout: layout, offset: scroll.offset)
        // The counts stay: the data changes only through `reloadData`.
        layout = GridView.makeLayout(dataSource, counts: layout.itemCounts, cellSize: cellSize, spacing: spacing,
                                     inset: layout.inset, headerHeight: requestedHeaderHeight, width: frame.width)
        scroll.resize(contentHeight: layout.contentSize.height, viewportHeight: frame.height)
        if let top { scroll.jump(to: top.offset(in: layout)) }
    }

    /// Takes a zoomed layout and the offset that keeps the pinch centre's item in place.
    public func setLayout(_ newLayout: GridLayout, offset: Double) {
        layout = newLayout
        scroll.resize(contentHeight: newLayout.contentSize.height, viewportHeight: frame.height)
        scroll.jump(to: offset)
    }

    /// A cell's rectangle in window coordinates.
    public func windowRect(of item: ItemPath) -> Rect {
        layout.frame(of: item).offsetBy(dx: frame.minX, dy: frame.minY - visibleOffset)
    }

    /// The offset the view draws at: the scroll offset on whole pixels, so
    /// a scroll moves pixels by whole pixels and they can be copied.
    public var visibleOffset: Double { scroll.offset.rounded() }

    /// What scrolling did to the pixels since the last call: the caller
    /// moves the view's pixels by its `dy` and repaints its damage, or
    /// repaints the whole view.
    public func takeScrollChange() -> ScrollChange? {
        reporter.take(frame: frame, scroll: scroll, offset: visibleOffset, band: bandRect)
    }

    // MARK: - Scrolling

    public func scroll(by delta: Double) {
        scroll.glide(by: delta)
    }

    public func scroll(toOffset offset: Double) {
        scroll.glide(to: offset)
    }

    /// The content moved by `delta` under the viewport (items inserted or
    /// deleted above): the offset moves with it, a fling or glide goes on.
    public func shiftScroll(by delta: Double) {
        scroll.shift(by: delta)
    }

    public func scrollImmediately(to offset: Double) {
        scroll.jump(to: offset)
    }

    /// A fling at `velocity` px/ms from `time` on the animation clock.
    public func fling(velocity: Double, time: Double) {
        scroll.fling(velocity: velocity, time: time)
    }

    @discardableResult
    public func stopFling() -> Bool { scroll.stopFling() }

    public var isAnimating: Bool { scroll.isAnimating }

    /// Advances animations to `time` (ms); what the scroll did is for
    /// `takeScrollChange()`, so nothing else is damaged.
    public func advance(to time: Double) -> Region {
        scroll.advance(to: time)
        return Region()
    }

    // MARK: - Drawing

    /// Repaints each damaged rectangle (not their bounding box: a band step
    /// damages two thin strips and a few cells, far apart).
    public func draw(in canvas: Canvas, damage: Region) {
        for rect in damage.rects { draw(in: canvas, area: rect.intersection(frame)) }
    }

    private func draw(in canvas: Canvas, area: Rect) {
        guard !area.isEmpty else { return }
        canvas.withClip(area) {
            canvas.fill(area, color: theme.background)
            let visible = Rect(x: 0, y: area.minY - frame.minY + visibleOffset, width: layout.width, height: area.height)
            for range in layout.items(in: visible) {
                for item in range.items { drawCell(ItemPath(section: range.section, item: item), in: canvas) }
            }
            if layout.headerHeight > 0 { drawHeaders(in: visible, canvas: canvas) }
            drawBand(in: canvas)
            drawScrollIndicator(in: canvas)
        }
    }

    private func drawCell(_ item: ItemPath, in canvas: Canvas) {
        let content = dataSource.content(for: item)
        let selected = isSelected(item)
        let state = ItemState(isSelected: selected, isFocused: item == focusedItem, isEditing: isEditing,
                              isProvisional: isProvisional(item), isDisabled: content.isDisabled)
        cells.draw(item, content: content, state: state, in: windowRect(of: item), theme: theme, canvas: canvas)
    }

    private func drawHeaders(in visible: Rect, canvas: Canvas) {
        guard let sections = layout.sections(in: visible) else { return }
        for section in sections {
            guard let header = layout.headerFrame(ofSection: section), header.intersects(visible),
                  let title = dataSource.headerTitle(forSection: section) else { continue }
            ItemViewDecorations.drawHeader(title, in: header.offsetBy(dx: frame.minX, dy: frame.minY - visibleOffset),
                                           theme: theme, canvas: canvas)
        }
    }

    private func drawBand(in canvas: Canvas) {
        ItemViewDecorations.drawBand(bandRect, frame: frame, offset: visibleOffset, theme: theme, in: canvas)
    }

    private func drawScrollIndicator(in canvas: Canvas) {
        ItemViewDecorations.drawScrollIndicator(frame: frame, scroll: scroll, offset: visibleOffset, theme: theme, in: canvas)
    }
}
