import SweepGeometry

extension ItemSnapshot {
    /// The batch (deletes, inserts, moves; no reloads) that turns `old` into
    /// `new`, which have the same sections in the same order; nil when the
    /// items were reordered too much for a batch to pay (a shuffle): more
    /// than `limit` items found away from where the item before them leads,
    /// or more than `limit` moves.
    ///
    /// The new items are read in order beside the old ones: while each new
    /// item is the old item after the previous one, it costs one comparison
    /// and no hash lookup. Only where the order breaks (an insert, the end
    /// of a delete or of a moved block) is the item looked up in `old`'s
    /// index. Consecutive matches form runs; per section the heaviest
    /// increasing set of runs stays and every other matched item is one
    /// move, the fewest there can be (as `ItemUpdate(fromSections:to:)`).
    /// - Complexity: O(n) comparisons plus O(j · 512 + r log r) for j
    ///   lookups and r runs; j, r ≤ `limit` + inserted items.
    @inlinable
    static func batchUpdate(from old: ItemSnapshot, to new: ItemSnapshot, limit: Int) -> ItemUpdate? {
        var matched = SnapshotDiff.Runs()
        var inserted: [ItemRange] = []
        var lookups = 0
        var expected = Cursor(old, at: ItemPath(section: 0, item: 0))
        for place in new.sections.indices {
            expected.seek(section: place, chunk: 0)
            var item = 0
            for handle in new.sections[place].chunks {
                let ids = new.chunks[handle].items
                // A chunk the two snapshots still share (the new one was copied from the old and its
                // edits left this chunk alone), starting where the old items are expected: every
                // item of it would match in turn, so it is taken whole. An item arriving at the top
                // of a million then costs the chunks, not a million comparisons.
                if expected.position == 0, !expected.isAtEnd, Self.sameStorage(ids, expected.items) {
                    matched.add(from: expected.path, toSection: place, item: item, count: ids.count)
                    item += ids.count
                    expected.seek(section: expected.section, chunk: expected.chunk + 1)
                    continue
                }
                for id in ids {
                    let from: ItemPath
                    if !expected.isAtEnd && expected.id == id {
                        from = expected.path
                    } else if let (oldHandle, position) = old.location(of: id) {
                        lookups += 1
                        if lookups > limit { return nil }
                        expected.seek(handle: oldHandle, position: position)
                        from = expected.path
                    } else {
                        ItemIdentifierDiff.appendCoalescing(&inserted, section: place, item: item)
                        item += 1
                        continue
                    }
                    expected.advance()
                    matched.add(from: from, toSection: place, item: item, count: 1)
                    item += 1
                }
            }
        }
        let runs = matched.finish()

        let kept = SnapshotDiff.keptRuns(runs)
        var movedCount = 0
        for index in runs.indices where !kept[index] { movedCount += runs[index].count }
        if movedCount > limit { return nil }
        // Runs are in new order, so the moves come out in order of destination.
        var moved: [ItemMove] = []
        moved.reserveCapacity(movedCount)
        for index in runs.indices where !kept[index] {
            let run = runs[index]
            for step in 0..<run.count {
                moved.append(ItemMove(from: ItemPath(section: run.oldSection, item: run.oldStart + step),
                                      to: ItemPath(section: run.newSection, item: run.newStart + step)))
            }
        }
        let deleted = SnapshotDiff.unmatched(by: runs, oldItemCounts: old.sections.map(\.count))
        return ItemUpdate(deleted: deleted, inserted: inserted, moved: moved)
    }

    /// Whether two non-empty identifier arrays are one storage (so the same items in the same order).
    @inlinable
    static func sameStorage(_ a: [ItemID], _ b: [ItemID]) -> Bool {
        guard !a.isEmpty, a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { left in b.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress } }
    }
}
