import CWaylandClient
import Glibc
import SweepLoop

/// The display connection as the loop's source: before each poll it
/// dispatches what is queued and flushes requests (asking to poll for
/// writing when the socket is full), after it reads and dispatches events.
/// A broken connection or a protocol error ends the loop with a
/// `WaylandError` naming the display.
final class DisplaySource: EventLoopSource {
    private let display: OpaquePointer
    /// How the environment named the display, for messages (`WAYLAND_DISPLAY=wayland-1`).
    var displayName = ""

    init(display: OpaquePointer) {
        self.display = display
    }

    func prepare() throws -> (fd: Int32, events: Int16) {
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { throw connectionError() }
        }
        var events = Int16(POLLIN)
        if wl_display_flush(display) < 0 {
            if errno == EAGAIN {
                events |= Int16(POLLOUT)
            } else {
                let code = errno
                wl_display_cancel_read(display)
                throw WaylandError.disconnected(errno: code, display: displayName)
            }
        }
        return (wl_display_get_fd(display), events)
    }

    func finish(revents: Int16) throws {
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            guard wl_display_read_events(display) >= 0 else { throw connectionError() }
        } else {
            wl_display_cancel_read(display)
        }
        guard wl_display_dispatch_pending(display) >= 0 else { throw connectionError() }
    }

    func loopEnded() {
        _ = wl_display_flush(display)
    }

    /// The error behind a failed dispatch: a protocol error if the compositor sent one.
    private func connectionError() -> WaylandError {
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .protocolError(interface: "\(name)@\(id)", code: protocolCode)
        }
        return .disconnected(errno: code != 0 ? code : EPIPE, display: displayName)
    }
}
