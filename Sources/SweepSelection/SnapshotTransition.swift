import SweepGeometry

/// How the items of one `ItemSnapshot` became those of the next, by
/// identifier: made by `ItemSnapshot.transition(from:to:)`, applied to a
/// selection by `SelectionController.apply(_:)`. It maps any old index path
/// to the new one of the same identifier, and names the items to draw again.
///
/// It takes one of two forms (`kind`):
/// - **batch**: the sections are the same, in the same order, and the items
///   kept their order in long runs. It is an `ItemUpdate` (deletes,
///   inserts, the fewest moves, and the reconfigured items as reloads) with
///   its `ItemMapping`: a selection maps as ranges, in O(ranges + the
///   batch's runs), and a view can animate it.
/// - **remap**: sections were inserted, deleted or reordered, or the items
///   were reordered wholesale (more than max(4,096, n / 32) of the n old
///   items found out of the order of the item before them, or as many
///   moves): a batch would be as large as the list. Every item is found by
///   its identifier instead: an index path in O(1) expected (plus a search
///   of one 512-item chunk), a selection in O(selected items) hash lookups,
///   still coalesced into ranges.
public struct SnapshotTransition: Sendable {
    /// The two forms a transition takes (see `SnapshotTransition`).
    public enum Kind: Hashable, Sendable {
        /// Same sections; an `ItemUpdate`, in `update`.
        case batch
        /// Items found by identifier, one by one.
        case remap
    }

    /// The batch's mapping, nil for a remap.
    public let mapping: ItemMapping?
    /// Items per section in the old snapshot.
    public let oldItemCounts: [Int]
    /// Items per section in the new snapshot.
    public let newItemCounts: [Int]
    /// The items the new snapshot marks as reconfigured (`reconfigureItems`)
    /// that the old one held too, as ranges of new index paths in order:
    /// the view draws them again, whatever the kind.
    public let reconfigured: [ItemRange]
    @usableFromInline let remap: IdentityRemap?

    /// A batch transition.
    @usableFromInline
    init(mapping: ItemMapping, reconfigured: [ItemRange]) {
        self.mapping = mapping
        oldItemCounts = mapping.oldItemCounts
        newItemCounts = mapping.newItemCounts
        self.reconfigured = reconfigured
        remap = nil
    }

    /// A batch the caller knows without comparing identifiers (rows
    /// inserted or removed in one place: an outline's row opened or closed).
    public init(batch mapping: ItemMapping) {
        self.init(mapping: mapping, reconfigured: [])
    }

    /// A remap transition.
    @usableFromInline
    init(remap: IdentityRemap, oldItemCounts: [Int], newItemCounts: [Int], reconfigured: [ItemRange]) {
        mapping = nil
        self.oldItemCounts = oldItemCounts
        self.newItemCounts = newItemCounts
        self.reconfigured = reconfigured
        self.remap = remap
    }

    /// Whether this is a batch or a remap.
    public var kind: Kind { mapping == nil ? .remap : .batch }

    /// The batch, with UIKit's semantics (`ItemUpdate`), nil for a remap.
    /// Its `reloaded` are the reconfigured items that neither moved nor
    /// changed section, at their old index paths; the moved ones are in
    /// `reconfigured` only.
    public var update: ItemUpdate? { mapping?.update }

    /// The most items out of order (or moves) a batch over `itemCount` old
    /// items may have; past it the transition is a remap.
    @inlinable
    static func batchLimit(itemCount: Int) -> Int { max(4096, itemCount / 32) }

    /// Where the old item at `item` is in the new snapshot, nil when it was
    /// deleted or did not exist. - Complexity: O(log) for a batch; O(1)
    /// expected plus a search of one chunk for a remap.
    public func map(_ item: ItemPath) -> ItemPath? {
        if let mapping { return mapping.map(item) }
        return remap?.item(item)
    }

    /// Where to put what was at the old item `item`: the item itself if it
    /// survived; else the first old item after it (in old index order,
    /// across sections) that survived; else the last one before it; nil
    /// when no old item survived or `item` did not exist. Keeps the focus
    /// or the item at the top of the viewport near where it was.
    /// - Complexity: a batch: O(log d) per run of deleted items crossed
    ///   (at most one per section); a remap: one hash lookup per deleted
    ///   item crossed.
    public func mapNearest(_ item: ItemPath) -> ItemPath? {
        guard let mapping else { return remap?.nearest(item) }
        guard item.section >= 0 && item.section < oldItemCounts.count,
              item.item >= 0 && item.item < oldItemCounts[item.section] else { return nil }
        if let mapped = mapping.map(item) { return mapped }
        let deleted = mapping.update.deleted
        var next: ItemPath? = item
        while let path = next {
            if let mapped = mapping.map(path) { return mapped }
            next = oldPath(after: deletedRun(containing: path, in: deleted)?.last ?? path)
        }
        var previous: ItemPath? = item
        while let path = previous {
            if let mapped = mapping.map(path) { return mapped }
            previous = oldPath(before: deletedRun(containing: path, in: deleted)?.first ?? path)
        }
        return nil
    }

    /// The selection after the transition: every selected item that
    /// survived, at its new index path; deleted items leave it, new ones are
    /// not in it. - Complexity: a batch: as `ItemMapping.map(_:)`, in ranges;
    /// a remap: O(k) hash lookups for k selected items (or one pass over the
    /// new items when that is cheaper), coalesced into ranges.
    public func map(_ selection: Selection) -> Selection {
        if let mapping { return mapping.map(selection) }
        return remap?.selection(selection) ?? Selection()
    }

    // MARK: - Old index order

    /// The old item after `path`, in the next non-empty section when `path` is its section's last.
    private func oldPath(after path: ItemPath) -> ItemPath? {
        if path.item + 1 < oldItemCounts[path.section] { return ItemPath(section: path.section, item: path.item + 1) }
        guard let section = oldItemCounts.indices.dropFirst(path.section + 1).first(where: { oldItemCounts[$0] > 0 }) else { return nil }
        return ItemPath(section: section, item: 0)
    }

    /// The old item before `path`, in the previous non-empty section when `path` is its section's first.
    private func oldPath(before path: ItemPath) -> ItemPath? {
        if path.item > 0 { return ItemPath(section: path.section, item: path.item - 1) }
        guard let section = oldItemCounts.indices.prefix(path.section).last(where: { oldItemCounts[$0] > 0 }) else { return nil }
        return ItemPath(section: section, item: oldItemCounts[section] - 1)
    }

    /// The range of `deleted` (in index order) that holds `path`.
    private func deletedRun(containing path: ItemPath, in deleted: [ItemRange]) -> ItemRange? {
        var low = 0, high = deleted.count
        while low < high {
            let mid = (low + high) / 2
            if deleted[mid].last < path { low = mid + 1 } else { high = mid }
        }
        guard low < deleted.count, deleted[low].first <= path else { return nil }
        return deleted[low]
    }
}

/// A remap's lookups, made where the identifier types are known so that
/// they run specialized for them.
@usableFromInline
struct IdentityRemap: Sendable {
    @usableFromInline let item: @Sendable (ItemPath) -> ItemPath?
    @usableFromInline let nearest: @Sendable (ItemPath) -> ItemPath?
    @usableFromInline let selection: @Sendable (Selection) -> Selection

    @inlinable
    init(item: @escaping @Sendable (ItemPath) -> ItemPath?, nearest: @escaping @Sendable (ItemPath) -> ItemPath?,
         selection: @escaping @Sendable (Selection) -> Selection) {
        self.item = item
        self.nearest = nearest
        self.selection = selection
    }
}
