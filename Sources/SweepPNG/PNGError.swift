/// Why a PNG could not be read or written.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    case notPNG
    case truncated
    case unsupported(String)
    case corrupt(String)
    case io(String)

    public var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .truncated: "the PNG file ends early"
        case .unsupported(let what): "unsupported PNG: \(what)"
        case .corrupt(let what): "corrupt PNG: \(what)"
        case .io(let what): what
        }
    }
}
