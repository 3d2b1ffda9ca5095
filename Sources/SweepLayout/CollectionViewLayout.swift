import SweepGeometry

/// What a layout lays items out for: the item counts per section, whether
/// sections show headers, and the viewport's width and scale.
public struct LayoutContext: Hashable, Sendable {
    /// Items per section (each at least 0).
    public var itemCounts: [Int]
    /// Whether sections show a header (the data source titles some section).
    public var showsHeaders: Bool
    /// The viewport's width in logical pixels.
    public var width: Double
    /// The output's scale (1, 1.5, 2…), for layouts that snap to device pixels.
    public var scale: Double

    public init(itemCounts: [Int], showsHeaders: Bool = false, width: Double, scale: Double = 1) {
        self.itemCounts = itemCounts
        self.showsHeaders = showsHeaders
        self.width = width
        self.scale = scale
    }
}

/// How a layout's items are shaped, which sets a view's defaults (its
/// renderer, the hover highlight, the deselect fade, the checkbox column
/// where one finger sweeps in editing mode, whether titles become the
/// primary selection). It does not limit what a layout may do.
public enum ItemShape: Hashable, Sendable {
    /// Each item is a row across the width, as in a list.
    case rows
    /// Items are tiles, several to a line, as in a grid.
    case tiles
}

/// A collection view's layout (UIKit's `UICollectionViewLayout`, GTK's
/// list-base/layout split): an object that lays items out for a
/// `LayoutContext` and answers, from then on, what the view and every
/// interaction ask (`ItemLayout`'s frames, hit tests, items in a rectangle,
/// keyboard movement) in content coordinates.
///
/// The view calls `prepare(for:)` when the counts, the width, the scale or
/// the headers change, and reads the answers until the next call. A layout
/// whose own settings change (a row height) calls `invalidateLayout()`: the
/// view then prepares it again, keeping the item at the top of the viewport
/// where it was. One layout object serves one view.
///
/// Queries are asked on every frame and every move of a sweep or band:
/// answer them in O(log sections) or near it, never O(items). An app's
/// layout is asked through a `CheckedLayout`: answers that name items that
/// do not exist or frames that are not rectangles are set right and
/// reported once; a preparation that fails its check (a content size that
/// is no size, frames outside the content) has a list stand in until one passes.
public protocol CollectionViewLayout: AnyObject, ItemLayout {
    /// Lays the items out for `context`.
    func prepare(for context: LayoutContext)
    /// The frame of a section's header; nil when it shows none.
    func headerFrame(ofSection section: Int) -> Rect?
    /// The sections whose headers or items meet `rect`'s vertical span; nil when none does.
    func sections(in rect: Rect) -> ClosedRange<Int>?
    /// The scroll distance of one line (a wheel notch scrolls three).
    var lineHeight: Double { get }
    /// The shape of the items (the view's defaults follow it); `.tiles` unless said.
    var itemShape: ItemShape { get }
    /// How many columns a screen reader reads the items in (a grid's
    /// columns); 1 unless said. Items fill the columns in index order.
    var columnCount: Int { get }
    /// Where a drop at `point` (content coordinates) goes in; by default
    /// before the nearest item when in its first half (along a line of
    /// tiles: the left half), else after it.
    func insertion(at point: Point) -> LayoutInsertion?
    /// The line drawn in the gap where a drop inserts (`count` items in its
    /// section): by default across the width between rows, beside an item
    /// between tiles.
    func insertionIndicator(at gap: ItemPath, itemsInSection count: Int) -> Rect
    /// The content offset after the width changed, from where the viewport
    /// was (`anchor`, taken before `prepare(for:)`): by default the item at
    /// the top stays at the top.
    func contentOffset(afterWidthChangeKeeping anchor: ViewportAnchor) -> Double
    /// Told by the view that owns the layout: call `invalidateLayout()` on changes.
    var invalidation: LayoutInvalidation { get }
}

/// Where a drop goes: the item under the point (a drop into it) and the gap.
public struct LayoutInsertion: Hashable, Sendable {
    /// The item under the point, if any.
    public var item: ItemPath?
    /// The index a dropped item takes (`item` past the section's last means at its end).
    public var gap: ItemPath

    public init(item: ItemPath?, gap: ItemPath) {
        self.item = item
        self.gap = gap
    }
}

/// The link from a layout to the view that uses it: a layout calls
/// `invalidateLayout()` after its settings change and the view lays it out again.
public final class LayoutInvalidation {
    /// Set by the view that owns the layout.
    public var handler: (() -> Void)?

    public init() {}

    /// Asks the view to prepare the layout again (at once).
    public func invalidateLayout() { handler?() }
}

extension CollectionViewLayout {
    public var itemShape: ItemShape { .tiles }
    public var columnCount: Int { 1 }

    /// Asks the view that shows the layout to prepare it again.
    public func invalidateLayout() { invalidation.invalidateLayout() }

    public func contentOffset(afterWidthChangeKeeping anchor: ViewportAnchor) -> Double { anchor.offset(in: self) }

    public func insertion(at point: Point) -> LayoutInsertion? {
        guard let nearest = nearestItem(to: point) else { return nil }
        let rect = frame(of: nearest)
        let before: Bool
        if itemShape == .rows {
            before = point.y < rect.midY
        } else {
            before = point.y < rect.minY || (point.y <= rect.maxY && point.x < rect.midX)
        }
        return LayoutInsertion(item: item(at: point),
                               gap: before ? nearest : ItemPath(section: nearest.section, item: nearest.item + 1))
    }

    public func insertionIndicator(at gap: ItemPath, itemsInSection count: Int) -> Rect {
        let width = contentSize.width
        guard count > 0 else { return Rect(x: 0, y: 0, width: width, height: 2) }
        // The gap is before its item, or after the section's last item at its end.
        let atEnd = gap.item >= count
        let frame = frame(of: ItemPath(section: gap.section, item: min(max(0, gap.item), count - 1)))
        if itemShape == .rows {
            return Rect(x: 0, y: (atEnd ? frame.maxY : frame.minY) - 1, width: width, height: 3)
        }
        return Rect(x: atEnd ? frame.maxX + 1 : frame.minX - 3, y: frame.minY, width: 3, height: frame.height)
    }
}

/// A collection view layout as an `ItemLayout` value, for code generic over
/// layouts (the selection interactor): each query goes to the object.
public struct LayoutReference: ItemLayout {
    public let layout: any CollectionViewLayout

    public init(_ layout: any CollectionViewLayout) { self.layout = layout }

    public var contentSize: Size { layout.contentSize }
    public func frame(of item: ItemPath) -> Rect { layout.frame(of: item) }
    public func item(at point: Point) -> ItemPath? { layout.item(at: point) }
    public func nearestItem(to point: Point) -> ItemPath? { layout.nearestItem(to: point) }
    public func items(in rect: Rect, into ranges: inout [ItemRange]) { layout.items(in: rect, into: &ranges) }
    public func ranges(from start: ItemPath, through end: ItemPath, into ranges: inout [ItemRange]) {
        layout.ranges(from: start, through: end, into: &ranges)
    }
    public func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? {
        layout.item(movingFrom: item, direction: direction)
    }
    public func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? {
        layout.item(pagingFrom: item, down: down, viewportHeight: viewportHeight)
    }
    public var firstItem: ItemPath? { layout.firstItem }
    public var lastItem: ItemPath? { layout.lastItem }
}

/// Geometry with section headers as a value (`SectionedListLayout`,
/// `GridLayout`, `ItemFrames`): what a layout object's queries can read.
public protocol SectionedGeometry: ItemLayout {
    func headerFrame(ofSection section: Int) -> Rect?
    func sections(in rect: Rect) -> ClosedRange<Int>?
}

extension SectionedListLayout: SectionedGeometry {}
extension GridLayout: SectionedGeometry {}
extension ItemFrames: SectionedGeometry {}

/// A layout object whose queries are answered by a geometry value it works
/// out in `prepare(for:)`: conform, keep `geometry`, and every query but
/// `prepare` and `lineHeight` is written.
public protocol GeometryBackedLayout: CollectionViewLayout {
    associatedtype Geometry: SectionedGeometry
    /// The geometry as last prepared.
    var geometry: Geometry { get }
}

extension GeometryBackedLayout {
    public var contentSize: Size { geometry.contentSize }
    public func frame(of item: ItemPath) -> Rect { geometry.frame(of: item) }
    public func item(at point: Point) -> ItemPath? { geometry.item(at: point) }
    public func nearestItem(to point: Point) -> ItemPath? { geometry.nearestItem(to: point) }
    public func items(in rect: Rect, into ranges: inout [ItemRange]) { geometry.items(in: rect, into: &ranges) }
    public func ranges(from start: ItemPath, through end: ItemPath, into ranges: inout [ItemRange]) {
        geometry.ranges(from: start, through: end, into: &ranges)
    }
    public func item(movingFrom item: ItemPath, direction: MoveDirection) -> ItemPath? {
        geometry.item(movingFrom: item, direction: direction)
    }
    public func item(pagingFrom item: ItemPath, down: Bool, viewportHeight: Double) -> ItemPath? {
        geometry.item(pagingFrom: item, down: down, viewportHeight: viewportHeight)
    }
    public var firstItem: ItemPath? { geometry.firstItem }
    public var lastItem: ItemPath? { geometry.lastItem }
    public func headerFrame(ofSection section: Int) -> Rect? { geometry.headerFrame(ofSection: section) }
    public func sections(in rect: Rect) -> ClosedRange<Int>? { geometry.sections(in: rect) }
}
