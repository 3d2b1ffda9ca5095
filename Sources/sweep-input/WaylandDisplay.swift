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

extension WaylandDisplay {
    /// The monotonic clock in milliseconds, as input events carry it.
    static var milliseconds: UInt32 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt32(truncatingIfNeeded: Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000)
    }
}

/// A display's registry: each global the compositor announces goes to
/// `announce` (name, interface, version), where a device binds the ones it
/// uses (`bind`). `destroy()` before the display disconnects.
final class WaylandGlobals {
    let registry: OpaquePointer
    var announce: (_ name: UInt32, _ interface: String, _ version: UInt32) -> Void = { _, _, _ in }

    /// Listens on `display`'s registry; the globals arrive at the next roundtrip.
    init(display: OpaquePointer) {
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Destroys the registry (before `wl_display_disconnect`, which a proxy must not outlive).
    func destroy() { wl_registry_destroy(registry) }

    /// Binds global `name` as `interface` at `version`.
    func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer? {
        OpaquePointer(wl_registry_bind(registry, name, interface, version))
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface else { return }
                Unmanaged<WaylandGlobals>.fromOpaque(data).takeUnretainedValue().announce(name, String(cString: interface), version)
            },
            global_remove: { _, _, _ in }
        ))
        return listener
    }()
}
