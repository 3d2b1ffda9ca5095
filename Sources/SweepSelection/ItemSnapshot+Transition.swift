import SweepGeometry

extension ItemSnapshot {
    /// The transition from the snapshot on screen, `old`, to `new`: a batch
    /// when the sections are the same and the items kept their order in
    /// long runs, else a remap by identifier (see `SnapshotTransition`).
    /// Either way every item whose identifier is in both keeps its
    /// selection through `SelectionController.apply(_:)`, and the items
    /// `new` marks as reconfigured (and `old` held) are named for drawing.
    ///
    /// - Throws: `ItemIdentifierError.duplicateSectionIdentifier` or
    ///   `.duplicateIdentifier` when a section or item identifier occurs
    ///   twice in `old` or in `new` (the first such, in index order, `old`
    ///   first), naming both places.
    /// - Complexity: a batch: O(n) identifier comparisons, one hash lookup
    ///   per insert and per break in the order (a delete's end, a moved
    ///   block), O(r log r) for r runs; a shuffle stops after
    ///   max(4,096, n / 32) lookups and becomes a remap, which costs O(s)
    ///   to make (its lookups are paid when mapping). Plus O(k · 512) for k
    ///   reconfigured items.
    @inlinable
    public static func transition(from old: ItemSnapshot, to new: ItemSnapshot) throws(ItemIdentifierError) -> SnapshotTransition {
        try old.validate(as: .old)
        try new.validate(as: .new)
        var marked: [(old: ItemPath, new: ItemPath)] = []
        for id in new.reconfiguredItems {
            if let from = old.indexPath(for: id), let to = new.indexPath(for: id) { marked.append((from, to)) }
        }
        let reconfigured = SnapshotDiff.coalesced(marked.map(\.new))
        let oldCounts = old.sectionCounts, newCounts = new.sectionCounts
        if old.sections.count == new.sections.count, zip(old.sections, new.sections).allSatisfy({ $0.id == $1.id }),
           var update = batchUpdate(from: old, to: new, limit: SnapshotTransition.batchLimit(itemCount: old.itemCount)) {
            // A moved item cannot be reloaded in the same batch; it is drawn anew where it lands anyway.
            let movedFrom = marked.isEmpty ? [] : Set(update.moved.map(\.from))
            update.reloaded = SnapshotDiff.coalesced(marked.map(\.old).filter { !movedFrom.contains($0) })
            if let mapping = try? ItemMapping(oldItemCounts: oldCounts, update: update, newItemCounts: newCounts) {
                return SnapshotTransition(mapping: mapping, reconfigured: reconfigured)
            }
        }
        return SnapshotTransition(remap: identityRemap(from: old, to: new), oldItemCounts: oldCounts,
                                  newItemCounts: newCounts, reconfigured: reconfigured)
    }
}
