import CRemoteDesktop
import CSDBus
import Glibc

/// Input through mutter's remote-desktop D-Bus API (GNOME's compositor):
/// a session on the session bus with a screen-cast stream of the primary
/// monitor, which absolute pointer positions and touch points are given
/// in (mutter needs PipeWire running for the stream). Every call waits for
/// mutter's answer, so events arrive in order.
final class RemoteDesktopInput: InputDevice {
    private let bus: OpaquePointer
    private let session: String
    private let stream: String

    init() throws(InputFailure) {
        var opened: OpaquePointer?
        guard sd_bus_open_user(&opened) >= 0, let opened else {
            throw InputFailure("cannot connect to the session bus (DBUS_SESSION_BUS_ADDRESS) that mutter is on", status: 69)
        }
        bus = opened
        var sessionPath = [CChar](repeating: 0, count: 256), streamPath = [CChar](repeating: 0, count: 256)
        var error = [CChar](repeating: 0, count: 256)
        guard sweep_rd_open(bus, &sessionPath, &streamPath, &error) >= 0 else {
            sd_bus_flush_close_unref(bus)
            throw InputFailure("mutter's remote desktop refused: \(text(error))", status: 69)
        }
        session = text(sessionPath)
        stream = text(streamPath)
    }

    deinit {
        // mutter answers once an event is queued for its input thread, not delivered; stopping the
        // session removes its devices, which would cancel a touch whose lift is still queued.
        usleep(250_000)
        _ = sweep_rd_stop(bus, session)
        sd_bus_flush_close_unref(bus)
    }

    private func check(_ result: Int32, _ what: String) throws(InputFailure) {
        guard result >= 0 else {
            throw InputFailure("mutter did not take \(what): \(String(cString: strerror(-result)))", status: 69)
        }
    }

    func moveAbsolute(x: Double, y: Double) throws(InputFailure) {
        try check(sweep_rd_motion_absolute(bus, session, stream, x, y), "a pointer motion")
    }

    func moveRelative(dx: Double, dy: Double) throws(InputFailure) {
        try check(sweep_rd_motion_relative(bus, session, dx, dy), "a relative pointer motion")
    }

    func button(_ button: UInt32, pressed: Bool) throws(InputFailure) {
        try check(sweep_rd_button(bus, session, Int32(button), pressed), "a button")
    }

    func scroll(dx: Double, dy: Double, wheel: Bool) throws(InputFailure) {
        if wheel {
            // Whole notches, as a wheel gives them (15 a notch in scripts).
            if dy != 0 { try check(sweep_rd_axis_discrete(bus, session, 0, Int32((dy / 15).rounded())), "a wheel notch") }
            if dx != 0 { try check(sweep_rd_axis_discrete(bus, session, 1, Int32((dx / 15).rounded())), "a wheel notch") }
        } else {
            let finger: UInt32 = 4
            try check(sweep_rd_axis(bus, session, dx, dy, finger), "a scroll")
        }
    }

    func key(_ code: UInt32, pressed: Bool) throws(InputFailure) {
        try check(sweep_rd_key(bus, session, code, pressed), "a key")
    }

    func touchDown(id: UInt32, x: Double, y: Double) throws(InputFailure) {
        try check(sweep_rd_touch_down(bus, session, stream, id, x, y), "a touch")
    }

    func touchMove(id: UInt32, x: Double, y: Double) throws(InputFailure) {
        try check(sweep_rd_touch_motion(bus, session, stream, id, x, y), "a touch motion")
    }

    func touchUp(id: UInt32) throws(InputFailure) {
        try check(sweep_rd_touch_up(bus, session, id), "a touch up")
    }

    /// mutter's touch points are each their own event: nothing groups them.
    func touchFrame() {}
    /// There is no cancel; the script's touches are lifted by its own steps.
    func touchCancel() {}
    /// Every call already waited for mutter's answer.
    func sync() {}
}

/// The text of a NUL-terminated buffer a C call filled.
private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
