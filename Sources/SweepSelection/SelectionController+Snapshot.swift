/// Data changes given as a `SnapshotTransition` (a diffable data source's
/// snapshots): the selection follows its identifiers.
extension SelectionController {
    /// Applies `transition` (from the snapshot shown to the next) to the
    /// selection; sets `itemCounts` to the new snapshot's counts. No
    /// delegate is called. On error nothing changes.
    ///
    /// - A batch goes through `apply(_:newItemCounts:)`: the committed and
    ///   provisional selections, the anchor and the activated item follow
    ///   their items as ranges, in O(ranges + the batch's runs).
    /// - A remap maps the committed selection, the anchor and the activated
    ///   item by identifier (nil when deleted), in O(selected items) hash
    ///   lookups, coalesced into ranges. A running sweep or band's
    ///   provisional selection is dropped (its ranges meant other items);
    ///   `cancelledProvisional` says so, for the caller to end the gesture.
    ///
    /// Map the caller's own index paths (the focus, the item at the top of
    /// the viewport: `mapNearest`) with `result.transition`.
    /// - Throws: `ItemUpdateError.snapshotCountMismatch` when `itemCounts`
    ///   are not the counts the transition starts from (it was made from
    ///   another snapshot than the one shown).
    @discardableResult
    public func apply(_ transition: SnapshotTransition) throws(ItemUpdateError) -> SnapshotTransitionResult {
        guard itemCounts == transition.oldItemCounts else {
            throw .snapshotCountMismatch(snapshot: transition.oldItemCounts, itemCounts: itemCounts)
        }
        if let update = transition.update {
            let result = try apply(update, newItemCounts: transition.newItemCounts)
            return SnapshotTransitionResult(transition: transition, deselectedCount: result.deselectedCount,
                                            cancelledProvisional: false)
        }
        let cancelled = model.provisionalKind != nil
        if cancelled { _ = model.cancelProvisional() }
        let before = model.committed.count
        let mapped = transition.map(model.committed)
        model.withCommitted { $0 = mapped }
        model.anchor = model.anchor.flatMap { transition.map($0) }
        activatedItem = activatedItem.flatMap { transition.map($0) }
        itemCounts = transition.newItemCounts
        return SnapshotTransitionResult(transition: transition, deselectedCount: before - mapped.count,
                                        cancelledProvisional: cancelled)
    }
}

/// What `SelectionController.apply(_:)` did with a `SnapshotTransition`.
public struct SnapshotTransitionResult: Sendable {
    /// The transition applied: map the caller's own index paths with it
    /// (`map`, `mapNearest`); its `mapping` is the batch's, for a batch.
    public let transition: SnapshotTransition
    /// How many selected items were deleted (effectively selected ones in
    /// a batch, committed ones in a remap): the selected count fell by this
    /// much, new items being never selected.
    public let deselectedCount: Int
    /// Whether a remap dropped a running sweep or band's provisional
    /// selection; the caller ends that gesture.
    public let cancelledProvisional: Bool

    /// A result of applying `transition`.
    public init(transition: SnapshotTransition, deselectedCount: Int, cancelledProvisional: Bool) {
        self.transition = transition
        self.deselectedCount = deselectedCount
        self.cancelledProvisional = cancelledProvisional
    }
}
