import SweepGeometry

/// The remap form of a transition: old index paths to new ones through the
/// identifiers, one by one.
extension ItemSnapshot {
    /// The remap from `old` to `new`; its closures hold both snapshots
    /// (shared storage, not copies).
    @inlinable
    static func identityRemap(from old: ItemSnapshot, to new: ItemSnapshot) -> IdentityRemap {
        IdentityRemap(item: { path in old.itemIdentifier(at: path).flatMap { new.indexPath(for: $0) } },
                      nearest: { path in nearestSurvivor(of: path, from: old, to: new) },
                      selection: { selection in remap(selection, from: old, to: new) })
    }

    /// See `SnapshotTransition.mapNearest(_:)`. - Complexity: one hash
    /// lookup per deleted item walked over.
    @inlinable
    static func nearestSurvivor(of path: ItemPath, from old: ItemSnapshot, to new: ItemSnapshot) -> ItemPath? {
        guard let id = old.itemIdentifier(at: path) else { return nil }
        if let mapped = new.indexPath(for: id) { return mapped }
        var cursor = Cursor(old, at: path)
        cursor.advance()
        while !cursor.isAtEnd {
            if new.contains(cursor.id) { return new.indexPath(for: cursor.id) }
            cursor.advance()
        }
        cursor = Cursor(old, at: path)
        while cursor.retreat() {
            if new.contains(cursor.id) { return new.indexPath(for: cursor.id) }
        }
        return nil
    }

    /// The items of `old` selected in `selection` that `new` still holds,
    /// at their new index paths, as ranges. Few selected items are looked
    /// up one by one and sorted; many (an eighth of the new items or more)
    /// go into a set that one pass over the new items reads, which yields
    /// them in order. Selected paths outside `old` are skipped.
    /// - Complexity: O(k log k + k · 512) for k selected items, or
    ///   O(k + n) for n new items when that is less.
    @inlinable
    static func remap(_ selection: Selection, from old: ItemSnapshot, to new: ItemSnapshot) -> Selection {
        guard !selection.isEmpty, new.itemCount > 0 else { return Selection() }
        var ranges: [ItemRange] = []
        if selection.count >= new.itemCount / 8 {
            var wanted = Set<ItemID>(minimumCapacity: selection.count)
            forEachSelected(in: selection, of: old) { wanted.insert($0) }
            var left = wanted.count
            scan: for place in new.sections.indices {
                var item = 0
                for handle in new.sections[place].chunks {
                    for id in new.chunks[handle].items {
                        if wanted.contains(id) {
                            ItemIdentifierDiff.appendCoalescing(&ranges, section: place, item: item)
                            left -= 1
                            if left == 0 { break scan }
                        }
                        item += 1
                    }
                }
            }
        } else {
            var paths: [ItemPath] = []
            paths.reserveCapacity(selection.count)
            forEachSelected(in: selection, of: old) { id in
                if let path = new.indexPath(for: id) { paths.append(path) }
            }
            ranges = SnapshotDiff.coalesced(paths)
        }
        return Selection(sortedRanges: ranges)
    }

    /// Calls `body` with the identifier of every item of `snapshot` that
    /// `selection` selects, in index order.
    @inlinable
    static func forEachSelected(in selection: Selection, of snapshot: ItemSnapshot, _ body: (ItemID) -> Void) {
        selection.forEachRange { range in
            guard range.section >= 0 && range.section < snapshot.sections.count else { return }
            let last = min(range.items.upperBound, snapshot.sections[range.section].count - 1)
            let first = max(0, range.items.lowerBound)
            guard first <= last else { return }
            var cursor = Cursor(snapshot, at: ItemPath(section: range.section, item: first))
            for _ in first...last {
                body(cursor.id)
                cursor.advance()
            }
        }
    }
}
