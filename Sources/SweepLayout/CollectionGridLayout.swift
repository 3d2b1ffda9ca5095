import SweepGeometry

/// A grid: cells of one size, row after row, the width left over by whole
/// columns widening the gaps (UIKit's flow layout, GTK's `GtkGridView`),
/// in sections under headers where the data source titles one. Pinch,
/// Ctrl+wheel and Ctrl+plus/minus zoom it (`ZoomableLayout`); changing a
/// size lays it out again with the top item in place.
public final class CollectionGridLayout: GeometryBackedLayout, ZoomableLayout {
    public let invalidation = LayoutInvalidation()
    /// The geometry as last prepared (or as a running zoom set it).
    public private(set) var geometry: GridLayout

    /// Height of a section header unless set otherwise.
    public static let defaultHeaderHeight = 32.0

    /// The size of every cell (each side 1 to 100,000; other sizes are
    /// ignored). Zooming changes it too.
    public var itemSize: Size {
        didSet {
            guard ItemLength.isValid(itemSize.width, minimum: 1), ItemLength.isValid(itemSize.height, minimum: 1) else {
                itemSize = oldValue
                return
            }
            if itemSize != oldValue { invalidateLayout() }
        }
    }

    /// The least gap between cells, across and down (0 to 100,000).
    public var itemSpacing: Double {
        didSet {
            guard ItemLength.isValid(itemSpacing, minimum: 0) else { itemSpacing = oldValue; return }
            if itemSpacing != oldValue { invalidateLayout() }
        }
    }

    /// The height of a section header, spanning the width above the
    /// section's cells (0 to 100,000; 0 hides them).
    public var headerHeight: Double {
        didSet {
            guard ItemLength.isValid(headerHeight, minimum: 0) else { headerHeight = oldValue; return }
            if headerHeight != oldValue { invalidateLayout() }
        }
    }

    /// Space around each section's cells.
    public let inset: Double

    public init(itemSize: Size = Size(width: 100, height: 100), itemSpacing: Double = 8, inset: Double = 8,
                headerHeight: Double = CollectionGridLayout.defaultHeaderHeight) {
        let sizeIsValid = ItemLength.isValid(itemSize.width, minimum: 1) && ItemLength.isValid(itemSize.height, minimum: 1)
        self.itemSize = sizeIsValid ? itemSize : Size(width: 100, height: 100)
        self.itemSpacing = ItemLength.isValid(itemSpacing, minimum: 0) ? itemSpacing : 8
        self.inset = ItemLength.isValid(inset, minimum: 0) ? inset : 8
        self.headerHeight = ItemLength.isValid(headerHeight, minimum: 0) ? headerHeight : Self.defaultHeaderHeight
        geometry = GridLayout(itemCounts: [], cellSize: self.itemSize, spacing: self.itemSpacing, inset: self.inset, width: 0)
    }

    public func prepare(for context: LayoutContext) {
        geometry = GridLayout(itemCounts: context.itemCounts, cellSize: itemSize, spacing: itemSpacing, inset: inset,
                              headerHeight: context.showsHeaders ? headerHeight : 0, width: context.width)
    }

    public var columnCount: Int { geometry.columns }
    public var lineHeight: Double { geometry.cellSize.height + geometry.spacing }

    // MARK: - Zoom

    public var zoomSize: Double { geometry.cellSize.width }

    public func makeZoom(contentOffset: Double, centre: Point, viewportHeight: Double) -> any LayoutZoom {
        GridZoom(layout: geometry, contentOffset: contentOffset, centre: centre, viewportHeight: viewportHeight)
    }

    public func applyZoom(_ zoom: any LayoutZoom) {
        guard let zoom = zoom as? GridZoom else { return }
        geometry = zoom.layout
        // The size stays for later layouts (a width change, new data) without asking for one now.
        itemSizeWithoutInvalidating(zoom.layout.cellSize)
    }

    private func itemSizeWithoutInvalidating(_ size: Size) {
        let handler = invalidation.handler
        invalidation.handler = nil
        itemSize = size
        invalidation.handler = handler
    }
}

extension CollectionViewLayout where Self == CollectionGridLayout {
    /// A grid of 100 px square cells, 8 px apart.
    public static var grid: CollectionGridLayout { CollectionGridLayout() }
}

/// A layout that zooms: pinch, Ctrl+wheel, Ctrl+plus/minus and Ctrl+0
/// change its size (a grid's cells), keeping the item under the centre in place.
public protocol ZoomableLayout: CollectionViewLayout {
    /// The size a zoom changes now (a grid's cell width): what the delegate hears.
    var zoomSize: Double { get }
    /// The size Ctrl+0 puts back; 100 unless said.
    var zoomResetSize: Double { get }
    /// A zoom starting at the current layout, around `centre` (viewport coordinates).
    func makeZoom(contentOffset: Double, centre: Point, viewportHeight: Double) -> any LayoutZoom
    /// Takes the zoom's layout as it is now (the view scrolls to its `contentOffset`).
    func applyZoom(_ zoom: any LayoutZoom)
}

extension ZoomableLayout {
    public var zoomResetSize: Double { 100 }
}

/// A running zoom of a `ZoomableLayout`: its size and the offset that keeps
/// the item under the centre in place.
public protocol LayoutZoom {
    /// The size the zoom sets now.
    var size: Double { get }
    /// The content offset that keeps the item under the centre in place.
    var contentOffset: Double { get }
    /// A pinch's scale since it began (1 = unchanged).
    mutating func update(scale: Double)
    /// The pinch ended: the size settles.
    mutating func end()
    /// The pinch was cancelled: the start comes back.
    mutating func cancel()
    /// Zooms in by `steps` (out when negative), as Ctrl+wheel does.
    mutating func zoom(steps: Int)
    /// Zooms straight to `size` (Ctrl+0's reset).
    mutating func set(size: Double)
}

extension GridZoom: LayoutZoom {
    public var size: Double { cellSize }
    public mutating func set(size: Double) { set(cellSize: size) }
}

/// A layout that lays itself out again at any size a zoom asks (a
/// justified grid's row height): conform, and pinch, Ctrl+wheel,
/// Ctrl+plus/minus and Ctrl+0 zoom it through an `AnchoredZoom`, the item
/// under the centre kept in place.
public protocol SizeZoomableLayout: ZoomableLayout {
    /// The sizes a zoom moves between.
    var zoomRange: ClosedRange<Double> { get }
    /// Lays the items out at `size` for the counts and width of the latest
    /// preparation, at once, and keeps the size for later ones; without
    /// calling `invalidateLayout()` (the view scrolls as the zoom says).
    func layOut(zoomSize size: Double)
}

extension SizeZoomableLayout {
    public func makeZoom(contentOffset: Double, centre: Point, viewportHeight: Double) -> any LayoutZoom {
        AnchoredZoom(layout: self, contentOffset: contentOffset, centre: centre, viewportHeight: viewportHeight)
    }

    public func applyZoom(_ zoom: any LayoutZoom) {
        if zoom.size != zoomSize { layOut(zoomSize: zoom.size) }
    }
}

/// A zoom of a `SizeZoomableLayout`: each size it takes lays the layout out
/// and scrolls so the point under the centre stays on the same item.
/// Steps multiply the size by 1.25 (in) or divide it (out).
public struct AnchoredZoom: LayoutZoom {
    private let layout: any SizeZoomableLayout
    private let startSize: Double, startOffset: Double
    private let centre: Point, viewportHeight: Double
    /// The item under the centre and where in it (0…1 down) the centre is.
    private let anchor: ItemPath?, fraction: Double
    public private(set) var size: Double
    public private(set) var contentOffset: Double

    public init(layout: any SizeZoomableLayout, contentOffset: Double, centre: Point, viewportHeight: Double) {
        self.layout = layout
        startSize = layout.zoomSize
        size = startSize
        startOffset = contentOffset
        self.contentOffset = contentOffset
        self.centre = centre
        self.viewportHeight = viewportHeight
        let point = Point(x: centre.x, y: centre.y + contentOffset)
        anchor = layout.nearestItem(to: point)
        let frame = anchor.map { layout.frame(of: $0) }
        fraction = frame.map { $0.height > 0 ? min(1, max(0, (point.y - $0.minY) / $0.height)) : 0 } ?? 0
    }

    public mutating func update(scale: Double) { set(size: startSize * scale) }
    public mutating func end() {}
    public mutating func cancel() { set(size: startSize) }
    public mutating func zoom(steps: Int) { set(size: startSize * pow125(steps)) }

    public mutating func set(size newSize: Double) {
        let range = layout.zoomRange
        size = newSize.isFinite ? min(max(newSize, range.lowerBound), range.upperBound) : startSize
        layout.layOut(zoomSize: size)
        guard let anchor else { return contentOffset = 0 }
        let frame = layout.frame(of: anchor)
        let target = frame.minY + fraction * frame.height - centre.y
        contentOffset = min(max(0, target), max(0, layout.contentSize.height - viewportHeight))
    }

    private func pow125(_ steps: Int) -> Double {
        var factor = 1.0
        for _ in 0..<min(abs(steps), 64) { factor *= 1.25 }
        return steps >= 0 ? factor : 1 / factor
    }
}
