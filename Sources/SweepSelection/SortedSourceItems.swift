import SweepGeometry

/// Rows that show source items in ascending order (a filter that keeps the
/// source's order), kept so that a batch of changes to the source costs
/// what it changes, not the number of rows: when a message arrives at the
/// top of a filtered list of a million, every row's source index moves by
/// one, and that is one number per chunk of rows here, not a million.
///
/// The items are stored in chunks of at most 1,024, each with a delta
/// added to every item in it, and the row each chunk starts at. A row's
/// item is a binary search over the chunks; `firstRow(atOrAfter:)` one over
/// the chunks and one inside a chunk.
public struct SortedSourceItems: FilteredRows, Sendable {
    /// A run of rows: `stored[k] + delta` is the source item of its k-th row.
    private struct Chunk: Sendable {
        var stored: [Int]
        var delta: Int
        var first: Int { stored[0] + delta }
        var last: Int { stored[stored.count - 1] + delta }
    }

    private static let chunkSize = 512, chunkLimit = 1024
    private var chunks: [Chunk] = []
    /// The row of each chunk's first item.
    private var starts: [Int] = []
    public private(set) var rowCount = 0
    public var order: RowOrder { .ascending }

    /// Rows showing `items`, which must strictly increase.
    public init(_ items: some Sequence<Int>) {
        var chunk: [Int] = []
        chunk.reserveCapacity(Self.chunkSize)
        for item in items {
            chunk.append(item)
            if chunk.count == Self.chunkSize {
                append(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { append(chunk) }
    }

    private mutating func append(_ items: [Int]) {
        starts.append(rowCount)
        chunks.append(Chunk(stored: items, delta: 0))
        rowCount += items.count
    }

    public func sourceItem(atRow row: Int) -> Int {
        let index = chunkIndex(ofRow: row)
        return chunks[index].stored[row - starts[index]] + chunks[index].delta
    }

    public func firstRow(atOrAfter item: Int) -> Int {
        // The first chunk whose last item is at least `item`.
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if chunks[middle].last < item { low = middle + 1 } else { high = middle }
        }
        guard low < chunks.count else { return rowCount }
        let chunk = chunks[low], target = item - chunk.delta
        var lower = 0, upper = chunk.stored.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if chunk.stored[middle] < target { lower = middle + 1 } else { upper = middle }
        }
        return starts[low] + lower
    }

    /// The chunk holding `row` (the last chunk for `rowCount`).
    private func chunkIndex(ofRow row: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= row { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    /// Whether the row showing `item` exists; `row` is its row or where it would go.
    private func find(_ item: Int) -> (row: Int, shown: Bool) {
        let row = firstRow(atOrAfter: item)
        return (row, row < rowCount && sourceItem(atRow: row) == item)
    }

    // MARK: - Editing

    private mutating func removeRow(_ row: Int) {
        let index = chunkIndex(ofRow: row)
        chunks[index].stored.remove(at: row - starts[index])
        var next = index + 1
        if chunks[index].stored.isEmpty {
            chunks.remove(at: index)
            starts.remove(at: index)
            next = index
        }
        for k in next..<starts.count { starts[k] -= 1 }
        rowCount -= 1
    }

    /// Inserts `item`, which no row shows yet, where the order puts it.
    private mutating func insert(_ item: Int) {
        guard !chunks.isEmpty else { return append([item]) }
        let row = firstRow(atOrAfter: item)
        // At a chunk boundary the item joins the chunk before (its end), so appending works.
        var index = chunkIndex(ofRow: row)
        if index > 0 && row == starts[index] { index -= 1 }
        let offset = row - starts[index]
        chunks[index].stored.insert(item - chunks[index].delta, at: offset)
        for k in (index + 1)..<starts.count { starts[k] += 1 }
        rowCount += 1
        if chunks[index].stored.count > Self.chunkLimit {
            let chunk = chunks[index], half = chunk.stored.count / 2
            chunks[index].stored = Array(chunk.stored[..<half])
            chunks.insert(Chunk(stored: Array(chunk.stored[half...]), delta: chunk.delta), at: index + 1)
            starts.insert(starts[index] + half, at: index + 1)
        }
    }

    /// Adds `delta` to the items of rows `rows`.
    private mutating func shift(_ rows: Range<Int>, by delta: Int) {
        guard !rows.isEmpty, delta != 0 else { return }
        var index = chunkIndex(ofRow: rows.lowerBound)
        while index < chunks.count && starts[index] < rows.upperBound {
            let start = starts[index], count = chunks[index].stored.count
            let from = max(rows.lowerBound, start) - start, to = min(rows.upperBound, start + count) - start
            if from == 0 && to == count {
                chunks[index].delta += delta
            } else {
                chunks[index].stored[from..<to].withUnsafeMutableBufferPointer { for k in $0.indices { $0[k] += delta } }
            }
            index += 1
        }
    }

    // MARK: - Following the source

    /// Follows a batch of changes to a one-section source: rows of deleted
    /// items go, the others move to their items' new indices, inserted and
    /// reconfigured items are asked `isIncluded` (with their new index) and
    /// shown or hidden by the answer, and a moved item's row moves. Only
    /// those items are asked: an item whose inclusion changes must be among
    /// the reconfigured ones.
    ///
    /// - Parameters:
    ///   - mapping: the source's batch (one section).
    ///   - reconfigured: the items whose content changed, at their new
    ///     indices (`SnapshotTransition.reconfigured`).
    ///   - limit: the most items the batch may touch; past it nothing
    ///     changes and nil is returned (making the rows anew costs less).
    ///   - isIncluded: whether a new source index is shown.
    /// - Returns: the rows' own batch (row indices, UIKit's semantics) and
    ///   the rows of items now shown that were hidden, or nil.
    /// - Complexity: O(t · (log n + chunk size + n / chunk size)) for t
    ///   items touched and n rows.
    public mutating func follow(_ mapping: ItemMapping, reconfigured: [ItemRange], limit: Int,
                                isIncluded: (Int) -> Bool) -> (update: ItemUpdate, shownAgain: [Int])? {
        guard mapping.oldItemCounts.count == 1, mapping.newItemCounts.count == 1 else { return nil }
        let update = mapping.update
        var touched = update.moved.count + reconfigured.reduce(0) { $0 + $1.count }
            + update.inserted.reduce(0) { $0 + $1.count }
        for range in update.deleted {
            touched += firstRow(atOrAfter: range.items.upperBound + 1) - firstRow(atOrAfter: range.items.lowerBound)
        }
        guard touched <= limit else { return nil }
        let reconfiguredNew = IndexRanges(reconfigured.filter { $0.section == 0 }.map(\.items))

        // Old rows that go: deleted items, moved items (shown again at their
        // destination when still included), reconfigured items now hidden.
        var leaving: [(row: Int, destination: Int?)] = []
        for range in update.deleted {
            let first = firstRow(atOrAfter: range.items.lowerBound), end = firstRow(atOrAfter: range.items.upperBound + 1)
            for row in first..<end { leaving.append((row, nil)) }
        }
        var arriving: [Int] = []   // new source items to show
        var movedIn: [(oldRow: Int, item: Int)] = []
        for move in update.moved where move.from.section == 0 {
            let (row, shown) = find(move.from.item)
            let included = reconfiguredNew.contains(move.to.item) ? isIncluded(move.to.item) : shown
            if shown {
                leaving.append((row, included ? move.to.item : nil))
                if included { movedIn.append((row, move.to.item)) }
            } else if included {
                arriving.append(move.to.item)
            }
        }
        var reloadedRows: [Int] = []
        var shownAgain: [Int] = []
        for range in update.reloaded where range.section == 0 {
            for item in range.items {
                guard let new = mapping.map(ItemPath(item: item))?.item else { continue }
                let (row, shown) = find(item)
                switch (shown, isIncluded(new)) {
                case (true, true): reloadedRows.append(row)
                case (true, false): leaving.append((row, nil))
                case (false, true): arriving.append(new); shownAgain.append(new)
                case (false, false): break
                }
            }
        }
        for range in update.inserted where range.section == 0 {
            for item in range.items where isIncluded(item) { arriving.append(item) }
        }

        // The survivors' rows, per segment of the source's mapping, read before anything moves.
        let leavingRows = Set(leaving.map(\.row))
        var shifts: [(rows: Range<Int>, delta: Int)] = []
        for segment in mapping.segments(inSection: 0) where segment.newStart != segment.oldStart {
            let rows = firstRow(atOrAfter: segment.oldStart)..<firstRow(atOrAfter: segment.oldStart + segment.count)
            if !rows.isEmpty { shifts.append((rows, segment.newStart - segment.oldStart)) }
        }
        for (rows, delta) in shifts { shift(rows, by: delta) }
        // Removed highest first, so the rows still to remove keep their numbers.
        for row in leavingRows.sorted(by: >) { removeRow(row) }
        for item in arriving { insert(item) }
        for move in movedIn { insert(move.item) }

        var rowUpdate = ItemUpdate()
        let oldRows = ItemUpdate.ranges(leaving.filter { $0.destination == nil }.map(\.row))
        rowUpdate.deleted = oldRows.map { ItemRange(section: 0, items: $0) }
        rowUpdate.inserted = ItemUpdate.ranges(arriving.map { firstRow(atOrAfter: $0) }).map { ItemRange(section: 0, items: $0) }
        rowUpdate.moved = movedIn.map { ItemMove(from: ItemPath(item: $0.oldRow), to: ItemPath(item: firstRow(atOrAfter: $0.item))) }
        rowUpdate.reloaded = ItemUpdate.ranges(reloadedRows).map { ItemRange(section: 0, items: $0) }
        return (rowUpdate, shownAgain.map { firstRow(atOrAfter: $0) })
    }
}

fileprivate extension ItemUpdate {
    /// Indices in any order as sorted, merged closed ranges.
    static func ranges(_ indices: [Int]) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for index in indices.sorted() {
            if let last = ranges.last, index <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, index)
            } else {
                ranges.append(index...index)
            }
        }
        return ranges
    }
}
