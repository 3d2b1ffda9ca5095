import CWaylandClient
import CWaylandProtocols
import SweepGeometry

/// What a layer-surface `Window` asks the compositor for (wlr-layer-shell):
/// by default a surface anchored to no edge, so the compositor centres it,
/// on the overlay layer, with the keyboard to itself, as launchers and
/// pickers (fuzzel, wofi) are.
public struct LayerOptions: Sendable, Equatable {
    /// The layers, bottom to top; normal windows sit between `bottom` and `top`.
    public enum Layer: UInt32, Sendable {
        case background = 0, bottom = 1, top = 2, overlay = 3
    }

    /// How the surface gets keyboard focus.
    public enum Keyboard: Sendable {
        /// Never.
        case none
        /// All of it while shown (on the top and overlay layers).
        case exclusive
        /// Like a window, when the person selects it; where the compositor
        /// offers only version 3 or older, `exclusive` instead.
        case onDemand
    }

    /// The size in logical pixels. The compositor may configure another; a
    /// 0 in its configure keeps this one.
    public var size: Size
    public var layer: Layer
    public var keyboard: Keyboard
    /// What the surface is, for the compositor's rules (sway's
    /// `layer_effects`, Hyprland's `layerrule`).
    public var namespace: String
    /// The output edges it keeps to: none (centred), one (centred along it), or a corner.
    public var anchor: Edges
    /// Its distance from the edges it is anchored to, in logical pixels.
    public var margins: EdgeInsets
    /// The output (by `wl_output` name, such as "DP-1") it shows on; nil
    /// lets the compositor choose (the focused one, usually).
    public var outputName: String?

    /// Output edges, as wlr-layer-shell's anchor bits.
    public struct Edges: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1)
        public static let bottom = Edges(rawValue: 2)
        public static let left = Edges(rawValue: 4)
        public static let right = Edges(rawValue: 8)
    }

    /// Distances from the output's edges.
    public struct EdgeInsets: Sendable, Hashable {
        public var top: Double, right: Double, bottom: Double, left: Double
        public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
            self.top = top
            self.right = right
            self.bottom = bottom
            self.left = left
        }
    }

    public init(size: Size, layer: Layer = .overlay, keyboard: Keyboard = .exclusive, namespace: String,
                anchor: Edges = [], margins: EdgeInsets = EdgeInsets(), outputName: String? = nil) {
        self.size = size
        self.layer = layer
        self.keyboard = keyboard
        self.namespace = namespace
        self.anchor = anchor
        self.margins = margins
        self.outputName = outputName
    }
}

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
        self.layerSurface = layerSurface
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
