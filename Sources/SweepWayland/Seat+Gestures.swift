import CWaylandClient
import CWaylandProtocols
import SweepInput

/// Touchpad gestures from `zwp_pointer_gestures_v1` (swipe and pinch; hold
/// from version 3). A gesture is reported from its begin to its end when it
/// began over an app surface.
extension Seat {
    func createGestures(for pointer: OpaquePointer) {
        guard let manager = connection.pointerGestures else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        if let swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager, pointer) {
            zwp_pointer_gesture_swipe_v1_add_listener(swipe, Seat.swipeListener, me)
            swipeGesture = swipe
        }
        if let pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager, pointer) {
            zwp_pointer_gesture_pinch_v1_add_listener(pinch, Seat.pinchListener, me)
            pinchGesture = pinch
        }
        if wl_proxy_get_version(manager) >= 3, let hold = zwp_pointer_gestures_v1_get_hold_gesture(manager, pointer) {
            zwp_pointer_gesture_hold_v1_add_listener(hold, Seat.holdListener, me)
            holdGesture = hold
        }
    }

    func destroyGestures() {
        // A touchpad unplugged mid-gesture gets no end from the compositor: the app must still undo it.
        if gestureOnApp, let gestureCancel { onGesture?(gestureCancel) }
        gestureCancel = nil
        if let swipeGesture { zwp_pointer_gesture_swipe_v1_destroy(swipeGesture) }
        if let pinchGesture { zwp_pointer_gesture_pinch_v1_destroy(pinchGesture) }
        if let holdGesture { zwp_pointer_gesture_hold_v1_destroy(holdGesture) }
        swipeGesture = nil
        pinchGesture = nil
        holdGesture = nil
        gestureOnApp = false
    }

    private func begin(_ surface: OpaquePointer?, _ gesture: PointerGesture) {
        gestureOnApp = surface.map(ownsSurface) ?? false
        switch gesture {
        case .swipeBegin: gestureCancel = .swipeEnd(cancelled: true, time: 0)
        case .pinchBegin: gestureCancel = .pinchEnd(cancelled: true, time: 0)
        case .holdBegin: gestureCancel = .holdEnd(cancelled: true, time: 0)
        default: gestureCancel = nil
        }
        if gestureOnApp { onGesture?(gesture) }
    }

    private func update(_ gesture: PointerGesture) {
        if gestureOnApp { onGesture?(gesture) }
    }

    private func end(_ gesture: PointerGesture) {
        if gestureOnApp { onGesture?(gesture) }
        gestureOnApp = false
        gestureCancel = nil
    }

    nonisolated(unsafe) static let swipeListener: UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_pointer_gesture_swipe_v1_listener(
            begin: { data, _, _, time, surface, fingers in Seat.from(data)?.begin(surface, .swipeBegin(fingers: fingers, time: time)) },
            update: { data, _, time, dx, dy in
                Seat.from(data)?.update(.swipeUpdate(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy), time: time))
            },
            end: { data, _, _, time, cancelled in Seat.from(data)?.end(.swipeEnd(cancelled: cancelled != 0, time: time)) }
        ))
        return listener
    }()

    nonisolated(unsafe) static let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_pointer_gesture_pinch_v1_listener(
            begin: { data, _, _, time, surface, fingers in Seat.from(data)?.begin(surface, .pinchBegin(fingers: fingers, time: time)) },
            update: { data, _, time, dx, dy, scale, rotation in
                Seat.from(data)?.update(.pinchUpdate(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy),
                                                     scale: wl_fixed_to_double(scale), rotation: wl_fixed_to_double(rotation), time: time))
            },
            end: { data, _, _, time, cancelled in Seat.from(data)?.end(.pinchEnd(cancelled: cancelled != 0, time: time)) }
        ))
        return listener
    }()

    nonisolated(unsafe) static let holdListener: UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_pointer_gesture_hold_v1_listener(
            begin: { data, _, _, time, surface, fingers in Seat.from(data)?.begin(surface, .holdBegin(fingers: fingers, time: time)) },
            end: { data, _, _, time, cancelled in Seat.from(data)?.end(.holdEnd(cancelled: cancelled != 0, time: time)) }
        ))
        return listener
    }()
}
