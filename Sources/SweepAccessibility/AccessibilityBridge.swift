import CSDBus
import Glibc

/// The app on the AT-SPI2 accessibility bus: it finds the bus (the session
/// bus's `org.a11y.Bus`, or `AT_SPI_BUS_ADDRESS`), serves `root` and every
/// live `AccessibleObject` under `/org/a11y/atspi/accessible`, registers
/// with the registry (`Socket.Embed`), and sends the events screen readers
/// follow.
///
/// Nothing blocks: every call is asynchronous, and the owner polls `fd`
/// for `pollEvents` (until `timeoutMilliseconds`) in its own loop and
/// calls `process()`. With no accessibility bus, or accessibility off
/// (`org.a11y.Status.IsEnabled` false), it goes quiet and costs nothing.
/// `SWEEP_ACCESSIBILITY=1` turns it on without asking, `=0` off.
@MainActor
public final class AccessibilityBridge {
    /// What `SWEEP_ACCESSIBILITY` says.
    public enum Mode: Sendable { case auto, on, off }

    /// The application object: its children are the app's windows (frames).
    public let root: AccessibleObject
    /// Where the bridge is: looking for the bus, serving on it, or given up.
    public enum Phase: Equatable, Sendable { case looking, serving, off(String) }
    public private(set) var phase = Phase.looking
    /// Called when `phase` changes (the fd to poll changes with it).
    public var onPhaseChange: ((Phase) -> Void)?

    private let mode: Mode
    /// The session bus while the accessibility bus is being found.
    private var session: OpaquePointer?
    /// The accessibility bus once found.
    private(set) var serviceBus: OpaquePointer?
    private var slots: [OpaquePointer?] = []
    private var callbacks: UnsafeMutablePointer<sweep_a11y_callbacks>?
    /// The registry's desktop, the root's parent, and the id it gave the app.
    var desktop = (name: "", path: AccessibilityBridge.nullPath)
    var applicationID: Int32 = 0
    private(set) var uniqueName = ""
    /// How many times the registry went away and the app embedded again.
    public private(set) var registryRestarts = 0
    /// The notification announcements are spoken through (`announce`).
    var announcer: AccessibleObject?
    /// Keys reported to the registry, by their calls' cookies: who hears each answer.
    var keyAnswers: [UInt64: @MainActor (Bool) -> Void] = [:]

    /// The window last activated and the object last focused, announced
    /// again once the registry knows the app.
    weak var activeFrame: AccessibleObject?
    weak var focusedObject: AccessibleObject?

    static let nullPath = "/org/a11y/atspi/null"
    static let prefix = "/org/a11y/atspi/accessible"
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let cachePath = "/org/a11y/atspi/cache"

    /// `SWEEP_ACCESSIBILITY`: 1 / on / yes, 0 / off / no, else auto.
    public static var modeFromEnvironment: Mode {
        switch getenv("SWEEP_ACCESSIBILITY").map({ String(cString: $0).lowercased() }) {
        case "1", "on", "yes", "true": .on
        case "0", "off", "no", "false": .off
        default: .auto
        }
    }

    public init(applicationName: String, mode: Mode = AccessibilityBridge.modeFromEnvironment) {
        root = AccessibleObject(role: .application)
        root.name = { applicationName }
        self.mode = mode
    }

    isolated deinit {
        close()
    }

    /// Starts looking for the accessibility bus (asynchronously).
    public func start() {
        guard mode != .off else { return finish(.off("SWEEP_ACCESSIBILITY=0")) }
        if let address = getenv("AT_SPI_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty {
            return connect(to: address)
        }
        var session: OpaquePointer?
        guard sd_bus_open_user(&session) >= 0, let session else { return finish(.off("no session bus")) }
        self.session = session
        let context = Unmanaged.passUnretained(self).toOpaque()
        var slot: OpaquePointer?
        // Whether org.a11y.Bus has an owner first: asking it anything would D-Bus-activate the launcher.
        guard sweep_a11y_name_has_owner(session, &slot, { message, context, _ in
            AccessibilityBridge.onLoop(message, context) { bridge, message in bridge.ownerAnswered(message) }
            return 0
        }, context) >= 0 else { return finish(.off("the session bus refused a call")) }
        slots.append(slot)
    }

    private func ownerAnswered(_ message: OpaquePointer) {
        guard sd_bus_message_is_method_error(message, nil) == 0, BusMessage(message: message).readBool() == true,
              let session else { return finish(.off("no accessibility bus (org.a11y.Bus has no owner)")) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        var slot: OpaquePointer?
        if mode == .on {
            _ = sweep_a11y_get_address(session, &slot, Self.addressAnswered, context)
        } else {
            _ = sweep_a11y_is_enabled(session, &slot, { message, context, _ in
                AccessibilityBridge.onLoop(message, context) { bridge, message in bridge.enabledAnswered(message) }
                return 0
            }, context)
        }
        slots.append(slot)
    }

    private func enabledAnswered(_ message: OpaquePointer) {
        let reader = BusMessage(message: message)
        guard sd_bus_message_is_method_error(message, nil) == 0, reader.enterVariant("b"), reader.readBool() == true,
              let session else { return finish(.off("accessibility is off (org.a11y.Status.IsEnabled)")) }
        var slot: OpaquePointer?
        _ = sweep_a11y_get_address(session, &slot, Self.addressAnswered, Unmanaged.passUnretained(self).toOpaque())
        slots.append(slot)
    }

    private static let addressAnswered: sd_bus_message_handler_t = { message, context, _ in
        onLoop(message, context) { bridge, message in
            guard sd_bus_message_is_method_error(message, nil) == 0, let address = BusMessage(message: message).readString() else {
                return bridge.finish(.off("org.a11y.Bus gave no address"))
            }
            bridge.connect(to: address)
        }
        return 0
    }

    /// Runs `body` with the bridge of a callback's context. sd-bus calls back
    /// from `sd_bus_process`, which runs on the loop's (the main) thread.
    nonisolated static func onLoop(_ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                                   _ body: @MainActor (AccessibilityBridge, OpaquePointer) -> Void) {
        guard let message, let context else { return }
        let messageBits = Int(bitPattern: message), contextBits = Int(bitPattern: context)
        MainActor.assumeIsolated {
            let bridge = Unmanaged<AccessibilityBridge>.fromOpaque(UnsafeMutableRawPointer(bitPattern: contextBits)!).takeUnretainedValue()
            body(bridge, OpaquePointer(bitPattern: messageBits)!)
        }
    }

    /// Opens the accessibility bus at `address`, serves the objects and registers.
    private func connect(to address: String) {
        var bus: OpaquePointer?
        guard sd_bus_new(&bus) >= 0, let bus else { return finish(.off("sd_bus_new failed")) }
        serviceBus = bus
        guard address.withCString({ sd_bus_set_address(bus, $0) }) >= 0, sd_bus_set_bus_client(bus, 1) >= 0,
              sd_bus_start(bus) >= 0 else { return finish(.off("cannot connect to the accessibility bus at \(address)")) }
        var name: UnsafePointer<CChar>?
        if sd_bus_get_unique_name(bus, &name) >= 0, let name { uniqueName = String(cString: name) }
        export(on: bus)
        var slot: OpaquePointer?
        _ = sweep_a11y_embed(bus, &slot, uniqueName, Self.rootPath, { message, context, _ in
            AccessibilityBridge.onLoop(message, context) { bridge, message in bridge.embedded(message) }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        slots.append(slot)
        watchRegistry(on: bus)
        // The session bus is done with.
        if let session { sd_bus_flush_close_unref(session) }
        session = nil
        phase = .serving
        onPhaseChange?(phase)
    }

    /// A registry that goes away (restarted, crashed) forgets the app: embed
    /// again, which also starts a new one (the registry is D-Bus activated).
    private func watchRegistry(on bus: OpaquePointer) {
        var slot: OpaquePointer?
        _ = sd_bus_match_signal(bus, &slot, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                "NameOwnerChanged", { message, context, _ in
            AccessibilityBridge.onLoop(message, context) { bridge, message in bridge.nameOwnerChanged(message) }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        slots.append(slot)
    }

    private func nameOwnerChanged(_ message: OpaquePointer) {
        let reader = BusMessage(message: message)
        guard reader.readString() == "org.a11y.atspi.Registry", let _ = reader.readString(), reader.readString() == "",
              let bus = serviceBus else { return }
        registryRestarts += 1
        var slot: OpaquePointer?
        _ = sweep_a11y_embed(bus, &slot, uniqueName, Self.rootPath, { message, context, _ in
            AccessibilityBridge.onLoop(message, context) { bridge, message in bridge.embedded(message) }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        slots.append(slot)
    }

    /// The registry's answer to Embed: the desktop, the root's parent.
    private func embedded(_ message: OpaquePointer) {
        let reader = BusMessage(message: message)
        guard sd_bus_message_is_method_error(message, nil) == 0, reader.enterStruct("so"), let name = reader.readString() else { return }
        var path: UnsafePointer<CChar>?
        if sd_bus_message_read_basic(message, CChar(UInt8(ascii: "o")), &path) > 0, let path {
            desktop = (name, String(cString: path))
        }
        announceActiveWindowAndFocus()
    }

    private func export(on bus: OpaquePointer) {
        let callbacks = UnsafeMutablePointer<sweep_a11y_callbacks>.allocate(capacity: 1)
        callbacks.initialize(to: sweep_a11y_callbacks(
            method: { message, context, _ in
                guard let message, let context else { return 0 }
                return MainActor.assumeIsolated {
                    Unmanaged<AccessibilityBridge>.fromOpaque(context).takeUnretainedValue().handleMethod(message)
                }
            },
            property: { path, interface, property, reply, context in
                guard let path, let interface, let property, let reply, let context else { return -EINVAL }
                return MainActor.assumeIsolated {
                    Unmanaged<AccessibilityBridge>.fromOpaque(context).takeUnretainedValue()
                        .property(String(cString: path), String(cString: interface), String(cString: property), into: reply)
                }
            },
            set_property: { path, _, property, value, context in
                guard let path, let property, let value, let context else { return -EINVAL }
                return MainActor.assumeIsolated {
                    Unmanaged<AccessibilityBridge>.fromOpaque(context).takeUnretainedValue()
                        .setProperty(String(cString: path), String(cString: property), from: value)
                }
            },
            find: { path, interface, context in
                guard let path, let interface, let context else { return 0 }
                return MainActor.assumeIsolated {
                    Unmanaged<AccessibilityBridge>.fromOpaque(context).takeUnretainedValue()
                        .has(path: String(cString: path), interface: String(cString: interface)) ? 1 : 0
                }
            },
            context: Unmanaged.passUnretained(self).toOpaque()))
        self.callbacks = callbacks
        let vtables: [(String, UnsafePointer<sd_bus_vtable>)] = [
            ("org.a11y.atspi.Accessible", sweep_a11y_accessible_vtable_pointer()),
            ("org.a11y.atspi.Application", sweep_a11y_application_vtable_pointer()),
            ("org.a11y.atspi.Selection", sweep_a11y_selection_vtable_pointer()),
            ("org.a11y.atspi.Action", sweep_a11y_action_vtable_pointer()),
            ("org.a11y.atspi.Component", sweep_a11y_component_vtable_pointer()),
            ("org.a11y.atspi.Text", sweep_a11y_text_vtable_pointer()),
            ("org.a11y.atspi.EditableText", sweep_a11y_editable_text_vtable_pointer()),
            ("org.a11y.atspi.Table", sweep_a11y_table_vtable_pointer()),
            ("org.a11y.atspi.TableCell", sweep_a11y_table_cell_vtable_pointer()),
            ("org.a11y.atspi.Value", sweep_a11y_value_vtable_pointer()),
        ]
        for (interface, vtable) in vtables {
            var slot: OpaquePointer?
            _ = sd_bus_add_fallback_vtable(bus, &slot, Self.prefix, interface, vtable, sweep_a11y_find, callbacks)
            slots.append(slot)
        }
        var slot: OpaquePointer?
        _ = sd_bus_add_object_vtable(bus, &slot, Self.cachePath, "org.a11y.atspi.Cache",
                                     sweep_a11y_cache_vtable_pointer(), callbacks)
        slots.append(slot)
    }

    private func finish(_ phase: Phase) {
        close()
        // Keys waiting for a registry that is gone go to the app.
        let answers = keyAnswers.values
        keyAnswers.removeAll()
        for answer in answers { answer(false) }
        self.phase = phase
        onPhaseChange?(phase)
    }

    private func close() {
        for slot in slots { if let slot { sd_bus_slot_unref(slot) } }
        slots.removeAll()
        if let serviceBus { sd_bus_flush_close_unref(serviceBus) }
        if let session { sd_bus_flush_close_unref(session) }
        serviceBus = nil
        session = nil
        if let callbacks {
            callbacks.deinitialize(count: 1)
            callbacks.deallocate()
        }
        callbacks = nil
    }

    // MARK: - The loop

    private var active: OpaquePointer? { serviceBus ?? session }

    /// The connection's fd to poll; -1 when there is none.
    public var fd: Int32 { active.map { sd_bus_get_fd($0) } ?? -1 }

    /// The poll events the connection waits for now.
    public var pollEvents: Int16 {
        guard let active else { return 0 }
        let events = sd_bus_get_events(active)
        return events < 0 ? 0 : Int16(truncatingIfNeeded: events)
    }

    /// How long until the connection needs `process()` without input (a call's timeout); nil for never.
    public var timeoutMilliseconds: Double? {
        guard let active else { return nil }
        var deadline: UInt64 = 0
        guard sd_bus_get_timeout(active, &deadline) >= 0, deadline != UInt64.max else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let micros = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        return deadline > micros ? Double(deadline - micros) / 1000 : 0
    }

    /// Handles what the connection has ready. A connection that broke ends the bridge.
    public func process() {
        while let connection = active {
            let result = sd_bus_process(connection, nil)
            if result < 0 { return finish(.off("the bus closed the connection (\(String(cString: strerror(-result))))")) }
            if result == 0 { return }
        }
    }
}
