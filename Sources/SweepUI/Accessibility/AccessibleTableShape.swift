import SweepGeometry

/// A list's or grid's children and rows as a screen reader counts them:
/// each section gives its header (when it shows one), then its items. A
/// header is a row of its own, spanning the columns; items fill rows of
/// `columns` (a list has one). Every question is answered in O(log
/// sections), whatever the number of items.
struct AccessibleTableShape: Equatable {
    let itemCounts: [Int]
    let columns: Int
    private let headers: [Bool]
    /// The child index and the row each section starts at, one entry more than there are sections.
    private let childStarts: [Int]
    private let rowStarts: [Int]

    /// `headers[s]`: whether section `s` shows a header.
    init(itemCounts: [Int], headers: [Bool], columns: Int) {
        self.itemCounts = itemCounts
        self.columns = max(1, columns)
        self.headers = itemCounts.indices.map { headers.indices.contains($0) && headers[$0] }
        var childStarts = [0], rowStarts = [0]
        childStarts.reserveCapacity(itemCounts.count + 1)
        rowStarts.reserveCapacity(itemCounts.count + 1)
        for (section, count) in itemCounts.enumerated() {
            let header = self.headers[section] ? 1 : 0, count = max(0, count)
            childStarts.append(childStarts[section] + header + count)
            rowStarts.append(rowStarts[section] + header + (count + self.columns - 1) / self.columns)
        }
        self.childStarts = childStarts
        self.rowStarts = rowStarts
    }

    var childCount: Int { childStarts[childStarts.count - 1] }
    var rowCount: Int { rowStarts[rowStarts.count - 1] }

    /// The section whose span of `starts` holds `value`; nil outside them all.
    private func section(holding value: Int, in starts: [Int]) -> Int? {
        guard value >= 0, value < starts[starts.count - 1] else { return nil }
        // The last section starting at or before `value` (empty sections share their start with the next).
        var low = 0, high = starts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    func child(at index: Int) -> AccessibleChild? {
        guard let section = section(holding: index, in: childStarts) else { return nil }
        var offset = index - childStarts[section]
        if headers[section] {
            if offset == 0 { return .header(section) }
            offset -= 1
        }
        return .item(ItemPath(section: section, item: offset))
    }

    func index(of child: AccessibleChild) -> Int? {
        switch child {
        case .header(let section):
            return itemCounts.indices.contains(section) && headers[section] ? childStarts[section] : nil
        case .item(let path):
            guard itemCounts.indices.contains(path.section), path.item >= 0, path.item < itemCounts[path.section] else { return nil }
            return childStarts[path.section] + (headers[path.section] ? 1 : 0) + path.item
        case .cell:
            // A table's cells are counted by its columns, over the items (CollectionAccessibleTable).
            return nil
        }
    }

    /// The row, first column and column span of the child at `index`.
    func cell(ofChildAt index: Int) -> (row: Int, column: Int, columnSpan: Int)? {
        switch child(at: index) {
        case .header(let section): return (rowStarts[section], 0, columns)
        case .item(let path):
            let first = rowStarts[path.section] + (headers[path.section] ? 1 : 0)
            return (first + path.item / columns, path.item % columns, 1)
        case .cell, nil: return nil
        }
    }

    /// The child index at `row`, `column` (a header answers for every column it spans).
    func childIndex(row: Int, column: Int) -> Int? {
        guard column >= 0, column < columns, let section = section(holding: row, in: rowStarts) else { return nil }
        var offset = row - rowStarts[section]
        if headers[section] {
            if offset == 0 { return childStarts[section] }
            offset -= 1
        }
        let item = offset * columns + column
        return item < itemCounts[section] ? index(of: .item(ItemPath(section: section, item: item))) : nil
    }

    /// The items of `row`; empty for a header's row or outside the table.
    func items(inRow row: Int) -> ItemRange? {
        guard let section = section(holding: row, in: rowStarts) else { return nil }
        var offset = row - rowStarts[section]
        if headers[section] {
            if offset == 0 { return nil }
            offset -= 1
        }
        let first = offset * columns, last = min(itemCounts[section], first + columns) - 1
        return first <= last ? ItemRange(section: section, items: first...last) : nil
    }

    /// How many rows of items lie wholly inside `ranges` (a selection's, merged and ordered).
    func fullRows(in ranges: [ItemRange]) -> Int {
        var rows = 0
        for range in ranges where itemCounts.indices.contains(range.section) {
            let count = itemCounts[range.section]
            // Rows whose first item is at or after the range's start and whose last is at or before its end.
            let firstRow = (range.items.lowerBound + columns - 1) / columns
            let lastItem = range.items.upperBound
            // The last row ending at or before `lastItem`: a row ends at min(count, (r + 1) * columns) - 1.
            var lastRow = (lastItem + 1) / columns - 1
            if lastItem == count - 1 { lastRow = (count - 1) / columns }
            if lastRow >= firstRow { rows += lastRow - firstRow + 1 }
        }
        return rows
    }
}
