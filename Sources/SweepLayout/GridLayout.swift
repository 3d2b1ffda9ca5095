import SweepGeometry

/// A vertically scrolling flow of equal cells, row-major, in sections with
/// optional headers. Columns follow the width, and the width left over by
/// whole columns goes into the gaps between them (as UIKit's flow layout
/// justifies a line), so no empty strip is left at the right; gaps are
/// whole points, any remainder split between the two sides. Every query is O(log sections)
/// except `items(in:)`, which is O(rows the rectangle crosses) when it does
/// not span whole rows.
public struct GridLayout: ItemLayout, Hashable, Sendable {
    public let itemCounts: [Int]
    public let cellSize: Size
    public let spacing: Double
    /// Space around each section's cells.
    public let inset: Double
    public let headerHeight: Double
    public let width: Double
    public let columns: Int
    /// The gap between columns: `spacing`, or more where the width leaves room.
    public let columnSpacing: Double
    /// The left edge of the first column.
    public let cellsLeft: Double
    private let index: SectionIndex
    private let counts: ItemCounts

    /// `columns`, when given, fixes the column count (during a pinch); else it follows the width.
    public init(itemCounts: [Int], cellSize: Size = Size(width: 100, height: 100), spacing: Double = 8,
                inset: Double = 8, headerHeight: Double = 0, width: Double, columns fixedColumns: Int? = nil) {
        precondition(cellSize.width > 0 && cellSize.height > 0 && spacing >= 0 && inset >= 0)
        self.itemCounts = itemCounts
        self.cellSize = cellSize
        self.spacing = spacing
        self.inset = inset
        self.headerHeight = headerHeight
        self.width = width
        let columns = max(1, fixedColumns ?? Int(((width - 2 * inset + spacing) / (cellSize.width + spacing)).rounded(.down)))
        self.columns = columns
        let spare = width - 2 * inset - Double(columns) * cellSize.width - Double(columns - 1) * spacing
        let extraGap = columns > 1 && spare > 0 ? (spare / Double(columns - 1)).rounded(.down) : 0
        columnSpacing = spacing + extraGap
        let remainder = spare - extraGap * Double(columns - 1)
        cellsLeft = inset + (columns > 1 && remainder > 0 ? (remainder / 2).rounded(.down) : 0)
        counts = ItemCounts(itemCounts)
        index = SectionIndex(heights: itemCounts.map { count in
            let rows = (count + columns - 1) / columns
            return headerHeight + 2 * inset + (rows > 0 ? Double(rows) * cellSize.height + Double(rows - 1) * spacing : 0)
        })
    }

    /// The same grid with cells `size` wide (as tall in the cells' proportion:
    /// square cells stay square), keeping or recomputing the columns.
    public func withCellSize(_ size: Double, keepingColumns: Bool) -> GridLayout {
        let height = size * cellSize.height / cellSize.width
        return GridLayout(itemCounts: itemCounts, cellSize: Size(width: size, height: height), spacing: spacing, inset: inset,
                          headerHeight: headerHeight, width: width, columns: keepingColumns ? columns : nil)
    }

    private var pitchX: Double { cellSize.width + columnSpacing }
    private var pitchY: Double { cellSize.height + spacing }

    public var contentSize: Size { Size(width: width, height: index.totalHeight) }

    /// The number of cell rows in `section`.
    public func rows(inSection section: Int) -> Int { (itemCounts[section] + columns - 1) / columns }

    private func cellsTop(_ section: Int) -> Double { index.top(of: section) + headerHeight + inset }

    public func frame(of item: ItemPath) -> Rect {
        let row = item.item / columns, column = item.item % columns
        return Rect(x: cellsLeft + Double(column) * pitchX, y: cellsTop(item.section) + Double(row) * pitchY,
                    width: cellSize.width, height: cellSize.height)
    }

    /// The header above a section's cells, the grid's whole width; nil without headers.
    public func headerFrame(ofSection section: Int) -> Rect? {
        headerHeight > 0 ? Rect(x: 0, y: index.top(of: section), width: width, height: headerHeight) : nil
    }

    /// The sections whose band (header, cells and insets) meets `rect`'s
    /// vertical span; nil when none does. - Complexity: O(log sections).
    public func sections(in rect: Rect) -> ClosedRange<Int>? {
        index.sections(from: rect.minY, to: rect.maxY)
    }

    public func item(at point: Point) -> ItemPath? {
        guard !itemCounts.isEmpty, point.y >= 0, point.y < index.totalHeight else { return nil }
        let section = index.section(at: point.y)
        let x = point.x - cellsLeft, y = point.y - cellsTop(section)
        guard x >= 0, y >= 0 else { return nil }
        let column = Int(x / pitchX), row = Int(y / pitchY)
        guard column < columns, x - Double(column) * pitchX < cellSize.width, y - Double(row) * pitchY < cellSize.height else { return nil }
        let item = row * columns + column
        return item < itemCounts[section] ? ItemPath(section: section, item: item) : nil
    }

    public func nearestItem(to point: Point) -> ItemPath? {
        guard let first = firstItem, let last = lastItem else { return nil }
        if point.y < 0 { return first }
        if point.y >= index.totalHeight { return last }
        let section = index.section(at: point.y)
        guard itemCounts[section] > 0 else { return counts.firstItem(atOrAfterSection: section) ?? last }
        let y = point.y - cellsTop(section)
        if y < 0 { return ItemPath(section: section, item: 0) }
        // Gaps belong to the nearer cell: shift by half the spacing, then clamp.
        let column = min(columns - 1, max(0, Int(((point.x - cellsLeft + columnSpacing / 2) / pitchX).rounded(.down))))
        let row = min(rows(inSection: section) - 1, max(0, Int(((y + spacing / 2) / pitchY).rounded(.down))))
        return ItemPath(section: section, item: min(itemCounts[section] - 1, row * columns + column))
    }

    public func items(in rect: Rect, into result: inout [ItemRange]) {
        result.removeAll(keepingCapacity: true)
        guard !itemCounts.isEmpty, rect.maxY > 0, rect.minY < index.totalHeight else { return }
        // Columns whose cells the rectangle crosses.
        let firstColumn = max(0, Int(((rect.minX - cellsLeft - cellSize.width) / pitchX).rounded(.down)) + 1)
        let lastColumn = min(columns - 1, Int(((rect.maxX - cellsLeft) / pitchX).rounded(.up)) - 1)
        guard firstColumn <= lastColumn, rect.maxX > cellsLeft else { return }
        let lastColumnReallyHit = rect.maxX > cellsLeft + Double(lastColumn) * pitchX
        let firstColumnReallyHit = rect.minX < cellsLeft + Double(firstColumn) * pitchX + cellSize.width
        guard lastColumnReallyHit, firstColumnReallyHit else { return }
        for section in index.section(at: max(0, rect.minY))...index.section(at: rect.maxY) where itemCounts[section] > 0 {
            let top = cellsTop(section)
            let firstRow = max(0, Int(((rect.minY - top - cellSize.height) / pitchY).rounded(.down)) + 1)
            let lastRow = min(rows(inSection: section) - 1, Int(((rect.maxY - top) / pitchY).rounded(.up)) - 1)
            guard firstRow <= lastRow else { continue }
            // Rows the rectangle reaches only through the spacing do not count.
            guard rect.maxY > top + Double(lastRow) * pitchY, rect.minY < top + Double(firstRow) * pitchY + cellSize.height else { continue }
            let count = itemCounts[section]
            if firstColumn == 0 && lastColumn == columns - 1 {
                // Whole rows: one range.
                let last = min(count - 1, lastRow * columns + columns - 1)
                result.append(ItemRange(section: section, items: (firstRow * columns)...last))
            } else {
                for row in firstRow...lastRow {
                    let first = row * columns + firstColumn
                    guard first < count else { break }
                    result.append(ItemRange(section: section, items: first...min(count - 1, row * columns + lastColumn)))
                }
            }
        }
    }

    public func ranges(from start: ItemPath, through end: ItemPath, into result: inout [ItemRange]) {
        counts.ranges(from: start, through: end, into: &result)
    }

    public func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? {
        switch direction {
        case .left: return counts.item(before: item)
        case .right: return counts.item(after: item)
        case .up:
            if item.item >= columns { return ItemPath(section: item.section, item: item.item - columns) }
            guard item.section > 0, let previous = itemCounts[..<item.section].lastIndex(where: { $0 > 0 }) else { return nil }
            // The same column in the previous section's last row, or its last item.
            let lastRowStart = (rows(inSection: previous) - 1) * columns
            return ItemPath(section: previous, item: min(itemCounts[previous] - 1, lastRowStart + item.item % columns))
        case .down:
            if item.item + columns < itemCounts[item.section] { return ItemPath(section: item.section, item: item.item + columns) }
            if item.item / columns < rows(inSection: item.section) - 1 {
                return ItemPath(section: item.section, item: itemCounts[item.section] - 1)
            }
            guard let next = counts.firstItem(atOrAfterSection: item.section + 1) else { return nil }
            return ItemPath(section: next.section, item: min(itemCounts[next.section] - 1, item.item % columns))
        }
    }

    public func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? {
        let frame = frame(of: item)
        let step = max(pitchY, viewportHeight - pitchY)
        return nearestItem(to: Point(x: frame.midX, y: frame.midY + (down ? step : -step)))
    }

    public var firstItem: ItemPath? { counts.firstItem }
    public var lastItem: ItemPath? { counts.lastItem }
}
