/// The selection by source item: queries, and changes by source item (the
/// app's word: set as given, hidden items included, and shown) or on the
/// shown rows (through the view, as its own API: its policies hold and
/// `shouldChangeSelection` is asked).
extension FilteredDataSource {
    /// The number of selected source items, a running sweep or band
    /// included (what a status line shows). - Complexity: O(1).
    public var selectedCount: Int {
        selectedSourceItems.count + pendingAdded.count - pendingRemoved.count
    }

    /// The selected source items in order, one by one, produced lazily.
    public var selectedSourceIndices: some Sequence<Int> {
        selectedSourceItems.ranges.lazy.flatMap { $0 }
    }

    /// Whether source item `item` is selected (committed), shown or not.
    /// - Complexity: O(log ranges).
    public func isSelected(sourceItem item: Int) -> Bool { selectedSourceItems.contains(item) }

    // MARK: - By source item

    /// Selects the source items in `ranges` (those past the source's end are
    /// ignored), shown or hidden, and selects their rows in the view.
    public func selectSourceItems(_ ranges: [ClosedRange<Int>]) {
        var change = SelectionChange()
        for range in clamped(ranges) {
            selectedSourceItems.insert(range) { change.add(ItemRange(section: 0, items: $0)) }
        }
        guard !change.isEmpty else { return }
        if let view {
            updatingView {
                view.cancelSelectionInteraction()
                let shown = rows.rowRanges(showing: change.added.map(\.items))
                if !shown.isEmpty { view.selectRanges(shown.map { ItemRange(section: 0, items: $0) }, additive: true) }
            }
        }
        onSelectionChange?(SelectionEvent(change: change, isProvisional: false, cause: .api))
    }

    /// Deselects the source items in `ranges`, shown or hidden.
    public func deselectSourceItems(_ ranges: [ClosedRange<Int>]) {
        var change = SelectionChange()
        for range in clamped(ranges) {
            selectedSourceItems.remove(range) { change.remove(ItemRange(section: 0, items: $0)) }
        }
        guard !change.isEmpty else { return }
        syncViewSelection()
        onSelectionChange?(SelectionEvent(change: change, isProvisional: false, cause: .api))
    }

    /// Deselects every source item, hidden ones too.
    public func clearSelection() {
        var change = SelectionChange()
        selectedSourceItems.removeAll { change.remove(ItemRange(section: 0, items: $0)) }
        guard !change.isEmpty else { return }
        syncViewSelection()
        onSelectionChange?(SelectionEvent(change: change, isProvisional: false, cause: .api))
    }

    // MARK: - On the shown rows

    /// Selects every shown item (the view's `selectAll`); hidden ones keep their state.
    public func selectAllShown() {
        if let view { return view.selectAll() }
        guard rowCount > 0 else { return }
        selectSourceItems(sourceRanges(inRows: [0...(rowCount - 1)]))
    }

    /// Deselects every shown item (the view's `deselectAll`); hidden ones stay selected.
    public func deselectAllShown() {
        if let view { return view.deselectAll() }
        guard rowCount > 0 else { return }
        deselectSourceItems(sourceRanges(inRows: [0...(rowCount - 1)]))
    }

    /// Selects the shown items that are not selected and deselects those that
    /// are; hidden ones keep their state. - Complexity: O(selected ranges).
    public func invertShown() {
        let count = rowCount
        guard count > 0 else { return }
        guard let view else {
            let shown = sourceRanges(inRows: [0...(count - 1)])
            var selected: [ClosedRange<Int>] = [], unselected: [ClosedRange<Int>] = []
            for range in shown {
                selectedSourceItems.forEachIntersection(with: range) { selected.append($0) }
                selectedSourceItems.forEachGap(in: range) { unselected.append($0) }
            }
            deselectSourceItems(selected)
            return selectSourceItems(unselected)
        }
        var gaps: [ItemRange] = []
        var cursor = 0
        for range in view.selectedRanges where range.section == 0 {
            if range.items.lowerBound > cursor { gaps.append(ItemRange(section: 0, items: cursor...(range.items.lowerBound - 1))) }
            cursor = max(cursor, range.items.upperBound + 1)
        }
        if cursor < count { gaps.append(ItemRange(section: 0, items: cursor...(count - 1))) }
        if gaps.isEmpty { view.deselectAll() } else { view.selectRanges(gaps) }
    }

    /// `ranges` cut to the source's items, in order (so changes are reported in order).
    private func clamped(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        let count = sourceCount
        return ranges.compactMap { range in
            let low = max(range.lowerBound, 0), high = min(range.upperBound, count - 1)
            return low <= high ? low...high : nil
        }.sorted { $0.lowerBound < $1.lowerBound }
    }
}

extension CollectionView {
    /// Ends a running sweep or band, undoing its provisional selection.
    func cancelSelectionInteraction() {
        if interactor.sweep != nil { apply(interactor.cancelSweep()) }
        if gestures.band.state.isActive { gestures.band.cancel() }
    }
}
