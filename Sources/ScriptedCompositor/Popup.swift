import CWaylandServer
import CWaylandServerProtocols

/// An `xdg_positioner`: the placement rules a popup is made with.
final class Positioner: ResourceOwner {
    var placer = PopupPlacer()
    func resourceDestroyed(_ resource: WLResource?) {}

    private static func placer(_ resource: WLResource?) -> Positioner? { Resource.object(resource, as: Positioner.self) }

    nonisolated(unsafe) static let requests = requestTable(sweep_xdg_positioner_requests(
        destroy: Resource.destroy,
        set_size: { _, resource, width, height in
            guard width > 0, height > 0 else {
                return sweep_resource_post_error(resource, UInt32(XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue), "a size must be positive")
            }
            placer(resource)?.placer.width = width
            placer(resource)?.placer.height = height
        },
        set_anchor_rect: { _, resource, x, y, width, height in
            guard width >= 0, height >= 0 else {
                return sweep_resource_post_error(resource, UInt32(XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue), "a negative anchor size")
            }
            placer(resource)?.placer.anchorRect = (x, y, width, height)
        },
        set_anchor: { _, resource, anchor in
            guard anchor <= 8 else {
                return sweep_resource_post_error(resource, UInt32(XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue), "no such anchor")
            }
            placer(resource)?.placer.anchor = anchor
        },
        set_gravity: { _, resource, gravity in
            guard gravity <= 8 else {
                return sweep_resource_post_error(resource, UInt32(XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue), "no such gravity")
            }
            placer(resource)?.placer.gravity = gravity
        },
        set_constraint_adjustment: { _, resource, adjustment in placer(resource)?.placer.adjustment = adjustment },
        set_offset: { _, resource, x, y in placer(resource)?.placer.offset = (x, y) },
        set_reactive: { _, _ in },
        set_parent_size: { _, _, _, _ in },
        set_parent_configure: { _, _, _ in }
    ))
}

/// An `xdg_popup`: placed by its positioner against the output when its
/// surface first commits, mapped at its first buffer, stacked above its
/// parent (a toplevel, a layer surface or another popup). With a grab it
/// takes the keyboard; `popup_done` dismisses it (the script's
/// `popup.dismiss`, or a press outside the client's surfaces).
final class Popup: ResourceOwner {
    weak var compositor: CompositorServer?
    let surface: Surface
    var resource: WLResource?
    /// The parent's surface; a layer surface's popup gets it through `get_popup` after creation.
    var parent: Surface?
    let placer: PopupPlacer
    /// Where it is relative to its parent, once configured.
    private(set) var position: (x: Int32, y: Int32)?
    private(set) var grabbed = false
    private(set) var dismissed = false

    init(compositor: CompositorServer, surface: Surface, parent: Surface?, placer: PopupPlacer) {
        self.compositor = compositor
        self.surface = surface
        self.parent = parent
        self.placer = placer
    }

    func resourceDestroyed(_ resource: WLResource?) {
        self.resource = nil
        surface.onCommit = nil
        compositor?.popupGone(self)
    }

    var size: (width: Int32, height: Int32) { (placer.width, placer.height) }

    /// Configures at the first (bufferless) commit: the position against the output.
    func committed(xdgSurface: WLResource?) {
        guard position == nil, let resource, let compositor, let xdgSurface else { return }
        let parentOrigin = compositor.outputOrigin(of: parent)
        let placed = placer.place(parent: parentOrigin, output: (compositor.outputWidth, compositor.outputHeight))
        position = placed
        compositor.sendEnter(surface)
        xdg_popup_send_configure(resource, placed.x, placed.y, placer.width, placer.height)
        xdg_surface_send_configure(xdgSurface, wl_display_next_serial(compositor.display))
    }

    func grab() {
        grabbed = true
        compositor?.popupGrabbed(self)
    }

    /// `popup_done`: the compositor dismissed it.
    func dismiss() {
        guard !dismissed, let resource else { return }
        dismissed = true
        xdg_popup_send_popup_done(resource)
    }

    nonisolated(unsafe) static let requests = requestTable(sweep_xdg_popup_requests(
        destroy: { _, resource in
            guard let popup = Resource.object(resource, as: Popup.self) else { return wl_resource_destroy(resource) }
            guard popup.compositor?.isTopmost(popup) ?? true else {
                return sweep_resource_post_error(resource, UInt32(XDG_WM_BASE_ERROR_NOT_THE_TOPMOST_POPUP.rawValue),
                                                 "a popup was destroyed before the popups above it")
            }
            wl_resource_destroy(resource)
        },
        grab: { _, resource, _, _ in Resource.object(resource, as: Popup.self)?.grab() },
        reposition: { _, _, _, _ in }
    ))
}
