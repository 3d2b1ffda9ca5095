/// A source that changes by snapshots (a `SnapshotDataSource`): items come
/// and go and move while the filter shows some of them. The selected source
/// items follow their identifiers, and the rows follow the snapshot, so an
/// app filters a changing list without bookkeeping.
extension FilteredDataSource {
    /// Which source items the rows show, in source order; nil shows them
    /// all. Setting it shows the new rows (keeping the focused item and the
    /// top item in place). When a `SnapshotDataSource` source applies a new
    /// snapshot, only its inserted and reconfigured items are asked (with
    /// their new indices), and the other rows follow their items: so the
    /// closure must read the app's current model, not a copy captured when
    /// it was set, and an item whose inclusion changes (a message read, a
    /// file renamed) must be reconfigured in the snapshot, as its content
    /// changed. Setting `isIncluded` again asks every item.
    /// - Complexity: one call a source item when set; one call an inserted
    ///   or reconfigured item per snapshot.
    public var isIncluded: ((Int) -> Bool)? {
        get { inclusion }
        set {
            inclusion = newValue
            show(includedRows())
            rowsFollowInclusion = true
        }
    }

    /// The rows `isIncluded` picks out of the source as it is now.
    func includedRows() -> any FilteredRows {
        let count = sourceCount
        guard let inclusion else { return AllSourceItems(count: count) }
        return SortedSourceItems((0..<count).lazy.filter(inclusion))
    }

    /// The source applied a snapshot (called by `SnapshotDataSource`): the
    /// selected source items move to their items' new indices (deleted ones
    /// leave the selection), and the rows follow: as a batch of rows when
    /// the snapshot is one (a running sweep or band goes on over its items),
    /// else made again with `isIncluded`.
    func sourceDidApply(_ transition: SnapshotTransition) {
        // Read through the old rows, which name the old items (the source has its new ones already).
        let old = Selection(selectedSourceRanges(itemCount: transition.oldItemCounts.first ?? 0).map { ItemRange(section: 0, items: $0) })
        let selected = transition.map(old).ranges.filter { $0.section == 0 }.map(\.items)
        followPlaceBeforeFiltering(through: transition)
        if followRows(through: transition, selecting: selected) { return }
        // The focused and top items are read through the old rows and follow their identifiers too.
        var place = view.map { FilteredViewportPlace(view: $0, adapter: self, sourceChanged: true) }
        place?.mapSourceItems { item in
            transition.mapNearest(ItemPath(item: item)).flatMap { $0.section == 0 ? $0.item : nil }
        }
        show(includedRows(), restoring: place, selecting: selected)
        rowsFollowInclusion = true
    }

    /// Moves the rows with a snapshot's batch, asking `isIncluded` only of
    /// the items inserted or reconfigured, and gives the view the rows' own
    /// batch, so its selection, focus, top row and a running sweep or band
    /// follow their rows; `selected` (the selection after the change, in
    /// source items) is then shared out again between the view and the
    /// hidden items. False when the change is not a batch of the one
    /// section, the rows are the app's own (`show`, `extend`), or it
    /// touches too many items to be cheaper than making the rows again.
    private func followRows(through transition: SnapshotTransition, selecting selected: [ClosedRange<Int>]) -> Bool {
        guard rowsFollowInclusion, let mapping = transition.mapping, mapping.oldItemCounts.count == 1,
              mapping.newItemCounts.count == 1 else { return false }
        let oldRowCount = rows.rowCount
        let rowUpdate: ItemUpdate
        if let inclusion {
            guard var sorted = rows as? SortedSourceItems,
                  let followed = sorted.follow(mapping, reconfigured: transition.reconfigured,
                                               limit: max(4096, oldRowCount / 32), isIncluded: inclusion) else { return false }
            rows = sorted
            rowUpdate = followed.update
        } else {
            guard rows is AllSourceItems, oldRowCount == mapping.oldItemCounts[0], let update = transition.update else { return false }
            rows = AllSourceItems(count: mapping.newItemCounts[0])
            rowUpdate = update
        }
        guard let view else {
            hiddenSelection = IndexRanges(sorted: selected)
            return true
        }
        // What a running sweep or band has gathered, in rows, moves with its rows.
        if let rowMapping = try? ItemMapping(oldItemCounts: [oldRowCount], update: rowUpdate) {
            gestureAdded = Self.map(gestureAdded, with: rowMapping)
            gestureRemoved = Self.map(gestureRemoved, with: rowMapping)
        }
        do {
            // The gesture's own changes as it follows its rows are the person's.
            try view.performBatchUpdates(rowUpdate)
        } catch {
            // The view's rows were not the adapter's: read everything again.
            endGesture(in: view)
            view.reloadData(keepingSelection: false)
            setSelection(selected)
            return true
        }
        // Rows the batch deleted whose items stay (the filter hides them now) keep
        // their items selected, hidden; hidden selected items the filter shows now
        // (`followed.shownAgain` among them) show selected.
        hiddenSelection = IndexRanges(sorted: IndexRanges.subtracting(shownSelection(in: view), from: selected))
        selectShownHiddenItems()
        return true
    }

    /// The place remembered from before filtering names source items: they follow their identifiers.
    private func followPlaceBeforeFiltering(through transition: SnapshotTransition) {
        guard var saved = placeBeforeFiltering else { return }
        func nearest(_ item: Int) -> Int? {
            transition.mapNearest(ItemPath(item: item)).flatMap { $0.section == 0 ? $0.item : nil }
        }
        // The focused item itself must survive to be gone back to; the top item may be a neighbour.
        let focus = saved.place.focusedSourceItem
        saved.place.mapSourceItems(nearest)
        if let focus, transition.map(ItemPath(item: focus)) == nil { return placeBeforeFiltering = nil }
        saved.focusAfter = saved.focusAfter.flatMap { transition.map(ItemPath(item: $0)).map(\.item) }
        placeBeforeFiltering = saved
    }

    private static func map(_ rows: IndexRanges, with mapping: ItemMapping) -> IndexRanges {
        guard !rows.isEmpty else { return rows }
        let mapped = mapping.map(Selection(rows.ranges.map { ItemRange(section: 0, items: $0) }))
        return IndexRanges(mapped.ranges.map(\.items))
    }
}

extension FilteredDataSource: SnapshotObserver {
    /// An animated snapshot comes: the view animates it when its rows follow as a batch.
    func sourceWillApply() { view?.prepareChangeAnimation() }
}
