import CWaylandServer
import CWaylandServerProtocols

/// A `zwlr_layer_surface_v1`: its double-buffered state applied at each
/// commit, a configure answering the first (bufferless) commit with the
/// requested size (the output's where the client asked for 0), mapped at its
/// first buffer after an acknowledged configure, `closed` when the script
/// closes it. The scripted compositor draws nothing, so layers, anchors and
/// margins change no pixels; a script's coordinates are surface-local.
final class LayerSurface: ResourceOwner, ShellWindow {
    weak var compositor: CompositorServer?
    let surface: Surface
    var resource: WLResource?
    let namespace: String
    private var pending = State()
    private(set) var current = State()
    private var configured = false
    private var acknowledged = false
    private var mapped = false
    /// Configures sent and not yet acknowledged.
    private var unacknowledged: [UInt32] = []

    /// The state a commit applies.
    struct State {
        var layer: UInt32 = 0
        var width: UInt32 = 0
        var height: UInt32 = 0
        var anchor: UInt32 = 0
        var keyboard: UInt32 = 0
    }

    init(compositor: CompositorServer, surface: Surface, layer: UInt32, namespace: String) {
        self.compositor = compositor
        self.surface = surface
        self.namespace = namespace
        pending.layer = layer
    }

    func resourceDestroyed(_ resource: WLResource?) {
        self.resource = nil
        surface.onCommit = nil
        compositor?.windowGone(self)
    }

    // MARK: - ShellWindow

    var role: String { "zwlr_layer_surface_v1" }
    var receivesInput: Bool { mapped }
    var takesKeyboard: Bool { current.keyboard != UInt32(ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue) }

    func close() {
        if let resource { zwlr_layer_surface_v1_send_closed(resource) }
    }

    func outputChanged(width: Int32, height: Int32) {
        if configured { configure() }
    }

    // MARK: - Commits and configures

    /// The wl_surface committed: apply the state; the first commit is
    /// answered with a configure, the first buffer maps the surface.
    func committed() {
        guard let resource, let compositor else { return }
        let anchoredHorizontally = pending.anchor & 12 == 12, anchoredVertically = pending.anchor & 3 == 3
        if (pending.width == 0 && !anchoredHorizontally) || (pending.height == 0 && !anchoredVertically) {
            return sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE.rawValue),
                                             "a width or height of 0 needs anchors on both sides of that axis")
        }
        current = pending
        if !configured {
            guard !surface.hasContents else {
                return sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE.rawValue),
                                                 "a buffer was committed before the first configure")
            }
            compositor.sendEnter(surface)
            configure()
            return
        }
        if surface.hasContents && !acknowledged {
            return sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE.rawValue),
                                             "a buffer was committed before a configure was acknowledged")
        }
        if surface.hasContents && !mapped {
            mapped = true
            compositor.layerSurfaceMapped(self)
        } else if !surface.hasContents && mapped {
            // A null buffer unmaps: the next commit starts over with a configure.
            mapped = false
            configured = false
            acknowledged = false
        }
    }

    /// Sends the requested size, the output's for a 0.
    private func configure() {
        guard let resource, let compositor else { return }
        let serial = wl_display_next_serial(compositor.display)
        unacknowledged.append(serial)
        zwlr_layer_surface_v1_send_configure(resource, serial,
                                             current.width == 0 ? UInt32(compositor.outputWidth) : current.width,
                                             current.height == 0 ? UInt32(compositor.outputHeight) : current.height)
        configured = true
    }

    private func acknowledge(_ serial: UInt32) {
        guard let resource else { return }
        guard let index = unacknowledged.firstIndex(of: serial) else {
            sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE.rawValue),
                                      "ack_configure with a serial that was never sent")
            return
        }
        unacknowledged.removeFirst(index + 1)   // acknowledging one acknowledges those before it
        acknowledged = true
    }

    private func setKeyboard(_ value: UInt32) {
        guard let resource else { return }
        let highest = wl_resource_get_version(resource) >= 4 ? ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND
            : ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE
        guard value <= UInt32(highest.rawValue) else {
            return sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_KEYBOARD_INTERACTIVITY.rawValue),
                                             "no such keyboard interactivity")
        }
        pending.keyboard = value
    }

    private static func layer(_ resource: WLResource?) -> LayerSurface? { Resource.object(resource, as: LayerSurface.self) }

    nonisolated(unsafe) static let requests = requestTable(sweep_zwlr_layer_surface_v1_requests(
        set_size: { _, resource, width, height in
            layer(resource)?.pending.width = width
            layer(resource)?.pending.height = height
        },
        set_anchor: { _, resource, anchor in
            guard anchor <= 15 else {
                return sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_ANCHOR.rawValue), "no such anchor")
            }
            layer(resource)?.pending.anchor = anchor
        },
        set_exclusive_zone: { _, _, _ in },
        set_margin: { _, _, _, _, _, _ in },
        set_keyboard_interactivity: { _, resource, value in layer(resource)?.setKeyboard(value) },
        get_popup: { _, resource, popupResource in
            guard let layer = layer(resource), let popup = Resource.object(popupResource, as: Popup.self) else { return }
            popup.parent = layer.surface
        },
        ack_configure: { _, resource, serial in layer(resource)?.acknowledge(serial) },
        destroy: Resource.destroy,
        set_layer: { _, resource, value in
            guard value <= UInt32(ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue) else {
                return sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER.rawValue), "no such layer")
            }
            layer(resource)?.pending.layer = value
        }
    ))

    /// `zwlr_layer_shell_v1`: layer surfaces for surfaces without a role or a buffer.
    nonisolated(unsafe) static let shellRequests = requestTable(sweep_zwlr_layer_shell_v1_requests(
        get_layer_surface: { client, resource, id, surfaceResource, _, layer, namespace in
            guard let server = CompositorServer.server(resource),
                  let surface = Resource.object(surfaceResource, as: Surface.self) else { return }
            guard surface.role == nil else {
                return sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SHELL_V1_ERROR_ROLE.rawValue), "the surface has a role")
            }
            guard !surface.hasContents else {
                return sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SHELL_V1_ERROR_ALREADY_CONSTRUCTED.rawValue),
                                                 "the surface has a buffer")
            }
            guard layer <= UInt32(ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue) else {
                return sweep_resource_post_error(resource, UInt32(ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER.rawValue), "no such layer")
            }
            surface.role = "zwlr_layer_surface_v1"
            let layerSurface = LayerSurface(compositor: server, surface: surface, layer: layer,
                                            namespace: namespace.map { String(cString: $0) } ?? "")
            layerSurface.resource = Resource.create(client: client, interface: sweep_server_zwlr_layer_surface_v1_interface(),
                                                    version: UInt32(wl_resource_get_version(resource)), id: id,
                                                    requests: LayerSurface.requests, object: layerSurface)
            if layerSurface.resource != nil { server.layerSurfaceCreated(layerSurface) }
        },
        destroy: Resource.destroy
    ))
}
