import Glibc

/// What can go wrong between the client and its compositor; each case has a
/// one-line message for a person.
public enum WaylandError: Error, CustomStringConvertible {
    /// No compositor at the display socket.
    case noCompositor(display: String, errno: Int32, detail: String?)
    /// The connection broke (the compositor quit or crashed); `display` names
    /// it as the environment did (`WAYLAND_DISPLAY=…`, or `WAYLAND_SOCKET=…`).
    case disconnected(errno: Int32, display: String = "")
    /// The compositor reported a protocol error on one of our objects.
    case protocolError(interface: String, code: UInt32)
    /// A global the client cannot work without is missing or too old.
    case missingGlobal(String, minimumVersion: UInt32)
    /// Shared memory for a buffer could not be made.
    case sharedMemory(String)

    public var description: String {
        switch self {
        case .noCompositor(let display, let code, let detail):
            "cannot connect to a Wayland compositor at WAYLAND_DISPLAY=\(display) (\(detail ?? String(cString: strerror(code)))); is a Wayland session running?"
        case .disconnected(let code, let display):
            "the Wayland compositor\(display.isEmpty ? "" : " at \(display)") closed the connection (\(String(cString: strerror(code))))"
        case .protocolError(let interface, let code):
            "the Wayland compositor reported protocol error \(code) on \(interface)"
        case .missingGlobal(let name, let version):
            "the Wayland compositor does not offer \(name) version \(version) or later"
        case .sharedMemory(let message):
            "cannot create a shared-memory buffer: \(message)"
        }
    }
}
