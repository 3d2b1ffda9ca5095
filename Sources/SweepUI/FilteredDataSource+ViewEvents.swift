/// Following the view's selection: its changes arrive in rows, are gathered
/// while a sweep or band runs (the view reports those as it goes and commits
/// them with an empty change), and are committed to the source items when
/// the view's selection is committed. The view's committed selection is
/// always the shown part of the source items' selection, so its changes are
/// exactly what happened to the shown items; hidden items are never touched.
extension FilteredDataSource {
    /// Called by the view for each selection event, before its delegate.
    func viewSelectionDidChange(_ event: SelectionEvent, in changed: CollectionView) {
        // The adapter's own reloads and re-selections, and a view it no longer follows.
        guard !isUpdatingView, changed === view else { return }
        // Only the adapter changes the view's data, inside `updatingView`.
        guard event.cause != .dataChange else { return }
        for range in event.added where range.section == 0 { gather(added: range.items) }
        for range in event.removed where range.section == 0 { gather(removed: range.items) }
        if event.isProvisional {
            guard let onSelectionChange else { return }
            let added = sourceRanges(inRows: event.added.filter { $0.section == 0 }.map(\.items))
            let removed = sourceRanges(inRows: event.removed.filter { $0.section == 0 }.map(\.items))
            onSelectionChange(SelectionEvent(change: Self.change(added: added, removed: removed), isProvisional: true,
                                             cause: event.cause))
            return
        }
        commitPending(cause: event.cause)
    }

    /// Rows that became selected: those deselected earlier in the same run
    /// only come back, the rest are new.
    private func gather(added range: ClosedRange<Int>) {
        var fresh: [ClosedRange<Int>] = []
        pendingRemoved.forEachGap(in: range) { fresh.append($0) }
        pendingRemoved.remove(range) { _ in }
        for part in fresh { pendingAdded.insert(part) { _ in } }
    }

    /// Rows that stopped being selected, gathered the same way.
    private func gather(removed range: ClosedRange<Int>) {
        var fresh: [ClosedRange<Int>] = []
        pendingAdded.forEachGap(in: range) { fresh.append($0) }
        pendingAdded.remove(range) { _ in }
        for part in fresh { pendingRemoved.insert(part) { _ in } }
    }

    /// Commits the gathered change to the source items, unless refused.
    private func commitPending(cause: SelectionEvent.Cause) {
        let added = sourceRanges(inRows: pendingAdded.ranges)
        let removed = sourceRanges(inRows: pendingRemoved.ranges)
        pendingAdded = IndexRanges()
        pendingRemoved = IndexRanges()
        if let shouldChangeSelection, !(added.isEmpty && removed.isEmpty) {
            var newCount = selectedSourceItems.count
            for range in added { selectedSourceItems.forEachGap(in: range) { newCount += $0.count } }
            for range in removed { selectedSourceItems.forEachIntersection(with: range) { newCount -= $0.count } }
            guard shouldChangeSelection(newCount) else {
                syncViewSelection()
                return
            }
        }
        var change = SelectionChange()
        for range in removed { selectedSourceItems.remove(range) { change.remove(ItemRange(section: 0, items: $0)) } }
        for range in added { selectedSourceItems.insert(range) { change.add(ItemRange(section: 0, items: $0)) } }
        onSelectionChange?(SelectionEvent(change: change, isProvisional: false, cause: cause))
    }

    static func change(added: [ClosedRange<Int>], removed: [ClosedRange<Int>]) -> SelectionChange {
        SelectionChange(added: added.map { ItemRange(section: 0, items: $0) },
                        removed: removed.map { ItemRange(section: 0, items: $0) })
    }
}
