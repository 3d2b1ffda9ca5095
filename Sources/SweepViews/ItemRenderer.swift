import SweepGeometry
import SweepGraphics

/// Draws one item of a list or grid. An `ItemsView` asks its
/// renderer for each item it repaints, with the canvas already clipped to
/// the item's bounds, so nothing a renderer draws reaches other items.
///
/// `ListRowRenderer` and `GridCellRenderer` are the default looks; an app
/// supplies its own for items they do not fit, or wraps them to add to
/// their drawing.
public protocol ItemRenderer {
    /// Draws `content` in `state` into `bounds` (window coordinates) of `canvas`.
    /// The view has filled the background already.
    /// - Throws: anything; the view then draws a plain placeholder for the
    ///   item instead and reports the error once (`onRenderError`).
    func draw(_ content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme, canvas: Canvas) throws

    /// The part of an item in `bounds` that entering or leaving editing mode
    /// changes, when that is only a part of it (a grid cell's selection
    /// circle); `nil` means all of it. The view repaints only these parts when
    /// editing mode changes, which is the first frame of a drag that enters it.
    func editingMarkBounds(in bounds: Rect) -> Rect?

    /// Where the item in `bounds` shows an accessory button (a row's detail
    /// button) that a tap or click reports instead of selecting; nil for none.
    func accessoryBounds(for content: ItemContent, in bounds: Rect) -> Rect?

    /// How tall the item is at `width`, for a layout whose items are as
    /// tall as their content (`SelfSizingListLayout`); nil leaves it at the
    /// layout's estimate. Asked once per item until the width changes, for
    /// the items about to show, with the fonts the view draws in.
    func height(for content: ItemContent, width: Double, theme: Theme, measurer: TextMeasuring) -> Double?
}

extension ItemRenderer {
    /// The layout's estimate, unless a renderer measures.
    public func height(for content: ItemContent, width: Double, theme: Theme, measurer: TextMeasuring) -> Double? { nil }

    /// All of the item changes with editing mode, unless a renderer says otherwise.
    public func editingMarkBounds(in bounds: Rect) -> Rect? { nil }

    /// A detail button takes the trailing `ListRowRenderer.accessoryWidth`
    /// (where `ItemViewDecorations` draws it); other content has none.
    public func accessoryBounds(for content: ItemContent, in bounds: Rect) -> Rect? {
        guard content.accessory == .detailButton else { return nil }
        let width = ListRowRenderer.accessoryWidth
        return Rect(x: bounds.maxX - width, y: bounds.minY, width: width, height: bounds.height)
    }
}
