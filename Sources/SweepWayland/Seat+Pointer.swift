import CWaylandClient
import CWaylandProtocols
import SweepGeometry
import SweepInput

/// `wl_pointer` events, folded into one `PointerFrame` per `wl_pointer.frame`
/// (or per event for pointers older than version 5, which have no frames).
extension Seat {
    private func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    }

    private var groupsByFrame: Bool { (pointer.map { wl_proxy_get_version($0) } ?? 0) >= 5 }

    private func flushIfUngrouped() {
        if !groupsByFrame { pointerFrame() }
    }

    private func pointerEnter(serial: UInt32, surface: OpaquePointer?, x: wl_fixed_t, y: wl_fixed_t) {
        guard let surface else { return }
        if let decoration = connection.decorationsBySurface[surface]?.value {
            pointerFocus = surface
            pointerEnterSerial = serial
            pointerDecoration = decoration
            decorationPointerPosition = point(x, y)
            decorationCursorShape = decoration.pointerMoved(to: decorationPointerPosition, on: surface)
            applyCursor()
            return
        }
        guard ownsSurface(surface) else { return }
        pointerFocus = surface
        pointerEnterSerial = serial
        pointerEvents.enter(at: point(x, y))
        applyCursor()
        flushIfUngrouped()
    }

    private func pointerLeave(surface: OpaquePointer?) {
        // Compositors may send leave more than once (sway, for a destroyed
        // virtual pointer); only the first for our surface counts.
        guard let surface, surface == pointerFocus else { return }
        pointerFocus = nil
        if let decoration = pointerDecoration {
            pointerDecoration = nil
            decoration.pointerLeft()
            return
        }
        pointerEvents.leave()
        flushIfUngrouped()
    }

    private func pointerMotion(time: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        guard let focus = pointerFocus else { return }
        if let decoration = pointerDecoration {
            decorationPointerPosition = point(x, y)
            let shape = decoration.pointerMoved(to: decorationPointerPosition, on: focus)
            if shape != decorationCursorShape {
                decorationCursorShape = shape
                applyCursor()
            }
            return
        }
        pointerEvents.motion(to: point(x, y), time: time)
        flushIfUngrouped()
    }

    private func pointerButton(time: UInt32, serial: UInt32, button: UInt32, state: UInt32) {
        guard let focus = pointerFocus else { return }
        if let decoration = pointerDecoration {
            decoration.pointerButton(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue,
                                     at: decorationPointerPosition, on: focus, seat: self, serial: serial, time: time)
            return
        }
        pointerEvents.button(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: time)
        flushIfUngrouped()
    }

    private func isVertical(_ axis: UInt32) -> Bool? {
        switch axis {
        case WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue: true
        case WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue: false
        default: nil
        }
    }

    private func pointerAxis(time: UInt32, axis: UInt32, value: wl_fixed_t) {
        guard pointerFocus != nil, pointerDecoration == nil, let vertical = isVertical(axis) else { return }
        pointerEvents.axis(vertical: vertical, value: wl_fixed_to_double(value), time: time)
        flushIfUngrouped()
    }

    private func pointerAxisSource(_ source: UInt32) {
        guard pointerFocus != nil, pointerDecoration == nil else { return }
        switch source {
        case WL_POINTER_AXIS_SOURCE_WHEEL.rawValue: pointerEvents.axisSource(.wheel)
        case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: pointerEvents.axisSource(.finger)
        case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: pointerEvents.axisSource(.continuous)
        case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: pointerEvents.axisSource(.wheelTilt)
        default: break
        }
    }

    private func pointerAxisDiscrete(axis: UInt32, discrete: Int32) {
        guard pointerFocus != nil, pointerDecoration == nil, let vertical = isVertical(axis) else { return }
        pointerEvents.axisDiscrete(vertical: vertical, steps: discrete)
    }

    private func pointerAxisValue120(axis: UInt32, value120: Int32) {
        guard pointerFocus != nil, pointerDecoration == nil, let vertical = isVertical(axis) else { return }
        pointerEvents.axisValue120(vertical: vertical, value: value120)
    }

    private func pointerAxisStop(time: UInt32, axis: UInt32) {
        guard pointerFocus != nil, pointerDecoration == nil, let vertical = isVertical(axis) else { return }
        pointerEvents.axisStop(vertical: vertical, time: time)
        flushIfUngrouped()
    }

    func pointerFrame() {
        guard var frame = pointerEvents.take() else { return }
        // What the keyboard holds as the frame arrives: Ctrl+wheel zooms, Shift+wheel scrolls across.
        frame.modifiers = modifiers
        onPointerFrame?(frame)
    }

    /// Sets `cursorShape` on the pointer (after enter, a scale or a shape
    /// change): by name through cursor-shape-v1 where the compositor offers
    /// it (no theme is loaded then), else from the cursor theme.
    public func applyCursor() {
        guard let pointer, pointerFocus != nil else { return }
        // Over a window frame, the frame's cursor; the app's is kept for when the pointer comes back.
        let shape = pointerDecoration != nil ? decorationCursorShape : cursorShape
        appliedCursorShape = shape
        if let cursorShapeDevice {
            wp_cursor_shape_device_v1_set_shape(cursorShapeDevice, pointerEnterSerial, shape.rawValue)
            return
        }
        let scale = cursorScale()
        if cursor?.scale != scale {
            cursor = connection.cursorTheme(scale: scale)
        }
        cursor?.apply(shape, to: pointer, serial: pointerEnterSerial)
    }

    /// Shows `shape` while the pointer is over the app; a shape already shown costs nothing.
    public func setCursorShape(_ shape: CursorShape) {
        cursorShape = shape
        if shape != appliedCursorShape, pointerDecoration == nil { applyCursor() }
    }

    nonisolated(unsafe) static let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
        // libwayland 1.21 calls every slot whose event arrives: all must be set.
        let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in Seat.from(data)?.pointerEnter(serial: serial, surface: surface, x: x, y: y) },
            leave: { data, _, _, surface in Seat.from(data)?.pointerLeave(surface: surface) },
            motion: { data, _, time, x, y in Seat.from(data)?.pointerMotion(time: time, x: x, y: y) },
            button: { data, _, serial, time, button, state in
                Seat.from(data)?.latestInputSerial = serial
                if state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue { Seat.from(data)?.latestPressSerial = serial }
                Seat.from(data)?.pointerButton(time: time, serial: serial, button: button, state: state)
            },
            axis: { data, _, time, axis, value in Seat.from(data)?.pointerAxis(time: time, axis: axis, value: value) },
            frame: { data, _ in Seat.from(data)?.pointerFrame() },
            axis_source: { data, _, source in Seat.from(data)?.pointerAxisSource(source) },
            axis_stop: { data, _, time, axis in Seat.from(data)?.pointerAxisStop(time: time, axis: axis) },
            axis_discrete: { data, _, axis, discrete in Seat.from(data)?.pointerAxisDiscrete(axis: axis, discrete: discrete) },
            axis_value120: { data, _, axis, value in Seat.from(data)?.pointerAxisValue120(axis: axis, value120: value) }
        ))
        return listener
    }()
}
