import SweepLoop
import CWaylandClient
import CWaylandProtocols
import Glibc

/// A connection to the compositor: the display, its registry and the globals
/// the toolkit binds, each at a version it checks.
public final class Connection {
    public let display: OpaquePointer
    public let loop: EventLoop
    /// The fonts every window of the connection draws with, per scale.
    let fonts = FontCache()
    private var registry: OpaquePointer?

    /// Globals as the registry announced them.
    public struct Global: Hashable, Sendable {
        public let name: UInt32
        public let interface: String
        public let version: UInt32
    }
    public private(set) var globals: [UInt32: Global] = [:]

    private(set) var compositor: OpaquePointer?
    private(set) var compositorVersion: UInt32 = 0
    private(set) var shm: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var dataDeviceManager: OpaquePointer?
    /// `zwp_primary_selection_device_manager_v1`: the selection the middle button pastes.
    private(set) var primarySelectionManager: OpaquePointer?
    /// `wp_cursor_shape_manager_v1`: cursors by name, drawn by the compositor.
    private(set) var cursorShapeManager: OpaquePointer?
    private(set) var pointerGestures: OpaquePointer?
    /// `zwp_text_input_manager_v3`: input methods and on-screen keyboards (sway, GNOME, KDE, phoc).
    private(set) var textInputManager: OpaquePointer?
    /// `zwp_tablet_manager_v2`: pens and their tablets (sway, GNOME, KDE).
    private(set) var tabletManager: OpaquePointer?
    /// `wp_presentation`: when each frame was shown, and the output's refresh period.
    private(set) var presentation: OpaquePointer?
    /// The clock of `wp_presentation`'s timestamps (its `clock_id` event; CLOCK_MONOTONIC on every compositor seen).
    private(set) var presentationClock = CLOCK_MONOTONIC
    /// `zwlr_layer_shell_v1`, where the compositor offers it (sway, Hyprland, KDE, labwc, river).
    private(set) var layerShell: OpaquePointer?
    /// `xdg_wm_base` and `zxdg_decoration_manager_v1`: with both, a toplevel
    /// asks for server-side decorations; without the second, it draws its own.
    private(set) var wmBase: OpaquePointer?
    private(set) var decorationManager: OpaquePointer?
    /// `wl_subcompositor`: the surfaces of a toplevel's own title bar and frame.
    private(set) var subcompositor: OpaquePointer?
    /// The frames' surfaces, so a seat hands their input to the frame, not the app.
    var decorationsBySurface: [OpaquePointer: WeakDecoration] = [:]
    private(set) var outputs: [UInt32: Output] = [:]
    /// The outputs (monitors), in the order the compositor announced them.
    public var outputList: [Output] { outputs.sorted { $0.key < $1.key }.map(\.value) }
    public private(set) var seats: [UInt32: Seat] = [:]

    /// Whether the compositor offers wlr-layer-shell (`zwlr_layer_shell_v1`),
    /// so a `Window` can be a layer surface (an overlay such as a launcher).
    /// GNOME and weston do not.
    public var offersLayerShell: Bool { layerShell != nil }
    /// Whether the compositor has a clipboard and drag and drop.
    public var offersClipboard: Bool { dataDeviceManager != nil }

    /// Called when a seat appears (after its capabilities may still change).
    /// One slot, for the app; parts that each need to hear it use `addSeatObserver`.
    public var onSeatAdded: ((Seat) -> Void)?
    private let seatAdded = ObserverList<Seat>()
    private let outputChanged = ObserverList<Output>()
    private let outputRemoved = ObserverList<Output>()

    /// Connects to `WAYLAND_DISPLAY` (or `wayland-0`) and binds the globals.
    public init() throws {
        let displayName = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        // libwayland unsets WAYLAND_SOCKET once it has taken the fd: read it first.
        let socketName = getenv("WAYLAND_SOCKET").map { String(cString: $0) }
        if getenv("WAYLAND_SOCKET") == nil, !(displayName?.hasPrefix("/") ?? false), getenv("XDG_RUNTIME_DIR") == nil {
            // libwayland would print its own line first; say it once, plainly.
            throw WaylandError.noCompositor(display: displayName ?? "(unset, so wayland-0)", errno: ENOENT,
                                            detail: "XDG_RUNTIME_DIR is not set")
        }
        guard let display = wl_display_connect(nil) else {
            let name = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "(unset, so wayland-0)"
            throw WaylandError.noCompositor(display: name, errno: errno, detail: nil)
        }
        self.display = display
        loop = EventLoop()
        let source = DisplaySource(display: display)
        if let socketName {
            source.displayName = "WAYLAND_SOCKET=\(socketName)"
        } else {
            let name = displayName ?? "wayland-0"
            let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? ""
            source.displayName = "WAYLAND_DISPLAY=\(name)" + (name.hasPrefix("/") || runtime.isEmpty ? "" : " (\(runtime)/\(name))")
        }
        loop.add(source)
        guard let registry = wl_display_get_registry(display) else {
            wl_display_disconnect(display)
            throw WaylandError.disconnected(errno: errno)
        }
        self.registry = registry
        wl_registry_add_listener(registry, Connection.registryListener, Unmanaged.passUnretained(self).toOpaque())
        // First round trip: the globals. Second: the events of what we bound (output scale, seat capabilities).
        try roundtrip()
        try roundtrip()
        guard compositor != nil else { throw WaylandError.missingGlobal("wl_compositor", minimumVersion: 1) }
        guard shm != nil else { throw WaylandError.missingGlobal("wl_shm", minimumVersion: 1) }
    }

    deinit {
        seats.removeAll()
        cursorThemes.removeAll()   // their surfaces go before the display does
        outputs.removeAll()
        if let pointerGestures {
            if wl_proxy_get_version(pointerGestures) >= 2 { zwp_pointer_gestures_v1_release(pointerGestures) } else { wl_proxy_destroy(pointerGestures) }
        }
        if let layerShell {
            if wl_proxy_get_version(layerShell) >= 3 { zwlr_layer_shell_v1_destroy(layerShell) } else { wl_proxy_destroy(layerShell) }
        }
        for proxy in [fractionalScaleManager, viewporter, dataDeviceManager] { if let proxy { wl_proxy_destroy(proxy) } }
        if let primarySelectionManager { zwp_primary_selection_device_manager_v1_destroy(primarySelectionManager) }
        if let cursorShapeManager { wp_cursor_shape_manager_v1_destroy(cursorShapeManager) }
        if let textInputManager { zwp_text_input_manager_v3_destroy(textInputManager) }
        if let tabletManager { zwp_tablet_manager_v2_destroy(tabletManager) }
        if let presentation { wp_presentation_destroy(presentation) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_proxy_destroy(shm) }
        if let compositor { wl_proxy_destroy(compositor) }
        if let registry { wl_proxy_destroy(registry) }
        wl_display_disconnect(display)
    }

    /// Cursor themes by scale, loaded once for the connection: a pointer that
    /// goes and comes back (or a second seat) does not load a theme again.
    private var cursorThemes: [Int32: CursorTheme] = [:]

    func cursorTheme(scale: Int32) -> CursorTheme? {
        if let theme = cursorThemes[scale] { return theme }
        let theme = CursorTheme(shm: shm!, compositor: compositor!, scale: scale)
        cursorThemes[scale] = theme
        return theme
    }

    /// Waits until the compositor has processed every request sent so far.
    public func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 {
            throw WaylandError.disconnected(errno: wl_display_get_error(display))
        }
    }

    /// The output registered under a proxy, for surface enter / leave.
    func output(for proxy: OpaquePointer) -> Output? {
        outputs.values.first { $0.proxy == proxy }
    }

    // MARK: - Registry

    /// The versions this client knows; it binds min(offered, known).
    enum KnownVersion {
        static let compositor: UInt32 = 5
        static let shm: UInt32 = 1
        static let seat: UInt32 = 8
        static let output: UInt32 = 4
        static let viewporter: UInt32 = 1
        static let fractionalScale: UInt32 = 1
        static let dataDeviceManager: UInt32 = 3
        static let primarySelection: UInt32 = 1
        static let cursorShape: UInt32 = 1
        static let presentation: UInt32 = 1
        static let pointerGestures: UInt32 = 3
        static let layerShell: UInt32 = 4
        static let wmBase: UInt32 = 5
        static let decorationManager: UInt32 = 1
        static let subcompositor: UInt32 = 1
        static let textInputManager: UInt32 = 1
        static let tabletManager: UInt32 = 1
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, offered: UInt32, known: UInt32) -> (OpaquePointer, UInt32)? {
        let version = min(offered, known)
        guard let registry, let raw = wl_registry_bind(registry, name, interface, version) else { return nil }
        return (OpaquePointer(raw), version)
    }

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        globals[name] = Global(name: name, interface: interface, version: version)
        switch interface {
        case "wl_compositor" where compositor == nil:
            if let (proxy, bound) = bind(name, sweep_wl_compositor_interface(), offered: version, known: KnownVersion.compositor) {
                compositor = proxy
                compositorVersion = bound
            }
        case "wl_shm" where shm == nil:
            shm = bind(name, sweep_wl_shm_interface(), offered: version, known: KnownVersion.shm)?.0
        case "wl_output" where version >= 2:
            if let (proxy, bound) = bind(name, sweep_wl_output_interface(), offered: version, known: KnownVersion.output) {
                let output = Output(proxy: proxy, version: bound)
                output.onChange = { [weak self, unowned output] in self?.outputChanged.notify(output) }
                outputs[name] = output
            }
        case "wl_seat":
            if let (proxy, bound) = bind(name, sweep_wl_seat_interface(), offered: version, known: KnownVersion.seat) {
                let seat = Seat(proxy: proxy, version: bound, connection: self)
                seats[name] = seat
                onSeatAdded?(seat)
                seatAdded.notify(seat)
            }
        case "wp_viewporter" where viewporter == nil:
            viewporter = bind(name, sweep_wp_viewporter_interface(), offered: version, known: KnownVersion.viewporter)?.0
        case "wp_fractional_scale_manager_v1" where fractionalScaleManager == nil:
            fractionalScaleManager = bind(name, sweep_wp_fractional_scale_manager_v1_interface(), offered: version,
                                          known: KnownVersion.fractionalScale)?.0
        case "zwp_pointer_gestures_v1" where pointerGestures == nil:
            pointerGestures = bind(name, sweep_zwp_pointer_gestures_v1_interface(), offered: version,
                                   known: KnownVersion.pointerGestures)?.0
        case "wl_data_device_manager" where dataDeviceManager == nil:
            dataDeviceManager = bind(name, sweep_wl_data_device_manager_interface(), offered: version,
                                     known: KnownVersion.dataDeviceManager)?.0
        case "zwp_primary_selection_device_manager_v1" where primarySelectionManager == nil:
            primarySelectionManager = bind(name, sweep_zwp_primary_selection_device_manager_v1_interface(), offered: version,
                                           known: KnownVersion.primarySelection)?.0
        case "wp_cursor_shape_manager_v1" where cursorShapeManager == nil:
            cursorShapeManager = bind(name, sweep_wp_cursor_shape_manager_v1_interface(), offered: version,
                                      known: KnownVersion.cursorShape)?.0
        case "zwp_tablet_manager_v2" where tabletManager == nil:
            tabletManager = bind(name, sweep_zwp_tablet_manager_v2_interface(), offered: version, known: KnownVersion.tabletManager)?.0
        case "zwp_text_input_manager_v3" where textInputManager == nil:
            textInputManager = bind(name, sweep_zwp_text_input_manager_v3_interface(), offered: version,
                                    known: KnownVersion.textInputManager)?.0
        case "wp_presentation" where presentation == nil:
            presentation = bind(name, sweep_wp_presentation_interface(), offered: version, known: KnownVersion.presentation)?.0
            if let presentation {
                wp_presentation_add_listener(presentation, Connection.presentationListener, Unmanaged.passUnretained(self).toOpaque())
            }
        case "xdg_wm_base" where wmBase == nil:
            wmBase = bind(name, sweep_xdg_wm_base_interface(), offered: version, known: KnownVersion.wmBase)?.0
            if let wmBase { xdg_wm_base_add_listener(wmBase, Connection.wmBaseListener, nil) }
        case "zxdg_decoration_manager_v1" where decorationManager == nil:
            decorationManager = bind(name, sweep_zxdg_decoration_manager_v1_interface(), offered: version,
                                     known: KnownVersion.decorationManager)?.0
        case "wl_subcompositor" where subcompositor == nil:
            subcompositor = bind(name, sweep_wl_subcompositor_interface(), offered: version, known: KnownVersion.subcompositor)?.0
        case "zwlr_layer_shell_v1" where layerShell == nil:
            layerShell = bind(name, sweep_zwlr_layer_shell_v1_interface(), offered: version, known: KnownVersion.layerShell)?.0
        default:
            break
        }
    }

    // MARK: - Observers

    /// Calls `observer` with each seat that appears from now on, besides `onSeatAdded`.
    public func addSeatObserver(_ observer: @escaping (Seat) -> Void) -> ObserverToken {
        seatAdded.add(observer)
    }

    /// Calls `observer` when an output's properties (its scale) change, for
    /// every output, including ones plugged in later.
    public func addOutputChangeObserver(_ observer: @escaping (Output) -> Void) -> ObserverToken {
        outputChanged.add(observer)
    }

    /// Calls `observer` when an output goes away (an unplugged monitor).
    /// Every window hears it, so each can drop the output from its scale.
    public func addOutputRemovedObserver(_ observer: @escaping (Output) -> Void) -> ObserverToken {
        outputRemoved.add(observer)
    }

    /// Removes an observer added with one of the `add…Observer` methods.
    public func removeObserver(_ token: ObserverToken) {
        _ = seatAdded.remove(token) || outputChanged.remove(token) || outputRemoved.remove(token)
    }

    fileprivate func globalRemoved(name: UInt32) {
        globals[name] = nil
        if let output = outputs.removeValue(forKey: name) { outputRemoved.notify(output) }
        seats[name] = nil
    }

    nonisolated(unsafe) private static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface else { return }
                Unmanaged<Connection>.fromOpaque(data).takeUnretainedValue()
                    .global(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { data, _, name in
                guard let data else { return }
                Unmanaged<Connection>.fromOpaque(data).takeUnretainedValue().globalRemoved(name: name)
            }
        ))
        return listener
    }()
}

extension Connection {
    /// Answers the compositor's pings, or it thinks the app is hung.
    nonisolated(unsafe) static let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
        let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))
        return listener
    }()

    /// Learns which clock `wp_presentation` stamps frames with.
    nonisolated(unsafe) static let presentationListener: UnsafeMutablePointer<wp_presentation_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_listener>.allocate(capacity: 1)
        listener.initialize(to: wp_presentation_listener(clock_id: { data, _, clock in
            guard let data else { return }
            Unmanaged<Connection>.fromOpaque(data).takeUnretainedValue().presentationClock = clockid_t(clock)
        }))
        return listener
    }()
}
