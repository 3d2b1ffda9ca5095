import CWaylandClient
import SweepGeometry
import SweepInput

/// `wl_touch` events, folded into one `TouchFrame` per `wl_touch.frame`.
/// Only touches that went down on the app's surfaces are reported.
extension Seat {
    private func touchDown(time: UInt32, serial: UInt32, surface: OpaquePointer?, id: Int32, x: wl_fixed_t, y: wl_fixed_t) {
        guard let surface else { return }
        if let decoration = connection.decorationsBySurface[surface]?.value {
            decorationTouches[id] = WeakDecoration(decoration)
            decoration.touchDown(id: id, at: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)), on: surface,
                                 seat: self, serial: serial)
            return
        }
        guard ownsSurface(surface) else { return }
        touchSurface = surface
        ownedTouches.insert(id)
        touchEvents.down(id, at: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)), time: time)
    }

    private func touchMotion(time: UInt32, id: Int32, x: wl_fixed_t, y: wl_fixed_t) {
        guard ownedTouches.contains(id) else { return }
        touchEvents.motion(id, to: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)), time: time)
    }

    private func touchUp(time: UInt32, id: Int32) {
        if let decoration = decorationTouches.removeValue(forKey: id) {
            decoration.value?.touchUp(id: id)
            return
        }
        guard ownedTouches.remove(id) != nil else { return }
        touchEvents.up(id, time: time)
        // The last finger lifted ends the frame: mutter 43's virtual touch screen sends no
        // wl_touch.frame after it (Qt works around the same), and a frame that does come finds nothing left.
        if ownedTouches.isEmpty { touchFrame() }
    }

    private func touchFrame() {
        guard let frame = touchEvents.take() else { return }
        onTouchFrame?(frame)
    }

    private func touchCancel() {
        decorationTouches.removeAll()
        guard !ownedTouches.isEmpty else { return }
        ownedTouches.removeAll()
        onTouchFrame?(touchEvents.cancel())
    }

    nonisolated(unsafe) static let touchListener: UnsafeMutablePointer<wl_touch_listener> = {
        let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_touch_listener(
            down: { data, _, serial, time, surface, id, x, y in
                // A popup opened by a long press grabs with the serial of the touch's down.
                Seat.from(data)?.latestInputSerial = serial
                Seat.from(data)?.latestPressSerial = serial
                Seat.from(data)?.touchDown(time: time, serial: serial, surface: surface, id: id, x: x, y: y)
            },
            up: { data, _, _, time, id in Seat.from(data)?.touchUp(time: time, id: id) },
            motion: { data, _, time, id, x, y in Seat.from(data)?.touchMotion(time: time, id: id, x: x, y: y) },
            frame: { data, _ in Seat.from(data)?.touchFrame() },
            cancel: { data, _ in Seat.from(data)?.touchCancel() },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in }
        ))
        return listener
    }()
}
