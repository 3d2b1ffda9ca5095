import SweepGeometry

/// A layout whose items are as tall as their content says: the view
/// measures the items it is about to show (its renderer's
/// `height(for:width:theme:measurer:)`) and tells the layout, which answers
/// every query with the measured heights and an estimate for the rest.
public protocol SelfSizingLayout: CollectionViewLayout {
    /// Items meeting `rect` (content coordinates) that are not measured
    /// yet, in index order, at most `limit`.
    func unmeasuredItems(in rect: Rect, limit: Int) -> [ItemPath]
    /// The width an item is measured at (the width of its frame).
    func measuringWidth(of item: ItemPath) -> Double
    /// Takes the items' measured heights (a height that is no length stands
    /// as the estimate); returns whether any frame changed.
    @discardableResult
    func setMeasuredHeights(_ heights: [(item: ItemPath, height: Double)]) -> Bool
    /// The same items after the data changed to `newCounts` items per
    /// section: `newIndex` gives each old item's new place (nil: it went),
    /// so measured heights stay with their items. The view calls it before
    /// laying the layout out for the new counts.
    func itemsMoved(toCounts newCounts: [Int], _ newIndex: (ItemPath) -> ItemPath?)
    /// Forgets the heights of `items` (their content changed; nil: every
    /// item, as after a new renderer or theme): they are measured again.
    func forgetHeights(of items: [ItemPath]?)
}

/// A list of rows as tall as their content (UIKit's self-sizing cells,
/// GTK's `GtkListView` with rows of natural height): a row is
/// `estimatedRowHeight` tall until the view measures it, then its own
/// height, kept until the width changes (rows wrap anew) or the row goes.
/// Measured heights cost 8 bytes a row; rows never measured cost nothing.
/// Queries are O(log sections + log blocks), as `RowHeights`.
public final class SelfSizingListLayout: SelfSizingLayout {
    public let invalidation = LayoutInvalidation()

    /// The height a row is taken to be until measured (1 to 100,000; else ignored).
    public var estimatedRowHeight: Double {
        didSet {
            guard ItemLength.isValid(estimatedRowHeight, minimum: 1) else { estimatedRowHeight = oldValue; return }
            if estimatedRowHeight != oldValue { invalidateLayout() }
        }
    }

    /// The height of a section header, shown where the data source titles a
    /// section (0 to 100,000; 0 hides them; other heights are ignored).
    public var headerHeight: Double {
        didSet {
            guard ItemLength.isValid(headerHeight, minimum: 0) else { headerHeight = oldValue; return }
            if headerHeight != oldValue { invalidateLayout() }
        }
    }

    /// Each section's rows.
    public private(set) var sections: [RowHeights] = []
    /// starts[s] is section s's top (its header's); starts[count] the content height.
    private var starts: [Double] = [0]
    private var shownHeaderHeight = 0.0
    private var width = 0.0
    private var scale = 1.0
    private var counts = ItemCounts([])

    public init(estimatedRowHeight: Double = 44, headerHeight: Double = CollectionListLayout.defaultHeaderHeight) {
        self.estimatedRowHeight = ItemLength.isValid(estimatedRowHeight, minimum: 1) ? estimatedRowHeight : 44
        self.headerHeight = ItemLength.isValid(headerHeight, minimum: 0) ? headerHeight : CollectionListLayout.defaultHeaderHeight
    }

    // MARK: - Preparation

    public func prepare(for context: LayoutContext) {
        let newWidth = context.width
        // New counts keep the heights of the sections whose counts stayed (a
        // change that moved rows was told by `itemsMoved` first); a new width,
        // scale (other fonts) or estimate re-measures everything.
        let keeps = newWidth == width && context.scale == scale
        scale = context.scale
        var next: [RowHeights] = []
        next.reserveCapacity(context.itemCounts.count)
        for (section, count) in context.itemCounts.enumerated() {
            let count = max(0, count)
            if keeps, section < sections.count, sections[section].count == count, sections[section].estimate == estimatedRowHeight {
                next.append(sections[section])
            } else {
                next.append(RowHeights(count: count, estimate: estimatedRowHeight))
            }
        }
        sections = next
        width = newWidth
        shownHeaderHeight = context.showsHeaders ? headerHeight : 0
        counts = ItemCounts(context.itemCounts.map { max(0, $0) })
        updateStarts()
    }

    private func updateStarts() {
        var tops = [0.0], y = 0.0
        tops.reserveCapacity(sections.count + 1)
        for rows in sections {
            y += shownHeaderHeight + rows.totalHeight
            tops.append(y)
        }
        starts = tops
    }

    // MARK: - Measuring

    public func unmeasuredItems(in rect: Rect, limit: Int) -> [ItemPath] {
        var found: [ItemPath] = []
        for range in items(in: rect) {
            let rows = sections[range.section]
            for item in range.items where !rows.isMeasured(item) {
                found.append(ItemPath(section: range.section, item: item))
                if found.count >= limit { return found }
            }
        }
        return found
    }

    public func measuringWidth(of item: ItemPath) -> Double { width }

    @discardableResult
    public func setMeasuredHeights(_ heights: [(item: ItemPath, height: Double)]) -> Bool {
        var changed = false
        for (item, height) in heights where sections.indices.contains(item.section) {
            // Whole pixels: a row's pixels move by whole pixels when rows above it are measured.
            let usable = ItemLength.isValid(height, minimum: 1) ? height.rounded() : estimatedRowHeight
            if sections[item.section].setHeight(usable, ofRow: item.item) != 0 { changed = true }
        }
        if changed { updateStarts() }
        return changed
    }

    public func itemsMoved(toCounts newCounts: [Int], _ newIndex: (ItemPath) -> ItemPath?) {
        var next = newCounts.map { RowHeights(count: max(0, $0), estimate: estimatedRowHeight) }
        for (section, rows) in sections.enumerated() {
            for (row, height) in rows.measuredRows {
                guard let target = newIndex(ItemPath(section: section, item: row)), next.indices.contains(target.section) else { continue }
                next[target.section].setHeight(height, ofRow: target.item)
            }
        }
        sections = next
        updateStarts()
    }

    public func forgetHeights(of items: [ItemPath]?) {
        guard let items else {
            for section in sections.indices { sections[section].forgetAll() }
            return updateStarts()
        }
        var changed = false
        for item in items where sections.indices.contains(item.section) {
            if sections[item.section].forget(row: item.item) != 0 { changed = true }
        }
        if changed { updateStarts() }
    }

    // MARK: - Queries

    public var contentSize: Size { Size(width: width, height: starts.last ?? 0) }
    public var itemShape: ItemShape { .rows }
    public var lineHeight: Double { estimatedRowHeight }

    public func frame(of item: ItemPath) -> Rect {
        guard sections.indices.contains(item.section) else { return Rect(x: 0, y: 0, width: width, height: estimatedRowHeight) }
        let rows = sections[item.section]
        return Rect(x: 0, y: starts[item.section] + shownHeaderHeight + rows.offset(of: item.item), width: width,
                    height: rows.height(of: item.item))
    }

    public func headerFrame(ofSection section: Int) -> Rect? {
        guard shownHeaderHeight > 0, sections.indices.contains(section) else { return nil }
        return Rect(x: 0, y: starts[section], width: width, height: shownHeaderHeight)
    }

    public func sections(in rect: Rect) -> ClosedRange<Int>? {
        guard !sections.isEmpty, rect.maxY >= 0, rect.minY <= starts[sections.count] else { return nil }
        let first = section(at: max(0, rect.minY)), last = section(at: rect.maxY)
        return first...max(first, last)
    }

    /// The section whose span holds `y`, clamped to the first and last. - Complexity: O(log sections).
    private func section(at y: Double) -> Int {
        var low = 0, high = max(0, sections.count - 1)
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The row of `section` at content `y` (clamped to its rows), nil over its header or when it has none.
    private func row(in section: Int, at y: Double) -> Int? {
        let local = y - starts[section] - shownHeaderHeight
        guard local >= 0 else { return nil }
        return sections[section].row(at: local)
    }

    public func item(at point: Point) -> ItemPath? {
        guard point.x >= 0, point.x < width, point.y >= 0, point.y < (starts.last ?? 0), !sections.isEmpty else { return nil }
        let section = section(at: point.y)
        guard let row = row(in: section, at: point.y) else { return nil }
        return frame(of: ItemPath(section: section, item: row)).maxY > point.y ? ItemPath(section: section, item: row) : nil
    }

    public func nearestItem(to point: Point) -> ItemPath? {
        guard let first = firstItem, let last = lastItem else { return nil }
        if point.y < 0 { return first }
        if point.y >= (starts.last ?? 0) { return last }
        let section = section(at: point.y)
        guard sections[section].count > 0, let row = row(in: section, at: point.y) else {
            return counts.firstItem(atOrAfterSection: section) ?? last
        }
        return ItemPath(section: section, item: row)
    }

    public func items(in rect: Rect, into result: inout [ItemRange]) {
        result.removeAll(keepingCapacity: true)
        guard rect.maxX > 0, rect.minX < width, rect.maxY > 0, let total = starts.last, rect.minY < total, !sections.isEmpty else { return }
        for section in section(at: max(0, rect.minY))...section(at: rect.maxY) where sections[section].count > 0 {
            let top = starts[section] + shownHeaderHeight, rows = sections[section]
            guard rect.maxY > top, rect.minY < top + rows.totalHeight else { continue }
            let first = rows.row(at: rect.minY - top) ?? 0
            // The last row that starts above the rectangle's bottom.
            var last = rows.row(at: rect.maxY - top) ?? 0
            if last > first, top + rows.offset(of: last) >= rect.maxY { last -= 1 }
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
        let step = max(frame.height, viewportHeight - frame.height)
        return nearestItem(to: Point(x: frame.midX, y: frame.midY + (down ? step : -step)))
    }

    public var firstItem: ItemPath? { counts.firstItem }
    public var lastItem: ItemPath? { counts.lastItem }
}
