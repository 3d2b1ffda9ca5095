import CWaylandClient
import CWaylandProtocols
import SweepGeometry

/// Where a popup goes, as an `xdg_positioner` says it: a rectangle of the
/// parent to anchor to, the point of that rectangle (`anchor`) and the
/// direction the popup grows from it (`gravity`), and what the compositor
/// may do when that would put it off the output: flip it to the other side,
/// slide it along the edge.
public struct PopupPlacement: Sendable, Equatable {
    /// An edge or corner (the protocol's anchor and gravity values).
    public enum Edge: UInt32, Sendable {
        case none = 0, top, bottom, left, right, topLeft, bottomLeft, topRight, bottomRight
    }

    /// The size of the popup, logical pixels.
    public var size: Size
    /// In the parent's surface coordinates; at least 1 × 1.
    public var anchorRect: Rect
    public var anchor: Edge
    public var gravity: Edge
    /// Moves the popup from where anchor and gravity put it.
    public var offset: Point
    /// Whether the compositor may flip the popup to the other side of the anchor, per axis.
    public var flipsHorizontally: Bool
    public var flipsVertically: Bool
    /// Whether the compositor may slide it along the edge it would cross.
    public var slides: Bool

    public init(size: Size, anchorRect: Rect, anchor: Edge, gravity: Edge, offset: Point = .zero,
                flipsHorizontally: Bool = true, flipsVertically: Bool = true, slides: Bool = true) {
        self.size = size
        self.anchorRect = anchorRect
        self.anchor = anchor
        self.gravity = gravity
        self.offset = offset
        self.flipsHorizontally = flipsHorizontally
        self.flipsVertically = flipsVertically
        self.slides = slides
    }

    /// A context menu: its top-left corner at `point`, flipped up or left and
    /// slid where it would leave the output.
    public static func below(_ point: Point, size: Size) -> PopupPlacement {
        PopupPlacement(size: size, anchorRect: Rect(x: point.x.rounded(.down), y: point.y.rounded(.down), width: 1, height: 1),
                       anchor: .topLeft, gravity: .bottomRight)
    }

    /// A submenu: beside `rect` (its row in the parent menu), to the right,
    /// flipped to the left where there is no room, slid up or down.
    public static func beside(_ rect: Rect, size: Size, overlap: Double = 0) -> PopupPlacement {
        PopupPlacement(size: size, anchorRect: rect, anchor: .topRight, gravity: .bottomRight,
                       offset: Point(x: -overlap, y: 0), flipsHorizontally: true, flipsVertically: false, slides: true)
    }

    /// The `xdg_positioner` constraint adjustment bits.
    var constraintAdjustment: UInt32 {
        var bits: UInt32 = 0
        if slides {
            bits |= XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X.rawValue | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_Y.rawValue
        }
        if flipsHorizontally { bits |= XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_X.rawValue }
        if flipsVertically { bits |= XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_Y.rawValue }
        return bits
    }
}

extension Window {
    /// A popup (`xdg_popup`) of `parent`, a toplevel, a layer surface or
    /// another popup: a menu. It is placed by the compositor as `placement`
    /// asks; with `grab`, it takes the seat's keyboard and dismisses itself
    /// (the compositor sends `popup_done`, which reaches the content as
    /// `windowShouldClose`) when the person clicks outside the app. `serial`
    /// is the serial of the input event that opened it (a press, a key, a
    /// touch); compositors refuse a grab without one.
    ///
    /// Throws `WaylandError.missingGlobal` where the compositor has no
    /// `xdg_wm_base`.
    public convenience init(connection: Connection, popupOf parent: Window, placement: PopupPlacement,
                            grab: Seat?, serial: UInt32) throws {
        guard let base = connection.wmBase else { throw WaylandError.missingGlobal("xdg_wm_base", minimumVersion: 1) }
        let size = Size(width: max(1, placement.size.width.rounded(.up)), height: max(1, placement.size.height.rounded(.up)))
        try self.init(connection: connection, size: size)
        fontFamily = parent.fontFamily
        adoptScale(of: parent)
        guard let positioner = xdg_wm_base_create_positioner(base) else {
            throw WaylandError.disconnected(errno: wl_display_get_error(connection.display))
        }
        defer { xdg_positioner_destroy(positioner) }
        xdg_positioner_set_size(positioner, Int32(size.width), Int32(size.height))
        let parentShift = parent.surfaceOriginInWindowGeometry
        let anchor = placement.anchorRect.offsetBy(dx: parentShift.x, dy: parentShift.y)
        xdg_positioner_set_anchor_rect(positioner, Int32(saturating: anchor.minX.rounded(.down)), Int32(saturating: anchor.minY.rounded(.down)),
                                       Int32(max(1, anchor.width.rounded())), Int32(max(1, anchor.height.rounded())))
        xdg_positioner_set_anchor(positioner, placement.anchor.rawValue)
        xdg_positioner_set_gravity(positioner, placement.gravity.rawValue)
        xdg_positioner_set_offset(positioner, Int32(saturating: placement.offset.x.rounded()), Int32(saturating: placement.offset.y.rounded()))
        xdg_positioner_set_constraint_adjustment(positioner, placement.constraintAdjustment)
        guard let xdgSurface = xdg_wm_base_get_xdg_surface(base, surface) else {
            throw WaylandError.disconnected(errno: wl_display_get_error(connection.display))
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        xdg_surface_add_listener(xdgSurface, Window.xdgSurfaceListener, me)
        // A layer surface's popups have no xdg parent: the layer surface adopts them.
        let popup = xdg_surface_get_popup(xdgSurface, parent.layerSurface == nil ? parent.xdgSurfaceForPopups : nil, positioner)
        guard let popup else {
            xdg_surface_destroy(xdgSurface)
            throw WaylandError.disconnected(errno: wl_display_get_error(connection.display))
        }
        role = .popup(PopupRole(xdgSurface: xdgSurface, xdgPopup: popup, parentShift: parentShift))
        xdg_popup_add_listener(popup, Window.popupListener, me)
        if let layer = parent.layerSurface { zwlr_layer_surface_v1_get_popup(layer, popup) }
        if let grab { xdg_popup_grab(popup, grab.proxy, serial) }
        // The bufferless commit that asks for the first configure.
        wl_surface_commit(surface)
    }

    /// Whether the window is a popup (until `destroyPopup`).
    public var isPopup: Bool { xdgPopup != nil }

    /// Takes the popup off the screen now, before the window object goes:
    /// nested popups must be destroyed topmost first, and a popup still in
    /// use up the call stack would otherwise outlive its parent. Nothing is
    /// drawn after.
    public func destroyPopup() {
        guard case .popup = role else { return }
        content = nil
        role = .none   // its xdg_popup and xdg_surface are destroyed now
        for seat in connection.seats.values { seat.forget(surface) }
    }

    private func popupConfigure(x: Int32, y: Int32, width: Int32, height: Int32) {
        guard case .popup(let popup) = role else { return }
        popup.origin = Point(x: Double(x) - popup.parentShift.x, y: Double(y) - popup.parentShift.y)
        // Applied at the xdg_surface configure that follows, as a toplevel's is
        // (constrained: the size is the compositor's, not one to return to).
        popup.pendingConfigure = (width, height, .constrainingSize)
    }

    // Every slot is set: libwayland 1.21 calls repositioned too.
    nonisolated(unsafe) static let popupListener: UnsafeMutablePointer<xdg_popup_listener> = {
        let listener = UnsafeMutablePointer<xdg_popup_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_popup_listener(
            configure: { data, _, x, y, width, height in
                Window.from(data)?.popupConfigure(x: x, y: y, width: width, height: height)
            },
            popup_done: { data, _ in Window.from(data)?.close() },
            repositioned: { _, _, _ in }
        ))
        return listener
    }()
}
