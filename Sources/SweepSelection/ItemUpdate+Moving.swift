import SweepGeometry

extension ItemUpdate {
    /// The batch that moves `ranges` together to `insertion` (an index path
    /// before the batch; its item may be the section's count: the end), in
    /// their order, as a drag reorders rows (UIKit's `moveItem(at:to:)` for
    /// each). The other items keep their order around them.
    /// - Complexity: O(moved items).
    public static func moving(_ ranges: [ItemRange], to insertion: ItemPath) -> ItemUpdate {
        let sorted = ranges.sorted { ($0.section, $0.items.lowerBound) < ($1.section, $1.items.lowerBound) }
        // Moved items in front of the insertion point leave a gap it closes.
        var movedBefore = 0
        for range in sorted where range.section == insertion.section && range.items.lowerBound < insertion.item {
            movedBefore += min(range.items.upperBound, insertion.item - 1) - range.items.lowerBound + 1
        }
        var target = insertion.item - movedBefore
        var moves: [ItemMove] = []
        moves.reserveCapacity(sorted.reduce(0) { $0 + $1.count })
        for range in sorted {
            for item in range.items {
                moves.append(ItemMove(from: ItemPath(section: range.section, item: item),
                                      to: ItemPath(section: insertion.section, item: target)))
                target += 1
            }
        }
        return ItemUpdate(moved: moves)
    }
}
