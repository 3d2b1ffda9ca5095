import SweepGestures

/// A list or grid of items with Sweep's whole interaction: the two-finger
/// sweep and its relatives (one finger in the checkbox column, touchpad
/// swipes, touchpad hold-then-drag), the pointer band with Shift / Ctrl /
/// Escape, taps, long press, clicks with the desktop's modifiers, the
/// keyboard, wheel and kinetic scrolling, autoscroll at the edges, pinch
/// zoom on a grid, editing mode and clipboard text.
///
/// It is the single owner of its layout and scroll offset (through its
/// item view) and of its selection; put it in an `AppWindow` (alone, or
/// inside a `CollectionViewController` or an app's own component) and give it
/// a data source. UIKit's names: `UICollectionView` / `UITableView` with
/// `allowsSelection`, `allowsMultipleSelection`,
/// `allowsSelectionDuringEditing`, `allowsMultipleSelectionDuringEditing`,
/// `isEditing`, `selectItem(at:scrollPosition:)`,
/// `performBatchUpdates`; GTK's: `GtkListView` / `GtkGridView` over a
/// `GtkMultiSelection` with rubberband.
@MainActor
public final class CollectionView: Component {
    /// How items are laid out: a list, a grid or an app's own layout (the object given).
    public var layout: any CollectionViewLayout { itemView.providedLayout }
    /// The layout as the view asks it: an app's own through a `CheckedLayout`.
    var geometry: any CollectionViewLayout { itemView.layout }
    /// The name of the view's gesture views (debugging, logs).
    public let name: String
    public let dataSource: ListDataSource
    public weak var delegate: CollectionViewDelegate? {
        get { events.delegate }
        set {
            events.delegate = newValue
            // Layout problems found before there was a delegate (while the view was made).
            guard let newValue, !events.unheardLayoutProblems.isEmpty else { return }
            let problems = events.unheardLayoutProblems
            events.unheardLayoutProblems.removeAll()
            for problem in problems { newValue.collectionView(self, layoutProblem: problem) }
        }
    }
    /// The selection: committed and provisional ranges, anchor, policy. An
    /// app changes it only through the view's calls, which repaint, tell the
    /// delegate once, and update the primary selection and screen readers.
    let selection: SelectionController
    /// The drawing view, which prepares the layout and scrolls.
    public let itemView: ItemsView
    /// The theme's source: the window's, or the app's override (`themeOverride`).
    private var themes: ThemeSource
    /// What the item view shows, read from the selection model and the focus.
    let shown: CollectionItemsModel

    let gestures: CollectionGestures
    lazy var interactor = SelectionInteractor<LayoutReference>(viewport: CollectionViewport(itemView: itemView), selection: selection)
    private(set) weak var host: ComponentHost?
    /// Who hears of changes: the delegate, the closures, the toolbar; the selection controller's delegate.
    private(set) lazy var events = CollectionViewEvents(view: self)

    /// Called after every change of the effective selection, with what
    /// changed (provisional while a sweep or band runs), after the delegate.
    public var onSelectionChange: ((SelectionEvent) -> Void)? {
        get { events.onSelectionChange }
        set { events.onSelectionChange = newValue }
    }
    /// Called when an item is activated, after the delegate.
    public var onActivate: ((ItemPath) -> Void)? {
        get { events.onActivate }
        set { events.onActivate = newValue }
    }
    /// Told about selection and editing changes (a controller's toolbar).
    var onStateChange: (() -> Void)? {
        get { events.onStateChange }
        set { events.onStateChange = newValue }
    }

    // The interaction modes' state (CollectionModes), driven by the extensions.
    var zoomMode = ZoomMode()
    var scrollMode = ScrollMode()
    var dragMode = DragMode()
    var clickMode = ClickMode()
    var repaint = RepaintState()

    /// What a screen reader sees: a table of every item (CollectionView+Accessibility).
    public private(set) lazy var accessibleObject: AccessibleObject? = makeAccessibleObject()
    /// What a screen reader is told of the view and was given of it (CollectionView+Accessibility).
    var accessibilityState = CollectionAccessibility()
    /// The label a screen reader reads for the view; by default the title
    /// of its `CollectionViewController`, else its name.
    public var accessibleLabel: String? {
        get { accessibilityState.label }
        set { accessibilityState.label = newValue }
    }
    /// What a screen reader says of the view after its label ("Drag two fingers to select"); none by default.
    public var accessibleDescription: String? {
        get { accessibilityState.description }
        set { accessibilityState.description = newValue }
    }
    /// What a screen reader calls the view: a table by default, whose rows
    /// and columns say how many items there are and where one is (a grid's
    /// row and column). Its children are every item, made as they are asked
    /// for; a `.listBox` makes Orca count them one by one.
    public var accessibleRole: AccessibleRole {
        get { accessibilityState.role }
        set {
            accessibilityState.role = newValue
            accessibleObject?.role = newValue
        }
    }
    /// What a screen reader calls each item: a table cell by default;
    /// `.checkBox` for an inclusive (checkmark) list, `.radioButton` for an
    /// exclusive one, whose items are then read as checkable, checked where
    /// they show a checkmark.
    public var accessibleItemRole: AccessibleRole {
        get { accessibilityState.itemRole }
        set {
            accessibilityState.itemRole = newValue
            for case (.item, let object) in accessibilityState.cache.objects { object.role = newValue }
        }
    }

    /// Whether dragging selected items inside the view reorders them in
    /// editing mode (through the delegate's `moveItems`). Off by default.
    public var allowsReordering: Bool {
        get { dragMode.allowsReordering }
        set { dragMode.allowsReordering = newValue }
    }

    /// Type-ahead find's state (see `CollectionView+TypeAhead`).
    var typeAhead = TypeAheadFind()
    /// Settings that no mode owns (CollectionModes).
    var behaviour: CollectionBehaviour
    /// Whether typing moves the focus to the next item whose title starts
    /// with the typed text (on by default; off where typing means something
    /// else, say a picker that filters as you type).
    public var isTypeAheadEnabled: Bool {
        get { behaviour.isTypeAheadEnabled }
        set { behaviour.isTypeAheadEnabled = newValue }
    }

    /// Whether the committed selection becomes the desktop's primary
    /// selection (the middle button pastes its titles elsewhere). On by
    /// default for layouts of rows (lists), whose items are lines of text;
    /// off for tiles (grids).
    public var ownsPrimarySelection: Bool {
        get { behaviour.ownsPrimarySelection }
        set { behaviour.ownsPrimarySelection = newValue }
    }

    /// Whether a pointer click selects and a double click activates (a file
    /// manager, GTK's default) instead of one click doing both (UIKit's
    /// rows, the default). Touch taps and Enter activate either way.
    public var activatesOnDoubleClick: Bool {
        get { clickMode.activatesOnDoubleClick }
        set { clickMode.activatesOnDoubleClick = newValue }
    }
    /// The most time (ms) between the clicks of a double click.
    public var doubleClickInterval: Double {
        get { clickMode.doubleClickInterval }
        set { clickMode.doubleClickInterval = newValue }
    }

    /// What stays on screen when items arrive above it: the rows shown
    /// (`.visibleItems`, the default), or at the very top the top
    /// (`.top`: newest-first mail, chats, logs).
    public var insertionAnchoring: InsertionAnchoring {
        get { behaviour.insertionAnchoring }
        set { behaviour.insertionAnchoring = newValue }
    }

    /// Wheel notches scroll this many lines each (120 = one notch).
    public var linesPerNotch: Double {
        get { behaviour.linesPerNotch }
        set { behaviour.linesPerNotch = newValue }
    }

    /// A view of `dataSource`'s items laid out by `layout` (`.list`,
    /// `.grid`, `CollectionListLayout(rowHeight: 60)`, an app's own). The
    /// view owns the layout from then on: it prepares it and lays it out
    /// again when it says it changed.
    public init(layout: some CollectionViewLayout, dataSource: ListDataSource, name: String = "items", theme: Theme? = nil) {
        self.name = name
        self.dataSource = dataSource
        // The data source's counts are read here and, after, only where it tells of a change
        // (CollectionView+Updates): the selection model owns them and the item view shows its.
        selection = SelectionController(itemCounts: dataSource.sectionCounts)
        shown = CollectionItemsModel(selection: selection)
        themes = ThemeSource(override: theme)
        itemView = ItemsView(frame: .zero, layout: layout, dataSource: dataSource, model: shown, theme: themes.current)
        behaviour = CollectionBehaviour(ownsPrimarySelection: layout.itemShape == .rows)
        gestures = CollectionGestures(view: GestureView(name: name, frame: .zero), zooms: layout is any ZoomableLayout)
        selection.delegate = events
        itemView.onLayoutChange = { [unowned self] in invalidate() }
        itemView.onLayoutProblem = { [unowned self] problem in layoutProblem(problem) }
        interactor.onBandWillBegin = { [unowned self] in enterEditingForMultipleSelection() }
        installGestures()
        installDragGestures()
        installScrollbar()
        updateBandAvailability()
        (dataSource as? ViewRegistering)?.register(self)
    }

    // MARK: - Configuration (UIKit's four properties)

    public var allowsSelection: Bool {
        get { selection.configuration.allowsSelection }
        set { selection.configuration.allowsSelection = newValue; updateBandAvailability() }
    }
    public var allowsMultipleSelection: Bool {
        get { selection.configuration.allowsMultipleSelection }
        set { selection.configuration.allowsMultipleSelection = newValue; updateBandAvailability() }
    }
    public var allowsSelectionDuringEditing: Bool {
        get { selection.configuration.allowsSelectionDuringEditing }
        set { selection.configuration.allowsSelectionDuringEditing = newValue; updateBandAvailability() }
    }
    public var allowsMultipleSelectionDuringEditing: Bool {
        get { selection.configuration.allowsMultipleSelectionDuringEditing }
        set { selection.configuration.allowsMultipleSelectionDuringEditing = newValue; updateBandAvailability() }
    }
    /// Whether moving the keyboard focus outside editing mode selects the
    /// focused item alone (UIKit's `selectionFollowsFocus`; on by default, as
    /// in GTK's lists, file managers and mail clients): plain arrows select,
    /// Ctrl+arrows move only the focus, Shift+arrows select a range. In
    /// editing mode arrows move the focus and Space toggles, either way.
    public var selectionFollowsFocus: Bool {
        get { interactor.selectionFollowsFocus }
        set { interactor.selectionFollowsFocus = newValue }
    }
    /// Items a person may not select (disabled rows).
    public var selectionPredicate: SelectionPredicate {
        get { selection.predicate }
        set { selection.predicate = newValue }
    }

    /// The band works where several items can be selected in some mode.
    private func updateBandAvailability() {
        gestures.band.isEnabled = allowsMultipleSelection || allowsMultipleSelectionDuringEditing
    }

    /// Editing mode: a list shows selection circles in a checkbox column, a
    /// grid one in each cell. Leaving it clears the selection.
    public var isEditing: Bool {
        get { selection.isEditing }
        set { setEditing(newValue) }
    }

    public func setEditing(_ editing: Bool) {
        guard editing != selection.isEditing else { return }
        // Rows do not swipe in editing mode: an open one closes.
        if editing { closeSwipedRow(animated: false) }
        let change = selection.setEditing(editing)
        delegate?.collectionView(self, didChangeEditing: editing)
        accessibilityEditingChanged(editing)
        if !change.isEmpty { selectionChanged(SelectionEvent(change: change, isProvisional: false, cause: .api)) }
        onStateChange?()
        invalidate(change)   // leaving editing mode deselects
        invalidateEditingMarks()
    }

    /// Multiple selection that needs editing mode (UIKit's
    /// `allowsMultipleSelectionDuringEditing` alone) enters it first.
    func enterEditingForMultipleSelection() {
        if !isEditing && !allowsMultipleSelection && allowsMultipleSelectionDuringEditing { setEditing(true) }
    }

    /// The colours it draws with: the window's theme (`AppWindow.theme`)
    /// unless one is set here, which overrides it (`themeOverride`).
    public var theme: Theme { get { themes.current } set { themeOverride = newValue } }
    /// The view's own theme (setting `theme` sets it); nil follows the window's.
    public var themeOverride: Theme? { get { themes.override } set { if themes.setOverride(newValue) { themeChanged() } } }

    public func inheritedThemeDidChange(to theme: Theme) {
        if themes.inherit(theme) { themeChanged() }
    }

    /// The item view draws with the theme (it holds a copy, as a drawing value).
    private func themeChanged() {
        itemView.theme = themes.current
        invalidate()
    }

    // MARK: - Component

    public var frame: Rect { itemView.frame }

    public func setFrame(_ frame: Rect) {
        itemView.setFrame(frame)
        gestures.view.frame = frame
        // The scrollbar's strip moves with the view, narrow until the pointer comes over it again.
        _ = scrollbarHover(at: nil)
        invalidate()
    }

    /// Rectangles (window coordinates) that something else draws over the
    /// view, a banner say: scrolling repaints them instead of moving their
    /// pixels with the content. Set them whenever such a thing shows or goes.
    public var overlayRects: [Rect] {
        get { repaint.overlayRects }
        set { repaint.overlayRects = newValue }
    }

    public var isVisible = true {
        didSet {
            gestures.view.isUserInteractionEnabled = isVisible
            if !isVisible {
                // Hidden views hear no hover: the scrollbar's strip lets go now.
                scrollMode.scrollbarDragStart = nil
                _ = scrollbarHover(at: nil)
            }
            // Shown again: what scrolled while hidden is drawn afresh.
            if isVisible && !oldValue { invalidate() }
        }
    }

    public func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        host.gestureArena.add(gestures.view)
        // After the items' view, so the scrollbar's strip wins where it lies over them.
        host.gestureArena.add(gestures.scrollbar)
        itemView.setScale(host.scale)
        // A self-sizing layout's rows are measured in the fonts the window draws them in.
        itemView.textMeasurer = { [weak self] in
            guard let host = self?.host else { return nil }
            return TextMeasure.measurer(scale: host.scale, family: host.fontFamily)
        }
        itemView.measureItems()
        // Configured by now: a filtered source shares its selection out (the rows it shows select).
        (dataSource as? FilteredDataSource)?.viewAttached(self)
        // Layout problems found while the view was made, with no delegate set by now, are said here.
        if delegate == nil {
            for problem in events.unheardLayoutProblems { _ = StandardStreams.writeLine("\(name): \(problem)", to: 2) }
            events.unheardLayoutProblems.removeAll()
        }
    }

    /// The layout is laid out for the new scale, the top item kept in place.
    public func windowScaleDidChange(to scale: Double) {
        itemView.setScale(scale)
    }

    public func draw(in canvas: Canvas, damage: Region) {
        itemView.draw(in: canvas, damage: damage)
        drawDropIndicator(in: canvas, damage: damage)
    }

    public var isAnimating: Bool { itemView.isAnimating }

    public func advanceAnimations(to time: Double) -> Region {
        let damage = itemView.advance(to: time)
        swipeSlideAdvanced()
        reportScroll()
        return damage
    }

    public func hover(at point: Point?) -> Region {
        var damage = itemView.hover(at: point)
        damage.formUnion(scrollbarHover(at: point))
        return damage
    }

    public var acceptsFocus: Bool { isVisible }

    public func focusDidChange(_ isFocused: Bool) {
        shown.hasFocus = isFocused
        if !isFocused { typeAhead.reset() }
        showFocusRing()
        accessibilityFocusChanged()
    }

    /// Draws the ring on the focused item while the view has the focus.
    func showFocusRing() {
        let ring = isFocused ? interactor.keyboard.focus : nil
        guard ring != shown.focusedItem else { return }
        let old = shown.focusedItem
        invalidate(item: old)
        shown.focusedItem = ring
        invalidate(item: ring)
        accessibilityFocusMoved(from: old, to: ring)
    }

    public func didCommitFrame() {
        let offset = itemView.scroll.offset
        if scrollMode.reportedOffset != nil && scrollMode.reportedOffset != offset {
            delegate?.collectionView(self, didScrollTo: offset)
            reportScrollValueToReaders()
        }
        scrollMode.reportedOffset = offset
        updatePrefetching()
    }

    /// Repaints the whole view at the next frame (new pictures arrived, say).
    public func setNeedsDisplay() { invalidate() }
    /// Wheel and touchpad scrolling over it scroll its own content.
    public var scrollsItself: Bool { true }

    /// Repaints the whole view at the next frame.
    func invalidate() {
        host?.invalidate(Region(itemView.frame))
        // The whole view is drawn again: no scroll is left to move pixels for.
        _ = itemView.takeScrollChange()
    }

    /// After the content scrolled: the window moves the view's pixels (less
    /// `overlayRects`) and repaints what the move uncovers, the scroll
    /// indicator and the hover; a glide that has not moved yet asks for its
    /// first frame.
    func reportScroll() {
        guard let host else { return }
        // Hidden, the view's frame shows something else, whose pixels must not move.
        guard isVisible else { return _ = itemView.takeScrollChange() }
        if let change = itemView.takeScrollChange() {
            // A pinned header stays where it is while the items move under it.
            let covered = overlayRects + [itemView.pinnedHeaderStrip].compactMap { $0 }
            if change.dy != 0 { host.moveContent(in: change.area, by: change.dy, covered: covered) }
            host.invalidate(change.damage)
        }
        if itemView.isAnimating { host.setNeedsFrame() }
    }

    var now: Double { host?.now ?? 0 }

    // MARK: - Queries

    /// The number of effectively selected items (a running sweep or band included).
    /// - Complexity: O(1) at rest.
    public var selectedCount: Int { selection.selectedCount }
    /// The committed selection's items in order, produced lazily.
    public var selectedItems: some Sequence<ItemPath> { selection.selectedIndexPaths }
    /// The committed selection as ranges in order.
    public var selectedRanges: [ItemRange] { selection.model.committed.ranges }
    /// The selection as it shows now, in ranges in order: a running sweep or
    /// band's provisional changes included (`isInteracting`).
    public var effectiveSelectedRanges: [ItemRange] { selection.model.effectiveRanges }
    public func isSelected(_ item: ItemPath) -> Bool { selection.isSelected(item) }
    /// The total number of items.
    public var itemCount: Int { selection.itemCounts.reduce(0, +) }
    /// The item under a window point.
    public func item(at point: Point) -> ItemPath? {
        guard itemView.frame.contains(point) else { return nil }
        if let pinned = itemView.pinnedHeader, pinned.rect.contains(point) { return nil }
        return interactor.item(at: Point(x: point.x - frame.minX, y: point.y - frame.minY))
    }
    /// The keyboard focus's item (the anchor of Shift ranges), whether or
    /// not the view has the window's focus now.
    public var focusedItem: ItemPath? { interactor.keyboard.focus }
    /// Whether the view has the window's keyboard focus: only then is the
    /// focus ring drawn.
    public var isFocused: Bool { shown.hasFocus }
    /// The content offset (content y at the top of the viewport).
    public var contentOffset: Double { itemView.scroll.offset }
    /// Whether a pointer band is being dragged (Escape cancels it).
    public var isBandActive: Bool { gestures.band.state.isActive }
    /// Whether a sweep or band is making a provisional selection now.
    public var isInteracting: Bool { !sweepOrBandIdle }
}
