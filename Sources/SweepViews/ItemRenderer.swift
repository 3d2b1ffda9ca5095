import SweepGeometry
import SweepGraphics

/// Draws one item of a list or grid. A `ListView` or `GridView` asks its
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
}
