/// Another app's window that takes drops, placed by `drag.target` over part
/// of the client's window (window coordinates): the types it takes, best
/// first, its actions, how it reads a drop (`read` at once, `slow`ly,
/// `stall`: never, `close`: shuts the pipe at once), and where the outcome
/// (JSON) and the bytes go.
public struct DropZone: Equatable, Sendable {
    public var x, y, width, height: Double
    public var accepts: [String]
    public var actions: UInt32
    public var preferred: UInt32
    public var mode: String
    public var file: String
    public var dataFile: String?

    public init(x: Double, y: Double, width: Double, height: Double, accepts: [String], actions: UInt32, preferred: UInt32,
                mode: String, file: String, dataFile: String?) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.accepts = accepts
        self.actions = actions
        self.preferred = preferred
        self.mode = mode
        self.file = file
        self.dataFile = dataFile
    }

    func contains(_ x: Double, _ y: Double) -> Bool {
        x >= self.x && y >= self.y && x < self.x + width && y < self.y + height
    }
}
