import SweepGeometry

/// One item moved by a batch: `from` is its index path before the batch,
/// `to` its index path after it. A move may cross sections.
public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
    /// Where the item was, before the batch.
    public var from: ItemPath
    /// Where the item is, after the batch.
    public var to: ItemPath

    /// The item at `from` before the batch is at `to` after it.
    public init(from: ItemPath, to: ItemPath) {
        self.from = from
        self.to = to
    }

    public var description: String { "\(from) -> \(to)" }
}

/// One batch of data changes, with the semantics of UIKit's
/// `performBatchUpdates` (and of GTK's `items-changed`, which is one delete
/// and one insert at the same position):
///
/// - `deleted` and `reloaded` and each move's `from` are index paths
///   **before** the batch;
/// - `inserted` and each move's `to` are index paths **after** the batch;
/// - the items that are neither deleted nor moved keep their relative order
///   and fill, in order, the new indices that inserts and move destinations
///   leave free;
/// - a reloaded item stays where it is, with its selection (its content
///   changed, not its identity); a moved item carries its selection; an
///   inserted item is not selected.
///
/// Sections themselves are neither inserted nor removed: only the number of
/// items in each changes. The order of the ranges in each array does not
/// matter; `ItemMapping` validates the batch.
public struct ItemUpdate: Hashable, Sendable {
    /// Deleted items, as index paths before the batch.
    public var deleted: [ItemRange]
    /// Inserted items, as index paths after the batch.
    public var inserted: [ItemRange]
    /// Moved items: from a path before the batch to a path after it.
    public var moved: [ItemMove]
    /// Reloaded items, as index paths before the batch: they keep their place and selection.
    public var reloaded: [ItemRange]

    /// A batch of any mix of changes; each array is in any order.
    public init(deleted: [ItemRange] = [], inserted: [ItemRange] = [], moved: [ItemMove] = [],
                reloaded: [ItemRange] = []) {
        self.deleted = deleted
        self.inserted = inserted
        self.moved = moved
        self.reloaded = reloaded
    }

    /// A batch that changes nothing.
    public static var none: ItemUpdate { ItemUpdate() }

    /// A batch that only deletes `ranges` (index paths before the batch).
    public static func delete(_ ranges: [ItemRange]) -> ItemUpdate { ItemUpdate(deleted: ranges) }
    /// A batch that only deletes `ranges` (index paths before the batch).
    public static func delete(_ ranges: ItemRange...) -> ItemUpdate { ItemUpdate(deleted: ranges) }

    /// A batch that only inserts `ranges` (index paths after the batch).
    public static func insert(_ ranges: [ItemRange]) -> ItemUpdate { ItemUpdate(inserted: ranges) }
    /// A batch that only inserts `ranges` (index paths after the batch).
    public static func insert(_ ranges: ItemRange...) -> ItemUpdate { ItemUpdate(inserted: ranges) }

    /// A batch that only moves items.
    public static func move(_ moves: [ItemMove]) -> ItemUpdate { ItemUpdate(moved: moves) }
    /// A batch that moves one item from `from` (before) to `to` (after).
    public static func move(from: ItemPath, to: ItemPath) -> ItemUpdate {
        ItemUpdate(moved: [ItemMove(from: from, to: to)])
    }

    /// A batch that only reloads `ranges`: nothing moves, the selection stays.
    public static func reload(_ ranges: [ItemRange]) -> ItemUpdate { ItemUpdate(reloaded: ranges) }
    /// A batch that only reloads `ranges`: nothing moves, the selection stays.
    public static func reload(_ ranges: ItemRange...) -> ItemUpdate { ItemUpdate(reloaded: ranges) }

    /// GTK's `items-changed(position, removed, added)` on one section:
    /// `removed` items at `position` are replaced by `added` new ones.
    public static func replace(section: Int = 0, at position: Int, removed: Int, added: Int) -> ItemUpdate {
        ItemUpdate(deleted: removed > 0 ? [ItemRange(section: section, items: position...(position + removed - 1))] : [],
                   inserted: added > 0 ? [ItemRange(section: section, items: position...(position + added - 1))] : [])
    }

    /// Whether the batch changes nothing at all.
    public var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && moved.isEmpty && reloaded.isEmpty }
}

/// Why a batch is invalid, with the index paths at fault. The descriptions
/// follow UIKit's "Invalid update" messages.
public enum ItemUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An item count is negative.
    case negativeItemCount(section: Int, count: Int)
    /// A range or move names a section that does not exist (sections are
    /// never inserted or removed by a batch).
    case noSuchSection(ItemPath, sectionCount: Int)
    /// A deleted, reloaded or moved-away item is not among the `count`
    /// items of its section before the batch.
    case itemOutOfRange(ItemPath, count: Int)
    /// An inserted item or a move's destination is not among the `newCount`
    /// items of its section after the batch.
    case newItemOutOfRange(ItemPath, newCount: Int)
    /// An item is deleted or moved away twice (overlapping deletes, a
    /// deleted item that is also moved, two moves from the same item).
    case itemRemovedTwice(ItemPath)
    /// A new index is filled twice (overlapping inserts, two moves to the
    /// same place, a move onto an inserted item).
    case newItemFilledTwice(ItemPath)
    /// A reloaded item is also deleted or moved.
    case reloadOfRemovedItem(ItemPath)
    /// The counts the data source reports after the batch have a different
    /// number of sections than before it.
    case sectionCountMismatch(expected: Int, reported: Int)
    /// The count the data source reports for a section after the batch is
    /// not the count before it, minus deletes and moves out, plus inserts
    /// and moves in.
    case countMismatch(section: Int, expected: Int, reported: Int)
    /// A `SnapshotTransition` starts from other item counts than the
    /// selection has: it was made from another snapshot than the one shown.
    case snapshotCountMismatch(snapshot: [Int], itemCounts: [Int])

    public var description: String {
        switch self {
        case let .negativeItemCount(section, count):
            "Invalid update: section \(section) has a negative item count (\(count))"
        case let .noSuchSection(path, sectionCount):
            "Invalid update: \(path) names section \(path.section), but there are \(sectionCount) sections"
        case let .itemOutOfRange(path, count):
            "Invalid update: \(path) is deleted, reloaded or moved, but section \(path.section) has \(count) items before the update"
        case let .newItemOutOfRange(path, newCount):
            "Invalid update: \(path) is inserted or moved to, but section \(path.section) has \(newCount) items after the update"
        case let .itemRemovedTwice(path):
            "Invalid update: \(path) is deleted or moved away more than once"
        case let .newItemFilledTwice(path):
            "Invalid update: \(path) is inserted or moved to more than once"
        case let .reloadOfRemovedItem(path):
            "Invalid update: \(path) is reloaded and also deleted or moved away"
        case let .sectionCountMismatch(expected, reported):
            "Invalid update: the data source reports \(reported) sections after the update, but there are \(expected) (sections are not inserted or removed)"
        case let .countMismatch(section, expected, reported):
            "Invalid update: the number of items in section \(section) after the update (\(reported)) must be equal to the number before it, minus deleted and moved-out items, plus inserted and moved-in items (\(expected))"
        case let .snapshotCountMismatch(snapshot, itemCounts):
            "Invalid update: the transition starts from a snapshot with item counts \(snapshot), but the selection has \(itemCounts); make it from the snapshot on screen"
        }
    }
}
