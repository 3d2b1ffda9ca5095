import CWaylandClient
import CWaylandProtocols
import Glibc
import SweepGeometry

/// One virtual pointer (`zwlr_virtual_pointer_v1`, which phoc, sway and
/// other wlroots compositors offer): pointer steps only. It taps an
/// on-screen keyboard (squeekboard takes a button press as a key press)
/// where no touch injection exists.
///
/// A step's x and y are the first output's logical coordinates, as in the
/// scripted compositor; they go through `motion_absolute` times the
/// output's scale, over its mode in device pixels.
final class VirtualPointerInput: InputDevice {
    private let display: OpaquePointer
    private let globals: WaylandGlobals
    private var seat: OpaquePointer?
    private var manager: OpaquePointer?
    private var output: OpaquePointer?
    private var pointer: OpaquePointer?
    /// The first output's mode (device pixels) and scale, as it announced them.
    private var mode = (width: Int32(0), height: Int32(0)), scale = Int32(1)

    /// Connects to `WAYLAND_DISPLAY` (or `display`) and makes a pointer on its first seat.
    init(display name: String?) throws(InputFailure) {
        display = try WaylandDisplay.connect(name)
        globals = WaylandGlobals(display: display)
        globals.announce = { [unowned self] name, interface, _ in global(name: name, interface: interface) }
        wl_display_roundtrip(display)
        guard let manager else {
            throw InputFailure("the compositor does not offer zwlr_virtual_pointer_manager_v1", status: 69)   // deinit disconnects
        }
        if let output { wl_output_add_listener(output, Self.outputListener, Unmanaged.passUnretained(self).toOpaque()) }
        wl_display_roundtrip(display)
        guard mode.width > 0, mode.height > 0 else { throw InputFailure("the compositor has no output to point at", status: 69) }
        pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat)
        try sync()
    }

    deinit {
        if let pointer { zwlr_virtual_pointer_v1_destroy(pointer) }
        if let manager { wl_proxy_destroy(manager) }
        if let output { wl_proxy_destroy(output) }
        if let seat { wl_proxy_destroy(seat) }
        globals.destroy()
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
    }

    private func global(name: UInt32, interface: String) {
        switch interface {
        case "wl_seat" where seat == nil:
            seat = globals.bind(name, sweep_wl_seat_interface(), version: 1)
        case "wl_output" where output == nil:
            output = globals.bind(name, sweep_wl_output_interface(), version: 2)
        case "zwlr_virtual_pointer_manager_v1":
            manager = globals.bind(name, sweep_zwlr_virtual_pointer_manager_v1_interface(), version: 1)
        default:
            break
        }
    }

    /// The output's size in device pixels, over which absolute positions are given (a logical
    /// position times the scale: a device pixel's precision). The output's transform is not
    /// read: a rotated output's positions would be wrong.
    private var extent: (width: UInt32, height: UInt32) {
        (UInt32(max(1, mode.width)), UInt32(max(1, mode.height)))
    }

    func sync() throws(InputFailure) {
        try WaylandDisplay.roundtrip(display)
    }

    func moveAbsolute(x: Double, y: Double) throws(InputFailure) {
        let extent = extent
        // On the output: a position beyond its edge is its edge.
        let scale = Double(max(1, scale))
        let px = min(UInt32(saturating: (x * scale).rounded()), extent.width - 1)
        let py = min(UInt32(saturating: (y * scale).rounded()), extent.height - 1)
        zwlr_virtual_pointer_v1_motion_absolute(pointer, WaylandDisplay.milliseconds, px, py, extent.width, extent.height)
        zwlr_virtual_pointer_v1_frame(pointer)
    }

    func moveRelative(dx: Double, dy: Double) throws(InputFailure) {
        zwlr_virtual_pointer_v1_motion(pointer, WaylandDisplay.milliseconds, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
        zwlr_virtual_pointer_v1_frame(pointer)
    }

    func button(_ button: UInt32, pressed: Bool) throws(InputFailure) {
        let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        zwlr_virtual_pointer_v1_button(pointer, WaylandDisplay.milliseconds, button, UInt32(state.rawValue))
        zwlr_virtual_pointer_v1_frame(pointer)
    }

    func scroll(dx: Double, dy: Double, wheel: Bool) throws(InputFailure) {
        let source = wheel ? WL_POINTER_AXIS_SOURCE_WHEEL : WL_POINTER_AXIS_SOURCE_FINGER
        zwlr_virtual_pointer_v1_axis_source(pointer, UInt32(source.rawValue))
        for (axis, value) in [(WL_POINTER_AXIS_VERTICAL_SCROLL, dy), (WL_POINTER_AXIS_HORIZONTAL_SCROLL, dx)] where value != 0 {
            if wheel {
                zwlr_virtual_pointer_v1_axis_discrete(pointer, WaylandDisplay.milliseconds, UInt32(axis.rawValue), wl_fixed_from_double(value),
                                                      Int32(saturating: (value / 15).rounded()))
            } else {
                zwlr_virtual_pointer_v1_axis(pointer, WaylandDisplay.milliseconds, UInt32(axis.rawValue), wl_fixed_from_double(value))
            }
        }
        zwlr_virtual_pointer_v1_frame(pointer)
    }

    private func pointerOnly(_ what: String) -> InputFailure {
        InputFailure("a virtual pointer has no \(what): only pointer steps can go through --via virtual-pointer", status: 65)
    }

    func key(_ code: UInt32, pressed: Bool) throws(InputFailure) { throw pointerOnly("keys") }
    func touchDown(id: UInt32, x: Double, y: Double) throws(InputFailure) { throw pointerOnly("touch screen") }
    func touchMove(id: UInt32, x: Double, y: Double) throws(InputFailure) { throw pointerOnly("touch screen") }
    func touchUp(id: UInt32) throws(InputFailure) { throw pointerOnly("touch screen") }
    func touchFrame() throws(InputFailure) { throw pointerOnly("touch screen") }
    func touchCancel() throws(InputFailure) { throw pointerOnly("touch screen") }



    /// wl_output version 2: its current mode and its scale (geometry and done ignored).
    nonisolated(unsafe) private static let outputListener: UnsafeMutablePointer<wl_output_listener> = {
        let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { data, _, flags, width, height, _ in
                guard let data, flags & UInt32(WL_OUTPUT_MODE_CURRENT.rawValue) != 0 else { return }
                Unmanaged<VirtualPointerInput>.fromOpaque(data).takeUnretainedValue().mode = (width, height)
            },
            done: { _, _ in },
            scale: { data, _, factor in
                guard let data else { return }
                Unmanaged<VirtualPointerInput>.fromOpaque(data).takeUnretainedValue().scale = factor
            },
            name: nil,
            description: nil
        ))
        return listener
    }()
}
