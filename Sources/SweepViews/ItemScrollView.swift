import SweepGeometry
import SweepGraphics
import SweepLayout

/// What an app needs of a scrolling item view, list or grid, to drive it
/// from input: its frame, scrolling (with fling), editing mode, the focus
/// ring, the band, and drawing.
public protocol ItemScrollView: AnyObject {
    var frame: Rect { get }
    var scroll: ScrollModel { get }
    var isEditing: Bool { get set }
    var bandRect: Rect? { get set }
    var focusedItem: ItemPath? { get set }
    /// Whether a running sweep or band changes an item's selection, not yet committed.
    var isProvisional: (ItemPath) -> Bool { get set }
    /// Draws each item (a list row, a grid cell).
    var renderer: any ItemRenderer { get set }
    /// Called once per item whose renderer threw.
    var onRenderError: ((ItemPath, any Error) -> Void)? { get set }
    /// The height of a section header (shown where the data source titles one).
    var headerHeight: Double { get set }
    /// The scroll distance of one line (a row, or a row of cells).
    var lineHeight: Double { get }
    func setFrame(_ frame: Rect)
    /// Reads the data source's counts again.
    func reloadData()
    /// The pointer moved to a window point (nil when it left); returns damage.
    func hover(at point: Point?) -> Region
    func scroll(by delta: Double)
    func scroll(toOffset offset: Double)
    func scrollImmediately(to offset: Double)
    /// The content moved by `delta` under the viewport (a data change above
    /// what is shown): the offset moves with it; a fling or glide goes on.
    func shiftScroll(by delta: Double)
    func fling(velocity: Double, time: Double)
    @discardableResult func stopFling() -> Bool
    var isAnimating: Bool { get }
    /// Advances animations (a glide, a fling, fades) to `time`; returns
    /// their damage apart from the scroll's, which `takeScrollChange` gives.
    func advance(to time: Double) -> Region
    /// The scroll offset the view draws at (whole pixels).
    var visibleOffset: Double { get }
    /// What scrolling did to the view's pixels since the last call.
    func takeScrollChange() -> ScrollChange?
    func draw(in canvas: Canvas, damage: Region)
}

extension ListView: ItemScrollView {
    public var lineHeight: Double { layout.rowHeight }
}

extension GridView: ItemScrollView {
    /// The grid highlights nothing under the pointer.
    public func hover(at point: Point?) -> Region { Region() }

    public var lineHeight: Double { layout.cellSize.height + layout.spacing }
}
