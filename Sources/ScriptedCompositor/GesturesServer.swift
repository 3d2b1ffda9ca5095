import CWaylandServer
import CWaylandServerProtocols

/// `zwp_pointer_gestures_v1` at version 3: touchpad swipe, pinch and hold
/// gestures, sent to the window under the pointer as libinput would.
final class GesturesServer: ResourceOwner {
    weak var seat: SeatServer?
    private var swipes: [WLResource] = []
    private var pinches: [WLResource] = []
    private var holds: [WLResource] = []

    init(seat: SeatServer) {
        self.seat = seat
    }

    func resourceDestroyed(_ resource: WLResource?) {
        guard let resource else { return }
        swipes.removeAll { $0 == resource }
        pinches.removeAll { $0 == resource }
        holds.removeAll { $0 == resource }
    }

    private func forFocus(_ list: [WLResource]) -> [WLResource] {
        seat?.resourcesForFocus(list) ?? []
    }

    private var context: (serial: UInt32, time: UInt32, surface: WLResource)? {
        guard let seat, let surface = seat.focused?.resource, let server = seat.server else { return nil }
        return (wl_display_next_serial(server.display), server.now, surface)
    }

    func swipeBegin(fingers: UInt32) {
        guard let c = context else { return }
        for swipe in forFocus(swipes) { zwp_pointer_gesture_swipe_v1_send_begin(swipe, c.serial, c.time, c.surface, fingers) }
    }

    func swipeUpdate(dx: Double, dy: Double) {
        guard let c = context else { return }
        for swipe in forFocus(swipes) {
            zwp_pointer_gesture_swipe_v1_send_update(swipe, c.time, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
        }
    }

    func swipeEnd(cancelled: Bool) {
        guard let c = context else { return }
        for swipe in forFocus(swipes) { zwp_pointer_gesture_swipe_v1_send_end(swipe, c.serial, c.time, cancelled ? 1 : 0) }
    }

    func pinchBegin(fingers: UInt32) {
        guard let c = context else { return }
        for pinch in forFocus(pinches) { zwp_pointer_gesture_pinch_v1_send_begin(pinch, c.serial, c.time, c.surface, fingers) }
    }

    func pinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double) {
        guard let c = context else { return }
        for pinch in forFocus(pinches) {
            zwp_pointer_gesture_pinch_v1_send_update(pinch, c.time, wl_fixed_from_double(dx), wl_fixed_from_double(dy),
                                                     wl_fixed_from_double(scale), wl_fixed_from_double(rotation))
        }
    }

    func pinchEnd(cancelled: Bool) {
        guard let c = context else { return }
        for pinch in forFocus(pinches) { zwp_pointer_gesture_pinch_v1_send_end(pinch, c.serial, c.time, cancelled ? 1 : 0) }
    }

    func holdBegin(fingers: UInt32) {
        guard let c = context else { return }
        for hold in forFocus(holds) { zwp_pointer_gesture_hold_v1_send_begin(hold, c.serial, c.time, c.surface, fingers) }
    }

    func holdEnd(cancelled: Bool) {
        guard let c = context else { return }
        for hold in forFocus(holds) { zwp_pointer_gesture_hold_v1_send_end(hold, c.serial, c.time, cancelled ? 1 : 0) }
    }

    private func add(_ resource: WLResource?, to list: ReferenceWritableKeyPath<GesturesServer, [WLResource]>) {
        if let resource { self[keyPath: list].append(resource) }
    }

    nonisolated(unsafe) static let requests = requestTable(sweep_zwp_pointer_gestures_v1_requests(
        get_swipe_gesture: { client, resource, id, _ in
            guard let gestures = Resource.object(resource, as: GesturesServer.self) else { return }
            gestures.add(Resource.create(client: client, interface: sweep_server_zwp_pointer_gesture_swipe_v1_interface(),
                                         version: UInt32(wl_resource_get_version(resource)), id: id,
                                         requests: GesturesServer.swipeRequests, object: gestures), to: \.swipes)
        },
        get_pinch_gesture: { client, resource, id, _ in
            guard let gestures = Resource.object(resource, as: GesturesServer.self) else { return }
            gestures.add(Resource.create(client: client, interface: sweep_server_zwp_pointer_gesture_pinch_v1_interface(),
                                         version: UInt32(wl_resource_get_version(resource)), id: id,
                                         requests: GesturesServer.pinchRequests, object: gestures), to: \.pinches)
        },
        release: Resource.destroy,
        get_hold_gesture: { client, resource, id, _ in
            guard let gestures = Resource.object(resource, as: GesturesServer.self) else { return }
            gestures.add(Resource.create(client: client, interface: sweep_server_zwp_pointer_gesture_hold_v1_interface(),
                                         version: UInt32(wl_resource_get_version(resource)), id: id,
                                         requests: GesturesServer.holdRequests, object: gestures), to: \.holds)
        }
    ))

    nonisolated(unsafe) static let swipeRequests = requestTable(sweep_zwp_pointer_gesture_swipe_v1_requests(destroy: Resource.destroy))
    nonisolated(unsafe) static let pinchRequests = requestTable(sweep_zwp_pointer_gesture_pinch_v1_requests(destroy: Resource.destroy))
    nonisolated(unsafe) static let holdRequests = requestTable(sweep_zwp_pointer_gesture_hold_v1_requests(destroy: Resource.destroy))
}
