/// Following the view's selection: its changes arrive in rows and are
/// reported in source items, gathered while a sweep or band runs (the view
/// reports those as it goes and commits them with an empty change) so the
/// committed event carries the gesture's whole change. The view's selection
/// is the shown part of the source items' selection, so its changes are
/// exactly what happened to the shown items; hidden items are never touched.
extension FilteredDataSource {
    /// Called by the view for each selection event, before its delegate.
    func viewSelectionDidChange(_ event: SelectionEvent, in changed: CollectionView) {
        // A view it no longer follows.
        guard changed === view else { return }
        // Only the adapter changes the view's data, and says what that did to the source items itself.
        guard event.cause != .dataChange else { return }
        // Selected in by the app or a person: the view is in use, its policy set.
        viewIsConfigured = true
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
        gestureRemoved.forEachGap(in: range) { fresh.append($0) }
        gestureRemoved.remove(range) { _ in }
        for part in fresh { gestureAdded.insert(part) { _ in } }
    }

    /// Rows that stopped being selected, gathered the same way.
    private func gather(removed range: ClosedRange<Int>) {
        var fresh: [ClosedRange<Int>] = []
        gestureAdded.forEachGap(in: range) { fresh.append($0) }
        gestureAdded.remove(range) { _ in }
        for part in fresh { gestureRemoved.insert(part) { _ in } }
    }

    /// Reports the view's committed change in source items, unless
    /// `shouldChangeSelection` refuses it: then the view goes back to the
    /// selection before it.
    private func commitPending(cause: SelectionEvent.Cause) {
        let addedRows = gestureAdded, removedRows = gestureRemoved
        gestureAdded = IndexRanges()
        gestureRemoved = IndexRanges()
        let added = sourceRanges(inRows: addedRows.ranges)
        let removed = sourceRanges(inRows: removedRows.ranges)
        if let shouldChangeSelection, let view, !(added.isEmpty && removed.isEmpty) {
            // The view holds the change already; the count with it is the one asked about.
            let newCount = hiddenSelection.count + view.selectedCount
            changeBeingAsked = (added, removed)
            let allowed = shouldChangeSelection(newCount)
            changeBeingAsked = nil
            guard allowed else {
                var before = IndexRanges(view.selectedRanges.lazy.filter { $0.section == 0 }.map(\.items))
                for range in addedRows.ranges { before.remove(range) { _ in } }
                for range in removedRows.ranges { before.insert(range) { _ in } }
                view.replaceSelection(withSourceRows: before.ranges)
                return
            }
        }
        // The view holds these items' state now (a shown item an unattached view kept hidden included).
        if !hiddenSelection.isEmpty {
            for range in added + removed { hiddenSelection.remove(range) { _ in } }
        }
        onSelectionChange?(SelectionEvent(change: Self.change(added: added, removed: removed), isProvisional: false, cause: cause))
    }

    static func change(added: [ClosedRange<Int>], removed: [ClosedRange<Int>]) -> SelectionChange {
        SelectionChange(added: added.map { ItemRange(section: 0, items: $0) },
                        removed: removed.map { ItemRange(section: 0, items: $0) })
    }
}
