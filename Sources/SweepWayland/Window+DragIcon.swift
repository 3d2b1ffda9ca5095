import SweepGeometry

extension Window {
    /// A surface to show under the pointer or finger while dragging (the
    /// icon of `Clipboard.startDrag`, given as its `surfaceProxy`), at `parent`'s scale. It has no role
    /// until the drag gives it one: call `showDragIcon()` after starting the
    /// drag, and let the window go when the drag ends.
    public convenience init(connection: Connection, dragIconOf parent: Window, size: Size) throws {
        try self.init(connection: connection, size: size)
        adoptScale(of: parent)
    }

    /// Draws the icon's first frame (nothing configures an icon).
    public func showDragIcon() {
        applyConfigure(size: size)
    }
}
