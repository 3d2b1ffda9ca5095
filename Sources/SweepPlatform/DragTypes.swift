/// What a drag may do with its data (`wl_data_device_manager.dnd_action`):
/// the source offers a set, the receiver picks one.
public struct DragActions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The receiver gets a copy; the source keeps its items.
    public static let copy = DragActions(rawValue: 1)
    /// The receiver takes the items; the source deletes its own once the drop finished.
    public static let move = DragActions(rawValue: 2)
    /// The receiver asks the person which (a file manager's menu).
    public static let ask = DragActions(rawValue: 4)

    /// The name of a single action (the event log's).
    public var name: String {
        switch self {
        case .copy: "copy"
        case .move: "move"
        case .ask: "ask"
        case []: "none"
        default: "several"
        }
    }
}

/// The data a drag offers: MIME types in the order of preference, each with
/// its content, made when the receiver asks (nil: offered but with no data,
/// the receiver reads nothing).
public struct DragData {
    public var types: [(mimeType: String, content: ClipboardContent?)]
    public var actions: DragActions

    public init(types: [(mimeType: String, content: ClipboardContent?)], actions: DragActions = .copy) {
        self.types = types
        self.actions = actions
    }
}

/// What happens to a drag this client started, in order: `target` and
/// `action` as the pointer moves over receivers, then `dropped` (the person
/// let go over a receiver that accepted) and `finished` with the final
/// action, or `cancelled` (let go over nothing, Escape, the compositor).
public enum DragEvent: Sendable, Equatable {
    /// The receiver under the pointer accepts this type (nil: it accepts none).
    case target(String?)
    /// The action the receiver and the compositor settled on for now.
    case action(DragActions)
    /// The person dropped on a receiver; it reads the data now.
    case dropped
    /// The receiver is done with the data: for `.move`, delete the items.
    case finished(DragActions)
    case cancelled
}
