/// Mapping a selection kept by source item (so it survives filtering and
/// sorting) to and from the rows that show it. Row and item ranges are
/// closed ranges; results are sorted, disjoint and non-adjacent.
///
/// Cost by `order`: `identity` is O(ranges); `ascending` is O(ranges · log
/// rows), a binary search per range (rows to items finds each run of
/// consecutive items by a binary search for its end); `arbitrary` walks the
/// rows concerned, as nothing better exists without a reverse index.
extension FilteredRows {
    /// The rows that show the items in `items`, within `bounds` (all rows
    /// when nil). Hidden items drop out; rows that touch merge.
    public func rowRanges(showing items: IndexRanges, within bounds: Range<Int>? = nil) -> [ClosedRange<Int>] {
        guard !items.isEmpty else { return [] }
        return rowRanges(showingSorted: items.ranges, within: bounds)
    }

    /// The rows that show the items in `items` (ranges in any order, may
    /// overlap), within `bounds` (all rows when nil).
    public func rowRanges(showing items: [ClosedRange<Int>], within bounds: Range<Int>? = nil) -> [ClosedRange<Int>] {
        rowRanges(showingSorted: Self.isSortedAndSeparate(items) ? items : Self.sortedAndMerged(items), within: bounds)
    }

    /// `rowRanges(showing:within:)` for sorted, disjoint, non-adjacent item ranges.
    private func rowRanges(showingSorted items: [ClosedRange<Int>], within bounds: Range<Int>?) -> [ClosedRange<Int>] {
        let bounds = clampedBounds(bounds)
        guard !items.isEmpty, !bounds.isEmpty else { return [] }
        if order == .arbitrary { return arbitraryRowRanges(showing: items, within: bounds) }
        var rows: [ClosedRange<Int>] = []
        for range in items { appendRows(showing: range, within: bounds, to: &rows) }
        return rows
    }

    /// The source items shown in `rows` (ranges in any order; rows past
    /// either end are ignored), as sorted, disjoint, non-adjacent ranges.
    /// `itemCount`, when given, is the number of source items: the rows'
    /// items are then known to lie below it, which spares arbitrary rows a
    /// pass to find their span (items outside it are still handled).
    public func sourceRanges(inRows rows: [ClosedRange<Int>], itemCount: Int? = nil) -> [ClosedRange<Int>] {
        var items: [ClosedRange<Int>] = []
        let count = rowCount
        var parts: [ClosedRange<Int>] = []
        for range in rows {
            let first = max(range.lowerBound, 0), last = min(range.upperBound, count - 1)
            if first <= last { parts.append(first...last) }
        }
        guard !parts.isEmpty else { return [] }
        switch order {
        case .identity:
            for part in parts { Self.appendMerging(part, to: &items) }
        case .ascending:
            for part in parts { appendRuns(inRows: part, to: &items) }
        case .arbitrary:
            return arbitrarySourceRanges(inRows: parts, itemCount: itemCount)
        }
        // Rows given out of order give items out of order: sort them once.
        return Self.isSortedAndSeparate(items) ? items : Self.sortedAndMerged(items)
    }

    /// The row that shows `item`, nil when no row does.
    /// - Complexity: O(1) for `identity`, O(log rows) for `ascending`, O(rows) else.
    public func row(showing item: Int) -> Int? {
        switch order {
        case .identity:
            return item >= 0 && item < rowCount ? item : nil
        case .ascending:
            let row = firstRow(atOrAfter: item)
            return row < rowCount && sourceItem(atRow: row) == item ? row : nil
        case .arbitrary:
            for row in 0..<rowCount where sourceItem(atRow: row) == item { return row }
            return nil
        }
    }

    // MARK: - Ordered rows

    private func clampedBounds(_ bounds: Range<Int>?) -> Range<Int> {
        let all = 0..<max(rowCount, 0)
        guard let bounds else { return all }
        return bounds.clamped(to: all)
    }

    /// Appends the rows (within `bounds`) of the items in `range`; rows ascend.
    private func appendRows(showing range: ClosedRange<Int>, within bounds: Range<Int>, to rows: inout [ClosedRange<Int>]) {
        let first = max(firstRow(atOrAfter: range.lowerBound), bounds.lowerBound)
        let end = range.upperBound == Int.max ? bounds.upperBound : firstRow(atOrAfter: range.upperBound + 1)
        let last = min(end, bounds.upperBound) - 1
        guard first <= last else { return }
        Self.appendMerging(first...last, to: &rows)
    }

    /// Appends the runs of consecutive items shown in `rows` (ascending items).
    private func appendRuns(inRows rows: ClosedRange<Int>, to items: inout [ClosedRange<Int>]) {
        // Items strictly increase, so rows first...r are one run exactly when
        // their end items are as far apart as the rows: binary search for the longest.
        var first = rows.lowerBound
        while first <= rows.upperBound {
            let start = sourceItem(atRow: first)
            var low = first, high = rows.upperBound
            while low < high {
                let middle = low + (high - low + 1) / 2
                let (distance, overflow) = sourceItem(atRow: middle).subtractingReportingOverflow(start)
                if !overflow && distance == middle - first { low = middle } else { high = middle - 1 }
            }
            // `low` satisfies the run test, so its item is at least `start`.
            Self.appendMerging(start...sourceItem(atRow: low), to: &items)
            first = low + 1
        }
    }

    // MARK: - Arbitrary order

    /// Walks the rows in `bounds`, keeping those whose item is in `items`
    /// (sorted and separate): a bit per item when the items span no more
    /// than 64 times the rows (a re-sort keeping a scattered selection),
    /// else a binary search each.
    private func arbitraryRowRanges(showing items: [ClosedRange<Int>], within bounds: Range<Int>) -> [ClosedRange<Int>] {
        guard let lowest = items.first?.lowerBound, let highest = items.last?.upperBound else { return [] }
        let span = highest - lowest + 1
        var bits: [UInt64] = []
        if items.count > 8, span > 0, span / 64 <= bounds.count {
            bits = [UInt64](repeating: 0, count: (span + 63) / 64)
            for range in items { Self.setBits(range.lowerBound - lowest...range.upperBound - lowest, in: &bits) }
        }
        return rowRuns(in: bounds) { item in
            if item < lowest || item > highest { return false }
            if !bits.isEmpty {
                let offset = item - lowest
                return bits[offset >> 6] & (1 << UInt64(offset & 63)) != 0
            }
            return Self.contains(item, in: items)
        }
    }

    /// The runs of rows in `bounds` whose source item `shows`, in order.
    func rowRuns(in bounds: Range<Int>, where shows: (Int) -> Bool) -> [ClosedRange<Int>] {
        var rows: [ClosedRange<Int>] = []
        var runStart: Int?
        for row in bounds {
            if shows(sourceItem(atRow: row)) {
                if runStart == nil { runStart = row }
            } else if let start = runStart {
                rows.append(start...(row - 1))
                runStart = nil
            }
        }
        if let start = runStart { rows.append(start...(bounds.upperBound - 1)) }
        return rows
    }

    /// The items of `parts` (clamped row ranges), sorted into runs: a bit
    /// per item when they are dense, else a sort.
    private func arbitrarySourceRanges(inRows parts: [ClosedRange<Int>], itemCount: Int?) -> [ClosedRange<Int>] {
        let count = parts.reduce(0) { $0 + $1.count }
        if let itemCount, itemCount > 0, itemCount <= count * 16,
           let runs = denseRuns(inRows: parts, lowest: 0, span: itemCount) {
            return runs
        }
        var lowest = Int.max, highest = Int.min
        for part in parts {
            for row in part {
                let item = sourceItem(atRow: row)
                lowest = min(lowest, item)
                highest = max(highest, item)
            }
        }
        let (spanLess1, overflow) = highest.subtractingReportingOverflow(lowest)
        if !overflow && spanLess1 < count * 16, let runs = denseRuns(inRows: parts, lowest: lowest, span: spanLess1 + 1) {
            return runs
        }
        var items: [Int] = []
        items.reserveCapacity(count)
        for part in parts { for row in part { items.append(sourceItem(atRow: row)) } }
        items.sort()
        var result: [ClosedRange<Int>] = []
        for item in items { Self.appendMerging(item...item, to: &result) }
        return result
    }

    /// Marks each item in a bit set over `lowest..<(lowest + span)` and reads
    /// the runs of set bits back a word at a time; nil when an item falls
    /// outside that span.
    private func denseRuns(inRows parts: [ClosedRange<Int>], lowest: Int, span: Int) -> [ClosedRange<Int>]? {
        var words = [UInt64](repeating: 0, count: (span + 63) / 64)
        for part in parts {
            for row in part {
                let (offset, overflow) = sourceItem(atRow: row).subtractingReportingOverflow(lowest)
                guard !overflow, offset >= 0, offset < span else { return nil }
                words[offset >> 6] |= 1 << UInt64(offset & 63)
            }
        }
        var result: [ClosedRange<Int>] = []
        var position = 0
        var runStart: Int?
        while position < span {
            let shift = position & 63, available = 64 - shift
            // The bits from `position` to the end of its word; above them zeros.
            let word = words[position >> 6] >> UInt64(shift)
            if let start = runStart {
                let ones = (~word).trailingZeroBitCount
                position += ones
                if ones < available {
                    result.append((lowest + start)...(lowest + position - 1))
                    runStart = nil
                }
            } else if word == 0 {
                position += available
            } else {
                position += word.trailingZeroBitCount
                runStart = position
            }
        }
        if let start = runStart { result.append((lowest + start)...(lowest + span - 1)) }
        return result
    }

    // MARK: - Ranges

    /// Sets the bits of `range` (word by word where it covers whole words).
    private static func setBits(_ range: ClosedRange<Int>, in bits: inout [UInt64]) {
        var bit = range.lowerBound
        while bit <= range.upperBound {
            if bit & 63 == 0 && range.upperBound - bit >= 63 {
                bits[bit >> 6] = .max
                bit += 64
            } else {
                bits[bit >> 6] |= 1 << UInt64(bit & 63)
                bit += 1
            }
        }
    }

    /// Whether `item` is in one of `ranges` (sorted and separate). - Complexity: O(log ranges).
    private static func contains(_ item: Int, in ranges: [ClosedRange<Int>]) -> Bool {
        var lower = 0, upper = ranges.count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            if ranges[middle].upperBound < item { lower = middle + 1 } else { upper = middle }
        }
        return lower < ranges.count && ranges[lower].lowerBound <= item
    }

    /// `ranges` sorted, with overlapping and touching ones joined (no counts
    /// taken, so ranges as wide as `Int` itself are fine).
    private static func sortedAndMerged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) { appendMerging(range, to: &result) }
        return result
    }

    private static func appendMerging(_ range: ClosedRange<Int>, to ranges: inout [ClosedRange<Int>]) {
        if let last = ranges.last, last.upperBound == Int.max || range.lowerBound <= last.upperBound + 1,
           range.lowerBound >= last.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
        } else {
            ranges.append(range)
        }
    }

    private static func isSortedAndSeparate(_ ranges: [ClosedRange<Int>]) -> Bool {
        var previous: ClosedRange<Int>?
        for range in ranges {
            if let previous, previous.upperBound == Int.max || previous.upperBound + 1 >= range.lowerBound { return false }
            previous = range
        }
        return true
    }
}

/// Source items as one bit each over `0..<itemCount`: how a selection goes
/// from one order of rows to another (a re-sort) without becoming ranges
/// in between. - Complexity: itemCount / 8 bytes.
public struct SourceItemBits: Sendable {
    public let itemCount: Int
    var words: [UInt64]
    /// The number of items set.
    public private(set) var count = 0

    public init(itemCount: Int) {
        self.itemCount = max(0, itemCount)
        words = [UInt64](repeating: 0, count: (self.itemCount + 63) / 64)
    }

    /// Sets `item` (ignored outside `0..<itemCount`).
    public mutating func insert(_ item: Int) {
        guard item >= 0, item < itemCount else { return }
        let bit: UInt64 = 1 << UInt64(item & 63)
        if words[item >> 6] & bit == 0 {
            words[item >> 6] |= bit
            count += 1
        }
    }

    public func contains(_ item: Int) -> Bool {
        item >= 0 && item < itemCount && words[item >> 6] & (1 << UInt64(item & 63)) != 0
    }

    /// The set items as sorted, disjoint, non-adjacent ranges.
    public var ranges: [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        var start: Int?
        for item in 0..<itemCount {
            if contains(item) {
                if start == nil { start = item }
            } else if let first = start {
                result.append(first...(item - 1))
                start = nil
            }
        }
        if let first = start { result.append(first...(itemCount - 1)) }
        return result
    }
}

extension FilteredRows {
    /// The source items the rows in `rows` show (ranges in any order; rows
    /// past either end and items outside `0..<itemCount` are ignored).
    /// - Complexity: O(rows in `rows` + itemCount / 64).
    public func itemBits(inRows rows: [ClosedRange<Int>], itemCount: Int) -> SourceItemBits {
        var bits = SourceItemBits(itemCount: itemCount)
        let count = rowCount
        for range in rows {
            let first = max(range.lowerBound, 0), last = min(range.upperBound, count - 1)
            guard first <= last else { continue }
            for row in first...last { bits.insert(sourceItem(atRow: row)) }
        }
        return bits
    }

    /// The rows that show the items set in `bits`, in order. - Complexity: O(rows).
    public func rowRanges(showing bits: SourceItemBits) -> [ClosedRange<Int>] {
        guard bits.count > 0 else { return [] }
        return rowRuns(in: 0..<rowCount) { bits.contains($0) }
    }
}
