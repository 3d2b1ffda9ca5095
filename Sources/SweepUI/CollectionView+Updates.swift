/// Data changes: a batch of inserts, deletes, moves and reloads (UIKit's
/// `performBatchUpdates`, GTK's `items-changed`). The selection, the
/// anchor and the keyboard focus follow their items, and the item at the
/// top of the viewport stays where it is.
extension CollectionView {
    /// Tells the view its data source changed by `update` (indices as UIKit
    /// has them: deletes and move sources before the batch, inserts and move
    /// destinations after). Change the data source first, then call this.
    ///
    /// The selection is shifted, split and joined as ranges, so the cost is
    /// O(selected ranges + the batch's ranges), never O(items); a moved item
    /// carries its selection. A running sweep or band is cancelled first:
    /// the items under it are not the ones it started on.
    /// - Throws: `ItemUpdateError` when the batch does not fit the counts
    ///   before it or the data source's counts after it; nothing changes then.
    public func performBatchUpdates(_ update: ItemUpdate) throws {
        let top = topItem()
        let mapping = try selection.apply(update, newItemCounts: dataSource.sectionCounts).mapping
        // The provisional selection has followed its items; the gesture making it ends here.
        if interactor.sweep != nil { apply(interactor.cancelSweep()) }
        if gestures.band.state.isActive { gestures.band.cancel() }
        apply(interactor.apply(mapping))
        itemView.reloadData()
        itemView.focusedItem = isFocused ? interactor.keyboard.focus : nil
        if let (item, delta) = top, let kept = mapping.mapNearest(item) {
            itemView.scrollImmediately(to: viewport.layout.frame(of: kept).minY + delta)
        } else {
            itemView.scrollImmediately(to: itemView.scroll.offset)
        }
        delegate?.collectionView(self, itemsDidChange: itemCount)
        selectionChanged(SelectionEvent(change: SelectionChange(), isProvisional: false, cause: .dataChange))
        invalidate()
    }

    /// Reads everything again when the data changed in a way no batch
    /// describes: the selection is cleared (positions mean nothing now).
    public func reloadData() {
        if interactor.sweep != nil { apply(interactor.cancelSweep()) }
        if gestures.band.state.isActive { gestures.band.cancel() }
        let cleared = selection.deselectAll()
        let mapping = ItemMapping.identity(itemCounts: dataSource.sectionCounts)
        selection.itemCounts = dataSource.sectionCounts
        apply(interactor.apply(mapping))
        interactor.setFocus(nil)
        itemView.focusedItem = nil
        itemView.reloadData()
        delegate?.collectionView(self, itemsDidChange: itemCount)
        selectionChanged(SelectionEvent(change: cleared, isProvisional: false, cause: .dataChange))
        invalidate()
    }

    /// The item at the top of the viewport and how far the viewport's top
    /// is below that item's top.
    private func topItem() -> (ItemPath, Double)? {
        let layout = viewport.layout
        let offset = itemView.scroll.offset
        guard let item = layout.nearestItem(to: Point(x: 1, y: offset + 1)) else { return nil }
        return (item, offset - layout.frame(of: item).minY)
    }
}
