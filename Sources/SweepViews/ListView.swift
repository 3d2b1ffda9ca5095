import SweepGeometry
import SweepGraphics
import SweepLayout

/// A vertically scrolling list ("table view"): sections with optional
/// headers and rows of one height, each drawn by `renderer` from its
/// data source's `content(for:)` (by default a title, an optional subtitle,
/// picture and accessory).
///
/// The view keeps its state (scroll position, hovered row, fading rows) and
/// answers each change with the damage it causes, in window coordinates;
/// drawing repaints only what the caller says is damaged.
public final class ListView {
    public private(set) var frame: Rect
    public private(set) var layout: SectionedListLayout
    public private(set) var scroll: ScrollModel
    public private(set) var hoveredItem: ItemPath?
    /// Where the pointer is, so the highlight follows the content as it scrolls.
    private var hoverPoint: Point?
    public var theme: Theme
    public let dataSource: ListDataSource
    /// Whether a row is selected (asked only for rows being drawn).
    public var isSelected: (ItemPath) -> Bool = { _ in false }
    /// Whether a running sweep or band changes a row's selection, not yet
    /// committed (`ItemState.isProvisional`; asked only for rows being drawn).
    public var isProvisional: (ItemPath) -> Bool = { _ in false }
    /// Draws each row; `ListRowRenderer` by default. Repaint the view after changing it.
    public var renderer: any ItemRenderer {
        get { rows.renderer }
        set { rows.renderer = newValue }
    }
    /// Called once per row whose renderer threw, with the error; the row shows
    /// its title as a placeholder meanwhile.
    public var onRenderError: ((ItemPath, any Error) -> Void)? {
        get { rows.onError }
        set { rows.onError = newValue }
    }
    private var rows = GuardedRenderer(ListRowRenderer(), placeholderInset: ListView.textInset)
    /// Editing mode shows a selection circle in a leading column.
    public var isEditing = false
    /// The keyboard focus ring's row.
    public var focusedItem: ItemPath?
    /// A band selection's rectangle in content coordinates, drawn over the rows.
    public var bandRect: Rect?
    /// The offset and hovered row the pixels show (see `takeScrollChange`).
    private var reporter: ScrollReporter
    private var shownHover: ItemPath?
    /// Rows whose selection tint is fading out, and when each fade started.
    private var fades: [ItemPath: Double] = [:]
    private var animationTime = 0.0

    /// Width of the checkbox column in editing mode.
    public static let checkboxColumnWidth: Double = 44
    /// Leading inset of text and separators.
    public static let textInset: Double = 16
    /// Height of a section header unless set otherwise (`headerHeight`).
    public static let defaultHeaderHeight: Double = 32
    /// Width of the area at a row's trailing edge that an accessory takes.
    public static let accessoryWidth: Double = 44
    /// How long a deselected row's tint takes to fade (ms).
    public var fadeDuration = 300.0

    /// The height of a section header; sections show headers only when the
    /// data source titles one (0 to 100,000; 0 hides them). Changing it keeps
    /// the top row in place.
    public var headerHeight: Double {
        get { requestedHeaderHeight }
        set {
            guard ItemLength.isValid(newValue, minimum: 0) else { return }
            requestedHeaderHeight = newValue
            relayout(rowHeight: layout.rowHeight)
        }
    }
    private var requestedHeaderHeight = ListView.defaultHeaderHeight

    /// The height of every row (1 to 100,000; other heights are ignored).
    /// Changing it keeps the top row in place.
    public var rowHeight: Double {
        get { layout.rowHeight }
        set {
            guard ItemLength.isValid(newValue, minimum: 1) else { return }
            relayout(rowHeight: newValue)
        }
    }

    public init(frame: Rect, dataSource: ListDataSource, rowHeight: Double = 44, theme: Theme) {
        self.frame = frame
        self.dataSource = dataSource
        self.theme = theme
        let height = ItemLength.isValid(rowHeight, minimum: 1) ? rowHeight : 44
        layout = ListView.makeLayout(dataSource, rowHeight: height, headerHeight: ListView.defaultHeaderHeight, width: frame.width)
        scroll = ScrollModel(contentHeight: layout.contentSize.height, viewportHeight: frame.height)
        reporter = ScrollReporter(offset: 0)
    }

    /// The offset the view draws at: the scroll offset on whole pixels, so
    /// a scroll moves pixels by whole pixels and they can be copied.
    public var visibleOffset: Double { scroll.offset.rounded() }

    /// What scrolling did to the pixels since the last call (or since the
    /// hover last changed): the caller moves the view's pixels by its `dy`
    /// and repaints its damage, or repaints the whole view.
    public func takeScrollChange() -> ScrollChange? {
        var hover = Region()
        if shownHover != hoveredItem {
            if let old = shownHover { hover.add(windowRect(of: old).intersection(frame)) }
            if let new = hoveredItem { hover.add(windowRect(of: new).intersection(frame)) }
            shownHover = hoveredItem
        }
        return reporter.take(frame: frame, scroll: scroll, offset: visibleOffset, band: bandRect, extra: hover)
    }

    /// The layout of `counts` (the data source's unless given) with headers where the source titles one.
    private static func makeLayout(_ source: ListDataSource, counts: [Int]? = nil, rowHeight: Double, headerHeight: Double,
                                   width: Double) -> SectionedListLayout {
        let counts = counts ?? source.sectionCounts
        let headers = counts.indices.contains { source.headerTitle(forSection: $0) != nil }
        return SectionedListLayout(itemCounts: counts, rowHeight: rowHeight, headerHeight: headers ? headerHeight : 0, width: width)
    }

    /// Reads the sections' counts again (after the data source changed them).
    public func reloadData() {
        // Fading rows and failed renderings are addressed by position, which the change has moved.
        fades.removeAll()
        rows.forgetFailures()
        layout = ListView.makeLayout(dataSource, rowHeight: layout.rowHeight, headerHeight: requestedHeaderHeight, width: frame.width)
        // A fling or glide goes on over the new content (`shiftScroll` moves it with its items).
        scroll.contentHeightChanged(to: layout.contentSize.height)
    }

    /// Lays the rows out at `rowHeight` and the current header height with
    /// the row at the top of the viewport where it was; the caller repaints.
    private func relayout(rowHeight: Double) {
        let top = ViewportAnchor(layout: layout, offset: scroll.offset)
        // The counts stay: the data changes only through `reloadData`.
        layout = ListView.makeLayout(dataSource, counts: layout.itemCounts, rowHeight: rowHeight, headerHeight: requestedHeaderHeight,
                                     width: frame.width)
        scroll.resize(contentHeight: layout.contentSize.height, viewportHeight: frame.height)
        if let top { scroll.jump(to: top.offset(in: layout)) }
        hoveredItem = hoverPoint.flatMap { item(at: $0) }
    }

    /// Moves or resizes the view, keeping the first visible row in place.
    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        layout.width = newFrame.width
        scroll.resize(contentHeight: layout.contentSize.height, viewportHeight: newFrame.height)
    }

    /// The item under a window-coordinate point.
    public func item(at point: Point) -> ItemPath? {
        guard frame.contains(point) else { return nil }
        return layout.item(at: Point(x: point.x - frame.minX, y: point.y - frame.minY + visibleOffset))
    }

    /// A row's rectangle in window coordinates.
    public func windowRect(of item: ItemPath) -> Rect {
        layout.frame(of: item).offsetBy(dx: frame.minX, dy: frame.minY - visibleOffset)
    }

    /// The accessory area of a row with a detail button (window coordinates), else nil.
    public func accessoryRect(of item: ItemPath) -> Rect? {
        guard dataSource.content(for: item).accessory == .detailButton else { return nil }
        let row = windowRect(of: item)
        return Rect(x: row.maxX - ListView.accessoryWidth, y: row.minY, width: ListView.accessoryWidth, height: row.height)
    }

    /// The rows at least partly visible now, as ranges per section.
    public var visibleItems: [ItemRange] {
        layout.items(in: Rect(x: 0, y: visibleOffset, width: layout.width, height: frame.height))
    }

    // MARK: - State changes, each returning damage

    /// The pointer moved to `point` (nil when it left): highlights the row under it.
    public func hover(at point: Point?) -> Region {
        hoverPoint = point
        let newItem = point.flatMap { item(at: $0) }
        guard newItem != hoveredItem || newItem != shownHover else { return Region() }
        // The highlight the pixels show goes (a scroll may have moved the hover on unseen).
        var damage = Region()
        for old in [shownHover, hoveredItem] { if let old, old != newItem { damage.add(windowRect(of: old).intersection(frame)) } }
        if let new = newItem { damage.add(windowRect(of: new).intersection(frame)) }
        hoveredItem = newItem
        shownHover = newItem
        return damage
    }

    /// Fades out the selection tint of a row that was just deselected,
    /// starting at `time` (ms on the animation clock). Input is never held up:
    /// the row is already deselected, only its drawing lags.
    public func fadeSelection(of item: ItemPath, from time: Double) {
        fades[item] = time
        animationTime = max(animationTime, time)
    }

    /// Glides the content by `delta` logical pixels (positive scrolls down).
    public func scroll(by delta: Double) {
        scroll.glide(by: delta)
    }

    /// A fling after the fingers lifted: `velocity` in px/ms (positive scrolls
    /// down) from `time` on the animation clock, slowing down by itself.
    public func fling(velocity: Double, time: Double) {
        scroll.fling(velocity: velocity, time: time)
    }

    /// Stops a fling where it is (a touch, a touchpad hold); true if one ran.
    @discardableResult
    public func stopFling() -> Bool { scroll.stopFling() }

    public var isFlinging: Bool { scroll.isFlinging }

    /// Glides so `item` is fully visible.
    public func scroll(toReveal item: ItemPath) {
        let rect = layout.frame(of: item)
        if rect.minY < scroll.target {
            scroll.glide(to: rect.minY)
        } else if rect.maxY > scroll.target + frame.height {
            scroll.glide(to: rect.maxY - frame.height)
        }
    }

    public func scroll(toOffset offset: Double) {
        scroll.glide(to: offset)
    }

    /// Moves the content at once (fingers, autoscroll).
    /// The content moved by `delta` under the viewport (items inserted or
    /// deleted above): the offset moves with it, a fling or glide goes on.
    public func shiftScroll(by delta: Double) {
        scroll.shift(by: delta)
        hoveredItem = hoverPoint.flatMap { item(at: $0) }
    }

    public func scrollImmediately(to offset: Double) {
        scroll.jump(to: offset)
        hoveredItem = hoverPoint.flatMap { item(at: $0) }
    }

    public var isAnimating: Bool { scroll.isAnimating || !fades.isEmpty }

    /// Advances animations to `time` (ms) and returns the damage of the
    /// fades, where the rows are after the scroll moved; what the scroll did
    /// is for `takeScrollChange()`.
    public func advance(to time: Double) -> Region {
        animationTime = max(animationTime, time)
        let before = scroll.offset
        scroll.advance(to: time)
        if before != scroll.offset { hoveredItem = hoverPoint.flatMap { item(at: $0) } }
        var damage = Region()
        for (item, start) in fades {
            damage.add(windowRect(of: item).intersection(frame))
            if time - start >= fadeDuration { fades[item] = nil }
        }
        return damage
    }

    // MARK: - Drawing

    /// Draws the parts of the view inside `damage`.
    /// Repaints each damaged rectangle (not their bounding box).
    public func draw(in canvas: Canvas, damage: Region) {
        for rect in damage.rects { draw(in: canvas, area: rect.intersection(frame)) }
    }

    private func draw(in canvas: Canvas, area: Rect) {
        guard !area.isEmpty else { return }
        canvas.withClip(area) {
            canvas.fill(area, color: theme.background)
            let visible = Rect(x: 0, y: area.minY - frame.minY + visibleOffset, width: layout.width, height: area.height)
            for range in layout.items(in: visible) {
                for item in range.items { drawRow(ItemPath(section: range.section, item: item), in: canvas) }
            }
            if layout.headerHeight > 0 { drawHeaders(in: visible, canvas: canvas) }
            ItemViewDecorations.drawBand(bandRect, frame: frame, offset: visibleOffset, theme: theme, in: canvas)
            ItemViewDecorations.drawScrollIndicator(frame: frame, scroll: scroll, offset: visibleOffset, theme: theme, in: canvas)
        }
    }

    private func drawHeaders(in visible: Rect, canvas: Canvas) {
        guard let sections = layout.sections(in: visible) else { return }
        for section in sections {
            guard let header = layout.headerFrame(ofSection: section), header.intersects(visible),
                  let title = dataSource.headerTitle(forSection: section) else { continue }
            let rect = header.offsetBy(dx: frame.minX, dy: frame.minY - visibleOffset)
            ItemViewDecorations.drawHeader(title, in: rect, theme: theme, canvas: canvas)
        }
    }

    /// The opacity of a row's selection tint: 1 when selected, less while fading.
    private func tintOpacity(of item: ItemPath, selected: Bool) -> Double {
        if selected { return 1 }
        guard let start = fades[item] else { return 0 }
        return max(0, 1 - (animationTime - start) / fadeDuration)
    }

    private func drawRow(_ item: ItemPath, in canvas: Canvas) {
        let content = dataSource.content(for: item)
        let selected = isSelected(item)
        let state = ItemState(isSelected: selected, isFocused: item == focusedItem, isEditing: isEditing,
                              isHighlighted: item == hoveredItem, isProvisional: isProvisional(item),
                              isDisabled: content.isDisabled, tintOpacity: tintOpacity(of: item, selected: selected))
        rows.draw(item, content: content, state: state, in: windowRect(of: item), theme: theme, canvas: canvas)
    }
}
