import SweepGeometry
import SweepLayout

/// The geometry of a collection view, list or grid, as one `ItemLayout`
/// for the selection interactor. Each member switches rather than going
/// through an existential, so a running sweep or band still allocates nothing.
public enum CollectionLayout: ItemLayout {
    case list(SectionedListLayout)
    case grid(GridLayout)

    public var contentSize: Size {
        switch self { case .list(let l): l.contentSize; case .grid(let g): g.contentSize }
    }

    public func frame(of item: ItemPath) -> Rect {
        switch self { case .list(let l): l.frame(of: item); case .grid(let g): g.frame(of: item) }
    }

    public func item(at point: Point) -> ItemPath? {
        switch self { case .list(let l): l.item(at: point); case .grid(let g): g.item(at: point) }
    }

    public func nearestItem(to point: Point) -> ItemPath? {
        switch self { case .list(let l): l.nearestItem(to: point); case .grid(let g): g.nearestItem(to: point) }
    }

    public func items(in rect: Rect, into ranges: inout [ItemRange]) {
        switch self { case .list(let l): l.items(in: rect, into: &ranges); case .grid(let g): g.items(in: rect, into: &ranges) }
    }

    public func ranges(from start: ItemPath, through end: ItemPath, into ranges: inout [ItemRange]) {
        switch self {
        case .list(let l): l.ranges(from: start, through: end, into: &ranges)
        case .grid(let g): g.ranges(from: start, through: end, into: &ranges)
        }
    }

    public func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? {
        switch self {
        case .list(let l): l.item(movingFrom: item, direction: direction)
        case .grid(let g): g.item(movingFrom: item, direction: direction)
        }
    }

    public func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? {
        switch self {
        case .list(let l): l.item(pagingFrom: item, down: down, viewportHeight: viewportHeight)
        case .grid(let g): g.item(pagingFrom: item, down: down, viewportHeight: viewportHeight)
        }
    }

    public var firstItem: ItemPath? {
        switch self { case .list(let l): l.firstItem; case .grid(let g): g.firstItem }
    }

    public var lastItem: ItemPath? {
        switch self { case .list(let l): l.lastItem; case .grid(let g): g.lastItem }
    }

    /// A section's header frame; nil when the layout draws no headers.
    /// How many items a row holds: one in a list, the grid's columns.
    public var columnCount: Int {
        switch self { case .list: 1; case .grid(let g): g.columns }
    }

    public func headerFrame(ofSection section: Int) -> Rect? {
        switch self { case .list(let l): l.headerFrame(ofSection: section); case .grid(let g): g.headerFrame(ofSection: section) }
    }

    /// The sections whose headers or items meet `rect`'s vertical span; nil when none does.
    public func sections(in rect: Rect) -> ClosedRange<Int>? {
        switch self { case .list(let l): l.sections(in: rect); case .grid(let g): g.sections(in: rect) }
    }

    public var width: Double {
        switch self { case .list(let l): l.width; case .grid(let g): g.width }
    }
}
