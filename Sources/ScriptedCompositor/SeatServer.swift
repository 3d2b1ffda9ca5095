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
    /// The surface the pointer is in (the window or a popup of it) and that
    /// surface's top-left in the window's coordinates; the latest position.
    private var pointerTarget: (surface: Surface, dx: Double, dy: Double)?
    private var pointerPosition: (x: Double, y: Double)?
    /// The surface each touch went down on, and its top-left in the window's coordinates.
    private var touchTargets: [Int32: (surface: Surface, dx: Double, dy: Double)] = [:]
    private var touchPositions: [Int32: (x: Double, y: Double)] = [:]
    private var buttonsDown: Set<UInt32> = []
    /// The surface the keyboards entered: the window, or a popup that grabbed.
    private var keyboardSurface: Surface?
    /// The modifiers of the keys held, as last sent.
    private var heldModifiers: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) = (0, 0, 0, 0)
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
        guard keyboard else { return }
        keyboardSurface = nil
        enterKeyboard(server.keyboardSurface(for: surface))
    }

    /// Sends the keyboards' enter for `surface` (and the modifiers held).
    private func enterKeyboard(_ surface: Surface) {
        keyboardSurface = surface
        guard let resource = surface.resource else { return }
        // Text input follows the keyboard (the first seat's: the script's input method types there).
        if server?.seats.first === self { server?.textInputs.keyboardFocusMoved(to: resource) }
        let mods: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)? = pressedKeys.isEmpty ? nil : heldModifiers
        for keyboard in forFocus(keyboards) {
            var keys = wl_array()
            wl_array_init(&keys)
            wl_keyboard_send_enter(keyboard, serial, resource, &keys)
            wl_array_release(&keys)
            wl_keyboard_send_modifiers(keyboard, serial, mods?.depressed ?? 0, mods?.latched ?? 0, mods?.locked ?? 0, mods?.group ?? 0)
        }
    }

    /// A popup grabbed: the keyboard moves to it.
    func keyboardGrabbed(by surface: Surface) {
        guard keyboardFocused, keyboardSurface !== surface else { return }
        if let old = keyboardSurface?.resource {
            for keyboard in forFocus(keyboards) { wl_keyboard_send_leave(keyboard, serial, old) }
        }
        enterKeyboard(surface)
    }

    /// A popup went away: the pointer and touches over it are done with, and
    /// the keyboard goes back to the popup below it or the window.
    func surfaceGone(_ surface: Surface) {
        touchTargets = touchTargets.filter { $0.value.surface !== surface }
        if pointerTarget?.surface === surface {
            if pointerInside, let resource = surface.resource {
                for pointer in forFocus(pointers) {
                    wl_pointer_send_leave(pointer, serial, resource)
                    pointerFrame(pointer)
                }
            }
            pointerInside = false
            pointerTarget = nil
            // The pointer is over what was under the popup now: it enters that, as on a desktop.
            if let position = pointerPosition { pointerMove(x: position.x, y: position.y) }
        }
        if keyboardSurface === surface, keyboardFocused, let window = focused, let server {
            if let resource = surface.resource {
                for keyboard in forFocus(keyboards) { wl_keyboard_send_leave(keyboard, serial, resource) }
            }
            enterKeyboard(server.keyboardSurface(for: window))
        }
    }

    /// Tells the client the pointer and keyboard left `surface` (another
    /// window takes the focus), as a compositor does.
    private func leave(_ surface: Surface) {
        if pointerInside, let resource = (pointerTarget?.surface ?? surface).resource {
            for pointer in forFocus(pointers) {
                wl_pointer_send_leave(pointer, serial, resource)
                pointerFrame(pointer)
            }
        }
        if keyboardFocused, let resource = (keyboardSurface ?? surface).resource {
            for keyboard in forFocus(keyboards) { wl_keyboard_send_leave(keyboard, serial, resource) }
            if server?.seats.first === self { server?.textInputs.keyboardFocusMoved(to: nil) }
        }
        pointerInside = false
        pointerTarget = nil
        keyboardSurface = nil
    }

    /// The pointer leaves the focused window; the next move enters it again.
    func pointerLeave() {
        guard let surface = (pointerTarget?.surface ?? focused)?.resource, pointerInside else { return }
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
        pointerTarget = nil
        keyboardSurface = nil
        touchTargets.removeAll()
        touchPositions.removeAll()
    }

    /// Presses or releases the key that types keysym `name`; false when the keymap has no such key.
    func key(named name: String, pressed: Bool) -> Bool {
        guard let keyboard, let (code, _) = keyboard.evdevCode(forKeysymNamed: name) else { return false }
        return key(code: code, pressed: pressed)
    }

    private func key(code: UInt32, pressed: Bool) -> Bool {
        guard let keyboard else { return false }
        if pressed { pressedKeys.append(code) } else { pressedKeys.removeAll { $0 == code } }
        let before = heldModifiers.depressed | heldModifiers.latched | heldModifiers.locked
        // One time for the registry and the client: a screen reader knows a key reported twice by it.
        let now = time
        // As GNOME Shell: the registry hears the key first, and one a screen reader consumed goes no further.
        let delivered = server?.keyReporter?.deliver(code: code, pressed: pressed, time: now, modifiers: before, keyboard: keyboard) ?? true
        let mods = keyboard.updateKey(evdevCode: code, pressed: pressed)
        heldModifiers = mods
        for resource in forFocus(keyboards) where keyboardFocused && delivered {
            wl_keyboard_send_key(resource, serial, now, code,
                                 pressed ? WL_KEYBOARD_KEY_STATE_PRESSED.rawValue : WL_KEYBOARD_KEY_STATE_RELEASED.rawValue)
            wl_keyboard_send_modifiers(resource, serial, mods.depressed, mods.latched, mods.locked, mods.group)
        }
        return true
    }

    // MARK: Pointer

    private func pointerFrame(_ resource: WLResource) {
        if wl_resource_get_version(resource) >= 5 { wl_pointer_send_frame(resource) }
    }

    /// Moves the pointer to a point of the window's coordinates: over a
    /// popup it leaves the window and enters the popup (and back).
    func pointerMove(x: Double, y: Double) {
        guard let window = focused, let server else { return }
        pointerPosition = (x, y)
        // While the pointer drags, the drag has it: the client hears data device motion, not pointer motion.
        if server.drags.isDragging, server.drags.session?.touch == nil { return server.drags.motion(x: x, y: y) }
        let target = server.surface(at: x, y, in: window)
        if pointerInside, let current = pointerTarget, current.surface !== target.surface {
            if let resource = current.surface.resource {
                for pointer in forFocus(pointers) {
                    wl_pointer_send_leave(pointer, serial, resource)
                    pointerFrame(pointer)
                }
            }
            pointerInside = false
        }
        guard let surface = target.surface.resource else { return }
        let localX = wl_fixed_from_double(x - target.dx), localY = wl_fixed_from_double(y - target.dy)
        for pointer in forFocus(pointers) {
            if !pointerInside {
                wl_pointer_send_enter(pointer, serial, surface, localX, localY)
            } else {
                wl_pointer_send_motion(pointer, time, localX, localY)
            }
            pointerFrame(pointer)
        }
        pointerInside = true
        pointerTarget = target
    }

    /// Where the pointer is, in the window's coordinates (nil before it moved).
    var latestPointerPosition: (x: Double, y: Double)? { pointerPosition }

    /// Where a touch is now, in the window's coordinates.
    func touchPosition(_ id: Int32) -> (x: Double, y: Double)? { touchPositions[id] }

    /// The touch a drag started now follows: the latest one down, when no button is held.
    var draggingTouch: Int32? { buttonsDown.isEmpty ? touchPositions.keys.max() : nil }

    /// A press outside the client's surfaces while it has popups dismisses
    /// them and goes nowhere, as under a real compositor's popup grab.
    private func pressDismissesPopups(at position: (x: Double, y: Double)?) -> Bool {
        guard let position, let window = focused, let server, !server.popups.isEmpty,
              server.isOutsideClient(position.x, position.y, window: window) else { return false }
        return server.dismissPopups() > 0
    }

    func pointerButton(_ button: UInt32, pressed: Bool) throws(CompositorFailure) {
        if pressed { buttonsDown.insert(button) } else { buttonsDown.remove(button) }
        if let server, server.drags.isDragging, server.drags.session?.touch == nil {
            // Letting go drops; the client's pointer comes back where the drop was.
            if !pressed {
                try server.drags.drop()
                if let position = pointerPosition { pointerMove(x: position.x, y: position.y) }
            }
            return
        }
        if pressed, pressDismissesPopups(at: pointerPosition) { return }
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

    /// A touch at a point of the window's coordinates goes down on the
    /// surface there (a popup over the window, or the window).
    func touchDown(id: Int32, x: Double, y: Double, frame: Bool) {
        guard let window = focused, let server else { return }
        if pressDismissesPopups(at: (x, y)) { return }
        let target = server.surface(at: x, y, in: window)
        guard let surface = target.surface.resource else { return }
        touchTargets[id] = target
        touchPositions[id] = (x, y)
        for touch in forFocus(touches) {
            wl_touch_send_down(touch, serial, time, surface, id, wl_fixed_from_double(x - target.dx), wl_fixed_from_double(y - target.dy))
            if frame { wl_touch_send_frame(touch) }
        }
    }

    func touchMove(id: Int32, x: Double, y: Double, frame: Bool) {
        touchPositions[id] = (x, y)
        if let server, server.drags.isDragging, server.drags.session?.touch == id { return server.drags.motion(x: x, y: y) }
        let target = touchTargets[id]
        for touch in forFocus(touches) {
            wl_touch_send_motion(touch, time, id, wl_fixed_from_double(x - (target?.dx ?? 0)), wl_fixed_from_double(y - (target?.dy ?? 0)))
            if frame { wl_touch_send_frame(touch) }
        }
    }

    func touchUp(id: Int32, frame: Bool) throws(CompositorFailure) {
        touchTargets[id] = nil
        touchPositions[id] = nil
        // The touch that drags drops; the client never hears it lift (the drag had it, as in wlroots).
        if let server, server.drags.isDragging, server.drags.session?.touch == id { return try server.drags.drop() }
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
