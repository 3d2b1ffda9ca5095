import SweepGeometry

/// The item at the top of a viewport and how far the viewport's top is
/// below that item's top: what keeps the content in place when the layout
/// changes (row height, cell size, header height). A viewport at the very
/// top of the content stays there, so its first header stays in view.
public struct ViewportAnchor: Hashable, Sendable {
    /// The first item at or below the viewport's top.
    public let item: ItemPath
    /// The viewport's top less the item's top; negative over a header above it.
    public let distance: Double
    /// The viewport was at the top of the content.
    public let isAtStart: Bool

    /// The anchor of a viewport whose top is at content `offset`; nil when the layout has no items.
    /// - Complexity: as `nearestItem(to:)` and `frame(of:)`.
    public init?(layout: some ItemLayout, offset: Double) {
        guard offset.isFinite, let item = layout.nearestItem(to: Point(x: 1, y: offset)) else { return nil }
        self.item = item
        distance = offset - layout.frame(of: item).minY
        isAtStart = offset <= 0
    }

    /// The offset that puts the anchor's item at the same distance from the
    /// viewport's top in `layout` (which must hold the item), keeping it the
    /// top item when it got shorter than the distance; 0 for a viewport that
    /// was at the start.
    public func offset(in layout: some ItemLayout) -> Double {
        guard !isAtStart else { return 0 }
        let frame = layout.frame(of: item)
        return frame.minY + min(distance, max(0, frame.height - 1))
    }
}
