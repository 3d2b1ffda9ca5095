import CWaylandServer
import CWaylandServerProtocols

/// An `xdg_surface` with its `xdg_toplevel`: configure on the first commit,
/// resize on request, close when the script says so.
final class Toplevel: ResourceOwner, ShellWindow {
    weak var compositor: CompositorServer?
    let surface: Surface
    var xdgSurface: WLResource?
    var toplevel: WLResource?
    var decoration: WLResource?
    /// The popup role, when the xdg_surface was made a popup instead.
    var popup: Popup?
    private(set) var title = ""
    private(set) var appID = ""
    private(set) var configured = false
    private(set) var lastSerial: UInt32 = 0

    init(compositor: CompositorServer, surface: Surface) {
        self.compositor = compositor
        self.surface = surface
    }

    func resourceDestroyed(_ resource: WLResource?) {
        if resource == toplevel { toplevel = nil; compositor?.windowGone(self) }
        if resource == xdgSurface { xdgSurface = nil }
        if resource == decoration { decoration = nil }
    }

    /// The script's names of xdg_toplevel states ("tiled" is all four edges).
    static let stateNames: [String: [xdg_toplevel_state]] = [
        "maximized": [XDG_TOPLEVEL_STATE_MAXIMIZED], "fullscreen": [XDG_TOPLEVEL_STATE_FULLSCREEN],
        "activated": [XDG_TOPLEVEL_STATE_ACTIVATED], "resizing": [XDG_TOPLEVEL_STATE_RESIZING],
        "tiled": [XDG_TOPLEVEL_STATE_TILED_LEFT, XDG_TOPLEVEL_STATE_TILED_RIGHT, XDG_TOPLEVEL_STATE_TILED_TOP, XDG_TOPLEVEL_STATE_TILED_BOTTOM],
    ]

    /// Sends a configure of `width` x `height` (0 lets the client choose) in `states`.
    func configure(width: Int32, height: Int32, states names: [String] = ["activated"]) {
        guard let toplevel, let xdgSurface, let compositor else { return }
        var states = wl_array()
        wl_array_init(&states)
        for state in names.flatMap({ Toplevel.stateNames[$0] ?? [] }) {
            wl_array_add(&states, 4)?.storeBytes(of: UInt32(state.rawValue), as: UInt32.self)
        }
        xdg_toplevel_send_configure(toplevel, width, height, &states)
        wl_array_release(&states)
        if let decoration { zxdg_toplevel_decoration_v1_send_configure(decoration, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)) }
        lastSerial = wl_display_next_serial(compositor.display)
        xdg_surface_send_configure(xdgSurface, lastSerial)
        configured = true
    }

    func close() {
        if let toplevel { xdg_toplevel_send_close(toplevel) }
    }

    // MARK: - ShellWindow

    var role: String { "xdg_toplevel" }
    var receivesInput: Bool { true }
    var takesKeyboard: Bool { true }

    /// The output changed: the toplevel fills it.
    func outputChanged(width: Int32, height: Int32) {
        configure(width: width, height: height)
    }

    nonisolated(unsafe) static let xdgSurfaceRequests = requestTable(sweep_xdg_surface_requests(
        destroy: Resource.destroy,
        get_toplevel: { client, resource, id in
            guard let toplevel = Resource.object(resource, as: Toplevel.self) else { return }
            toplevel.toplevel = Resource.create(client: client, interface: sweep_server_xdg_toplevel_interface(),
                                                version: UInt32(wl_resource_get_version(resource)), id: id,
                                                requests: Toplevel.toplevelRequests, object: toplevel)
            toplevel.compositor?.toplevelCreated(toplevel)
        },
        get_popup: { client, resource, id, parentResource, positionerResource in
            guard let shell = Resource.object(resource, as: Toplevel.self), let compositor = shell.compositor,
                  let positioner = Resource.object(positionerResource, as: Positioner.self) else { return }
            guard positioner.placer.isComplete else {
                return sweep_resource_post_error(resource, UInt32(XDG_WM_BASE_ERROR_INVALID_POSITIONER.rawValue),
                                                 "the positioner has no size or anchor rectangle")
            }
            // A null parent is allowed: a layer surface adopts the popup (get_popup) before the first commit.
            let parent = parentResource.flatMap { Resource.object($0, as: Toplevel.self)?.surface }
            let popup = Popup(compositor: compositor, surface: shell.surface, parent: parent, placer: positioner.placer)
            popup.resource = Resource.create(client: client, interface: sweep_server_xdg_popup_interface(),
                                             version: UInt32(wl_resource_get_version(resource)), id: id,
                                             requests: Popup.requests, object: popup)
            shell.popup = popup
            shell.surface.onCommit = { [weak popup, weak shell] in popup?.committed(xdgSurface: shell?.xdgSurface) }
            compositor.popupCreated(popup)
        },
        set_window_geometry: { _, _, _, _, _, _ in },
        ack_configure: { _, _, _ in }
    ))

    nonisolated(unsafe) static let toplevelRequests = requestTable(sweep_xdg_toplevel_requests(
        destroy: Resource.destroy,
        set_parent: { _, _, _ in },
        set_title: { _, resource, title in
            if let title { Resource.object(resource, as: Toplevel.self)?.title = String(cString: title) }
        },
        set_app_id: { _, resource, id in
            if let id { Resource.object(resource, as: Toplevel.self)?.appID = String(cString: id) }
        },
        show_window_menu: { _, _, _, _, _, _ in },
        move: { _, _, _, _ in },
        resize: { _, _, _, _, _ in },
        set_max_size: { _, _, _, _ in },
        set_min_size: { _, _, _, _ in },
        set_maximized: { _, _ in },
        unset_maximized: { _, _ in },
        set_fullscreen: { _, _, _ in },
        unset_fullscreen: { _, _ in },
        set_minimized: { _, _ in }
    ))

    nonisolated(unsafe) static let decorationRequests = requestTable(sweep_zxdg_toplevel_decoration_v1_requests(
        destroy: Resource.destroy,
        set_mode: { _, resource, _ in
            // Always server-side: the scripted compositor draws nothing, so clients draw no frame either.
            zxdg_toplevel_decoration_v1_send_configure(resource, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
        },
        unset_mode: { _, resource in
            zxdg_toplevel_decoration_v1_send_configure(resource, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
        }
    ))
}
