/// The selection by source item: queries, and changes by source item (the
/// app's word: set as given, hidden items included, and shown) or on the
/// shown rows (through the view, as its own API: its policies hold and
/// `shouldChangeSelection` is asked).
extension FilteredDataSource {
    /// The selected source items, shown or hidden: the committed selection
    /// (a running sweep or band is not in it until it ends).
    /// - Complexity: O(selected ranges · log) and the rows' mapping of the view's selected rows.
    public var selectedSourceItems: IndexRanges { IndexRanges(sorted: selectedSourceRanges()) }

    /// `selectedSourceItems` as sorted, disjoint, non-adjacent ranges
    /// (`itemCount`: the number of items the rows name, when the source has
    /// changed under them and they are read before they follow).
    func selectedSourceRanges(itemCount: Int? = nil) -> [ClosedRange<Int>] {
        let all = view.map { IndexRanges.union(hiddenSelection.ranges, shownSelection(in: $0, itemCount: itemCount)) }
            ?? hiddenSelection.ranges
        guard let asked = changeBeingAsked else { return all }
        var before = IndexRanges(sorted: all)
        for range in asked.added { before.remove(range) { _ in } }
        for range in asked.removed { before.insert(range) { _ in } }
        return before.ranges
    }

    /// The number of selected source items, a running sweep or band
    /// included (what a status line shows). - Complexity: O(1) at rest.
    public var selectedCount: Int {
        var count = hiddenSelection.count + (view?.selectedCount ?? 0)
        if let asked = changeBeingAsked {
            count += asked.removed.reduce(0) { $0 + $1.count } - asked.added.reduce(0) { $0 + $1.count }
        }
        return count
    }

    /// The selected source items in order, one by one, produced lazily.
    public var selectedSourceIndices: some Sequence<Int> {
        selectedSourceItems.ranges.lazy.flatMap { $0 }
    }

    /// Whether source item `item` is selected (committed), shown or not.
    /// - Complexity: O(log ranges) and `row(showing:)`.
    public func isSelected(sourceItem item: Int) -> Bool {
        if let asked = changeBeingAsked {
            if asked.added.contains(where: { $0.contains(item) }) { return false }
            if asked.removed.contains(where: { $0.contains(item) }) { return true }
        }
        if hiddenSelection.contains(item) { return true }
        guard let view, let row = row(showing: item) else { return false }
        return view.selection.model.committed.contains(ItemPath(item: row))
    }

    // MARK: - By source item

    /// Selects the source items in `ranges` (those past the source's end are
    /// ignored), shown or hidden, and selects their rows in the view (as its
    /// policy allows: a single-selection view keeps one).
    public func selectSourceItems(_ ranges: [ClosedRange<Int>]) {
        changeSelection { selected in for range in clamped(ranges) { selected.insert(range) { _ in } } }
    }

    /// Deselects the source items in `ranges`, shown or hidden.
    public func deselectSourceItems(_ ranges: [ClosedRange<Int>]) {
        changeSelection { selected in for range in clamped(ranges) { selected.remove(range) { _ in } } }
    }

    /// Deselects every source item, hidden ones too.
    public func clearSelection() {
        changeSelection { selected in selected.removeAll { _ in } }
    }

    /// Changes the selection by source item with `body` and reports what
    /// changed in the end (the view's policy may have kept less).
    private func changeSelection(_ body: (inout IndexRanges) -> Void) {
        let before = selectedSourceRanges()
        var selected = IndexRanges(sorted: before)
        body(&selected)
        guard selected.ranges != before else { return }
        setSelection(selected.ranges)
        let after = selectedSourceRanges()
        let change = Self.change(added: IndexRanges.subtracting(before, from: after), removed: IndexRanges.subtracting(after, from: before))
        guard !change.isEmpty else { return }
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
                hiddenSelection.forEachIntersection(with: range) { selected.append($0) }
                hiddenSelection.forEachGap(in: range) { unselected.append($0) }
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
