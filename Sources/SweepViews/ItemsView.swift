import SweepGeometry
import SweepGraphics
import SweepLayout

/// A vertically scrolling view of items laid out by any
/// `CollectionViewLayout` (a list, a grid, an app's own), each item drawn by
/// `renderer` from its data source's `content(for:)`, with section headers,
/// the focus ring, the band, the scroll indicator, the hover highlight and
/// the deselect fade.
///
/// The view keeps its state (scroll position, hovered item, fading items)
/// and answers each change with the damage it causes, in window
/// coordinates; drawing repaints only what the caller says is damaged.
/// It owns the layout's preparation: it lays the layout out for its
/// model's counts, its width and scale, again when the layout says its
/// settings changed (`invalidateLayout()`), keeping the top item in place.
/// The counts, selection, editing mode and focus it shows are its
/// `model`'s (a collection view's selection model and focus), never copies.
public final class ItemsView {
    public private(set) var frame: Rect
    /// The layout the view was given; the view prepares it (one view per layout).
    public let providedLayout: any CollectionViewLayout
    /// The layout the view asks: the built-in ones as given, any other
    /// through a `CheckedLayout`, so nonsense answers cannot crash the view.
    public let layout: any CollectionViewLayout
    /// Told, in one line, when the layout answers nonsense (once a kind).
    public var onLayoutProblem: ((String) -> Void)? {
        didSet { (layout as? CheckedLayout)?.onProblem = onLayoutProblem }
    }
    public private(set) var scroll: ScrollModel
    public private(set) var hoveredItem: ItemPath?
    /// Where the pointer is, so the highlight follows the content as it scrolls.
    private var hoverPoint: Point?
    public var theme: Theme
    public let dataSource: ListDataSource
    /// The counts, selection, editing mode and focus shown (held strongly:
    /// a collection view hands over an adapter that refers back weakly).
    public let model: any ItemsViewModel
    /// The state to set by hand when the view was made without a model.
    public var state: ItemsViewState? { model as? ItemsViewState }
    /// Draws each item; by default `ListRowRenderer` for a layout of rows,
    /// `GridCellRenderer` for tiles. Repaint the view after changing it.
    public var renderer: any ItemRenderer {
        get { items.renderer }
        set {
            items.renderer = newValue
            // Another renderer measures its rows its own way.
            itemsChangedInPlace(nil)
        }
    }
    /// Called once per item whose renderer threw, with the error; the item
    /// shows its title as a placeholder meanwhile.
    public var onRenderError: ((ItemPath, any Error) -> Void)? {
        get { items.onError }
        set { items.onError = newValue }
    }
    private var items: GuardedRenderer
    /// Whether the scrollbar shows as a wide bar on its trough (the pointer
    /// over it, or dragging it) rather than the thin indicator; the caller
    /// repaints `scrollbar.grabArea` after changing it.
    public var isScrollbarExpanded = false
    /// Where the scrollbar is now.
    public var scrollbar: ScrollbarGeometry { ScrollbarGeometry(frame: frame, contentHeight: scroll.contentHeight) }
    /// A band selection's rectangle in content coordinates, drawn over the items.
    public var bandRect: Rect?
    /// Whether the item under the pointer is highlighted: on for rows, off for tiles.
    public var highlightsHover: Bool {
        didSet { if !highlightsHover { hoveredItem = nil } }
    }
    /// How long a deselected item's tint takes to fade (ms); 0 fades
    /// nothing. 300 for rows, 0 for tiles.
    public var fadeDuration: Double
    /// Called after the layout was laid out again because its settings or
    /// the scale changed (the caller repaints).
    public var onLayoutChange: (() -> Void)?
    /// The output's scale, which the layout is laid out for.
    public private(set) var scale = 1.0
    /// The offset and hovered item the pixels show (see `takeScrollChange`).
    private var reporter = ScrollReporter(offset: 0)
    private var shownHover: ItemPath?
    /// Items whose selection tint is fading out, and when each fade started.
    private var fades: [ItemPath: Double] = [:]
    private var animationTime = 0.0
    /// The items an area being drawn shows, kept between frames.
    private var drawnRanges: [ItemRange] = []
    /// The fonts items are measured with for a self-sizing layout (the
    /// view's scale and family); nil: nothing is measured.
    public var textMeasurer: (() -> TextMeasuring?)?
    /// Whether the header of the section at the top stays there while its
    /// items scroll under it, pushed up by the next section's header
    /// (UIKit's pinned section headers). The caller repaints after a change.
    public var pinsHeaders = false
    /// Where a scroll to an item goes, while it glides there: rows measured
    /// on the way move the item, and the glide follows it.
    private var scrollGoal: (item: ItemPath, alignment: ScrollAlignment)?
    /// How long a data change's items take to move, fade in and fade out
    /// (ms); 0 animates nothing.
    public var changeAnimationDuration = 250.0
    /// The running change animation, if any (see `ChangeAnimation`).
    private var changeAnimation: ChangeAnimation?
    /// What showed before a data change being made, to animate from.
    private var changeSnapshot: ChangeSnapshot?
    /// The row swiped sideways to show its actions, if any: drawn moved, its
    /// buttons under it, sliding while its `settle` runs. The caller
    /// repaints the row after changing it.
    public var swipe: SwipeReveal?

    /// A view over `dataSource`'s items showing `model`'s counts and state;
    /// without one, an `ItemsViewState` with the data source's counts.
    public init(frame: Rect, layout: some CollectionViewLayout, dataSource: ListDataSource,
                model: (any ItemsViewModel)? = nil, theme: Theme) {
        self.frame = frame
        self.model = model ?? ItemsViewState(itemCounts: dataSource.sectionCounts)
        providedLayout = layout
        self.layout = layout is CollectionListLayout || layout is CollectionGridLayout || layout is SelfSizingListLayout
            ? layout : CheckedLayout(layout)
        self.dataSource = dataSource
        self.theme = theme
        // The app's own shape: a list standing in for a layout that failed its first check does not set it.
        let rows = layout.itemShape == .rows
        items = GuardedRenderer(rows ? ListRowRenderer() : GridCellRenderer(), placeholderInset: rows ? ListRowRenderer.textInset : 8)
        highlightsHover = rows
        fadeDuration = rows ? 300 : 0
        let counts = self.model.itemCounts
        self.layout.prepare(for: LayoutContext(itemCounts: counts, showsHeaders: ItemsView.showsHeaders(dataSource, counts),
                                               width: frame.width, scale: scale))
        scroll = ScrollModel(contentHeight: self.layout.contentSize.height, viewportHeight: frame.height)
        layout.invalidation.handler = { [weak self] in self?.layoutInvalidated() }
    }

    /// Sections show headers when the data source titles one.
    private static func showsHeaders(_ source: ListDataSource, _ counts: [Int]) -> Bool {
        counts.indices.contains { source.headerTitle(forSection: $0) != nil }
    }

    /// Whether the layout is being prepared now: an invalidation from
    /// inside its own `prepare(for:)` is ignored rather than recursing.
    private var isPreparing = false

    private func prepareLayout() {
        isPreparing = true
        defer { isPreparing = false }
        let counts = model.itemCounts
        layout.prepare(for: LayoutContext(itemCounts: counts, showsHeaders: ItemsView.showsHeaders(dataSource, counts),
                                          width: frame.width, scale: scale))
    }

    private func layoutInvalidated() {
        guard !isPreparing else { return }
        relayout()
    }

    /// The scroll distance of one line (a row, or a row of cells).
    public var lineHeight: Double { layout.lineHeight }

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
        // The wide bar's trough stays while its thumb moves: the strip is drawn again.
        if isScrollbarExpanded, visibleOffset != reporter.shownOffset, let strip = scrollbar.grabArea { hover.add(strip) }
        return reporter.take(frame: frame, scroll: scroll, offset: visibleOffset, band: bandRect, extra: hover)
    }

    /// Lays the items out for the model's counts again (after they changed).
    public func reloadData() {
        // Fading items and failed renderings are addressed by position, which the change has moved;
        // a running change animation goes on from `changeSnapshot` when the change animates.
        fades.removeAll()
        endChangeAnimation()
        swipe = nil
        scrollGoal = nil
        items.forgetFailures()
        // The hovered item may be gone: found again under the pointer after the layout.
        hoveredItem = nil
        shownHover = nil
        prepareLayout()
        // A fling or glide goes on over the new content (`shiftScroll` moves it with its items).
        scroll.contentHeightChanged(to: layout.contentSize.height)
        measureItems()
        updateHover()
    }

    /// Lays the items out again with the item at the top of the viewport
    /// where it was (the layout's settings changed); the caller repaints.
    private func relayout() {
        endChangeAnimation()
        let top = ViewportAnchor(layout: LayoutReference(layout), offset: scroll.offset)
        prepareLayout()
        scroll.resize(contentHeight: layout.contentSize.height, viewportHeight: frame.height)
        if let top { scroll.jump(to: top.offset(in: LayoutReference(layout))) }
        measureItems(keeping: top)
        updateHover()
        onLayoutChange?()
    }

    /// Moves or resizes the view; a new width lays the items out again and
    /// keeps what the layout says a width change keeps (the top item).
    public func setFrame(_ newFrame: Rect) {
        let widthChanged = newFrame.width != frame.width
        // Items moving across a view that changes size would move to places that changed: they are there now.
        if newFrame.size != frame.size { endChangeAnimation() }
        let top = widthChanged ? ViewportAnchor(layout: LayoutReference(layout), offset: scroll.offset) : nil
        frame = newFrame
        if widthChanged { prepareLayout() }
        scroll.resize(contentHeight: layout.contentSize.height, viewportHeight: newFrame.height)
        if let top { scroll.jump(to: layout.contentOffset(afterWidthChangeKeeping: top)) }
        measureItems(keeping: top)
    }

    /// The output's scale changed: the layout is laid out for it, the top item kept.
    public func setScale(_ newScale: Double) {
        guard newScale.isFinite, newScale > 0, newScale != scale else { return }
        scale = newScale
        relayout()
    }

    /// Takes a zoom's layout and the offset that keeps its centre's item in place.
    public func applyZoom(_ zoom: any LayoutZoom) {
        guard let zoomable = providedLayout as? any ZoomableLayout else { return }
        zoomable.applyZoom(zoom)
        // An app's layout laid out at another size is checked as a preparation is.
        (layout as? CheckedLayout)?.check()
        scroll.resize(contentHeight: layout.contentSize.height, viewportHeight: frame.height)
        scroll.jump(to: zoom.contentOffset)
    }

    /// The header pinned at the top now: its section and where it is drawn
    /// (window coordinates); nil when none is (pinning off, or the header at
    /// the top is in its own place). - Complexity: O(log sections).
    public var pinnedHeader: (section: Int, rect: Rect)? {
        guard pinsHeaders, let sections = layout.sections(in: Rect(x: 0, y: visibleOffset, width: 1, height: 1)) else { return nil }
        let section = sections.lowerBound
        guard let header = layout.headerFrame(ofSection: section), header.height > 0, header.minY < visibleOffset,
              dataSource.headerTitle(forSection: section) != nil else { return nil }
        var top = visibleOffset
        if let next = layout.headerFrame(ofSection: section + 1), next.height > 0 { top = min(top, next.minY - header.height) }
        return (section, Rect(x: frame.minX, y: frame.minY + top - visibleOffset, width: frame.width, height: header.height))
    }

    /// The strip at the view's top a pinned header can take (window
    /// coordinates): a scroll repaints it rather than moving its pixels.
    public var pinnedHeaderStrip: Rect? {
        guard pinsHeaders, let section = layout.sections(in: Rect(x: 0, y: visibleOffset, width: 1, height: 1))?.lowerBound,
              let header = layout.headerFrame(ofSection: section), header.height > 0 else { return nil }
        return Rect(x: frame.minX, y: frame.minY, width: frame.width, height: min(header.height, frame.height))
    }

    /// The item under a window-coordinate point (none under a pinned header).
    public func item(at point: Point) -> ItemPath? {
        guard frame.contains(point) else { return nil }
        if let pinned = pinnedHeader, pinned.rect.contains(point) { return nil }
        return layout.item(at: Point(x: point.x - frame.minX, y: point.y - frame.minY + visibleOffset))
    }

    /// An item's rectangle in window coordinates.
    public func windowRect(of item: ItemPath) -> Rect {
        layout.frame(of: item).offsetBy(dx: frame.minX, dy: frame.minY - visibleOffset)
    }

    /// The area of an item's accessory button (window coordinates), where
    /// its renderer draws one, else nil.
    public func accessoryRect(of item: ItemPath) -> Rect? {
        renderer.accessoryBounds(for: dataSource.content(for: item), in: windowRect(of: item))
    }

    /// The items at least partly visible now, as ranges per section.
    public var visibleItems: [ItemRange] {
        layout.items(in: Rect(x: 0, y: visibleOffset, width: layout.contentSize.width, height: frame.height))
    }

    // MARK: - State changes, each returning damage

    /// The pointer moved to `point` (nil when it left): highlights the item
    /// under it where the view highlights the hover.
    public func hover(at point: Point?) -> Region {
        hoverPoint = point
        guard highlightsHover else { return Region() }
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

    private func updateHover() {
        guard highlightsHover else { return }
        hoveredItem = hoverPoint.flatMap { item(at: $0) }
    }

    /// Fades out the selection tint of an item that was just deselected,
    /// starting at `time` (ms on the animation clock); nothing when
    /// `fadeDuration` is 0. Input is never held up: the item is already
    /// deselected, only its drawing lags.
    public func fadeSelection(of item: ItemPath, from time: Double) {
        guard fadeDuration > 0 else { return }
        fades[item] = time
        animationTime = max(animationTime, time)
    }

    /// Glides the content by `delta` logical pixels (positive scrolls down).
    public func scroll(by delta: Double) {
        scrollGoal = nil
        scroll.glide(by: delta)
    }

    /// A fling after the fingers lifted: `velocity` in px/ms (positive scrolls
    /// down) from `time` on the animation clock, slowing down by itself.
    public func fling(velocity: Double, time: Double) {
        scrollGoal = nil
        scroll.fling(velocity: velocity, time: time)
    }

    /// Stops a fling where it is (a touch, a touchpad hold); true if one ran.
    @discardableResult
    public func stopFling() -> Bool { scroll.stopFling() }

    public var isFlinging: Bool { scroll.isFlinging }

    /// Glides so `item` is fully visible.
    public func scroll(toReveal item: ItemPath) {
        scrollGoal = nil
        measureItems(around: item)
        let rect = layout.frame(of: item)
        if rect.minY < scroll.target {
            scroll.glide(to: rect.minY)
        } else if rect.maxY > scroll.target + frame.height {
            scroll.glide(to: rect.maxY - frame.height)
        }
    }

    public func scroll(toOffset offset: Double) {
        scrollGoal = nil
        scroll.glide(to: offset)
    }

    /// Glides so `item` shows at `alignment`, landing on it exactly however
    /// tall the rows on the way turn out to be (a self-sizing layout
    /// measures them as they pass).
    public func scroll(toShow item: ItemPath, alignment: ScrollAlignment) {
        measureItems(around: item)
        let offset = LayoutReference(layout).contentOffset(toShow: item, alignment: alignment, viewportHeight: frame.height,
                                                           currentOffset: scroll.target)
        scroll.glide(to: offset)
        // Where `nearest` goes (the item's top or bottom edge, or nowhere) is the goal's alignment.
        var goal = alignment
        if alignment == .nearest {
            let frame = layout.frame(of: item)
            goal = abs(offset - frame.minY) < 0.5 ? .top : abs(offset - (frame.maxY - self.frame.height)) < 0.5 ? .bottom : .nearest
        }
        scrollGoal = providedLayout is any SelfSizingLayout && goal != .nearest ? (item, goal) : nil
    }

    /// The content moved by `delta` under the viewport (items inserted or
    /// deleted above): the offset moves with it, a fling or glide goes on.
    public func shiftScroll(by delta: Double) {
        scroll.shift(by: delta)
        updateHover()
    }

    /// Moves the content at once (fingers, autoscroll).
    public func scrollImmediately(to offset: Double) {
        scrollGoal = nil
        scroll.jump(to: offset)
        measureItems()
        updateHover()
    }

    public var isAnimating: Bool { scroll.isAnimating || !fades.isEmpty || changeAnimation != nil || swipe?.settle != nil }

    /// Advances animations to `time` (ms) and returns the damage of the
    /// fades, where the items are after the scroll moved; what the scroll did
    /// is for `takeScrollChange()`.
    public func advance(to time: Double) -> Region {
        animationTime = max(animationTime, time)
        let before = scroll.offset
        scroll.advance(to: time)
        if before != scroll.offset {
            measureItems()
            updateHover()
        }
        if !scroll.isAnimating { scrollGoal = nil }
        var damage = Region()
        if let animation = changeAnimation {
            // Everything on screen may move: the whole view is drawn again (no pixels copied).
            reporter.redrawAll()
            damage.add(frame)
            if animation.isFinished(at: time) { changeAnimation = nil }
        }
        if swipe?.settle != nil, let item = swipe?.item {
            swipe?.advance(to: time)
            damage.add(windowRect(of: item).intersection(frame))
        }
        for (item, start) in fades {
            damage.add(windowRect(of: item).intersection(frame))
            if time - start >= fadeDuration { fades[item] = nil }
        }
        return damage
    }

    // MARK: - Measuring (self-sizing layouts)

    /// Measures the items a self-sizing layout has not measured in the
    /// viewport and half a viewport above it (rows there are measured before
    /// scrolling up shows them, so they never move what is shown; rows below
    /// move nothing above them and are measured as they come in),
    /// keeping the top item where it is (`keeping`: that anchor, taken
    /// before a change), a viewport at the end at the end, and a glide to an
    /// item on its item. Rows measured while on screen repaint the view;
    /// rows measured off it move no pixels. - Complexity: O(rows measured).
    @discardableResult
    public func measureItems(keeping given: ViewportAnchor? = nil) -> Bool {
        guard let sizing = providedLayout as? any SelfSizingLayout, frame.width > 0, frame.height > 0,
              let measurer = textMeasurer?() else { return false }
        var changedOnScreen = false
        // Rows that turn out shorter let more in: a few rounds fill the reach.
        for _ in 0..<6 {
            let margin = frame.height / 2
            let reach = Rect(x: 0, y: scroll.offset - margin, width: frame.width, height: frame.height + margin)
            let pending = sizing.unmeasuredItems(in: reach, limit: 512)
            guard !pending.isEmpty else { break }
            changedOnScreen = measure(pending, in: sizing, measurer: measurer, keeping: given) || changedOnScreen
        }
        if changedOnScreen { reporter.redrawAll() }
        return changedOnScreen
    }

    /// The content of `items` changed where they are (nil: every item's
    /// way of measuring, a new renderer): a self-sizing layout measures
    /// them again, the top row kept. The caller repaints.
    public func itemsChangedInPlace(_ items: [ItemPath]?) {
        guard let sizing = providedLayout as? any SelfSizingLayout else { return }
        let top = ViewportAnchor(layout: LayoutReference(layout), offset: scroll.offset)
        sizing.forgetHeights(of: items)
        scroll.contentHeightChanged(to: layout.contentSize.height)
        if let top { scroll.shift(by: top.offset(in: LayoutReference(layout)) - scroll.offset) }
        measureItems(keeping: top)
        reporter.redrawAll()
    }

    /// Measures the rows a viewport around `item` shows, before an offset is worked out from its frame.
    private func measureItems(around item: ItemPath) {
        guard let sizing = providedLayout as? any SelfSizingLayout, let measurer = textMeasurer?() else { return }
        for _ in 0..<4 {
            let frame = layout.frame(of: item)
            let reach = Rect(x: 0, y: frame.minY - self.frame.height, width: max(1, self.frame.width),
                             height: frame.height + 2 * self.frame.height)
            let pending = sizing.unmeasuredItems(in: reach, limit: 512)
            guard !pending.isEmpty else { break }
            if measure(pending, in: sizing, measurer: measurer, keeping: nil) { reporter.redrawAll() }
        }
    }

    /// Measures `items`; true when rows on screen changed height.
    private func measure(_ items: [ItemPath], in sizing: any SelfSizingLayout, measurer: TextMeasuring,
                         keeping given: ViewportAnchor?) -> Bool {
        // What is shown, and what lies between it and where the view is going (a jump up shows
        // rows there, whose heights move everything below them).
        let top = min(reporter.shownOffset, scroll.offset), bottom = max(reporter.shownOffset, scroll.offset) + frame.height
        let shown = Rect(x: 0, y: top, width: frame.width, height: bottom - top)
        let onScreen = items.contains { layout.frame(of: $0).intersects(shown) }
        let anchor = given ?? ViewportAnchor(layout: LayoutReference(layout), offset: scroll.offset)
        let atEnd = scroll.offset > 0 && scroll.offset >= scroll.maxOffset - 0.5 && scroll.target >= scroll.maxOffset - 0.5
        let heights = items.map { item in
            (item, self.items.height(for: dataSource.content(for: item), width: sizing.measuringWidth(of: item), theme: theme,
                                     measurer: measurer) ?? layout.frame(of: item).height)
        }
        guard sizing.setMeasuredHeights(heights) else { return false }
        let before = scroll.offset
        scroll.contentHeightChanged(to: layout.contentSize.height)
        if atEnd {
            scroll.jump(to: scroll.maxOffset)
        } else if let anchor {
            scroll.shift(by: anchor.offset(in: LayoutReference(layout)) - scroll.offset)
        }
        if let goal = scrollGoal, scroll.isAnimating, !scroll.isFlinging {
            scroll.glide(to: LayoutReference(layout).contentOffset(toShow: goal.item, alignment: goal.alignment,
                                                                   viewportHeight: frame.height, currentOffset: scroll.target))
        }
        // Off screen, the rows above moved the offset, not the pixels.
        if !onScreen { reporter.rebase(by: scroll.offset.rounded() - before.rounded()) }
        return onScreen
    }

    // MARK: - Drawing

    /// Repaints each damaged rectangle (not their bounding box: a band step
    /// damages two thin strips and a few items, far apart).
    public func draw(in canvas: Canvas, damage: Region) {
        for rect in damage.rects { draw(in: canvas, area: rect.intersection(frame)) }
    }

    private func draw(in canvas: Canvas, area: Rect) {
        guard !area.isEmpty else { return }
        canvas.withClip(area) {
            let visible = Rect(x: 0, y: area.minY - frame.minY + visibleOffset, width: layout.contentSize.width, height: area.height)
            if let animation = changeAnimation {
                // Fills the background itself: each pixel once, where no item is.
                drawItems(in: visible, area: area, moving: animation, canvas: canvas)
            } else {
                canvas.fill(area, color: theme.background)
                layout.items(in: visible, into: &drawnRanges)
                for range in drawnRanges {
                    for item in range.items { drawItem(ItemPath(section: range.section, item: item), in: canvas) }
                }
            }
            drawHeaders(in: visible, canvas: canvas)
            if let pinned = pinnedHeader, pinned.rect.intersects(area), let title = dataSource.headerTitle(forSection: pinned.section) {
                // Over the items scrolling under it, with a hairline under it.
                ItemViewDecorations.drawHeader(title, in: pinned.rect, theme: theme, canvas: canvas)
                let hairline = 1 / canvas.scale
                canvas.fill(Rect(x: pinned.rect.minX, y: pinned.rect.maxY - hairline, width: pinned.rect.width, height: hairline),
                            color: theme.separator)
            }
            ItemViewDecorations.drawBand(bandRect, frame: frame, offset: visibleOffset, theme: theme, in: canvas)
            ItemViewDecorations.drawScrollIndicator(frame: frame, scroll: scroll, offset: visibleOffset,
                                                    expanded: isScrollbarExpanded, theme: theme, in: canvas)
        }
    }

    private func drawHeaders(in visible: Rect, canvas: Canvas) {
        guard let sections = layout.sections(in: visible) else { return }
        for section in sections {
            guard let header = layout.headerFrame(ofSection: section), header.height > 0, header.intersects(visible),
                  let title = dataSource.headerTitle(forSection: section) else { continue }
            let rect = header.offsetBy(dx: frame.minX, dy: frame.minY - visibleOffset)
            ItemViewDecorations.drawHeader(title, in: rect, theme: theme, canvas: canvas)
        }
    }

    /// The opacity of an item's selection tint: 1 when selected, less while fading.
    private func tintOpacity(of item: ItemPath, selected: Bool) -> Double {
        if selected { return 1 }
        guard let start = fades[item] else { return 0 }
        return max(0, 1 - (animationTime - start) / fadeDuration)
    }

    private func drawItem(_ item: ItemPath, in canvas: Canvas) {
        let content = dataSource.content(for: item)
        if let swipe, swipe.item == item, swipe.offset != 0 {
            return drawSwiped(item, swipe: swipe, content: content, in: windowRect(of: item), canvas: canvas)
        }
        items.draw(item, content: content, state: state(of: item, content: content), in: windowRect(of: item), theme: theme,
                   canvas: canvas)
    }

    /// A swiped row: its buttons in the part its content uncovered, then its content moved over them.
    private func drawSwiped(_ item: ItemPath, swipe: SwipeReveal, content: ItemContent, in rect: Rect, canvas: Canvas) {
        let actions = swipe.shownSide == .leading ? swipe.leading : swipe.trailing
        for button in swipe.buttons(in: rect) where actions.indices.contains(button.index) {
            let action = actions[button.index]
            canvas.fill(button.rect, color: action.color)
            let width = canvas.measureText(action.title, role: .bodyBold), line = canvas.metrics(for: .bodyBold).lineHeight
            guard width <= button.rect.width - 8 else { continue }
            // Centred in an open button; in a widening one, kept by the row's content as it moves away.
            let x = swipe.shownSide == .leading ? max(button.rect.minX + 4, min(button.rect.midX - width / 2, button.rect.maxX - width - 4))
                : max(button.rect.minX + 4, button.rect.midX - width / 2)
            canvas.drawText(action.title, at: Point(x: x, y: button.rect.midY - line / 2), role: .bodyBold, color: .white, maxWidth: nil)
        }
        let moved = rect.offsetBy(dx: swipe.offset, dy: 0)
        canvas.withClip(rect) {
            canvas.fill(moved.intersection(rect), color: theme.background)
            items.draw(item, content: content, state: state(of: item, content: content), in: moved, theme: theme, canvas: canvas)
        }
    }

    /// How `item` is drawn now, apart from its content.
    private func state(of item: ItemPath, content: ItemContent) -> ItemState {
        let selected = model.isSelected(item)
        return ItemState(isSelected: selected, isFocused: item == model.focusedItem, isEditing: model.isEditing,
                         isHighlighted: item == hoveredItem, isProvisional: model.isProvisional(item),
                         isDisabled: content.isDisabled, tintOpacity: tintOpacity(of: item, selected: selected))
    }
}

// MARK: - Animated changes

extension ItemsView {
    /// Remembers what the viewport shows before a data change (where each
    /// item is drawn, how, and its content, which a removed item needs to
    /// fade out after the data source forgot it); `animateChange` after the
    /// change animates from it. Call it while the data source still holds
    /// the old items. Nothing is kept when `changeAnimationDuration` is 0.
    /// - Complexity: O(items on screen).
    public func snapshotForChange() {
        changeSnapshot = nil
        guard changeAnimationDuration > 0, frame.height > 0 else { return }
        let offset = visibleOffset, time = animationTime
        let viewport = Rect(x: 0, y: offset, width: max(1, layout.contentSize.width), height: frame.height)
        var shown: [ChangeSnapshot.Shown] = []
        func add(_ item: ItemPath) {
            let presented = changeAnimation?.presented(item, destination: layout.frame(of: item), at: time)
                ?? (frame: layout.frame(of: item), opacity: 1)
            guard presented.frame.intersects(viewport) else { return }
            let content = dataSource.content(for: item)
            // A row swiped aside (its action removing it now) shows no content to fade out; kept, it stays.
            let swiped = swipe.map { $0.item == item && $0.offset != 0 } ?? false
            shown.append(.init(item: item, frame: presented.frame.offsetBy(dx: 0, dy: -offset), opacity: presented.opacity,
                               content: content, state: state(of: item, content: content), leavesNoGhost: swiped))
        }
        var ranges: [ItemRange] = []
        layout.items(in: viewport, into: &ranges)
        for range in ranges {
            for index in range.items where changeAnimation?.arrivals[ItemPath(section: range.section, item: index)] == nil {
                add(ItemPath(section: range.section, item: index))
            }
        }
        // Items a running animation draws elsewhere than their place (sliding in, say) are taken where they are drawn.
        for item in changeAnimation?.drawingOrder ?? [] { add(item) }
        let departures = (changeAnimation?.departures ?? []).compactMap { departure -> ChangeAnimation.Departure? in
            guard let animation = changeAnimation, animation.opacity(of: departure, at: time) > 0 else { return nil }
            var kept = departure
            kept.frame = departure.frame.offsetBy(dx: 0, dy: -offset)
            return kept
        }
        changeSnapshot = ChangeSnapshot(shown: shown, departures: departures)
    }

    /// Animates the change made since `snapshotForChange()`, from `time`
    /// (ms on the animation clock): `map` gives an item's index path after
    /// the change (nil: removed), `isInserted` whether an item after it is
    /// new rather than moved. Call it once the view is laid out for the
    /// change (`reloadData()`) and scrolled to keep the reader's place.
    /// Without a snapshot nothing animates.
    public func animateChange(map: (ItemPath) -> ItemPath?, isInserted: (ItemPath) -> Bool, at time: Double) {
        guard let snapshot = changeSnapshot else { return }
        changeSnapshot = nil
        guard changeAnimationDuration > 0 else { return }
        animationTime = max(animationTime, time)
        let counts = model.itemCounts
        let valid = { (item: ItemPath) -> ItemPath? in
            guard let mapped = map(item), counts.indices.contains(mapped.section), mapped.item >= 0,
                  mapped.item < counts[mapped.section] else { return nil }
            return mapped
        }
        let offset = visibleOffset
        var visible: [ItemRange] = []
        layout.items(in: Rect(x: 0, y: offset, width: max(1, layout.contentSize.width), height: frame.height), into: &visible)
        let animation = snapshot.animation(map: valid, isInserted: isInserted, visible: visible, frameOf: { layout.frame(of: $0) },
                                           offset: offset, viewport: frame.height, time: animationTime,
                                           duration: changeAnimationDuration)
        changeAnimation = animation.isFinished(at: animationTime) ? nil : animation
        reporter.redrawAll()
    }

    /// Drops a snapshot taken for a change that did not happen.
    public func discardChangeSnapshot() { changeSnapshot = nil }

    /// Whether a data change is being animated now.
    public var isAnimatingChange: Bool { changeAnimation != nil }

    /// Ends a running change animation: every item is where it belongs.
    func endChangeAnimation() {
        guard changeAnimation != nil else { return }
        changeAnimation = nil
        reporter.redrawAll()
    }

    /// Draws the items in `visible` (content coordinates; `area` in the
    /// window) while a change animates: the departures fading under
    /// everything, the items the change did not touch where they are, then
    /// the moving and appearing ones over them, each on the background so
    /// nothing under it shows through. At scale 2 every pixel of the view
    /// changes each frame, so no pixel is painted twice where that can be
    /// helped: the background goes only where no item is, and a departure
    /// only where no opaque item covers it (rows as wide as the area).
    private func drawItems(in visible: Rect, area: Rect, moving animation: ChangeAnimation, canvas: Canvas) {
        let time = animationTime
        let toWindow = { (rect: Rect) in rect.offsetBy(dx: self.frame.minX, dy: self.frame.minY - self.visibleOffset) }
        var drawn: [(item: ItemPath, rect: Rect, opacity: Double)] = []
        layout.items(in: visible, into: &drawnRanges)
        for range in drawnRanges {
            for index in range.items where animation.arrivals[ItemPath(section: range.section, item: index)] == nil {
                let item = ItemPath(section: range.section, item: index)
                drawn.append((item, toWindow(layout.frame(of: item)), 1))
            }
        }
        for item in animation.drawingOrder {
            let presented = animation.presented(item, destination: layout.frame(of: item), at: time)
            guard presented.frame.intersects(visible), presented.opacity > 0 else { continue }
            drawn.append((item, toWindow(presented.frame), presented.opacity))
        }
        let ghosts = animation.departures.compactMap { departure -> (ChangeAnimation.Departure, Rect, Double)? in
            let opacity = animation.opacity(of: departure, at: time)
            guard opacity > 0, departure.frame.intersects(visible) else { return nil }
            return (departure, toWindow(departure.frame), opacity)
        }
        // What opaque rows cover (each across the whole area), and what any row paints its background under.
        let acrossArea = { (rect: Rect) in rect.minX <= area.minX && rect.maxX >= area.maxX }
        let opaqueRows = drawn.filter { $0.opacity >= 1 && acrossArea($0.rect) }.map { ($0.rect.minY, $0.rect.maxY) }
        let allRows = drawn.allSatisfy { acrossArea($0.rect) } && ghosts.allSatisfy { acrossArea($0.1) }
        if allRows {
            let painted = drawn.map { ($0.rect.minY, $0.rect.maxY) } + ghosts.map { ($0.1.minY, $0.1.maxY) }
            for gap in Self.subtracting(painted, from: (area.minY, area.maxY)) {
                canvas.fill(Rect(x: area.minX, y: gap.0, width: area.width, height: gap.1 - gap.0), color: theme.background)
            }
        } else {
            canvas.fill(area, color: theme.background)
        }
        for (departure, rect, opacity) in ghosts {
            // Only the part the opaque rows over it leave showing.
            for part in Self.subtracting(opaqueRows, from: (rect.minY, rect.maxY)) {
                canvas.withClip(Rect(x: rect.minX, y: part.0, width: rect.width, height: part.1 - part.0)) {
                    drawFaded(departure.content, state: departure.state, at: rect, opacity: opacity, item: nil, canvas: canvas)
                }
            }
        }
        for (item, rect, opacity) in drawn {
            let content = dataSource.content(for: item)
            if let swipe, swipe.item == item, swipe.offset != 0 {
                // An open row stays open while the others move.
                drawSwiped(item, swipe: swipe, content: content, in: rect, canvas: canvas)
                continue
            }
            drawFaded(content, state: state(of: item, content: content), at: rect, opacity: opacity, item: item, canvas: canvas)
        }
    }

    /// What is left of `range` (a span of y) once `covers` are taken out, in order.
    static func subtracting(_ covers: [(Double, Double)], from range: (Double, Double)) -> [(Double, Double)] {
        var left = [range]
        for cover in covers where cover.1 > range.0 && cover.0 < range.1 {
            left = left.flatMap { part -> [(Double, Double)] in
                guard cover.1 > part.0, cover.0 < part.1 else { return [part] }
                return [(part.0, cover.0), (cover.1, part.1)].filter { $0.1 > $0.0 }
            }
        }
        return left
    }

    /// An item drawn at `shown` (window coordinates) on the background, at
    /// `opacity`: drawn in colours faded toward the background by the
    /// built-in renderers, which draw theme colours alone; under a veil of
    /// the background when it shows a picture (which no theme fades), an
    /// app's or a table's renderer draws it (its own colours, its columns'
    /// pictures), or the background is not opaque.
    private func drawFaded(_ content: ItemContent, state: ItemState, at shown: Rect, opacity: Double, item: ItemPath?,
                           canvas: Canvas) {
        canvas.fill(shown, color: theme.background)
        let fadesByTheme = items.renderer is ListRowRenderer || items.renderer is GridCellRenderer
        let veiled = opacity < 1 && (content.image != nil || !theme.background.isOpaque || !fadesByTheme)
        // A departed item has no index path; the renderer's failures are kept by one it never draws.
        items.draw(item ?? ItemPath(section: -1, item: -1), content: content, state: state, in: shown,
                   theme: opacity < 1 && !veiled ? theme.faded(to: opacity) : theme, canvas: canvas)
        if veiled { canvas.fill(shown, color: theme.background.withOpacity(1 - opacity)) }
    }
}
