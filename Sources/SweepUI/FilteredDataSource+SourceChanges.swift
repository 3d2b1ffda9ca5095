/// A source that changes by snapshots (a `SnapshotDataSource`): items come
/// and go and move while the filter shows some of them. The selected source
/// items follow their identifiers, and the rows are made again with
/// `isIncluded`, so an app filters a changing list without bookkeeping.
extension FilteredDataSource {
    /// Which source items the rows show, in source order; nil shows them
    /// all. Setting it shows the new rows (keeping the focused item and the
    /// top item in place), and a `SnapshotDataSource` source applying a new
    /// snapshot shows them again: the closure gets the new snapshot's
    /// indices then, so it must read the app's current model, not a copy
    /// captured when it was set. - Complexity: one call a source item each
    /// time the rows are made.
    public var isIncluded: ((Int) -> Bool)? {
        get { inclusion }
        set {
            inclusion = newValue
            show(includedRows())
        }
    }

    /// The rows `isIncluded` picks out of the source as it is now.
    func includedRows() -> any FilteredRows {
        let count = sourceCount
        guard let inclusion else { return AllSourceItems(count: count) }
        return SourceItemList((0..<count).filter(inclusion), order: .ascending)
    }

    /// The source applied a snapshot (called by `SnapshotDataSource`): the
    /// selected source items move to their items' new indices (deleted ones
    /// leave the selection), and the rows are made again.
    func sourceDidApply(_ transition: SnapshotTransition) {
        let old = Selection(selectedSourceItems.ranges.map { ItemRange(section: 0, items: $0) })
        let mapped = transition.map(old)
        selectedSourceItems = IndexRanges(mapped.ranges.filter { $0.section == 0 }.map(\.items))
        // The focused and top items are read through the old rows and follow their identifiers too.
        var place = view.map { FilteredViewportPlace(view: $0, adapter: self, sourceChanged: true) }
        place?.mapSourceItems { item in
            transition.mapNearest(ItemPath(item: item)).flatMap { $0.section == 0 ? $0.item : nil }
        }
        show(includedRows(), restoring: place)
    }
}

extension FilteredDataSource: SnapshotObserver {}
