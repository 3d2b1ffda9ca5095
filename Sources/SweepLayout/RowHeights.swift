/// The heights of a run of rows most of which were never measured (a
/// self-sizing list's section): a row is `estimate` tall until it is
/// measured. Measured heights cost 8 bytes a row, kept in blocks of 1,024
/// rows; once anything is measured, a sum per block (8 bytes for 1,024
/// rows) finds offsets in O(log blocks). A million rows never measured cost
/// nothing per row.
public struct RowHeights: Hashable, Sendable {
    /// One measured row: its place in its block and its height.
    struct Entry: Hashable, Sendable {
        var offset: UInt16
        var height: Float
    }

    static let blockSize = 1024

    /// The number of rows.
    public private(set) var count: Int
    /// The height of a row not measured.
    public let estimate: Double
    /// The measured rows of each block that has any, sorted by offset.
    private var blocks: [Int: [Entry]] = [:]
    /// A Fenwick tree of each block's measured heights less the estimate
    /// (1-based); empty while nothing is measured.
    private var sums: [Double] = []
    /// How many rows are measured.
    public private(set) var measuredCount = 0

    /// `count` rows (at least 0) of `estimate` (1 to 100,000; else 44) each.
    public init(count: Int, estimate: Double) {
        self.count = max(0, count)
        self.estimate = ItemLength.isValid(estimate, minimum: 1) ? estimate : 44
    }

    private var blockCount: Int { (count + Self.blockSize - 1) / Self.blockSize }

    // MARK: - Queries

    /// The height of all the rows. - Complexity: O(log blocks).
    public var totalHeight: Double { Double(count) * estimate + deltaBefore(block: blockCount) }

    /// Whether `row` was measured.
    public func isMeasured(_ row: Int) -> Bool { entryIndex(of: row).found }

    /// The height of `row` (the estimate unless measured). - Complexity: O(log 1,024).
    public func height(of row: Int) -> Double {
        let (block, offset) = place(of: row)
        guard let entries = blocks[block] else { return estimate }
        let (index, found) = Self.search(entries, offset)
        return found ? Double(entries[index].height) : estimate
    }

    /// The top of `row` from the top of the first (a row past the end: the total height).
    /// - Complexity: O(log blocks + measured rows in its block).
    public func offset(of row: Int) -> Double {
        let row = min(max(0, row), count)
        let (block, offset) = place(of: row)
        var top = Double(row) * estimate + deltaBefore(block: block)
        for entry in blocks[block] ?? [] {
            guard Int(entry.offset) < offset else { break }
            top += Double(entry.height) - estimate
        }
        return top
    }

    /// The row whose span holds `y`, clamped to the first and last row; nil
    /// when there are none. - Complexity: O(log blocks + measured rows in its block).
    public func row(at y: Double) -> Int? {
        guard count > 0 else { return nil }
        guard y > 0 else { return 0 }
        // The last block whose top is at or above y: a descent through the Fenwick tree, each
        // block's height its rows at the estimate plus its measured difference.
        let rowsPerBlock = Double(Self.blockSize) * estimate
        var block = 0, top = 0.0
        if !sums.isEmpty {
            var step = 1
            while step * 2 <= blockCount { step *= 2 }
            while step > 0 {
                let next = block + step
                if next <= blockCount - 1 {
                    let candidate = top + Double(step) * rowsPerBlock + sums[next]
                    if candidate <= y { block = next; top = candidate }
                }
                step /= 2
            }
        } else {
            block = min(blockCount - 1, Int(saturating: (y / rowsPerBlock).rounded(.down)))
            top = Double(block) * rowsPerBlock
        }
        // Within the block: spans of estimated rows between the measured ones.
        let first = block * Self.blockSize, end = min(count, first + Self.blockSize)
        var row = first
        for entry in blocks[block] ?? [] {
            let measured = first + Int(entry.offset)
            let plain = Double(measured - row) * estimate
            if y < top + plain { return row + min(Int(saturating: ((y - top) / estimate).rounded(.down)), end - 1 - row) }
            top += plain
            if y < top + Double(entry.height) { return measured }
            top += Double(entry.height)
            row = measured + 1
        }
        // Past the block's last measured row (which may be its last row: then y is past them all).
        let extra = max(0, Int(saturating: ((y - top) / estimate).rounded(.down)))
        return extra >= end - row ? end - 1 : row + extra
    }

    // MARK: - Changes

    /// Sets `row`'s measured height (a height that is no length is ignored)
    /// and returns how much taller the rows became (negative: shorter).
    @discardableResult
    public mutating func setHeight(_ height: Double, ofRow row: Int) -> Double {
        guard row >= 0, row < count, ItemLength.isValid(height, minimum: 1) else { return 0 }
        let (block, offset) = place(of: row)
        let stored = Float(height)
        var entries = blocks[block] ?? []
        let (index, found) = Self.search(entries, offset)
        let old = found ? Double(entries[index].height) : estimate
        let change = Double(stored) - old
        if found {
            entries[index].height = stored
        } else {
            entries.insert(Entry(offset: UInt16(offset), height: stored), at: index)
            measuredCount += 1
        }
        blocks[block] = entries
        addToSums(change, block: block)
        return change
    }

    /// Forgets `row`'s height (it is the estimate again); returns the change.
    @discardableResult
    public mutating func forget(row: Int) -> Double {
        let (block, offset) = place(of: row)
        guard var entries = blocks[block] else { return 0 }
        let (index, found) = Self.search(entries, offset)
        guard found else { return 0 }
        let change = estimate - Double(entries[index].height)
        entries.remove(at: index)
        blocks[block] = entries.isEmpty ? nil : entries
        measuredCount -= 1
        addToSums(change, block: block)
        return change
    }

    /// Forgets every measured height (a width change re-wraps every row).
    public mutating func forgetAll() {
        blocks = [:]
        sums = []
        measuredCount = 0
    }

    /// The measured rows and their heights, in row order.
    public var measuredRows: [(row: Int, height: Double)] {
        blocks.keys.sorted().flatMap { block in
            (blocks[block] ?? []).map { (block * Self.blockSize + Int($0.offset), Double($0.height)) }
        }
    }

    /// The same rows after an update: `newIndex(row)` is each measured row's
    /// place among `newCount` rows, nil for a row that went; new rows are
    /// estimated. - Complexity: O(measured rows + new blocks).
    public func remapped(count newCount: Int, _ newIndex: (Int) -> Int?) -> RowHeights {
        var next = RowHeights(count: newCount, estimate: estimate)
        for (row, height) in measuredRows {
            if let moved = newIndex(row) { next.setHeight(height, ofRow: moved) }
        }
        return next
    }

    // MARK: - Storage

    private func place(of row: Int) -> (block: Int, offset: Int) {
        (row / Self.blockSize, row % Self.blockSize)
    }

    private func entryIndex(of row: Int) -> (index: Int, found: Bool) {
        guard row >= 0, row < count else { return (0, false) }
        let (block, offset) = place(of: row)
        guard let entries = blocks[block] else { return (0, false) }
        return Self.search(entries, offset)
    }

    /// Where `offset` is in `entries` (or goes).
    private static func search(_ entries: [Entry], _ offset: Int) -> (index: Int, found: Bool) {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if Int(entries[mid].offset) < offset { low = mid + 1 } else { high = mid }
        }
        return (low, low < entries.count && Int(entries[low].offset) == offset)
    }

    /// The measured difference of blocks 0 ..< `block`.
    private func deltaBefore(block: Int) -> Double {
        guard !sums.isEmpty else { return 0 }
        var index = min(block, blockCount), total = 0.0
        while index > 0 {
            total += sums[index]
            index -= index & -index
        }
        return total
    }

    private mutating func addToSums(_ change: Double, block: Int) {
        if sums.isEmpty {
            guard change != 0 else { return }
            sums = [Double](repeating: 0, count: blockCount + 1)
        }
        var index = block + 1
        while index <= blockCount {
            sums[index] += change
            index += index & -index
        }
    }
}
