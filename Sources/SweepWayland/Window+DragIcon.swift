import SweepGeometry

extension Window {
    /// A surface to show under the pointer or finger while dragging (the
    /// icon of `Clipboard.startDrag`, given as its `surfaceProxy`), at
    /// `parent`'s scale while the compositor has not said where it is. The
    /// drag gives it its role: call `showDragIcon()` after starting the
    /// drag, and let the window go when the drag ends.
    public convenience init(connection: Connection, dragIconOf parent: Window, size: Size) throws {
        try self.init(connection: connection, size: size)
        fontFamily = parent.fontFamily
        let icon = DragIconRole(parent: parent)
        role = .dragIcon(icon)
        adoptScale(of: parent)
        icon.parentScaleToken = parent.addScaleObserver { [weak self, weak parent] _ in
            guard let self, let parent else { return }
            followScale(of: parent)
        }
    }

    /// Draws the icon's first frame (nothing configures an icon).
    public func showDragIcon() {
        applyConfigure(size: size)
    }
}
