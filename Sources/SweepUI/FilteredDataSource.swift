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
@MainActor
public final class FilteredDataSource: ViewRegistering {
    /// The items filtered and ordered (its first section).
    public let source: ListDataSource
    /// The rows shown: which source item each one shows.
    public internal(set) var rows: any FilteredRows
    /// The selected source items, shown or hidden: the committed selection
    /// (a running sweep or band is not in it until it ends).
    public internal(set) var selectedSourceItems = IndexRanges()
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

    /// The view's changes not yet committed to the source items, in rows:
    /// what a running sweep or band selected and deselected so far.
    var pendingAdded = IndexRanges()
    var pendingRemoved = IndexRanges()
    /// Set while the adapter itself changes the view: those changes are not the person's.
    var isUpdatingView = false

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
    func sourceRanges(inRows rowRanges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        let count = sourceCount
        return rows.sourceRanges(inRows: rowRanges).compactMap { range in
            let low = max(range.lowerBound, 0), high = min(range.upperBound, count - 1)
            return low <= high ? low...high : nil
        }
    }

    /// The row that shows source item `item`, nil when the rows hide it.
    /// - Complexity: as `FilteredRows.row(showing:)` (O(rows) for an arbitrary order).
    public func row(showing item: Int) -> Int? { rows.row(showing: item) }

    // MARK: - The view

    /// A view was made over the adapter: it follows that one, selected as the source items are.
    func register(_ newView: CollectionView) {
        view = newView
        syncViewSelection()
    }

    /// Runs `body`, which changes the view for the adapter; the view's
    /// committed selection is the shown part of the source items' after it.
    func updatingView(_ body: () -> Void) {
        let wasUpdating = isUpdatingView
        isUpdatingView = true
        body()
        isUpdatingView = wasUpdating
        pendingAdded = IndexRanges()
        pendingRemoved = IndexRanges()
    }

    /// Makes the view's selection the rows of the selected source items
    /// (ending a running sweep or band).
    func syncViewSelection() {
        guard let view else { return }
        updatingView {
            view.cancelSelectionInteraction()
            selectShownRows(in: view)
        }
    }

    /// Replaces the view's selection with the rows of the selected source items.
    func selectShownRows(in view: CollectionView) {
        let shown = rows.rowRanges(showing: selectedSourceItems)
        if !shown.isEmpty {
            view.selectRanges(shown.map { ItemRange(section: 0, items: $0) })
        } else if view.selectedCount > 0 {
            view.deselectAll()
        }
    }
}
