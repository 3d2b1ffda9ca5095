import CWaylandClient
import Glibc

/// The connection steps every Wayland input device here shares, failing
/// with status 69 (unavailable) as the command line promises.
enum WaylandDisplay {
    /// Connects to `name`, or to `WAYLAND_DISPLAY` when nil.
    static func connect(_ name: String?) throws(InputFailure) -> OpaquePointer {
        guard let display = wl_display_connect(name) else {
            throw InputFailure("cannot connect to the Wayland compositor \(name ?? "at WAYLAND_DISPLAY") (\(String(cString: strerror(errno))))",
                               status: 69)
        }
        return display
    }

    /// Waits until the compositor has handled everything sent so far; fails when it went away.
    static func roundtrip(_ display: OpaquePointer) throws(InputFailure) {
        guard wl_display_roundtrip(display) >= 0 else {
            throw InputFailure("the compositor closed the connection (\(String(cString: strerror(wl_display_get_error(display)))))", status: 69)
        }
    }
}
