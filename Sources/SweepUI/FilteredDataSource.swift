/// A subset and / or an order of another data source's items (a filter, a
/// sort) as a data source of its own, with the selection kept by source
/// item: an item the filter hides stays selected, and shows selected again
/// when a later filter shows it.
///
/// Make the view over it, `CollectionView(layout: .list, dataSource: filtered)`,
/// and the two are connected: what a person (or the view's own API) selects
/// in the view is committed to the source items once it is no longer
/// provisional (a sweep or band still running is not), and the items the
/// filter hides keep their state. Show new rows with `show(_:)` (a new
/// filter or order) or `extend(to:)` (the same filter over more items); the
/// view is reloaded and the shown rows of selected items selected again, the
/// focused item keeps the focus while it is shown and the item at the top of
/// the viewport stays there. Rows come through `FilteredRows`, so an app
/// hands over its own index storage without copying it.
///
/// The source has one section. Its item indices must stay stable while the
/// selection holds them (items may be added at the end), unless the source
/// is a `SnapshotDataSource`: then each snapshot it applies moves the
/// selection, the focus and the top item with their identifiers and remakes
/// the rows with `isIncluded`. Only this adapter changes the view's data:
/// call `show` or `extend`, not the view's `reloadData` or
/// `performBatchUpdates`. One view at a time: the last one made over the
/// adapter.
///
/// The view's selection holds the shown items' state, the adapter only the
/// hidden ones' (one owner each). The view takes its part when it is first
/// attached to a window or selected in (configured by then: a view just made
/// allows one item); from then on the view's policy holds for what it shows, so a
/// single-selection view keeps one shown item of several asked for, and the
/// change reported is what it kept. Keep the view while its selection
/// matters: a view let go takes the shown items' state with it.
@MainActor
public final class FilteredDataSource: ViewRegistering {
    /// The items filtered and ordered (its first section).
    public let source: ListDataSource
    /// The rows shown: which source item each one shows.
    public internal(set) var rows: any FilteredRows
    /// The view over the adapter, once one is made.
    public private(set) weak var view: CollectionView?

    /// Called after every change of the selection, once `selectedSourceItems`
    /// is up to date: the event's ranges are source items (section 0). A
    /// running sweep or band is reported as provisional; the committed event
    /// that ends it carries its whole change. Not called when new rows are
    /// shown (the source items' selection stays as it was) or for a change
    /// `shouldChangeSelection` refused.
    public var onSelectionChange: ((SelectionEvent) -> Void)?
    /// Asked before a change made in the view (by input or the view's API)
    /// is committed, with the number of source items it would leave
    /// selected; false refuses it and the view shows the selection as it
    /// was (a limit on how many may be chosen). While it is asked,
    /// `selectedSourceItems` and `selectedCount` are the selection before
    /// the change. The adapter's own by-source-item calls are not asked.
    public var shouldChangeSelection: ((_ newCount: Int) -> Bool)?

    /// The selected source items the view's selection does not hold: those
    /// the rows hide (all of them until a view is made and attached to a
    /// window, so the app has set its selection policy). The view's
    /// selection model owns the shown ones, so no item's state is kept in
    /// two places; `selectedSourceItems` is the two together.
    var hiddenSelection = IndexRanges()
    /// What the view's running sweep or band changed so far, in rows, for
    /// the committed event that carries its whole change (the view reports
    /// a gesture as it goes and commits it with an empty change).
    var gestureAdded = IndexRanges()
    var gestureRemoved = IndexRanges()
    /// The change `shouldChangeSelection` is being asked about, in source
    /// items: the view holds it already, the selection read meanwhile does not.
    var changeBeingAsked: (added: [ClosedRange<Int>], removed: [ClosedRange<Int>])?
    /// Whether the view is in use, its policy set: attached to a window, or
    /// selected in by the app or a person, since it was made.
    var viewIsConfigured = false

    /// An adapter over `source` showing `rows`, or all its items in order.
    public init(source: ListDataSource, rows: (any FilteredRows)? = nil) {
        self.source = source
        self.rows = rows ?? AllSourceItems(count: source.sectionCounts.first ?? 0)
        rowsFollowInclusion = rows == nil
        // A snapshot source tells the adapter of its changes (FilteredDataSource+SourceChanges).
        (source as? SnapshotSourceRegistering)?.addObserver(self)
    }

    /// Where the view was over every item before a filter first hid some,
    /// and the focus that filter left: restored when every item shows again
    /// (see `show(_:position:)`).
    var placeBeforeFiltering: (place: FilteredViewportPlace, focusAfter: Int?)?
    /// What `isIncluded` holds (see FilteredDataSource+SourceChanges).
    var inclusion: ((Int) -> Bool)?
    /// Whether the rows are `isIncluded`'s (all items without it), so a
    /// snapshot's batch can move them; false once the app shows its own.
    var rowsFollowInclusion: Bool

    /// The number of rows shown.
    public var rowCount: Int { rows.rowCount }

    /// The number of items in the source.
    public var sourceCount: Int { source.sectionCounts.first ?? 0 }

    /// The source item shown in `row`; nil for a row that does not exist or
    /// names an item the source does not have. - Complexity: O(1) and
    /// the rows' lookup.
    public func sourceItem(atRow row: Int) -> Int? {
        guard row >= 0 && row < rows.rowCount else { return nil }
        let item = rows.sourceItem(atRow: row)
        return item >= 0 && item < sourceCount ? item : nil
    }

    /// The source items the rows in `rowRanges` show, without items the
    /// source does not have: sorted, disjoint, non-adjacent ranges.
    func sourceRanges(inRows rowRanges: [ClosedRange<Int>], itemCount: Int? = nil) -> [ClosedRange<Int>] {
        let count = itemCount ?? sourceCount
        let items = rows.sourceRanges(inRows: rowRanges, itemCount: count)
        // Sorted: when the ends are items the source has, they all are.
        if let first = items.first, let last = items.last, first.lowerBound >= 0, last.upperBound < count { return items }
        return items.compactMap { range in
            let low = max(range.lowerBound, 0), high = min(range.upperBound, count - 1)
            return low <= high ? low...high : nil
        }
    }

    /// The row that shows source item `item`, nil when the rows hide it.
    /// - Complexity: as `FilteredRows.row(showing:)` (O(rows) for an arbitrary order).
    public func row(showing item: Int) -> Int? { rows.row(showing: item) }

    // MARK: - The view

    /// A view was made over the adapter: it follows that one (the one it
    /// followed before keeps its own). The selection stays with the adapter
    /// until the view is attached (`viewAttached`): a view just made has the
    /// default policy (single selection), which would keep one item.
    func register(_ newView: CollectionView) {
        let selected = selectedSourceRanges()
        view = newView
        viewIsConfigured = false
        hiddenSelection = IndexRanges(sorted: selected)
    }

    /// The view went into a window, configured: it takes the shown part of the selection.
    func viewAttached(_ attached: CollectionView) {
        guard attached === view else { return }
        viewIsConfigured = true
        setSelection(selectedSourceRanges())
    }

    /// The view the adapter shares its selection with: its own, once in use (`viewIsConfigured`).
    var sharingView: CollectionView? { viewIsConfigured ? view : nil }

    /// Makes `selected` (sorted, disjoint, non-adjacent source item ranges)
    /// the selection: the view's becomes the rows that show
    /// those items (a running sweep or band ends) and the rest stay hidden.
    /// Shown items the view refuses (single selection, its predicate) are
    /// not selected: the view's policies hold for what it shows.
    func setSelection(_ selected: [ClosedRange<Int>]) {
        guard let view = sharingView else { return hiddenSelection = IndexRanges(sorted: selected) }
        endGesture(in: view)
        let shown = rows.rowRanges(showing: selected)
        // The hidden part first: the view's delegate, hearing the change, reads the whole selection.
        // Each row shows one item: as many rows as items means every selected item shows.
        let shownCount = shown.reduce(0) { $0 + $1.count }, selectedCount = selected.reduce(0) { $0 + $1.count }
        hiddenSelection = shownCount == selectedCount ? IndexRanges()
            : IndexRanges(sorted: IndexRanges.subtracting(sourceRanges(inRows: shown), from: selected))
        view.replaceSelection(withSourceRows: shown)
    }

    /// Selects the rows that show hidden selected items (rows that came into
    /// view): they move from `hiddenSelection` to the view's selection.
    func selectShownHiddenItems(within bounds: Range<Int>? = nil) {
        guard let view = sharingView, !hiddenSelection.isEmpty else { return }
        let shown = rows.rowRanges(showing: hiddenSelection, within: bounds)
        guard !shown.isEmpty else { return }
        // The view cannot add to a selection a gesture is making: the gesture ends.
        endGesture(in: view)
        hiddenSelection = IndexRanges(sorted: IndexRanges.subtracting(sourceRanges(inRows: shown), from: hiddenSelection.ranges))
        view.addToSelection(sourceRows: shown)
    }

    /// The source items of the view's committed selection, read through the
    /// rows as they are (`itemCount`: the number of source items they name,
    /// when the source has already changed under them).
    func shownSelection(in view: CollectionView, itemCount: Int? = nil) -> [ClosedRange<Int>] {
        var selectedRows: [ClosedRange<Int>] = []
        view.selection.model.committed.forEachRange { range in
            if range.section == 0 { selectedRows.append(range.items) }
        }
        return sourceRanges(inRows: selectedRows, itemCount: itemCount)
    }

    /// Ends the view's running sweep or band without reporting it back, and
    /// forgets what it gathered.
    func endGesture(in view: CollectionView) {
        view.cancelSelectionInteraction(byFilteredSource: true)
        gestureAdded = IndexRanges()
        gestureRemoved = IndexRanges()
    }
}

extension CollectionView {
    /// Ends a running sweep or band, undoing its provisional selection.
    func cancelSelectionInteraction(byFilteredSource: Bool = false) {
        if interactor.sweep != nil { apply(interactor.cancelSweep(), byFilteredSource: byFilteredSource) }
        if interactor.band != nil { apply(interactor.cancelBand(), byFilteredSource: byFilteredSource) }
        if gestures.band.state.isActive { gestures.band.cancel() }
    }

    /// Replaces the selection with `rows` for the filtered data source:
    /// reported to the delegate, the primary selection and accessibility, not back to the source.
    func replaceSelection(withSourceRows rows: [ClosedRange<Int>]) {
        let change = rows.isEmpty ? selection.deselectAll()
            : selection.selectRanges(rows.map { ItemRange(section: 0, items: $0) }, additive: false, source: .api)
        apply([.selection(change, provisional: false)], cause: .api, byFilteredSource: true)
    }

    /// Adds `rows` to the selection for the filtered data source.
    func addToSelection(sourceRows rows: [ClosedRange<Int>]) {
        let change = selection.selectRanges(rows.map { ItemRange(section: 0, items: $0) }, additive: true, source: .api)
        apply([.selection(change, provisional: false)], cause: .api, byFilteredSource: true)
    }
}
