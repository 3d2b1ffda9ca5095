/// Why a keymap could not be used. The keyboard then stays without a keymap
/// (keys are ignored) and the message is reported; nothing crashes.
public enum KeymapError: Error, CustomStringConvertible, Equatable {
    case unsupportedFormat(UInt32)
    case badSize(Int)
    case mapFailed(errno: Int32)
    case compileFailed
    case noContext

    public var description: String {
        switch self {
        case .unsupportedFormat(let format): "keymap format \(format) is not xkb v1"
        case .badSize(let size): "keymap size \(size) is not usable"
        case .mapFailed(let code): "cannot map the keymap file descriptor (errno \(code))"
        case .compileFailed: "xkbcommon could not compile the keymap"
        case .noContext: "xkbcommon could not create a context"
        }
    }
}
