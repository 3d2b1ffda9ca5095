import SweepGeometry

/// A list of sections, each with an optional header and rows of one height.
/// Every query is O(log sections).
public struct SectionedListLayout: ItemLayout, Hashable, Sendable {
    public let itemCounts: [Int]
    public let rowHeight: Double
    /// 0 for sections without headers.
    public let headerHeight: Double
    public var width: Double
    private let index: SectionIndex
    private let counts: ItemCounts

    public init(itemCounts: [Int], rowHeight: Double = 44, headerHeight: Double = 0, width: Double) {
        precondition(rowHeight > 0 && headerHeight >= 0 && itemCounts.allSatisfy { $0 >= 0 })
        self.itemCounts = itemCounts
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        self.width = width
        index = SectionIndex(heights: itemCounts.map { headerHeight + Double($0) * rowHeight })
        counts = ItemCounts(itemCounts)
    }

    public var contentSize: Size { Size(width: width, height: index.totalHeight) }

    public func frame(of item: ItemPath) -> Rect {
        Rect(x: 0, y: index.top(of: item.section) + headerHeight + Double(item.item) * rowHeight, width: width, height: rowHeight)
    }

    public func headerFrame(ofSection section: Int) -> Rect? {
        headerHeight > 0 ? Rect(x: 0, y: index.top(of: section), width: width, height: headerHeight) : nil
    }

    /// The sections whose band (header and rows) meets `rect`'s vertical
    /// span; nil when none does. - Complexity: O(log sections).
    public func sections(in rect: Rect) -> ClosedRange<Int>? {
        index.sections(from: rect.minY, to: rect.maxY)
    }

    public func item(at point: Point) -> ItemPath? {
        guard point.x >= 0, point.x < width, point.y >= 0, point.y < index.totalHeight, !itemCounts.isEmpty else { return nil }
        let section = index.section(at: point.y)
        let local = point.y - index.top(of: section) - headerHeight
        guard local >= 0 else { return nil }
        let row = Int(local / rowHeight)
        return row < itemCounts[section] ? ItemPath(section: section, item: row) : nil
    }

    public func nearestItem(to point: Point) -> ItemPath? {
        guard let first = firstItem, let last = lastItem else { return nil }
        if point.y < 0 { return first }
        if point.y >= index.totalHeight { return last }
        let section = index.section(at: point.y)
        let local = point.y - index.top(of: section) - headerHeight
        if local < 0 || itemCounts[section] == 0 {
            // Over a header (or an empty section): the first item at or after it.
            return counts.firstItem(atOrAfterSection: section) ?? last
        }
        return ItemPath(section: section, item: min(itemCounts[section] - 1, Int(local / rowHeight)))
    }

    public func items(in rect: Rect, into result: inout [ItemRange]) {
        result.removeAll(keepingCapacity: true)
        guard rect.maxX > 0, rect.minX < width, rect.maxY > 0, rect.minY < index.totalHeight, !itemCounts.isEmpty else { return }
        for section in index.section(at: max(0, rect.minY))...index.section(at: rect.maxY) where itemCounts[section] > 0 {
            let top = index.top(of: section) + headerHeight
            let first = max(0, Int(((rect.minY - top) / rowHeight).rounded(.down)))
            let last = min(itemCounts[section] - 1, Int(((rect.maxY - top) / rowHeight).rounded(.up)) - 1)
            if first <= last { result.append(ItemRange(section: section, items: first...last)) }
        }
    }

    public func ranges(from start: ItemPath, through end: ItemPath, into result: inout [ItemRange]) {
        counts.ranges(from: start, through: end, into: &result)
    }

    public func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? {
        switch direction {
        case .down: return counts.item(after: item)
        case .up: return counts.item(before: item)
        case .left, .right: return nil
        }
    }

    public func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? {
        let frame = frame(of: item)
        let step = max(rowHeight, viewportHeight - rowHeight)
        return nearestItem(to: Point(x: frame.midX, y: frame.midY + (down ? step : -step)))
    }

    public var firstItem: ItemPath? { counts.firstItem }
    public var lastItem: ItemPath? { counts.lastItem }
}
