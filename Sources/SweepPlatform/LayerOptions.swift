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
