import SweepGeometry

/// The frames an app's layout works out in `prepare(for:)`, kept so every
/// query of `CollectionViewLayout` is answered from them (UIKit's cache of
/// layout attributes): a layout that places items in reading order — each
/// item's top at or below the top of the one before it in its section, and
/// sections one below another, like rows of pictures — fills one and
/// forwards its queries to it.
///
/// Queries take O(log items) plus what they return; keyboard moves follow
/// the geometry (up and down go to the item in the line above or below
/// whose centre is nearest across).
public struct ItemFrames: ItemLayout, Sendable {
    private var sections: [SectionFrames] = []
    /// The size of the content: the frames' extent as they are added; set
    /// it after the last (the width of the viewport, a bottom margin).
    public var contentSize = Size(width: 0, height: 0)

    public init() {}

    private struct SectionFrames: Sendable {
        var header: Rect?
        var frames: [Rect] = []
        /// The greatest bottom edge among the frames up to each index (a binary search's key).
        var bottoms: [Double] = []
        var top = 0.0, bottom = 0.0
    }

    /// Forgets every frame (before laying out again), keeping the storage.
    public mutating func removeAll() {
        sections.removeAll(keepingCapacity: true)
        contentSize = Size(width: 0, height: 0)
    }

    /// Starts the next section, with its header's frame if it shows one.
    public mutating func beginSection(header: Rect? = nil) {
        let top = sections.last?.bottom ?? 0
        var section = SectionFrames(header: header)
        section.top = header?.minY ?? top
        section.bottom = header?.maxY ?? section.top
        sections.append(section)
        if let header { grow(to: header) }
    }

    /// The frame of the current section's next item.
    public mutating func append(_ frame: Rect) {
        if sections.isEmpty { beginSection() }
        let last = sections.count - 1
        if sections[last].frames.isEmpty && sections[last].header == nil { sections[last].top = frame.minY }
        sections[last].frames.append(frame)
        sections[last].bottoms.append(max(sections[last].bottoms.last ?? -.infinity, frame.maxY))
        sections[last].bottom = max(sections[last].bottom, frame.maxY)
        grow(to: frame)
    }

    private mutating func grow(to frame: Rect) {
        contentSize = Size(width: max(contentSize.width, frame.maxX), height: max(contentSize.height, frame.maxY))
    }

    /// The number of items in `section`.
    public func count(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].frames.count : 0
    }

    // MARK: - Queries

    public func frame(of item: ItemPath) -> Rect {
        guard sections.indices.contains(item.section), sections[item.section].frames.indices.contains(item.item) else {
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
        return sections[item.section].frames[item.item]
    }

    public func headerFrame(ofSection section: Int) -> Rect? {
        sections.indices.contains(section) ? sections[section].header : nil
    }

    /// The sections whose header or items meet `rect`'s vertical span.
    public func sections(in rect: Rect) -> ClosedRange<Int>? {
        // Sections lie one below another: their tops and bottoms only grow.
        let first = firstIndex(in: sections) { $0.bottom > rect.minY }
        let last = firstIndex(in: sections) { $0.top >= rect.maxY } - 1
        return first <= last ? first...last : nil
    }

    /// Items whose frames meet `rect`, in index order.
    public func items(in rect: Rect, into ranges: inout [ItemRange]) {
        ranges.removeAll(keepingCapacity: true)
        guard let span = sections(in: rect) else { return }
        for index in span {
            let section = sections[index]
            var item = firstIndex(in: section.bottoms) { $0 > rect.minY }
            var run: ClosedRange<Int>?
            while item < section.frames.count, section.frames[item].minY < rect.maxY {
                if section.frames[item].intersects(rect) {
                    if let open = run, open.upperBound == item - 1 { run = open.lowerBound...item } else {
                        if let open = run { ranges.append(ItemRange(section: index, items: open)) }
                        run = item...item
                    }
                }
                item += 1
            }
            if let open = run { ranges.append(ItemRange(section: index, items: open)) }
        }
    }

    public func item(at point: Point) -> ItemPath? {
        var found: [ItemRange] = []
        items(in: Rect(x: point.x, y: point.y, width: 0.001, height: 0.001), into: &found)
        for range in found {
            for item in range.items where sections[range.section].frames[item].contains(point) {
                return ItemPath(section: range.section, item: item)
            }
        }
        return nil
    }

    /// The item under `point`; in a gap, the item beside it in its line
    /// nearest across, else the next item below; past the ends, the first or last.
    public func nearestItem(to point: Point) -> ItemPath? {
        guard let first = firstItem, let last = lastItem else { return nil }
        if point.y < frame(of: first).minY { return first }
        if point.y >= contentSize.height { return last }
        var line: [ItemRange] = []
        items(in: Rect(x: -Double.greatestFiniteMagnitude / 4, y: point.y, width: Double.greatestFiniteMagnitude / 2, height: 0.001),
              into: &line)
        var best: (item: ItemPath, distance: Double)?
        for range in line {
            for item in range.items {
                let frame = sections[range.section].frames[item]
                let distance = max(frame.minX - point.x, 0, point.x - frame.maxX)
                if distance < best?.distance ?? .infinity { best = (ItemPath(section: range.section, item: item), distance) }
            }
        }
        if let best { return best.item }
        // Between lines or over a header: the first item that starts below the point.
        for index in firstIndex(in: sections, where: { $0.bottom > point.y })..<sections.count {
            let frames = sections[index].frames
            let item = firstIndex(in: frames) { $0.minY >= point.y }
            if item < frames.count { return ItemPath(section: index, item: item) }
        }
        return last
    }

    public func ranges(from start: ItemPath, through end: ItemPath, into ranges: inout [ItemRange]) {
        ItemCounts(sections.map(\.frames.count)).ranges(from: start, through: end, into: &ranges)
    }

    public func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? {
        let counts = ItemCounts(sections.map(\.frames.count))
        switch direction {
        case .left: return counts.item(before: item)
        case .right: return counts.item(after: item)
        case .down, .up:
            let frame = frame(of: item)
            // The line below starts with the first item whose top is at or under this one's bottom.
            var candidate = direction == .down ? counts.item(after: item) : counts.item(before: item)
            while let next = candidate {
                let other = self.frame(of: next)
                if direction == .down ? other.minY >= frame.maxY - 0.5 : other.maxY <= frame.minY + 0.5 {
                    return nearestAcross(to: frame.midX, inLineOf: next, direction: direction, counts: counts)
                }
                candidate = direction == .down ? counts.item(after: next) : counts.item(before: next)
            }
            return nil
        }
    }

    /// In the line of `start` (items sharing its vertical span, walked away
    /// from the line it was reached from), the item whose centre is nearest `x`.
    private func nearestAcross(to x: Double, inLineOf start: ItemPath, direction: MoveDirection, counts: ItemCounts) -> ItemPath {
        let line = frame(of: start)
        var best = start, bestDistance = abs(line.midX - x)
        var next = direction == .down ? counts.item(after: start) : counts.item(before: start)
        while let item = next, item.section == start.section {
            let frame = frame(of: item)
            guard frame.minY < line.maxY && frame.maxY > line.minY else { break }
            if abs(frame.midX - x) < bestDistance { (best, bestDistance) = (item, abs(frame.midX - x)) }
            next = direction == .down ? counts.item(after: item) : counts.item(before: item)
        }
        return best
    }

    public func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? {
        let frame = frame(of: item)
        let step = max(frame.height, viewportHeight - frame.height)
        return nearestItem(to: Point(x: frame.midX, y: frame.midY + (down ? step : -step)))
    }

    public var firstItem: ItemPath? {
        sections.firstIndex { !$0.frames.isEmpty }.map { ItemPath(section: $0, item: 0) }
    }

    public var lastItem: ItemPath? {
        sections.lastIndex { !$0.frames.isEmpty }.map { ItemPath(section: $0, item: sections[$0].frames.count - 1) }
    }

    /// The first index whose element satisfies `isAbove`, which holds from some index on.
    private func firstIndex<T>(in array: [T], where isAbove: (T) -> Bool) -> Int {
        var low = 0, high = array.count
        while low < high {
            let middle = (low + high) / 2
            if isAbove(array[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
