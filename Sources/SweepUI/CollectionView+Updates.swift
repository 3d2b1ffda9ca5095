/// What stays on screen when items are inserted or deleted above it.
public enum InsertionAnchoring: Sendable, Hashable {
    /// The rows on screen stay where they are, wherever the view is
    /// scrolled: new items above push the content offset down (the default;
    /// a reader's place is never moved from under them).
    case visibleItems
    /// At the very top the view stays at the top, so new items arriving
    /// above show (a mail inbox, a chat, a log, newest first); scrolled
    /// down, the rows on screen stay. A running band or sweep and a fling
    /// keep their rows either way.
    case top
}

/// Data changes: a batch of inserts, deletes, moves and reloads (UIKit's
/// `performBatchUpdates`, GTK's `items-changed`), a snapshot's transition,
/// or a reload. The selection, the anchor and the keyboard focus follow
/// their items, and the item at the top of the viewport stays where it is
/// (see `insertionAnchoring`); a fling or glide goes on.
extension CollectionView {
    /// Tells the view its data source changed by `update` (indices as UIKit
    /// has them: deletes and move sources before the batch, inserts and move
    /// destinations after). Change the data source first, then call this.
    ///
    /// The selection is shifted, split and joined as ranges, so the cost is
    /// O(selected ranges + the batch's ranges), never O(items); a moved item
    /// carries its selection. A running sweep or band follows its items: the
    /// band's anchor stays on its item, a sweep keeps its start item, and
    /// both take in what lies under them after the change.
    /// - Throws: `ItemUpdateError` when the batch does not fit the counts
    ///   before it or the data source's counts after it; nothing changes then.
    public func performBatchUpdates(_ update: ItemUpdate) throws {
        let top = topItem(), anchors = interactor.gestureAnchors()
        let mapping: ItemMapping
        do {
            mapping = try selection.apply(update, newItemCounts: dataSource.sectionCounts).mapping
        } catch {
            itemView.discardChangeSnapshot()
            throw error
        }
        accessibilityItemsChanged { mapping.map($0) }
        itemsChanged(top: top, anchors: anchors, map: { mapping.map($0) }, isInserted: Self.insertedItems(of: update)) {
            mapping.mapNearest($0)
        }
    }

    /// Changes the data source in `changeData` and tells the view it
    /// changed by `update`, as `performBatchUpdates(_:)` does; with
    /// `animated`, the items move to their new places, inserted ones fade
    /// in and deleted ones fade out (see `SnapshotDataSource.apply(_:animatingDifferences:)`
    /// for the details), unless animations are off
    /// (`Animations`). The view reads what the deleted items show before
    /// `changeData` runs, to draw them fading out (keep what the data source
    /// answers for them until then).
    /// - Throws: `ItemUpdateError` as `performBatchUpdates(_:)`; the data
    ///   source has changed by then, so reload (`reloadData`) on failure.
    public func performBatchUpdates(_ update: ItemUpdate, animated: Bool, changeData: () -> Void) throws {
        if animated { prepareChangeAnimation() }
        changeData()
        try performBatchUpdates(update)
    }

    /// Makes the next change the view is told of (`performBatchUpdates`,
    /// `apply`, a `SnapshotDataSource`'s snapshot) animate, as
    /// `performBatchUpdates(_:animated:changeData:)` does: call it before
    /// changing the data source, as the view reads what its items show
    /// now to draw the removed ones fading out (several views over one
    /// store: call it on each, then change the store once). A `reloadData`
    /// or a change of content alone animates nothing and forgets it.
    public func prepareChangeAnimation() {
        itemView.changeAnimationDuration = Self.changeAnimationDuration * Animations.durationScale
        itemView.snapshotForChange()
    }

    /// How long a change's items move and fade (ms) at the desktop's normal speed.
    static let changeAnimationDuration = 250.0

    /// Whether an index path after `update` is an inserted item's.
    private static func insertedItems(of update: ItemUpdate) -> (ItemPath) -> Bool {
        let inserted = update.inserted
        return { item in inserted.contains { $0.section == item.section && $0.items.contains(item.item) } }
    }

    /// Tells the view its data source went from one snapshot to the next
    /// (`ItemSnapshot.transition(from:to:)`; a `SnapshotDataSource` calls
    /// this for you). Change the data source first.
    ///
    /// The selection, the anchor, the focus and the top item follow their
    /// identifiers, whether sections were inserted, removed or reordered;
    /// the reconfigured items are drawn again. A running sweep or band
    /// follows its items, through a batch and through a remap (sections or
    /// the order changed wholesale) alike: it keeps its start item or its
    /// anchor item and takes in what lies under it now.
    /// - Throws: `ItemUpdateError` when the transition does not start from
    ///   the counts the view shows or end at the data source's; nothing
    ///   changes then.
    public func apply(_ transition: SnapshotTransition) throws(ItemUpdateError) {
        guard transition.newItemCounts == dataSource.sectionCounts else {
            itemView.discardChangeSnapshot()
            throw .snapshotCountMismatch(snapshot: transition.newItemCounts, itemCounts: dataSource.sectionCounts)
        }
        if let update = transition.update, update.deleted.isEmpty, update.inserted.isEmpty, update.moved.isEmpty {
            // Only content changed (reconfigured items): nothing moves, a running sweep or band goes on.
            itemView.discardChangeSnapshot()
            try selection.apply(transition)
            accessibilityNamesChanged(of: nil)
            itemView.itemsChangedInPlace(transition.reconfigured.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } })
            return invalidate()
        }
        let top = topItem(), anchors = interactor.gestureAnchors()
        let result: SnapshotTransitionResult
        do {
            result = try selection.apply(transition)
        } catch {
            itemView.discardChangeSnapshot()
            throw error
        }
        accessibilityItemsChanged { transition.map($0) }
        // A remap names no inserted items: those coming into view slide in from the side they were on.
        let isInserted = transition.update.map(Self.insertedItems(of:)) ?? { _ in false }
        // A remap dropped a running sweep's or band's provisional selection: they make it again over their items.
        itemsChanged(top: top, anchors: anchors, map: { transition.map($0) }, isInserted: isInserted,
                     rebuildsProvisional: result.cancelledProvisional) { transition.mapNearest($0) }
        if !transition.reconfigured.isEmpty {
            itemView.itemsChangedInPlace(transition.reconfigured.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } })
        }
    }

    /// Tells the view that the content of `items` changed in place (a
    /// checkmark, a title, a badge) while they stay where they are, as
    /// UIKit's `reconfigureItems(at:)`: they are drawn again and screen
    /// readers hear the new names and checked states. Nothing is cancelled.
    public func reconfigureItems(at items: [ItemPath]) {
        itemView.discardChangeSnapshot()
        itemView.itemsChangedInPlace(items)
        for item in items { invalidate(item: item) }
        accessibilityNamesChanged(of: items)
    }

    /// Reads everything again when the data changed in a way no batch or
    /// snapshot describes. Items are known only by position here: the
    /// selection keeps the index paths that still exist (a section that
    /// shrank drops its selected tail); the focus and the top item stay
    /// where they were, or move to the last item.
    /// With `keepingSelection` false (the data may have moved under its
    /// index paths: a fallback after a failed update) the selection is
    /// cleared instead. A change in the number of sections clears it too.
    public func reloadData(keepingSelection: Bool = true) {
        let top = topItem(), anchors = interactor.gestureAnchors()
        // Positions may mean other items now: the exposed items' objects go.
        accessibilityItemsChanged(map: nil)
        let old = selection.itemCounts, new = dataSource.sectionCounts
        if keepingSelection, old.count == new.count, let update = Self.positionalUpdate(from: old, to: new),
           (try? selection.apply(update, newItemCounts: new)) != nil {
            let kept: (ItemPath) -> ItemPath? = { item in
                new.indices.contains(item.section) && item.item < new[item.section] ? item : nil
            }
            // The selection stays on its positions; heights stay on items, which positions no longer name.
            itemsChanged(top: top, anchors: anchors, map: kept, sameItems: false) { item in Self.clamped(item, to: new) }
            return
        }
        // Other sections, or positions that mean nothing now.
        _ = selection.deselectAll()
        selection.itemCounts = new
        itemsChanged(top: nil, anchors: nil, map: { _ in nil }, sameItems: false) { item in Self.clamped(item, to: new) }
    }

    /// What every data change does after the selection followed: the
    /// layout is read again, the top item stays, then the focus and a
    /// running sweep, band or press follow their items (or end, with nil
    /// `anchors` or when the change dropped their provisional selection).
    /// (`sameItems` false: `map` follows positions, not items, as a reload does.)
    /// (`isInserted`: which items after the change are new, to animate a
    /// change prepared with `prepareChangeAnimation()`; nil animates nothing.)
    private func itemsChanged(top: (ItemPath, Double)?, anchors: SelectionInteractor<LayoutReference>.GestureAnchors?,
                              map: (ItemPath) -> ItemPath?, isInserted: ((ItemPath) -> Bool)? = nil, sameItems: Bool = true,
                              rebuildsProvisional: Bool = false, mapNearest: (ItemPath) -> ItemPath?) {
        typeAhead.reset()
        // A swiped row follows its item (the item view forgets it as it lays out again).
        let swiped = itemView.swipe
        // A double click needs both clicks on the same item, not the same index path.
        clickMode.lastClick = nil
        // A pinch's zoom holds the counts it began with: it ends here, its size kept.
        zoomMode.phase = .idle
        let wasAtTop = itemView.scroll.offset == 0 && itemView.scroll.target == 0
        // Measured heights go with their items (a self-sizing layout's).
        (itemView.providedLayout as? any SelfSizingLayout)?.itemsMoved(toCounts: selection.itemCounts, sameItems ? map : { _ in nil })
        itemView.reloadData()
        swipeFollowItems(swiped, map: sameItems ? map : { _ in nil })
        if let (item, delta) = top, let kept = mapNearest(item) {
            // The rows on screen stay, a fling or glide going on over them; at the top, `.top`
            // anchoring stays at the top instead (not under a running gesture, which keeps its rows).
            let staysAtTop = insertionAnchoring == .top && wasAtTop && sweepOrBandIdle && !itemView.scroll.isFlinging
            let wanted = staysAtTop ? 0 : geometry.frame(of: kept).minY + delta
            itemView.shiftScroll(by: wanted - itemView.scroll.offset)
        }
        itemView.measureItems()
        if let isInserted { itemView.animateChange(map: map, isInserted: isInserted, at: now) } else { itemView.discardChangeSnapshot() }
        // With the new layout in place: the gestures follow their items, or end.
        apply(interactor.itemsChanged(following: anchors, map: map, mapNearest: mapNearest, rebuildsProvisional: rebuildsProvisional))
        if interactor.band == nil && gestures.band.state.isActive { gestures.band.cancel() }
        shown.focusedItem = isFocused ? interactor.keyboard.focus : nil
        accessibilityFocusFollowedItems()
        delegate?.collectionView(self, itemsDidChange: itemCount)
        selectionChanged(SelectionEvent(change: SelectionChange(), isProvisional: !sweepOrBandIdle, cause: .dataChange))
        // The whole view is drawn again (a snapshot's reconfigured items with it).
        invalidate()
        if itemView.isAnimating { host?.setNeedsFrame() }
    }

    /// Each section's items deleted or appended at its end: the update
    /// that keeps every index path both counts have.
    private static func positionalUpdate(from old: [Int], to new: [Int]) -> ItemUpdate? {
        var update = ItemUpdate()
        for (section, (before, after)) in zip(old, new).enumerated() {
            if after < before { update.deleted.append(ItemRange(section: section, items: after...(before - 1))) }
            if after > before { update.inserted.append(ItemRange(section: section, items: before...(after - 1))) }
        }
        return update
    }

    /// `item`, or the last item of its section (or of the last non-empty
    /// one) when the section shrank past it.
    private static func clamped(_ item: ItemPath, to counts: [Int]) -> ItemPath? {
        if counts.indices.contains(item.section) && item.item < counts[item.section] { return item }
        if counts.indices.contains(item.section) && counts[item.section] > 0 {
            return ItemPath(section: item.section, item: counts[item.section] - 1)
        }
        guard let section = counts.indices.last(where: { counts[$0] > 0 }) else { return nil }
        return ItemPath(section: section, item: counts[section] - 1)
    }

    /// The item at the top of the viewport and how far the viewport's top
    /// is below that item's top.
    private func topItem() -> (ItemPath, Double)? {
        let offset = itemView.scroll.offset
        guard let item = geometry.nearestItem(to: Point(x: 1, y: offset + 1)) else { return nil }
        return (item, offset - geometry.frame(of: item).minY)
    }
}

extension CollectionView {
    /// A layout problem goes to the delegate. Found before there is one
    /// (while the view is made), it waits for the delegate, or for the view
    /// to be put in a window without one, and then goes to standard error.
    func layoutProblem(_ message: String) {
        if let delegate {
            delegate.collectionView(self, layoutProblem: message)
        } else if host == nil {
            if events.unheardLayoutProblems.count < 100 { events.unheardLayoutProblems.append(message) }
        } else {
            _ = StandardStreams.writeLine("\(name): \(message)", to: 2)
        }
    }
}
