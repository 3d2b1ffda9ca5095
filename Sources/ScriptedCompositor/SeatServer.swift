import CSweepSystem
import CWaylandServer
import Glibc
import SweepXKB

/// The seat: a pointer, a keyboard with a real xkb keymap (sent as a sealed
/// memfd), and a touchscreen, all focused on the client's window.
final class SeatServer: ResourceOwner {
    weak var server: CompositorServer?
    private var seats: [WLResource] = []
    private var pointers: [WLResource] = []
    private var keyboards: [WLResource] = []
    private var touches: [WLResource] = []
    private(set) var focused: Surface?
    /// Whether the keyboard follows `focused` (a layer surface may want none).
    private var keyboardFocused = false
    private var pointerInside = false
    private(set) var keyboard: Keyboard?
    private var keymapText: String
    private var pressedKeys: [UInt32] = []
    /// What the seat has now (`wl_seat.capabilities`): devices come and go.
    private var capabilities = WL_SEAT_CAPABILITY_POINTER.rawValue | WL_SEAT_CAPABILITY_KEYBOARD.rawValue
        | WL_SEAT_CAPABILITY_TOUCH.rawValue

    /// Unplugs or plugs back the pointer, keyboard and touchscreen: every
    /// bound seat hears the new capabilities. A pointer plugged back enters
    /// the surface on its next motion.
    func setCapabilities(pointer: Bool, keyboard: Bool, touch: Bool) {
        capabilities = (pointer ? WL_SEAT_CAPABILITY_POINTER.rawValue : 0) | (keyboard ? WL_SEAT_CAPABILITY_KEYBOARD.rawValue : 0)
            | (touch ? WL_SEAT_CAPABILITY_TOUCH.rawValue : 0)
        if !pointer { pointerInside = false }
        for seat in seats { wl_seat_send_capabilities(seat, capabilities) }
    }

    /// `wl_seat.name`.
    let name: String

    init(name: String) {
        self.name = name
        keyboard = try? Keyboard(defaultLayout: ())
        keymapText = keyboard?.keymapText ?? ""
    }

    func resourceDestroyed(_ resource: WLResource?) {
        guard let resource else { return }
        seats.removeAll { $0 == resource }
        pointers.removeAll { $0 == resource }
        keyboards.removeAll { $0 == resource }
        touches.removeAll { $0 == resource }
    }

    func bind(client: OpaquePointer?, version: UInt32, id: UInt32, server: CompositorServer) {
        self.server = server
        guard let resource = Resource.create(client: client, interface: sweep_server_wl_seat_interface(), version: version,
                                             id: id, requests: SeatServer.seatRequests, object: self) else { return }
        seats.append(resource)
        wl_seat_send_capabilities(resource, capabilities)
        if version >= 2 { wl_seat_send_name(resource, name) }
    }

    private var serial: UInt32 { server.map { wl_display_next_serial($0.display) } ?? 0 }
    private var time: UInt32 { server?.now ?? 0 }

    /// Resources of `list` that belong to the focused surface's client.
    func resourcesForFocus(_ list: [WLResource]) -> [WLResource] { forFocus(list) }

    private func forFocus(_ list: [WLResource]) -> [WLResource] {
        guard let surface = focused?.resource else { return [] }
        let client = wl_resource_get_client(surface)
        return list.filter { wl_resource_get_client($0) == client }
    }

    // MARK: Keyboard

    private func sendKeymap(_ resource: WLResource) {
        let bytes = Array(keymapText.utf8) + [0]
        let fd = sweep_memfd_create("sweep-keymap")
        guard fd >= 0 else { return }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { return }
        _ = sweep_memfd_seal(fd)
        wl_keyboard_send_keymap(resource, UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue), fd, UInt32(bytes.count))
        if wl_resource_get_version(resource) >= 4 { wl_keyboard_send_repeat_info(resource, 25, 600) }
    }

    /// Compiles the keymap of xkb `layouts` and sends it to every keyboard
    /// (keys still held are released first); false when xkb cannot compile it.
    func useKeymap(layouts: String) -> Bool {
        guard let replacement = try? Keyboard(layouts: layouts) else { return false }
        for code in pressedKeys { _ = key(code: code, pressed: false) }
        keyboard = replacement
        keymapText = replacement.keymapText
        for resource in keyboards { sendKeymap(resource) }
        return true
    }

    /// What is wrong with a keymap a hostile compositor sends.
    enum KeymapFault: String, CaseIterable {
        /// A file shorter than the size announced: mapping it whole faults on reading.
        case short
        /// A pipe: nothing to map.
        case pipe
        /// Text that is no keymap.
        case garbage
    }

    /// Sends every keyboard a keymap with `fault` instead of a good one.
    func sendBadKeymap(_ fault: KeymapFault) {
        for resource in keyboards {
            var fds: [Int32] = [-1, -1]
            let format = UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue)
            switch fault {
            case .short, .garbage:
                let fd = sweep_memfd_create("sweep-bad-keymap")
                guard fd >= 0 else { continue }
                let text = Array((fault == .short ? "xkb_keymap {" : "this is not a keymap at all").utf8)
                _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                wl_keyboard_send_keymap(resource, format, fd, UInt32(fault == .short ? 65536 : text.count))
                close(fd)
            case .pipe:
                guard sweep_pipe_cloexec(&fds) == 0 else { continue }
                wl_keyboard_send_keymap(resource, format, fds[0], 4096)
                close(fds[0])
                close(fds[1])
            }
        }
    }

    /// Pointer and touch go to `surface`, and the keyboard unless `keyboard` is false.
    func focus(_ surface: Surface, server: CompositorServer, keyboard: Bool = true) {
        self.server = server
        if let previous = focused, previous !== surface { leave(previous) }
        focused = surface
        keyboardFocused = keyboard
        guard keyboard, let resource = surface.resource else { return }
        for keyboard in forFocus(keyboards) {
            var keys = wl_array()
            wl_array_init(&keys)
            wl_keyboard_send_enter(keyboard, serial, resource, &keys)
            wl_array_release(&keys)
            wl_keyboard_send_modifiers(keyboard, serial, 0, 0, 0, 0)
        }
    }

    /// Tells the client the pointer and keyboard left `surface` (another
    /// window takes the focus), as a compositor does.
    private func leave(_ surface: Surface) {
        guard let resource = surface.resource else { return }
        if pointerInside {
            for pointer in forFocus(pointers) {
                wl_pointer_send_leave(pointer, serial, resource)
                pointerFrame(pointer)
            }
        }
        if keyboardFocused {
            for keyboard in forFocus(keyboards) { wl_keyboard_send_leave(keyboard, serial, resource) }
        }
        pointerInside = false
    }

    /// The pointer leaves the focused window; the next move enters it again.
    func pointerLeave() {
        guard let surface = focused?.resource, pointerInside else { return }
        for pointer in forFocus(pointers) {
            wl_pointer_send_leave(pointer, serial, surface)
            pointerFrame(pointer)
        }
        pointerInside = false
    }

    func unfocus() {
        focused = nil
        keyboardFocused = false
        pointerInside = false
    }

    /// Presses or releases the key that types keysym `name`; false when the keymap has no such key.
    func key(named name: String, pressed: Bool) -> Bool {
        guard let keyboard, let (code, _) = keyboard.evdevCode(forKeysymNamed: name) else { return false }
        return key(code: code, pressed: pressed)
    }

    private func key(code: UInt32, pressed: Bool) -> Bool {
        guard let keyboard else { return false }
        if pressed { pressedKeys.append(code) } else { pressedKeys.removeAll { $0 == code } }
        let mods = keyboard.updateKey(evdevCode: code, pressed: pressed)
        for resource in forFocus(keyboards) where keyboardFocused {
            wl_keyboard_send_key(resource, serial, time, code,
                                 pressed ? WL_KEYBOARD_KEY_STATE_PRESSED.rawValue : WL_KEYBOARD_KEY_STATE_RELEASED.rawValue)
            wl_keyboard_send_modifiers(resource, serial, mods.depressed, mods.latched, mods.locked, mods.group)
        }
        return true
    }

    // MARK: Pointer

    private func pointerFrame(_ resource: WLResource) {
        if wl_resource_get_version(resource) >= 5 { wl_pointer_send_frame(resource) }
    }

    func pointerMove(x: Double, y: Double) {
        guard let surface = focused?.resource else { return }
        for pointer in forFocus(pointers) {
            if !pointerInside {
                wl_pointer_send_enter(pointer, serial, surface, wl_fixed_from_double(x), wl_fixed_from_double(y))
            } else {
                wl_pointer_send_motion(pointer, time, wl_fixed_from_double(x), wl_fixed_from_double(y))
            }
            pointerFrame(pointer)
        }
        pointerInside = true
    }

    func pointerButton(_ button: UInt32, pressed: Bool) {
        for pointer in forFocus(pointers) {
            wl_pointer_send_button(pointer, serial, time, button,
                                   pressed ? WL_POINTER_BUTTON_STATE_PRESSED.rawValue : WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
            pointerFrame(pointer)
        }
    }

    /// Scrolls; wheel steps of 15 px also send discrete notches (value120 / axis_discrete).
    func pointerAxis(dx: Double, dy: Double, source: String) {
        let sourceValue: UInt32
        switch source {
        case "finger": sourceValue = WL_POINTER_AXIS_SOURCE_FINGER.rawValue
        case "continuous": sourceValue = WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue
        case "wheelTilt": sourceValue = WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue
        default: sourceValue = WL_POINTER_AXIS_SOURCE_WHEEL.rawValue
        }
        for pointer in forFocus(pointers) {
            let version = wl_resource_get_version(pointer)
            if version >= 5 { wl_pointer_send_axis_source(pointer, sourceValue) }
            for (axis, value) in [(WL_POINTER_AXIS_VERTICAL_SCROLL, dy), (WL_POINTER_AXIS_HORIZONTAL_SCROLL, dx)] where value != 0 {
                if source == "wheel" {
                    let value120 = Int32((value / 15 * 120).rounded())
                    if version >= 8 {
                        wl_pointer_send_axis_value120(pointer, axis.rawValue, value120)
                    } else if version >= 5 {
                        wl_pointer_send_axis_discrete(pointer, axis.rawValue, value120 / 120)
                    }
                }
                wl_pointer_send_axis(pointer, time, axis.rawValue, wl_fixed_from_double(value))
            }
            pointerFrame(pointer)
        }
    }

    func pointerAxisStop() {
        for pointer in forFocus(pointers) where wl_resource_get_version(pointer) >= 5 {
            wl_pointer_send_axis_stop(pointer, time, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue)
            wl_pointer_send_axis_stop(pointer, time, WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue)
            pointerFrame(pointer)
        }
    }

    // MARK: Touch

    func touchDown(id: Int32, x: Double, y: Double, frame: Bool) {
        guard let surface = focused?.resource else { return }
        for touch in forFocus(touches) {
            wl_touch_send_down(touch, serial, time, surface, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
            if frame { wl_touch_send_frame(touch) }
        }
    }

    func touchMove(id: Int32, x: Double, y: Double, frame: Bool) {
        for touch in forFocus(touches) {
            wl_touch_send_motion(touch, time, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
            if frame { wl_touch_send_frame(touch) }
        }
    }

    func touchUp(id: Int32, frame: Bool) {
        for touch in forFocus(touches) {
            wl_touch_send_up(touch, serial, time, id)
            if frame { wl_touch_send_frame(touch) }
        }
    }

    func touchFrame() {
        for touch in forFocus(touches) { wl_touch_send_frame(touch) }
    }

    func touchCancel() {
        for touch in forFocus(touches) { wl_touch_send_cancel(touch) }
    }

    // MARK: Requests

    private func created(_ resource: WLResource?, into list: ReferenceWritableKeyPath<SeatServer, [WLResource]>) {
        if let resource { self[keyPath: list].append(resource) }
    }

    nonisolated(unsafe) static let seatRequests = requestTable(sweep_wl_seat_requests(
        get_pointer: { client, resource, id in
            guard let seat = Resource.object(resource, as: SeatServer.self) else { return }
            let pointer = Resource.create(client: client, interface: sweep_server_wl_pointer_interface(),
                                          version: UInt32(wl_resource_get_version(resource)), id: id,
                                          requests: SeatServer.pointerRequests, object: seat)
            seat.created(pointer, into: \.pointers)
        },
        get_keyboard: { client, resource, id in
            guard let seat = Resource.object(resource, as: SeatServer.self) else { return }
            let keyboard = Resource.create(client: client, interface: sweep_server_wl_keyboard_interface(),
                                           version: UInt32(wl_resource_get_version(resource)), id: id,
                                           requests: SeatServer.keyboardRequests, object: seat)
            seat.created(keyboard, into: \.keyboards)
            if let keyboard {
                seat.sendKeymap(keyboard)
                if let focused = seat.focused, let server = seat.server {
                    seat.focus(focused, server: server, keyboard: seat.keyboardFocused)
                }
            }
        },
        get_touch: { client, resource, id in
            guard let seat = Resource.object(resource, as: SeatServer.self) else { return }
            let touch = Resource.create(client: client, interface: sweep_server_wl_touch_interface(),
                                        version: UInt32(wl_resource_get_version(resource)), id: id,
                                        requests: SeatServer.touchRequests, object: seat)
            seat.created(touch, into: \.touches)
        },
        release: Resource.destroy
    ))

    nonisolated(unsafe) static let pointerRequests = requestTable(sweep_wl_pointer_requests(
        set_cursor: { _, _, _, _, _, _ in },
        release: Resource.destroy
    ))

    nonisolated(unsafe) static let keyboardRequests = requestTable(sweep_wl_keyboard_requests(
        release: Resource.destroy
    ))

    nonisolated(unsafe) static let touchRequests = requestTable(sweep_wl_touch_requests(
        release: Resource.destroy
    ))
}
