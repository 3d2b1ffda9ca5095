import CSweepSystem
import CWaylandClient
import CWaylandProtocols
import Glibc
import SweepXKB

/// One virtual keyboard (`zwp_virtual_keyboard_v1`, which sway and other
/// wlroots compositors offer) for as long as the tool runs: keys only.
///
/// Made once and kept, unlike a tool that makes a keyboard per run: sway
/// tears an old virtual keyboard down after its client has gone, and a new
/// keyboard made meanwhile could lose its keys with it.
///
/// The protocol leaves modifiers to the client, so this keeps its own xkb
/// state and sends the masks after every key.
final class VirtualKeyboardInput: InputDevice {
    private let display: OpaquePointer
    private let globals: WaylandGlobals
    private var seat: OpaquePointer?
    private var manager: OpaquePointer?
    private var keyboard: OpaquePointer?
    /// What the compositor has been told is held, for the modifier masks.
    private let state: Keyboard
    private var modifiers: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) = (0, 0, 0, 0)

    /// Connects to `WAYLAND_DISPLAY` (or `display`) and makes a keyboard with `keymap`'s layout.
    init(display name: String?, keymap: Keyboard) throws(InputFailure) {
        guard let state = try? Keyboard(keymapText: keymap.keymapText) else {
            throw InputFailure("cannot compile the keymap a second time", status: 69)
        }
        self.state = state
        display = try WaylandDisplay.connect(name)
        globals = WaylandGlobals(display: display)
        globals.announce = { [unowned self] name, interface, _ in global(name: name, interface: interface) }
        wl_display_roundtrip(display)
        guard let seat, let manager else {
            throw InputFailure("the compositor \(seat == nil ? "has no seat" : "does not offer zwp_virtual_keyboard_manager_v1")",
                               status: 69)   // deinit disconnects
        }
        keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat)
        try sendKeymap(keymap.keymapText)
        try sync()
    }

    deinit {
        if let keyboard { zwp_virtual_keyboard_v1_destroy(keyboard) }
        if let manager { wl_proxy_destroy(manager) }
        if let seat { wl_proxy_destroy(seat) }
        globals.destroy()
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
    }

    private func global(name: UInt32, interface: String) {
        switch interface {
        case "wl_seat" where seat == nil:
            seat = globals.bind(name, sweep_wl_seat_interface(), version: 1)
        case "zwp_virtual_keyboard_manager_v1":
            manager = globals.bind(name, sweep_zwp_virtual_keyboard_manager_v1_interface(), version: 1)
        default:
            break
        }
    }

    private func sendKeymap(_ text: String) throws(InputFailure) {
        let bytes = Array(text.utf8) + [0]
        let fd = sweep_memfd_create("sweep-input-keymap")
        guard fd >= 0 else { throw InputFailure("memfd_create failed: \(String(cString: strerror(errno)))", status: 69) }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw InputFailure("cannot write the keymap: \(String(cString: strerror(errno)))", status: 69) }
        zwp_virtual_keyboard_v1_keymap(keyboard, UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue), fd, UInt32(bytes.count))
    }

    func sync() throws(InputFailure) {
        try WaylandDisplay.roundtrip(display)
    }

    func key(_ code: UInt32, pressed: Bool) throws(InputFailure) {
        let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        zwp_virtual_keyboard_v1_key(keyboard, WaylandDisplay.milliseconds, code, UInt32(state.rawValue))
        let masks = self.state.updateKey(evdevCode: code, pressed: pressed)
        if masks != modifiers {
            modifiers = masks
            zwp_virtual_keyboard_v1_modifiers(keyboard, masks.depressed, masks.latched, masks.locked, masks.group)
        }
    }


    private func keysOnly(_ what: String) -> InputFailure {
        InputFailure("a virtual keyboard has no \(what): only key steps can go through --via virtual-keyboard", status: 65)
    }

    func moveAbsolute(x: Double, y: Double) throws(InputFailure) { throw keysOnly("pointer") }
    func moveRelative(dx: Double, dy: Double) throws(InputFailure) { throw keysOnly("pointer") }
    func button(_ button: UInt32, pressed: Bool) throws(InputFailure) { throw keysOnly("pointer") }
    func scroll(dx: Double, dy: Double, wheel: Bool) throws(InputFailure) { throw keysOnly("pointer") }
    func touchDown(id: UInt32, x: Double, y: Double) throws(InputFailure) { throw keysOnly("touch screen") }
    func touchMove(id: UInt32, x: Double, y: Double) throws(InputFailure) { throw keysOnly("touch screen") }
    func touchUp(id: UInt32) throws(InputFailure) { throw keysOnly("touch screen") }
    func touchFrame() throws(InputFailure) { throw keysOnly("touch screen") }
    func touchCancel() throws(InputFailure) { throw keysOnly("touch screen") }
}
