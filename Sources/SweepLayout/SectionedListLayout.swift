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

    public init(itemCounts: [Int], rowHeight: Double = 44, headerHeight: Double = 0, width: Double) {
        precondition(rowHeight > 0 && headerHeight >= 0 && itemCounts.allSatisfy { $0 >= 0 })
        self.itemCounts = itemCounts
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        self.width = width
        index = SectionIndex(heights: itemCounts.map { headerHeight + Double($0) * rowHeight })
    }

    public var contentSize: Size { Size(width: width, height: index.totalHeight) }

    public func frame(of item: IndexPath) -> Rect {
        Rect(x: 0, y: index.top(of: item.section) + headerHeight + Double(item.item) * rowHeight, width: width, height: rowHeight)
    }

    public func headerFrame(ofSection section: Int) -> Rect? {
        headerHeight > 0 ? Rect(x: 0, y: index.top(of: section), width: width, height: headerHeight) : nil
    }

    public func item(at point: Point) -> IndexPath? {
        guard point.x >= 0, point.x < width, point.y >= 0, point.y < index.totalHeight, !itemCounts.isEmpty else { return nil }
        let section = index.section(at: point.y)
        let local = point.y - index.top(of: section) - headerHeight
        guard local >= 0 else { return nil }
        let row = Int(local / rowHeight)
        return row < itemCounts[section] ? IndexPath(section: section, item: row) : nil
    }

    public func nearestItem(to point: Point) -> IndexPath? {
        guard let first = firstItem, let last = lastItem else { return nil }
        if point.y < 0 { return first }
        if point.y >= index.totalHeight { return last }
        let section = index.section(at: point.y)
        let local = point.y - index.top(of: section) - headerHeight
        if local < 0 || itemCounts[section] == 0 {
            // Over a header (or an empty section): the first item at or after it.
            return firstItem(atOrAfter: section) ?? last
        }
        return IndexPath(section: section, item: min(itemCounts[section] - 1, Int(local / rowHeight)))
    }

    public func items(in rect: Rect) -> [ItemRange] {
        var result: [ItemRange] = []
        items(in: rect, into: &result)
        return result
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

    public func ranges(from start: IndexPath, through end: IndexPath) -> [ItemRange] {
        var result: [ItemRange] = []
        Self.ranges(from: start, through: end, itemCounts: itemCounts, into: &result)
        return result
    }

    public func ranges(from start: IndexPath, through end: IndexPath, into result: inout [ItemRange]) {
        Self.ranges(from: start, through: end, itemCounts: itemCounts, into: &result)
    }

    /// Index-order ranges between two items of any sectioned layout. - Complexity: O(sections between).
    static func ranges(from start: IndexPath, through end: IndexPath, itemCounts: [Int], into result: inout [ItemRange]) {
        result.removeAll(keepingCapacity: true)
        let low = min(start, end), high = max(start, end)
        guard low.section == high.section else {
            if itemCounts[low.section] > low.item {
                result.append(ItemRange(section: low.section, items: low.item...(itemCounts[low.section] - 1)))
            }
            for section in (low.section + 1)..<high.section where itemCounts[section] > 0 {
                result.append(ItemRange(section: section, items: 0...(itemCounts[section] - 1)))
            }
            result.append(ItemRange(section: high.section, items: 0...high.item))
            return
        }
        result.append(ItemRange(section: low.section, items: low.item...high.item))
    }

    public func item(movingFrom item: IndexPath, direction: MoveDirection) -> IndexPath? {
        switch direction {
        case .down: return Self.item(after: item, itemCounts: itemCounts)
        case .up: return Self.item(before: item, itemCounts: itemCounts)
        case .left, .right: return nil
        }
    }

    public func item(pagingFrom item: IndexPath, down: Bool, viewportHeight: Double) -> IndexPath? {
        let frame = frame(of: item)
        let step = max(rowHeight, viewportHeight - rowHeight)
        return nearestItem(to: Point(x: frame.midX, y: frame.midY + (down ? step : -step)))
    }

    public var firstItem: IndexPath? { firstItem(atOrAfter: 0) }
    public var lastItem: IndexPath? {
        guard let section = itemCounts.lastIndex(where: { $0 > 0 }) else { return nil }
        return IndexPath(section: section, item: itemCounts[section] - 1)
    }

    private func firstItem(atOrAfter section: Int) -> IndexPath? {
        guard section < itemCounts.count, let found = itemCounts[section...].firstIndex(where: { $0 > 0 }) else { return nil }
        return IndexPath(section: found, item: 0)
    }

    static func item(after item: IndexPath, itemCounts: [Int]) -> IndexPath? {
        if item.item + 1 < itemCounts[item.section] { return IndexPath(section: item.section, item: item.item + 1) }
        guard item.section + 1 < itemCounts.count,
              let next = itemCounts[(item.section + 1)...].firstIndex(where: { $0 > 0 }) else { return nil }
        return IndexPath(section: next, item: 0)
    }

    static func item(before item: IndexPath, itemCounts: [Int]) -> IndexPath? {
        if item.item > 0 { return IndexPath(section: item.section, item: item.item - 1) }
        guard item.section > 0, let previous = itemCounts[..<item.section].lastIndex(where: { $0 > 0 }) else { return nil }
        return IndexPath(section: previous, item: itemCounts[previous] - 1)
    }
}
