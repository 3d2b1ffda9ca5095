import CWaylandClient
import CWaylandProtocols
import SweepGeometry

extension Window {
    /// A layer surface (wlr-layer-shell) instead of a toplevel: no title bar,
    /// no decorations, placed by the compositor; anchored to no edge, so
    /// centred on the output the compositor picks. Everything else (buffers,
    /// scale, frame pacing, input) is as for a toplevel; the compositor's
    /// `closed` reaches the content as `windowShouldClose`.
    ///
    /// Throws `WaylandError.missingGlobal` where the compositor does not
    /// offer `zwlr_layer_shell_v1` (see `Connection.offersLayerShell`).
    public convenience init(connection: Connection, layer options: LayerOptions) throws {
        guard let shell = connection.layerShell else {
            throw WaylandError.missingGlobal("zwlr_layer_shell_v1", minimumVersion: 1)
        }
        try self.init(connection: connection, size: options.size)
        let output = options.outputName.flatMap { name in connection.outputList.first { $0.name == name }?.proxy }
        guard let layerSurface = zwlr_layer_shell_v1_get_layer_surface(shell, surface, output, options.layer.rawValue,
                                                                       options.namespace) else {
            throw WaylandError.disconnected(errno: wl_display_get_error(connection.display))
        }
        role = .layer(LayerRole(layerSurface: layerSurface))
        zwlr_layer_surface_v1_add_listener(layerSurface, Window.layerSurfaceListener, Unmanaged.passUnretained(self).toOpaque())
        zwlr_layer_surface_v1_set_size(layerSurface, UInt32(max(1, options.size.width.rounded())),
                                       UInt32(max(1, options.size.height.rounded())))
        zwlr_layer_surface_v1_set_anchor(layerSurface, options.anchor.rawValue)
        let margins = options.margins
        zwlr_layer_surface_v1_set_margin(layerSurface, Int32(saturating: margins.top.rounded()), Int32(saturating: margins.right.rounded()),
                                         Int32(saturating: margins.bottom.rounded()), Int32(saturating: margins.left.rounded()))
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface,
                                                         Window.interactivity(options.keyboard, version: wl_proxy_get_version(shell)))
        // The bufferless commit that asks for the first configure.
        wl_surface_commit(surface)
    }

    /// Whether the window is a layer surface rather than a toplevel.
    public var isLayerSurface: Bool { layerSurface != nil }

    /// The wire value of a keyboard interactivity; `on_demand` is version 4's.
    private static func interactivity(_ keyboard: LayerOptions.Keyboard, version: UInt32) -> UInt32 {
        switch keyboard {
        case .none: UInt32(ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue)
        case .exclusive: UInt32(ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE.rawValue)
        case .onDemand where version >= 4: UInt32(ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND.rawValue)
        case .onDemand: UInt32(ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE.rawValue)
        }
    }

    /// Acknowledges at once, so the ack precedes the commit of the frame
    /// that follows; a 0 keeps the size asked for.
    private func layerConfigure(serial: UInt32, width: UInt32, height: UInt32) {
        guard let layerSurface else { return }
        zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
        applyConfigure(size: Size(width: width > 0 ? Double(width) : floatingSize.width,
                                  height: height > 0 ? Double(height) : floatingSize.height))
    }

    nonisolated(unsafe) static let layerSurfaceListener: UnsafeMutablePointer<zwlr_layer_surface_v1_listener> = {
        let listener = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwlr_layer_surface_v1_listener(
            configure: { data, _, serial, width, height in
                Window.from(data)?.layerConfigure(serial: serial, width: width, height: height)
            },
            closed: { data, _ in Window.from(data)?.close() }
        ))
        return listener
    }()
}
