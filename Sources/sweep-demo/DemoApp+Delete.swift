import SweepUI

/// Delete and undo in the list and grid, to show data changes: in editing
/// mode Delete (the key, or the toolbar's Delete) removes the selected
/// items from both views (animated: they fade out, the rest slide up),
/// which stay in editing mode; Ctrl+Z puts the last
/// deleted items back at their places, selected again, while every other
/// selected item keeps its selection at its new position. Lines of
/// `--items` that arrive later are inserted the same way.
extension DemoApp {
    /// What one delete removed: base rows of the item store, and the view it was made in.
    struct Deletion {
        let rows: ItemStore.Removal
        let view: CollectionView
    }

    /// The views over the item store.
    var itemViews: [CollectionView] { [list.collectionView, grid.collectionView] }

    /// Deletes `view`'s selected items (in editing mode only, unless the
    /// context menu asked); false when there was nothing to delete.
    @discardableResult
    func deleteSelected(in view: CollectionView, inAnyMode: Bool = false) -> Bool {
        guard view.isEditing || inAnyMode, view.selectedCount > 0 else { return false }
        let positions = view.selectedRanges.map(\.items)
        // The deleted items fade out and the rest slide up (the views read them before the store changes).
        for itemView in itemViews { itemView.prepareChangeAnimation() }
        let rows = items.delete(positions)
        undoStack.append(Deletion(rows: rows, view: view))
        applyToItemViews(.delete(view.selectedRanges))
        log?.log(view: view.name, event: "delete", ["count": .int(rows.count)])
        return true
    }

    /// Ctrl+Z: the last deleted items come back, selected in the view they were deleted from.
    @discardableResult
    func undoDelete() -> Bool {
        guard let last = undoStack.popLast() else { return false }
        for itemView in itemViews { itemView.prepareChangeAnimation() }
        let positions = items.restore(last.rows).map { ItemRange(section: 0, items: $0) }
        applyToItemViews(.insert(positions))
        last.view.setEditing(true)
        last.view.selectRanges(positions, additive: true)
        log?.log(view: last.view.name, event: "undo", ["count": .int(last.rows.count)])
        return true
    }

    /// Rows that arrived in the base (lines of `--items` read since) join
    /// both views at the end, as one batch; delete and undo keep working.
    func showArrivedItems() {
        guard let positions = items.appendArrivedRows() else { return }
        applyToItemViews(.insert(ItemRange(section: 0, items: positions)))
    }

    func applyToItemViews(_ update: ItemUpdate) {
        for view in itemViews {
            do {
                try view.performBatchUpdates(update)
            } catch {
                // The store and the views disagree: show the store as it is rather than a wrong selection.
                printError("\(error)")
                view.reloadData(keepingSelection: false)
            }
        }
        updateItemTitles()
    }

    /// "List · N" and "Grid · N" follow the item count.
    func updateItemTitles() {
        let count = NumberText.grouped(items.numberOfRows)
        list.title = "List · \(count)"
        grid.title = "Grid · \(count)"
    }
}
