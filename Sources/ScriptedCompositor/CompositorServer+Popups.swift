import CWaylandServer
import CWaylandServerProtocols
import SweepPNG

/// Popups: where they are on the output, which one the pointer or a touch
/// is over, the keyboard grab, dismissing them, and drawing them into a
/// window's screenshot.
extension CompositorServer {
    func popupCreated(_ popup: Popup) {
        popups.append(popup)
    }

    func popupGone(_ popup: Popup) {
        popups.removeAll { $0 === popup }
        for seat in seats { seat.surfaceGone(popup.surface) }
    }

    /// A grabbing popup takes the keyboard of every seat.
    func popupGrabbed(_ popup: Popup) {
        for seat in seats { seat.keyboardGrabbed(by: popup.surface) }
    }

    /// The surface the keyboard belongs to now: the newest grabbing popup
    /// of the window's, else the window.
    func keyboardSurface(for window: Surface) -> Surface {
        popups.last { $0.grabbed && !$0.dismissed && root(of: $0.surface) === window }?.surface ?? window
    }

    /// Whether no popup has `popup` as its parent (only the topmost may be destroyed).
    func isTopmost(_ popup: Popup) -> Bool {
        !popups.contains { $0.parent === popup.surface }
    }

    /// The window surface a popup (or a popup of a popup) belongs to.
    func root(of surface: Surface) -> Surface {
        var current = surface
        var steps = 0
        while let popup = popups.first(where: { $0.surface === current }), let parent = popup.parent, steps < 64 {
            current = parent
            steps += 1
        }
        return current
    }

    /// Where a surface's top-left is on the output: a toplevel fills the
    /// output, a layer surface is centred, a popup is where it was placed
    /// against its parent.
    func outputOrigin(of surface: Surface?) -> (x: Int32, y: Int32) {
        guard let surface else { return (0, 0) }
        if let popup = popups.first(where: { $0.surface === surface }) {
            let parent = outputOrigin(of: popup.parent)
            let position = popup.position ?? (0, 0)
            return (parent.x + position.x, parent.y + position.y)
        }
        if let layer = windows.first(where: { $0.surface === surface }) as? LayerSurface {
            let width = layer.current.width == 0 ? outputWidth : Int32(clamping: layer.current.width)
            let height = layer.current.height == 0 ? outputHeight : Int32(clamping: layer.current.height)
            return ((outputWidth - width) / 2, (outputHeight - height) / 2)
        }
        return (0, 0)
    }

    /// The mapped popups of `window`, lowest first, with their top-left in the window's coordinates.
    func mappedPopups(of window: Surface) -> [(popup: Popup, x: Int32, y: Int32)] {
        let origin = outputOrigin(of: window)
        return popups.filter { $0.surface.hasContents && !$0.dismissed && root(of: $0.surface) === window }.map { popup in
            let at = outputOrigin(of: popup.surface)
            return (popup, at.x - origin.x, at.y - origin.y)
        }
    }

    /// The surface under a point of `window`'s coordinates (a popup over it,
    /// or the window) and that surface's top-left in those coordinates.
    func surface(at x: Double, _ y: Double, in window: Surface) -> (surface: Surface, dx: Double, dy: Double) {
        for (popup, px, py) in mappedPopups(of: window).reversed() {
            let (width, height) = popup.size
            if x >= Double(px), y >= Double(py), x < Double(px + width), y < Double(py + height) {
                return (popup.surface, Double(px), Double(py))
            }
        }
        return (window, 0, 0)
    }

    /// Whether a point of the window's coordinates is on none of the client's surfaces.
    func isOutsideClient(_ x: Double, _ y: Double, window: Surface) -> Bool {
        guard surface(at: x, y, in: window).surface === window else { return false }
        let (width, height) = windowSize(of: window)
        return x < 0 || y < 0 || x >= Double(width) || y >= Double(height)
    }

    private func windowSize(of surface: Surface) -> (Int32, Int32) {
        if let layer = windows.first(where: { $0.surface === surface }) as? LayerSurface {
            return (layer.current.width == 0 ? outputWidth : Int32(clamping: layer.current.width),
                    layer.current.height == 0 ? outputHeight : Int32(clamping: layer.current.height))
        }
        return (outputWidth, outputHeight)
    }

    /// Sends `popup_done` to every popup, topmost first, as a compositor
    /// dismissing a menu does. Returns how many.
    @discardableResult
    func dismissPopups() -> Int {
        let open = popups.filter { !$0.dismissed }
        for popup in open.reversed() { popup.dismiss() }
        return open.count
    }

    /// The number of mapped popups not dismissed.
    var mappedPopupCount: Int { popups.filter { $0.surface.hasContents && !$0.dismissed }.count }

    /// `image` (the window's pixels) with its popups, and a drag's icon
    /// under the pointer, drawn over it where they are, clipped to it.
    func composite(popupsOver image: PNGImage, of window: Surface) -> PNGImage {
        var overlays = mappedPopups(of: window).map { (surface: $0.popup.surface, x: Double($0.x), y: Double($0.y)) }
        if let icon = drags.iconOverlay { overlays.append(icon) }
        guard !overlays.isEmpty else { return image }
        var result = image
        let scale = Double(max(1, window.bufferScale))
        for (surface, px, py) in overlays {
            guard let overlay = surface.image else { continue }
            // The overlay's buffer pixels per logical pixel, and where it lands in the window's buffer.
            let factor = Double(max(1, surface.bufferScale))
            let left = Int((px * scale).rounded(.down)), top = Int((py * scale).rounded(.down))
            let width = Int((Double(overlay.width) / factor * scale).rounded(.up))
            let height = Int((Double(overlay.height) / factor * scale).rounded(.up))
            for y in max(0, top)..<max(max(0, top), min(image.height, top + height)) {
                let sy = Int(Double(y - top) * factor / scale)
                guard sy < overlay.height else { continue }
                for x in max(0, left)..<max(max(0, left), min(image.width, left + width)) {
                    let sx = Int(Double(x - left) * factor / scale)
                    guard sx < overlay.width else { continue }
                    let source = (sy * overlay.width + sx) * 4, target = (y * image.width + x) * 4
                    let alpha = Int(overlay.rgba[source + 3])
                    for channel in 0..<3 {
                        let over = Int(overlay.rgba[source + channel]), under = Int(result.rgba[target + channel])
                        result.rgba[target + channel] = UInt8((over * alpha + under * (255 - alpha) + 127) / 255)
                    }
                    result.rgba[target + 3] = UInt8(max(alpha, Int(result.rgba[target + 3])))
                }
            }
        }
        return result
    }
}
