import CWaylandClient
import CWaylandProtocols
import Glibc

/// A connection to a running compositor that offers KWin's
/// `org_kde_kwin_fake_input` (version 4: pointer, touch and keys), through
/// which input is sent as if from a device. Coordinates are the
/// compositor's global, logical ones.
final class FakeInput: InputDevice {
    private let display: OpaquePointer
    private let globals: WaylandGlobals
    private var fakeInput: OpaquePointer?
    private(set) var offeredVersion: UInt32 = 0

    /// The version this tool needs: `keyboard_key` arrived in 4.
    static let neededVersion: UInt32 = 4

    /// Connects to `WAYLAND_DISPLAY` (or `display`), binds fake input and authenticates.
    init(display name: String?) throws(InputFailure) {
        display = try WaylandDisplay.connect(name)
        globals = WaylandGlobals(display: display)
        globals.announce = { [unowned self] name, interface, version in global(name: name, interface: interface, version: version) }
        wl_display_roundtrip(display)
        guard let fakeInput else {
            let detail = offeredVersion == 0 ? "does not offer org_kde_kwin_fake_input (KWin does, to clients it trusts; "
                + "KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 trusts all)" : "offers org_kde_kwin_fake_input version \(offeredVersion), and keys need 4"
            throw InputFailure("the compositor \(detail)", status: 69)   // deinit disconnects
        }
        org_kde_kwin_fake_input_authenticate(fakeInput, "sweep-input", "plays a test's input script")
        try sync()
    }

    deinit {
        if let fakeInput { wl_proxy_destroy(fakeInput) }
        globals.destroy()
        wl_display_disconnect(display)
    }

    private func global(name: UInt32, interface: String, version: UInt32) {
        guard interface == "org_kde_kwin_fake_input" else { return }
        offeredVersion = version
        guard version >= Self.neededVersion else { return }
        fakeInput = globals.bind(name, sweep_org_kde_kwin_fake_input_interface(), version: Self.neededVersion)
    }

    /// Waits until the compositor has handled everything sent so far; fails when it went away.
    func sync() throws(InputFailure) {
        try WaylandDisplay.roundtrip(display)
    }

    func moveRelative(dx: Double, dy: Double) {
        org_kde_kwin_fake_input_pointer_motion(fakeInput, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
    }

    func moveAbsolute(x: Double, y: Double) {
        org_kde_kwin_fake_input_pointer_motion_absolute(fakeInput, wl_fixed_from_double(x), wl_fixed_from_double(y))
    }

    /// `button`: an evdev code (0x110 left, 0x111 right, 0x112 middle).
    func button(_ button: UInt32, pressed: Bool) {
        org_kde_kwin_fake_input_button(fakeInput, button, pressed ? 1 : 0)
    }

    /// KWin's fake input has no wheel notches: every scroll is smooth, by pixels.
    func scroll(dx: Double, dy: Double, wheel: Bool) {
        if dy != 0 { org_kde_kwin_fake_input_axis(fakeInput, 0, wl_fixed_from_double(dy)) }
        if dx != 0 { org_kde_kwin_fake_input_axis(fakeInput, 1, wl_fixed_from_double(dx)) }
    }

    /// `code`: an evdev key code.
    func key(_ code: UInt32, pressed: Bool) {
        org_kde_kwin_fake_input_keyboard_key(fakeInput, code, pressed ? 1 : 0)
    }

    func touchDown(id: UInt32, x: Double, y: Double) {
        org_kde_kwin_fake_input_touch_down(fakeInput, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
    }

    func touchMove(id: UInt32, x: Double, y: Double) {
        org_kde_kwin_fake_input_touch_motion(fakeInput, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
    }

    func touchUp(id: UInt32) { org_kde_kwin_fake_input_touch_up(fakeInput, id) }
    func touchFrame() { org_kde_kwin_fake_input_touch_frame(fakeInput) }
    func touchCancel() { org_kde_kwin_fake_input_touch_cancel(fakeInput) }
}

/// Why the tool stopped, and its exit status (sysexits: 65 a bad script, 69 no usable compositor).
struct InputFailure: Error {
    let message: String
    let status: Int32
    init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}
