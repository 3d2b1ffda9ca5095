/// New rows: a new filter or order reloads the view, a filter over more
/// items adds rows at the end; either way the rows of selected source items
/// show selected.
extension FilteredDataSource {
    /// Where the view is after new rows are shown.
    public enum Position: Sendable, Hashable {
        /// The focused item keeps the focus, and its place on screen, while
        /// it is shown (else the focus goes to the next shown item in source
        /// order, or the first row); otherwise the item at the top of the
        /// viewport stays at the top. For narrowing a list one browses.
        case keepingItems
        /// The focus on the first row and the view at the top: a new query
        /// whose best matches come first.
        case top
    }

    /// Shows `newRows` (a new filter, a new order): the view is reloaded,
    /// the rows of selected source items are selected, and the focus and
    /// scroll offset are put at `position`. A running sweep or band is
    /// cancelled.
    /// - Complexity: O(selected ranges · log rows) for ascending rows;
    ///   O(rows) for an arbitrary order.
    ///
    /// With `.keepingItems`, the place before a filter first hid items is
    /// remembered: when every item shows again (the filter cleared), the
    /// view goes back to it, its focused item and scroll offset, if that
    /// item still exists and the person did not move the focus meanwhile
    /// (then the focused item stays in view, as it would).
    public func show(_ newRows: any FilteredRows, position: Position = .keepingItems) {
        var place = position == .keepingItems ? view.map { FilteredViewportPlace(view: $0, adapter: self) } : nil
        let showedAll = rows.rowCount == sourceCount, showsAll = newRows.rowCount == sourceCount
        // The person moved the focus while filtered: it stays where they put it.
        if let saved = placeBeforeFiltering, focusedSourceItem != saved.focusAfter { placeBeforeFiltering = nil }
        if showedAll && !showsAll {
            placeBeforeFiltering = place.map { (place: $0, focusAfter: nil) }
        } else if showsAll, let saved = placeBeforeFiltering, position == .keepingItems,
                  saved.place.focusedSourceItem.map({ $0 < sourceCount }) ?? true {
            place = saved.place
        }
        show(newRows, restoring: place)
        rowsFollowInclusion = false
        if showsAll || position != .keepingItems {
            placeBeforeFiltering = nil
        } else {
            // The focus the filter left: if it is still there at the next filter, nobody moved it.
            placeBeforeFiltering?.focusAfter = focusedSourceItem
        }
    }

    /// The source item the view's focus is on, if any.
    var focusedSourceItem: Int? { view?.focusedItem.flatMap { sourceItem(atRow: $0.item) } }

    /// Shows `newRows` and puts the view at `place` (at the top when nil).
    /// `selected` is the selection in source items after the change (the
    /// selection as it is when nil, read before the rows change).
    func show(_ newRows: any FilteredRows, restoring place: FilteredViewportPlace?, selecting selected: [ClosedRange<Int>]? = nil) {
        if selected == nil, hiddenSelection.isEmpty, let view = sharingView, showingAgain(newRows, in: view) {
            return restore(place, in: view)
        }
        let selected = selected ?? selectedSourceRanges()
        rows = newRows
        guard let view else { return hiddenSelection = IndexRanges(sorted: selected) }
        // Other rows altogether: a running sweep or band ends (the view would keep it by position).
        endGesture(in: view)
        view.reloadData()
        setSelection(selected)
        restore(place, in: view)
    }

    /// The view's selected items, all shown, go to their rows in `newRows`
    /// as a bit per item, without becoming ranges of source items in between
    /// (a re-sort keeping 300,000 selected: O(rows)); false, with nothing
    /// changed, when some of them would be hidden.
    private func showingAgain(_ newRows: any FilteredRows, in view: CollectionView) -> Bool {
        var selectedRows: [ClosedRange<Int>] = []
        view.selection.model.committed.forEachRange { range in
            if range.section == 0 { selectedRows.append(range.items) }
        }
        let bits = rows.itemBits(inRows: selectedRows, itemCount: sourceCount)
        let shown = newRows.rowRanges(showing: bits)
        guard shown.reduce(0, { $0 + $1.count }) == bits.count else { return false }
        rows = newRows
        // Other rows altogether: a running sweep or band ends (the view would keep it by position).
        endGesture(in: view)
        view.reloadData()
        view.replaceSelection(withSourceRows: shown)
        return true
    }

    /// Puts the view at `place` after new rows, or at the top with the focus on the first row.
    private func restore(_ place: FilteredViewportPlace?, in view: CollectionView) {
        if let place {
            place.restore(in: view, adapter: self)
        } else {
            view.setFocus(rows.rowCount > 0 ? ItemPath(item: 0) : nil)
            view.itemView.scrollImmediately(to: 0)
            view.setNeedsDisplay()
        }
    }

    /// Shows `newRows`, which begin with the rows shown now and add more
    /// after them (the same filter over items that arrived since): the new
    /// rows are inserted, those of selected source items selected, and the
    /// rest of the view stays as it is. Rows that do not begin with the
    /// current ones (as far as their first and last rows tell) are shown
    /// with `show(_:)` instead.
    /// - Complexity: O(selected ranges · log rows) for ascending rows; O(new rows) for an arbitrary order.
    public func extend(to newRows: any FilteredRows) {
        let old = rows.rowCount, new = newRows.rowCount
        guard new >= old, old == 0 || (newRows.sourceItem(atRow: 0) == rows.sourceItem(atRow: 0)
                                        && newRows.sourceItem(atRow: old - 1) == rows.sourceItem(atRow: old - 1)) else {
            return show(newRows)
        }
        rows = newRows
        rowsFollowInclusion = false
        guard new > old, let view else { return }
        do {
            // A running sweep or band goes on over the rows it had (they keep
            // their numbers), and what it gathered stays to be committed.
            try view.performBatchUpdates(.insert(ItemRange(section: 0, items: old...(new - 1))))
        } catch {
            // The view's count was not the adapter's: read everything again. Its
            // selected rows name the same items through the new rows as through the old.
            let selected = selectedSourceRanges()
            endGesture(in: view)
            view.reloadData(keepingSelection: false)
            return setSelection(selected)
        }
        selectShownHiddenItems(within: old..<new)
    }
}
