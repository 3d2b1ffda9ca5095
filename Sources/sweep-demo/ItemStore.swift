import DemoPages
import SweepUI

/// The split view's items: the rows of a base source (generated, or the
/// lines of `--items`) that have not been deleted, in an order that drags
/// change, and items dropped in from other apps. The order is a `RowRuns`
/// of row ids (base rows are their own ids; dropped items have ids from
/// `addedBase`), so deleting, restoring and moving a million selected rows
/// of ten million costs O(runs), never O(rows). A base that grows (a file
/// still being read) shows its new rows only when told
/// (`appendArrivedRows`), so the views' counts change only with a batch
/// update.
final class ItemStore: RowDataSource {
    let base: RowDataSource
    private var order: RowRuns
    /// The titles of items dropped in, by id - `addedBase`.
    private var added: [String] = []
    /// Ids from here on are dropped items.
    static let addedBase = 1 << 48
    /// The base rows taken so far; the base may have more that arrived since.
    private(set) var baseCount: Int

    /// Rows taken out by a delete: where each run was and what it held, to put back.
    struct Removal {
        let pieces: [(position: Int, ids: [ClosedRange<Int>])]
        var count: Int { pieces.reduce(0) { $0 + $1.ids.reduce(0) { $0 + $1.count } } }
    }

    init(base: RowDataSource) {
        self.base = base
        baseCount = base.numberOfRows
        order = RowRuns(count: baseCount)
    }

    /// Shows the base rows that arrived since the last call after every
    /// other row and returns their positions; nil when none arrived.
    /// - Complexity: O(runs).
    func appendArrivedRows() -> ClosedRange<Int>? {
        let total = base.numberOfRows
        guard total > baseCount else { return nil }
        let first = order.count
        order.append(baseCount...(total - 1))
        baseCount = total
        return first...(order.count - 1)
    }

    var numberOfRows: Int { order.count }

    /// The base row at a position; nil for an item dropped in. - Complexity: O(log runs).
    func baseRow(at position: Int) -> Int? {
        let id = order.id(at: position)
        return id < ItemStore.addedBase ? id : nil
    }

    func title(forRow row: Int) -> String {
        let id = order.id(at: row)
        return id < ItemStore.addedBase ? base.title(forRow: id) : added[id - ItemStore.addedBase]
    }

    func subtitle(forRow row: Int) -> String? {
        let id = order.id(at: row)
        return id < ItemStore.addedBase ? base.subtitle(forRow: id) : "Dropped in"
    }

    /// Removes the rows at `positions` (sorted, disjoint ranges of positions).
    func delete(_ positions: [ClosedRange<Int>]) -> Removal {
        // Each range is taken out separately, from the last, so the positions of the others hold.
        var pieces: [(position: Int, ids: [ClosedRange<Int>])] = []
        for range in positions.reversed() { pieces.append((range.lowerBound, order.remove([range]))) }
        return Removal(pieces: pieces.reversed())
    }

    /// Puts removed rows back where they were; returns their positions, in order.
    func restore(_ removal: Removal) -> [ClosedRange<Int>] {
        var positions: [ClosedRange<Int>] = []
        for piece in removal.pieces {
            let count = piece.ids.reduce(0) { $0 + $1.count }
            order.insert(piece.ids, at: piece.position)
            positions.append(piece.position...(piece.position + count - 1))
        }
        return positions
    }

    /// Moves the rows at `positions` together before `insertion` (a
    /// position before the move); returns where they are now.
    func move(_ positions: [ClosedRange<Int>], to insertion: Int) -> ClosedRange<Int>? {
        order.move(positions, to: insertion)
    }

    /// Adds items titled `titles` before `position`; returns their positions.
    func add(_ titles: [String], at position: Int) -> ClosedRange<Int>? {
        guard !titles.isEmpty else { return nil }
        let first = ItemStore.addedBase + added.count
        added += titles
        let at = max(0, min(position, order.count))
        order.insert([first...(first + titles.count - 1)], at: at)
        return at...(at + titles.count - 1)
    }
}
