import SweepGeometry
import SweepGestures

/// A zoomable layout (a grid; an app's `SizeZoomableLayout` steps by a
/// factor of 1.25 instead of a column) zooms with Ctrl and the wheel (or two touchpad fingers), with
/// Ctrl+plus, Ctrl+minus and Ctrl+0, and with the zoom keys, as image
/// viewers and file managers do; a pinch zooms it on touch
/// (`CollectionView+Gestures`). Each step shows one column fewer (in) or
/// more (out), the cells filling the width, the item under the pointer (or
/// the focused item, from the keyboard) kept in place.
extension CollectionView {
    /// The layout when it zooms (not while a list stands in for an app's layout that failed its check).
    var zoomableLayout: (any ZoomableLayout)? {
        if let checked = geometry as? CheckedLayout, checked.isFallingBack { return nil }
        return layout as? any ZoomableLayout
    }

    /// Zooms in by `steps` (out when negative) around `centre` (view
    /// coordinates; the view's middle when nil). A layout that does not
    /// zoom (a list) does nothing.
    public func zoom(steps: Int, around centre: Point? = nil) {
        guard let zoomable = zoomableLayout, !zoomMode.isPinching, steps != 0 else { return }
        let before = zoomable.zoomSize
        var step = zoomable.makeZoom(contentOffset: itemView.scroll.offset, centre: centre ?? zoomCentre(),
                                     viewportHeight: itemView.frame.height)
        step.zoom(steps: steps)
        applyZoomStep(step, to: zoomable, from: before)
    }

    /// Puts the zoom back at `size` (Ctrl+0: the layout's `zoomResetSize`;
    /// a grid's cells, the columns following the width).
    public func resetZoom(to size: Double? = nil) {
        guard let zoomable = zoomableLayout, !zoomMode.isPinching else { return }
        let before = zoomable.zoomSize
        var step = zoomable.makeZoom(contentOffset: itemView.scroll.offset, centre: zoomCentre(),
                                     viewportHeight: itemView.frame.height)
        step.set(size: size ?? zoomable.zoomResetSize)
        applyZoomStep(step, to: zoomable, from: before)
    }

    /// Takes a step from `before` (a layout that lays itself out as the step goes has its size already).
    private func applyZoomStep(_ step: any LayoutZoom, to zoomable: any ZoomableLayout, from before: Double) {
        guard step.size != before else { return }
        itemView.stopFling()
        itemView.applyZoom(step)
        zoomMode.reportedSize = step.size
        delegate?.collectionView(self, didZoomTo: step.size, phase: .ended)
        invalidate()
    }

    /// Where a keyboard zoom keeps things: the focused item when it is on screen, else the middle.
    private func zoomCentre() -> Point {
        let middle = Point(x: frame.width / 2, y: frame.height / 2)
        guard let focus = focusedItem else { return middle }
        let cell = geometry.frame(of: focus)
        let y = cell.midY - itemView.scroll.target
        return y >= 0 && y < frame.height ? Point(x: cell.midX, y: y) : middle
    }

    /// Ctrl with the wheel or touchpad fingers over a zoomable layout: a notch is a
    /// step (up zooms in); fingers step every 60 px. True when it zoomed.
    func zoomScroll(_ frame: PointerFrame, at point: Point?) -> Bool {
        guard zoomableLayout != nil, frame.modifiers.contains(.control), let vertical = frame.vertical else { return false }
        if let value120 = vertical.value120 {
            zoomMode.scrollRemainder += Double(value120) / 120
        } else {
            zoomMode.scrollRemainder += vertical.value / 60
        }
        let steps = Int(saturating: zoomMode.scrollRemainder.rounded(.towardZero))
        zoomMode.scrollRemainder -= Double(steps)
        if vertical.stopped { zoomMode.scrollRemainder = 0 }
        // Scrolling up (negative) zooms in.
        if steps != 0 { zoom(steps: -steps, around: point) }
        return true
    }

    /// Ctrl+plus (or equal, for layouts where plus needs Shift), Ctrl+minus,
    /// Ctrl+0, their keypad keys and the zoom keys, over a zoomable layout.
    func zoomKey(_ key: KeyEvent) -> Bool {
        guard zoomableLayout != nil else { return false }
        let control = key.modifiers.contains(.control)
        switch key.keysym {
        case .zoomIn: zoom(steps: 1)
        case .zoomOut: zoom(steps: -1)
        case .plus where control, .equal where control, .keypadAdd where control: zoom(steps: 1)
        case .minus where control, .keypadSubtract where control: zoom(steps: -1)
        case KeySym.digits[0] where control, KeySym.keypadDigits[0] where control: resetZoom()
        default: return false
        }
        return true
    }
}
