/// What a drag shows under the pointer when the app draws it (a thumbnail,
/// a stack of cards): `draw` paints `size` logical pixels, at the output's
/// scale; the toolkit adds the count badge when several items go.
public struct DragPreview {
    /// The preview's size in logical pixels (kept within 16 × 16 and 320 × 320).
    public var size: Size
    /// Paints the preview into the rectangle given (its origin at 0, 0).
    public var draw: @MainActor (Canvas, Rect) -> Void

    public init(size: Size, draw: @escaping @MainActor (Canvas, Rect) -> Void) {
        self.size = Size(width: min(320, max(16, size.width)), height: min(320, max(16, size.height)))
        self.draw = draw
    }
}
