import SweepGeometry

/// Pinch zoom of a grid's cell size (48 to 240 px). During the pinch the
/// column count stays and the item under the pinch centre stays under it;
/// at the end the size settles so whole columns fill the width (the item
/// under the centre still stays); a cancel restores the start.
public struct GridZoom: Hashable, Sendable {
    public static let sizes: ClosedRange<Double> = 48...240

    public let start: GridLayout
    public let startOffset: Double
    /// Pinch centre in viewport coordinates.
    public let centre: Point
    /// The item under the centre and where in it (0…1 on each axis) the centre is.
    public let anchor: ItemPath?
    private let fraction: Point
    public private(set) var layout: GridLayout
    public private(set) var contentOffset: Double
    public let viewportHeight: Double

    public init(layout: GridLayout, contentOffset: Double, centre: Point, viewportHeight: Double) {
        start = layout
        startOffset = contentOffset
        self.centre = centre
        self.viewportHeight = viewportHeight
        self.layout = layout
        self.contentOffset = contentOffset
        let point = Point(x: centre.x, y: centre.y + contentOffset)
        anchor = layout.nearestItem(to: point)
        if let anchor {
            let frame = layout.frame(of: anchor)
            fraction = Point(x: (point.x - frame.minX) / frame.width, y: (point.y - frame.minY) / frame.height)
        } else {
            fraction = .zero
        }
    }

    public var cellSize: Double { layout.cellSize.width }

    /// The pinch's scale since it began (1 = unchanged).
    public mutating func update(scale: Double) {
        let size = min(max(start.cellSize.width * scale, GridZoom.sizes.lowerBound), GridZoom.sizes.upperBound)
        apply(start.withCellSize(size, keepingColumns: true))
    }

    /// The cell size at which the nearest whole number of columns fills the width.
    public func settledCellSize() -> Double {
        let available = layout.width - 2 * layout.inset, spacing = layout.spacing
        let columns = max(1, ((available + spacing) / (cellSize + spacing)).rounded())
        let size = ((available - (columns - 1) * spacing) / columns).rounded(.down)
        return min(max(size, GridZoom.sizes.lowerBound), GridZoom.sizes.upperBound)
    }

    /// The cell size at which `columns` whole columns fill the width
    /// (clamped to `sizes`, so past either end the columns stop changing).
    public func cellSize(forColumns columns: Int) -> Double {
        let available = start.width - 2 * start.inset, spacing = start.spacing, count = Double(max(1, columns))
        let size = ((available - (count - 1) * spacing) / count).rounded(.down)
        return min(max(size, GridZoom.sizes.lowerBound), GridZoom.sizes.upperBound)
    }

    /// A zoom by steps (Ctrl+wheel, Ctrl+plus and minus), as file managers
    /// zoom: each step in shows one column fewer than at the start (out,
    /// one more), at the size that fills the width with them; the item
    /// under the centre stays in place.
    public mutating func zoom(steps: Int) {
        apply(start.withCellSize(cellSize(forColumns: start.columns - steps), keepingColumns: false))
    }

    /// A zoom straight to `size`, the columns following the width (Ctrl+0's reset).
    public mutating func set(cellSize size: Double) {
        apply(start.withCellSize(min(max(size, GridZoom.sizes.lowerBound), GridZoom.sizes.upperBound), keepingColumns: false))
    }

    /// Ends the pinch: the size settles and the columns follow the width.
    public mutating func end() {
        apply(start.withCellSize(settledCellSize(), keepingColumns: false))
    }

    /// A cancelled pinch puts the size and the offset back.
    public mutating func cancel() {
        layout = start
        contentOffset = startOffset
    }

    /// Takes `newLayout` and scrolls so the anchor's point is under the centre again.
    private mutating func apply(_ newLayout: GridLayout) {
        layout = newLayout
        guard let anchor else { contentOffset = 0; return }
        let frame = newLayout.frame(of: anchor)
        let target = frame.minY + fraction.y * frame.height - centre.y
        contentOffset = min(max(0, target), max(0, newLayout.contentSize.height - viewportHeight))
    }
}
