import SweepGeometry

/// Keyboard directions for moving the focus.
public enum MoveDirection: Hashable, Sendable {
    case up, down, left, right
}

/// Where to put an item when scrolling to it.
public enum ScrollAlignment: Hashable, Sendable {
    /// The least scrolling that shows the item whole (UIKit's `.none`).
    case nearest, top, middle, bottom
}

/// The geometry of a sectioned list or grid in content coordinates (logical
/// pixels from the top-left of the scrolled content), and what interactions
/// ask of it. Conforming layouts answer every query in O(log sections) or
/// better, never O(items).
public protocol ItemLayout {
    var contentSize: Size { get }
    /// The frame of an existing item.
    func frame(of item: ItemPath) -> Rect
    /// The item under `point`, nil over gaps, headers and past the ends.
    func item(at point: Point) -> ItemPath?
    /// The item a sweep treats as under `point`: over a gap, a header or past
    /// an end, the nearest item in index order.
    func nearestItem(to point: Point) -> ItemPath?
    /// Items whose frames intersect `rect`, in index order, written into
    /// `ranges` (emptied first) so a caller can reuse one buffer.
    func items(in rect: Rect, into ranges: inout [ItemRange])
    /// Every item from `start` through `end` in index order (either order
    /// given), written into `ranges` (emptied first).
    func ranges(from start: ItemPath, through end: ItemPath, into ranges: inout [ItemRange])
    /// The item next to `item` in `direction`, nil at an edge.
    func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath?
    /// The item about one viewport away from `item`, clamped to the ends.
    func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath?
    var firstItem: ItemPath? { get }
    var lastItem: ItemPath? { get }
}

extension ItemLayout {
    /// Items whose frames intersect `rect`, in index order.
    public func items(in rect: Rect) -> [ItemRange] {
        var result: [ItemRange] = []
        items(in: rect, into: &result)
        return result
    }

    /// Every item from `start` through `end` in index order (either order given).
    public func ranges(from start: ItemPath, through end: ItemPath) -> [ItemRange] {
        var result: [ItemRange] = []
        ranges(from: start, through: end, into: &result)
        return result
    }

    /// The content offset that shows `item` at `alignment` in a viewport of
    /// `viewportHeight`, clamped to the content. - Complexity: as `frame(of:)`.
    public func contentOffset(toShow item: ItemPath, alignment: ScrollAlignment, viewportHeight: Double,
                              currentOffset: Double) -> Double {
        let frame = frame(of: item)
        let target: Double
        switch alignment {
        case .top: target = frame.minY
        case .middle: target = frame.midY - viewportHeight / 2
        case .bottom: target = frame.maxY - viewportHeight
        case .nearest:
            if frame.minY < currentOffset {
                target = frame.minY
            } else if frame.maxY > currentOffset + viewportHeight {
                target = frame.maxY - viewportHeight
            } else {
                target = currentOffset
            }
        }
        return min(max(0, target), max(0, contentSize.height - viewportHeight))
    }

    /// The items visible in a viewport at `offset`.
    public func visibleItems(offset: Double, viewportHeight: Double) -> [ItemRange] {
        items(in: Rect(x: 0, y: offset, width: contentSize.width, height: viewportHeight))
    }
}
