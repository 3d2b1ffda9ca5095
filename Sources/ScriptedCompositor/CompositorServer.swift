import CSweepSystem
import CWaylandServer
import CWaylandServerProtocols
import Glibc
import SweepPNG

/// Why the scripted compositor could not finish a script.
public struct CompositorFailure: Error, CustomStringConvertible {
    public let description: String
    /// The compositor's exit status for it: 70 when the client failed, 65
    /// when the script asked for something impossible (a key the keymap lacks).
    public let exitStatus: Int32
    public init(_ description: String, exitStatus: Int32 = 70) {
        self.description = description
        self.exitStatus = exitStatus
    }
}

/// A small Wayland compositor on libwayland-server for one client: the
/// globals a toolkit needs (compositor, shm, xdg-shell with server-side
/// decorations, wlr-layer-shell, an output, a seat with pointer, keyboard and
/// touch), the client's committed pixels kept for screenshots, and input sent
/// on demand. Its windows are every toplevel and layer surface the client
/// made; script steps act on one at a time: the latest, or the one a
/// `window.use` step picks.
public final class CompositorServer {
    let display: OpaquePointer
    let loop: OpaquePointer
    public private(set) var outputWidth: Int32
    public private(set) var outputHeight: Int32
    public private(set) var outputScale: Int32
    var surfaces: [ObjectIdentifier: Surface] = [:]
    private var surfacesCreated = 0
    /// While true, `dispatch` leaves frame callbacks unanswered (`frames.hold`).
    public var framesHeld = false
    /// The window scripts act on: the latest toplevel or layer surface, or the one `useWindow` picked.
    private(set) var window: (any ShellWindow)?
    /// Every window the client has, oldest first.
    private(set) var windows: [any ShellWindow] = []
    /// The client's popups (menus), oldest (lowest) first.
    var popups: [Popup] = []
    var outputs: [WLResource] = []
    /// Every seat; the first has the touchpad gestures. Script input goes to `seat`.
    private(set) var seats: [SeatServer]
    private var activeSeat = 0
    /// The seat the script's input steps drive (see `useSeat`).
    var seat: SeatServer { seats[activeSeat] }
    let gestures: GesturesServer
    let clipboard = ClipboardServer()
    /// Drag and drop, on the clipboard's data devices.
    private(set) lazy var drags = DragServer(clipboard: clipboard)
    /// The primary selection: what a client selected, pasted with the middle button.
    let primarySelection = ClipboardServer(kind: .primary)
    /// Cursors clients set by name (cursor-shape-v1).
    let cursorShapes = CursorShapeServer()
    /// Input methods (text-input-v3), played by the script.
    let textInputs = TextInputServer()
    /// A tablet with a pen (tablet-v2), played by the script.
    let tablets = TabletServer()
    /// Keys go to the accessibility registry first, when set.
    var keyReporter: RegistryKeyReporter?
    private let start = sweep_monotonic_ns()

    /// `without` names globals not to offer (to test how a client copes).
    /// The globals the compositor offers (the names `--without` takes).
    public static let globalNames: Set<String> = ["wl_compositor", "wl_data_device_manager", "wl_output", "wl_seat",
                                                 "wl_subcompositor", "xdg_wm_base", "zwlr_layer_shell_v1",
                                                 "zwp_pointer_gestures_v1", "zwp_tablet_manager_v2", "zwp_text_input_manager_v3",
                                                 "zxdg_decoration_manager_v1"]

    public init(width: Int32 = 1024, height: Int32 = 768, scale: Int32 = 1, without excluded: Set<String> = []) throws {
        if let unknown = excluded.subtracting(Self.globalNames).sorted().first {
            throw CompositorFailure("--without: the compositor offers no global \"\(unknown)\" (it offers "
                                    + Self.globalNames.sorted().joined(separator: ", ") + ")", exitStatus: 64)
        }
        guard let display = wl_display_create() else { throw CompositorFailure("wl_display_create failed") }
        self.display = display
        loop = wl_display_get_event_loop(display)
        outputWidth = width
        outputHeight = height
        outputScale = scale
        let first = SeatServer(name: "seat0")
        seats = [first]
        gestures = GesturesServer(seat: first)
        guard wl_display_init_shm(display) == 0 else { throw CompositorFailure("wl_display_init_shm failed") }
        compositorObject.server = self
        let shared = compositorObject
        offer("wl_compositor", sweep_server_wl_compositor_interface(), version: 5, excluded: excluded) { client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_wl_compositor_interface(), version: version, id: id,
                                requests: CompositorServer.compositorRequests, object: shared)
        }
        offer("xdg_wm_base", sweep_server_xdg_wm_base_interface(), version: 2, excluded: excluded) { client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_xdg_wm_base_interface(), version: version, id: id,
                                requests: CompositorServer.wmBaseRequests, object: shared)
        }
        offer("zxdg_decoration_manager_v1", sweep_server_zxdg_decoration_manager_v1_interface(), version: 1,
              excluded: excluded) { client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_zxdg_decoration_manager_v1_interface(), version: version,
                                id: id, requests: CompositorServer.decorationManagerRequests, object: shared)
        }
        outputGlobal = offer("wl_output", sweep_server_wl_output_interface(), version: 4, excluded: excluded) { [unowned self] client, version, id in
            bindOutput(client: client, version: version, id: id)
        }
        offer("zwp_pointer_gestures_v1", sweep_server_zwp_pointer_gestures_v1_interface(), version: 3,
              excluded: excluded) { [unowned self] client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_zwp_pointer_gestures_v1_interface(), version: version,
                                id: id, requests: GesturesServer.requests, object: gestures)
        }
        offer("zwlr_layer_shell_v1", sweep_server_zwlr_layer_shell_v1_interface(), version: 4,
              excluded: excluded) { client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_zwlr_layer_shell_v1_interface(), version: version,
                                id: id, requests: LayerSurface.shellRequests, object: shared)
        }
        // A client draws its own title bar on subsurfaces where no xdg-decoration is offered.
        offer("wl_subcompositor", sweep_server_wl_subcompositor_interface(), version: 1, excluded: excluded) { client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_wl_subcompositor_interface(), version: version, id: id,
                                requests: CompositorServer.subcompositorRequests, object: shared)
        }
        clipboard.server = self
        drags.server = self
        offer("wl_data_device_manager", sweep_server_wl_data_device_manager_interface(), version: 3,
              excluded: excluded) { [unowned self] client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_wl_data_device_manager_interface(), version: version,
                                id: id, requests: ClipboardServer.managerRequests, object: clipboard)
        }
        offer("wp_cursor_shape_manager_v1", sweep_server_wp_cursor_shape_manager_v1_interface(), version: 1,
              excluded: excluded) { [unowned self] client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_wp_cursor_shape_manager_v1_interface(), version: version,
                                id: id, requests: CursorShapeServer.managerRequests, object: cursorShapes)
        }
        offer("zwp_text_input_manager_v3", sweep_server_zwp_text_input_manager_v3_interface(), version: 1,
              excluded: excluded) { [unowned self] client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_zwp_text_input_manager_v3_interface(), version: version,
                                id: id, requests: TextInputServer.managerRequests, object: textInputs)
        }
        tablets.server = self
        offer("zwp_tablet_manager_v2", sweep_server_zwp_tablet_manager_v2_interface(), version: 1,
              excluded: excluded) { [unowned self] client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_zwp_tablet_manager_v2_interface(), version: version,
                                id: id, requests: TabletServer.managerRequests, object: tablets)
        }
        primarySelection.server = self
        offer("zwp_primary_selection_device_manager_v1", sweep_server_zwp_primary_selection_device_manager_v1_interface(),
              version: 1, excluded: excluded) { [unowned self] client, version, id in
            _ = Resource.create(client: client, interface: sweep_server_zwp_primary_selection_device_manager_v1_interface(),
                                version: version, id: id, requests: ClipboardServer.primaryManagerRequests, object: primarySelection)
        }
        offer("wl_seat", sweep_server_wl_seat_interface(), version: 7, excluded: excluded) { [unowned self, unowned first] client, version, id in
            first.bind(client: client, version: version, id: id, server: self)
        }
    }

    /// Adds another seat at run time (a second person's mouse and keyboard):
    /// a new `wl_seat` global, focused on the window like the first.
    func addSeat() {
        let added = SeatServer(name: "seat\(seats.count)")
        seats.append(added)
        offer("wl_seat", sweep_server_wl_seat_interface(), version: 7, excluded: []) { [unowned self, unowned added] client, version, id in
            added.bind(client: client, version: version, id: id, server: self)
        }
        if let window, window.receivesInput {
            added.focus(window.surface, server: self, keyboard: window.takesKeyboard)
        }
    }

    /// Sends the script's later input through seat `index`; false when there is no such seat.
    func useSeat(_ index: Int) -> Bool {
        guard seats.indices.contains(index) else { return false }
        activeSeat = index
        return true
    }

    /// A global's bind handler, kept alive with the display.
    final class Global {
        let bind: (OpaquePointer?, UInt32, UInt32) -> Void
        init(bind: @escaping (OpaquePointer?, UInt32, UInt32) -> Void) { self.bind = bind }
    }
    private var globals: [Global] = []

    /// Offers a global unless the command line excluded it.
    @discardableResult
    private func offer(_ name: String, _ interface: UnsafePointer<wl_interface>, version: Int32, excluded: Set<String>,
                       bind: @escaping (OpaquePointer?, UInt32, UInt32) -> Void) -> OpaquePointer? {
        guard !excluded.contains(name) else { return nil }
        let global = Global(bind: bind)
        globals.append(global)
        return wl_global_create(display, interface, version, Unmanaged.passUnretained(global).toOpaque()) { client, data, version, id in
            guard let data else { return }
            Unmanaged<Global>.fromOpaque(data).takeUnretainedValue().bind(client, version, id)
        }
    }

    // MARK: - The output

    /// The output's name (`wl_output.name`, version 4).
    public static let outputName = "SCRIPTED-1"

    /// The `wl_output` global; nil while the output is unplugged (or left out).
    private var outputGlobal: OpaquePointer?

    private func bindOutput(client: OpaquePointer?, version: UInt32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: sweep_server_wl_output_interface(), version: version,
                                             id: id, requests: CompositorServer.outputRequests, object: compositorObject) else { return }
        outputs.append(resource)
        // Version 4's name comes once, before the first done: a client picks outputs by it.
        if version >= 4 {
            wl_output_send_name(resource, CompositorServer.outputName)
            wl_output_send_description(resource, "Sweep's scripted output")
        }
        describeOutput(resource)
    }

    /// Unplugs the output, as a monitor pulled out: surfaces get
    /// `wl_surface.leave` and the global goes away. False when there is none.
    func removeOutput() -> Bool {
        guard let global = outputGlobal else { return false }
        for surface in surfaces.values {
            guard let resource = surface.resource else { continue }
            for output in outputs where wl_resource_get_client(output) == wl_resource_get_client(resource) {
                wl_surface_send_leave(resource, output)
            }
        }
        outputs.removeAll()
        wl_global_destroy(global)
        outputGlobal = nil
        return true
    }

    /// Plugs an output back in; the surfaces enter it once the client binds it. False when one is there.
    func addOutput() -> Bool {
        guard outputGlobal == nil else { return false }
        outputGlobal = offer("wl_output", sweep_server_wl_output_interface(), version: 4, excluded: []) { [unowned self] client, version, id in
            bindOutput(client: client, version: version, id: id)
            // A surface is on the only output there is.
            for surface in surfaces.values {
                if let resource = surface.resource, let output = outputs.last,
                   wl_resource_get_client(resource) == client { wl_surface_send_enter(resource, output) }
            }
        }
        return true
    }

    /// Sends the window a configure of `width` × `height` (0 × 0: the client
    /// picks); false when the window is not a toplevel.
    func configureWindow(width: Int32, height: Int32, states: [String] = ["activated"]) -> Bool {
        guard let toplevel = window as? Toplevel else { return false }
        toplevel.configure(width: width, height: height, states: states)
        return true
    }

    deinit {
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
    }

    /// The object behind the stateless globals' resources.
    let compositorObject = GlobalObject()

    /// Milliseconds since the compositor started: the time of every event.
    public var now: UInt32 { UInt32(truncatingIfNeeded: (sweep_monotonic_ns() - start) / 1_000_000) }

    /// Starts `client`: a connection over a socket pair, passed as WAYLAND_SOCKET.
    public func connect(clientFD: Int32) -> OpaquePointer? {
        client = wl_client_create(display, clientFD)
        if let client {
            // A client that quits (or breaks its connection) is destroyed by libwayland: the
            // pointer must not outlive it (`status` after a `close` read its resources, freed).
            CompositorServer.connected = self
            wl_client_add_destroy_listener(client, CompositorServer.clientDestroyed)
        }
        return client
    }

    private(set) var client: OpaquePointer?

    /// The server whose client the listener watches (one client per compositor process).
    nonisolated(unsafe) private static weak var connected: CompositorServer?
    nonisolated(unsafe) private static let clientDestroyed: UnsafeMutablePointer<wl_listener> = {
        let listener = UnsafeMutablePointer<wl_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_listener(link: wl_list(), notify: { _, _ in CompositorServer.connected?.client = nil }))
        return listener
    }()

    /// Drops the client's connection.
    public func disconnectClient() {
        guard let client else { return }
        self.client = nil
        wl_client_destroy(client)
    }

    /// Answers every committed frame callback (the compositor's "frame"), oldest
    /// surface first as a scene draws windows below their menus: the same order
    /// every run, not the dictionary's.
    public func answerFrameCallbacks() {
        let waiting = surfaces.values.filter { !$0.frameCallbacks.isEmpty }
        for surface in waiting.sorted(by: { $0.creationIndex < $1.creationIndex }) { surface.sendFrameDone(time: now) }
    }

    /// Runs the event loop for `milliseconds`, flushing clients and answering
    /// frame callbacks as a 60 Hz display would. With `waking`, the loop also
    /// wakes when that fd is readable (a pipe the condition reads), so a
    /// transfer goes as fast as the client writes, not a chunk per turn.
    public func dispatch(milliseconds: Double, waking fd: Int32? = nil, until condition: () -> Bool = { false }) {
        // The source only wakes the loop; the condition does the reading.
        let wake = fd.flatMap { wl_event_loop_add_fd(loop, $0, UInt32(WL_EVENT_READABLE), { _, _, _ in 0 }, nil) }
        defer { if let wake { wl_event_source_remove(wake) } }
        let deadline = sweep_monotonic_ns() + UInt64(max(0, milliseconds) * 1_000_000)
        repeat {
            wl_display_flush_clients(display)
            let clock = sweep_monotonic_ns()   // read once: a second read could pass the deadline and underflow
            let remaining = deadline > clock ? Int32(min((deadline - clock) / 1_000_000, 1000)) : 0
            wl_event_loop_dispatch(loop, min(remaining, 8))
            if !framesHeld { answerFrameCallbacks() }
            wl_display_flush_clients(display)
            if condition() { return }
        } while sweep_monotonic_ns() < deadline
    }

    // MARK: - Output

    func describeOutput(_ resource: WLResource) {
        wl_output_send_geometry(resource, 0, 0, 340, 270, Int32(WL_OUTPUT_SUBPIXEL_UNKNOWN.rawValue), "Sweep", "scripted", 0)
        wl_output_send_mode(resource, UInt32(WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue),
                            outputWidth * outputScale, outputHeight * outputScale, 60_000)
        if wl_resource_get_version(resource) >= 2 {
            wl_output_send_scale(resource, outputScale)
            wl_output_send_done(resource)
        }
    }

    /// Changes the output (a resize or a scale change) and reconfigures the window to fill it.
    public func setOutput(width: Int32, height: Int32, scale: Int32) {
        outputWidth = width
        outputHeight = height
        outputScale = scale
        for resource in outputs { describeOutput(resource) }
        for surface in surfaces.values {
            if let resource = surface.resource, let output = outputs.first(where: { wl_resource_get_client($0) == wl_resource_get_client(resource) }) {
                wl_surface_send_enter(resource, output)
            }
        }
        window?.outputChanged(width: width, height: height)
    }

    // MARK: - Surfaces and windows

    func surfaceCreated(_ surface: Surface) {
        surface.creationIndex = surfacesCreated
        surfacesCreated += 1
        surfaces[ObjectIdentifier(surface)] = surface
    }

    func surfaceGone(_ surface: Surface) {
        surfaces[ObjectIdentifier(surface)] = nil
    }

    func toplevelCreated(_ toplevel: Toplevel) {
        window = toplevel
        windows.append(toplevel)
        toplevel.surface.onCommit = { [weak self, weak toplevel] in
            guard let self, let toplevel, !toplevel.configured else { return }
            // The first (bufferless) commit asks for the first configure; tell the surface where it is.
            self.sendEnter(toplevel.surface)
            toplevel.configure(width: self.outputWidth, height: self.outputHeight)
            // A new window takes the focus, unless a script picked another since.
            if self.window === toplevel { for seat in self.seats { seat.focus(toplevel.surface, server: self) } }
        }
    }

    /// A layer surface takes the focus from the toplevel; it gets input once mapped.
    func layerSurfaceCreated(_ layer: LayerSurface) {
        window = layer
        windows.append(layer)
        for seat in seats { seat.unfocus() }
        layer.surface.onCommit = { [weak layer] in layer?.committed() }
    }

    /// The layer surface's first buffer: the seats focus it, the keyboard
    /// too unless it asked for no keyboard interactivity.
    func layerSurfaceMapped(_ layer: LayerSurface) {
        guard window === layer else { return }
        for seat in seats { seat.focus(layer.surface, server: self, keyboard: layer.takesKeyboard) }
    }

    /// Tells a surface it is on the output (its client's `wl_output`).
    func sendEnter(_ surface: Surface) {
        if let resource = surface.resource,
           let output = outputs.first(where: { wl_resource_get_client($0) == wl_resource_get_client(resource) }) {
            wl_surface_send_enter(resource, output)
        }
    }

    func windowGone(_ window: any ShellWindow) {
        windows.removeAll { $0 === window }
        guard self.window === window else { return }
        for seat in seats { seat.unfocus() }
        // The focus goes back to the newest window left, as on a desktop.
        self.window = windows.last
        if let next = windows.last, next.receivesInput {
            for seat in seats { seat.focus(next.surface, server: self, keyboard: next.takesKeyboard) }
        }
    }

    /// The number of windows the client has (mapped or not).
    var windowCount: Int { windows.count }

    /// Asks every window to close, newest first.
    func closeAllWindows() {
        for window in windows.reversed() { window.close() }
    }

    /// The number of the client's windows that have committed a buffer.
    public var mappedWindowCount: Int { windows.filter { $0.surface.hasContents }.count }

    /// Makes window `index` (0 is the oldest) the one scripts act on, and
    /// moves the seats' focus to it; false when there is no such window.
    func useWindow(_ index: Int) -> Bool {
        guard index >= 0 && index < windows.count else { return false }
        let chosen = windows[index]
        window = chosen
        if chosen.receivesInput {
            for seat in seats { seat.focus(chosen.surface, server: self, keyboard: chosen.takesKeyboard) }
        }
        return true
    }

    /// Whether the window has committed a buffer.
    public var isMapped: Bool { window?.surface.hasContents ?? false }

    /// The window's current pixels, straight-alpha RGBA, with its mapped
    /// popups drawn over it where they are.
    public var windowImage: PNGImage? {
        guard let window, let image = window.surface.image else { return nil }
        return composite(popupsOver: image, of: window.surface)
    }

    /// What the window's commits did with their damage since the last call.
    func takeWindowDamageStatistics() -> DamageStatistics {
        window?.surface.takeDamageStatistics() ?? DamageStatistics()
    }

    /// The size of what the window last committed, in surface pixels; nil before its first buffer.
    public var windowSize: (width: Int, height: Int)? { window?.surface.committedSize }

    /// What the window is: "xdg_toplevel", "zwlr_layer_surface_v1", or nil before one exists.
    public var windowRole: String? { window?.role }
}

/// The resource object of the stateless globals; requests find the server through it.
final class GlobalObject: ResourceOwner {
    weak var server: CompositorServer?
    func resourceDestroyed(_ resource: WLResource?) {
        guard let server, let resource else { return }
        server.outputs.removeAll { $0 == resource }
    }
}
