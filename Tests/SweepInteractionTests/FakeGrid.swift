import SweepGeometry
import SweepLayout
@testable import SweepInteraction

/// A brute-force grid of `count` square cells in one section, `columns` wide
/// (a list when `columns` is 1): the simplest geometry that can be trusted.
struct FakeGrid: ItemLayout {
    var count: Int
    var columns: Int
    var cell = 40.0
    var gap = 10.0

    func frame(of item: Int) -> Rect {
        Rect(x: Double(item % columns) * (cell + gap), y: Double(item / columns) * (cell + gap), width: cell, height: cell)
    }

    var contentSize: Size {
        Size(width: Double(columns) * (cell + gap), height: Double((count + columns - 1) / columns) * (cell + gap))
    }

    func frame(of item: ItemPath) -> Rect { frame(of: item.item) }

    func item(at point: Point) -> ItemPath? {
        (0..<count).first { frame(of: $0).contains(point) }.map { ItemPath(item: $0) }
    }

    func nearestItem(to point: Point) -> ItemPath? {
        guard count > 0 else { return nil }
        let row = max(0, Int(point.y / (cell + gap)))
        let column = min(columns - 1, max(0, Int(point.x / (cell + gap))))
        return ItemPath(item: min(count - 1, row * columns + column))
    }

    func items(in rect: Rect, into result: inout [ItemRange]) {
        result = ranges(of: (0..<count).filter { frame(of: $0).intersects(rect) })
    }

    func ranges(from start: ItemPath, through end: ItemPath, into result: inout [ItemRange]) {
        let low = min(start.item, end.item), high = max(start.item, end.item)
        result = [ItemRange(section: 0, items: low...high)]
    }

    func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? {
        let index: Int
        switch direction {
        case .up: index = item.item - columns
        case .down: index = item.item + columns
        case .left: index = item.item % columns == 0 ? -1 : item.item - 1
        case .right: index = (item.item + 1) % columns == 0 ? -1 : item.item + 1
        }
        return (0..<count).contains(index) ? ItemPath(item: index) : nil
    }

    func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? {
        let rows = max(1, Int(viewportHeight / (cell + gap)))
        let index = item.item + (down ? rows : -rows) * columns
        return ItemPath(item: min(max(0, index), count - 1))
    }

    var firstItem: ItemPath? { count > 0 ? ItemPath(item: 0) : nil }
    var lastItem: ItemPath? { count > 0 ? ItemPath(item: count - 1) : nil }

    /// Consecutive items as ranges.
    func ranges(of items: [Int]) -> [ItemRange] {
        var result: [ItemRange] = []
        for item in items {
            if let last = result.last, last.items.upperBound == item - 1 {
                result[result.count - 1] = ItemRange(section: 0, items: last.items.lowerBound...item)
            } else {
                result.append(ItemRange(section: 0, items: item...item))
            }
        }
        return result
    }

    /// The centre of an item, where a finger or pointer would be.
    func centre(of item: Int) -> Point {
        let rect = frame(of: item)
        return Point(x: rect.midX, y: rect.midY)
    }
}
