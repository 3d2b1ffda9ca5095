import CWaylandClient
import CWaylandProtocols
import Glibc
import ScriptedCompositor
import SweepEventLog

/// The tests' input method under sway: one `zwp_input_method_v2` on the
/// compositor's seat, playing a script's `textInput.*` steps as fcitx5 or
/// IBus would (preedit, commit, delete surrounding text, each applied by a
/// `commit` carrying the count of `done` events), and checking what the
/// focused text input tells it (surrounding text, cursor, content type).
final class InputMethodClient: InputDevice {
    private let display: OpaquePointer
    private let globals: WaylandGlobals
    private var seat: OpaquePointer?
    private var manager: OpaquePointer?
    private var inputMethod: OpaquePointer?

    /// What the compositor relays of the focused text input, pending until `done`.
    struct State {
        var active = false
        var surrounding: (text: String, cursor: Int, anchor: Int)?
        var cause = 0
        var hint = 0, purpose = 0
    }
    private var pending = State()
    private(set) var current = State()
    /// `done` events so far: the serial a commit carries.
    private var doneCount: UInt32 = 0
    private var unavailable = false

    init(display name: String?) throws(InputFailure) {
        display = try WaylandDisplay.connect(name)
        globals = WaylandGlobals(display: display)
        globals.announce = { [unowned self] name, interface, _ in global(name: name, interface: interface) }
        try WaylandDisplay.roundtrip(display)
        guard let seat, let manager else {
            throw InputFailure("the compositor \(seat == nil ? "has no seat" : "does not offer zwp_input_method_manager_v2")", status: 69)
        }
        inputMethod = zwp_input_method_manager_v2_get_input_method(manager, seat)
        zwp_input_method_v2_add_listener(inputMethod, Self.listener, Unmanaged.passUnretained(self).toOpaque())
        try WaylandDisplay.roundtrip(display)
        guard !unavailable else { throw InputFailure("another input method has the seat", status: 69) }
    }

    deinit {
        if let inputMethod { zwp_input_method_v2_destroy(inputMethod) }
        if let manager { zwp_input_method_manager_v2_destroy(manager) }
        if let seat { wl_proxy_destroy(seat) }
        globals.destroy()
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
    }

    private func global(name: UInt32, interface: String) {
        switch interface {
        case "wl_seat" where seat == nil:
            seat = globals.bind(name, sweep_wl_seat_interface(), version: 1)
        case "zwp_input_method_manager_v2":
            manager = globals.bind(name, sweep_zwp_input_method_manager_v2_interface(), version: 1)
        default:
            break
        }
    }

    // MARK: - Steps

    /// Reads events until `condition` holds or `milliseconds` pass; whether it held.
    func wait(milliseconds: Double, until condition: () -> Bool) throws(InputFailure) -> Bool {
        let deadline = Self.now + milliseconds
        while !condition() {
            let left = deadline - Self.now
            guard left > 0 else { return false }
            try readEvents(timeout: min(left, 50))
        }
        return true
    }

    /// Sends an update and commits it with the count of `done` events (less `stale`).
    func send(_ update: TextInputScriptUpdate) throws(InputFailure) {
        guard let inputMethod else { return }
        for _ in 0..<update.repeatCount {
            if let preedit = update.preedit {
                let count = preedit.utf8.count
                zwp_input_method_v2_set_preedit_string(inputMethod, preedit, Int32(update.cursor?[0] ?? count),
                                                       Int32(update.cursor?[1] ?? count))
            }
            if let delete = update.delete {
                zwp_input_method_v2_delete_surrounding_text(inputMethod, UInt32(delete[0]), UInt32(delete[1]))
            }
            if let bytes = update.bytes {
                var terminated = bytes.map { CChar(bitPattern: $0) }
                terminated.append(0)
                zwp_input_method_v2_commit_string(inputMethod, terminated)
            } else if let commit = update.commit {
                zwp_input_method_v2_commit_string(inputMethod, commit)
            }
            zwp_input_method_v2_commit(inputMethod, doneCount &- UInt32(update.stale))
            try WaylandDisplay.roundtrip(display)
        }
    }

    /// The state as one JSON line, as the scripted compositor's `textInput.status` writes it.
    func statusLine(line: Int) -> String {
        var fields = ["\"line\":\(line)", "\"enabled\":\(current.active)", "\"cause\":\(current.cause)",
                      "\"hint\":\(current.hint)", "\"purpose\":\(current.purpose)"]
        if let surrounding = current.surrounding {
            fields += ["\"text\":\(EventLog.quote(surrounding.text))", "\"cursor\":\(surrounding.cursor)", "\"anchor\":\(surrounding.anchor)"]
        }
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    private func readEvents(timeout milliseconds: Double) throws(InputFailure) {
        while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
        wl_display_flush(display)
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, Int32(max(1, milliseconds))) > 0 {
            guard wl_display_read_events(display) >= 0 else {
                throw InputFailure("the compositor closed the connection", status: 69)
            }
        } else {
            wl_display_cancel_read(display)
        }
        guard wl_display_dispatch_pending(display) >= 0 else { throw InputFailure("the compositor closed the connection", status: 69) }
    }

    private static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    // MARK: - InputDevice: an input method has no pointer or keys of its own

    func sync() throws(InputFailure) { try WaylandDisplay.roundtrip(display) }

    private func textOnly(_ what: String) -> InputFailure {
        InputFailure("an input method has no \(what): only text input steps go through --via input-method", status: 65)
    }

    func moveAbsolute(x: Double, y: Double) throws(InputFailure) { throw textOnly("pointer") }
    func moveRelative(dx: Double, dy: Double) throws(InputFailure) { throw textOnly("pointer") }
    func button(_ button: UInt32, pressed: Bool) throws(InputFailure) { throw textOnly("pointer") }
    func scroll(dx: Double, dy: Double, wheel: Bool) throws(InputFailure) { throw textOnly("pointer") }
    func key(_ code: UInt32, pressed: Bool) throws(InputFailure) { throw textOnly("keyboard") }
    func touchDown(id: UInt32, x: Double, y: Double) throws(InputFailure) { throw textOnly("touch screen") }
    func touchMove(id: UInt32, x: Double, y: Double) throws(InputFailure) { throw textOnly("touch screen") }
    func touchUp(id: UInt32) throws(InputFailure) { throw textOnly("touch screen") }
    func touchFrame() throws(InputFailure) { throw textOnly("touch screen") }
    func touchCancel() throws(InputFailure) { throw textOnly("touch screen") }

    // MARK: - Events

    private static func from(_ data: UnsafeMutableRawPointer?) -> InputMethodClient? {
        data.map { Unmanaged<InputMethodClient>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<zwp_input_method_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_input_method_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_input_method_v2_listener(
            activate: { data, _ in
                guard let client = from(data) else { return }
                client.pending = State()
                client.pending.active = true
            },
            deactivate: { data, _ in from(data)?.pending.active = false },
            surrounding_text: { data, _, text, cursor, anchor in
                let string = text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""
                from(data)?.pending.surrounding = (string, Int(cursor), Int(anchor))
            },
            text_change_cause: { data, _, cause in from(data)?.pending.cause = Int(cause) },
            content_type: { data, _, hint, purpose in
                from(data)?.pending.hint = Int(hint)
                from(data)?.pending.purpose = Int(purpose)
            },
            done: { data, _ in
                guard let client = from(data) else { return }
                client.current = client.pending
                client.doneCount &+= 1
            },
            unavailable: { data, _ in from(data)?.unavailable = true }
        ))
        return listener
    }()
}
