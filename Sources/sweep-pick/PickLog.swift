import Foundation

/// `--event-log FILE`: one JSON object a line, in the demo's format
/// (`seq`, `t` in ms since start, `view`, `event`, and the fields).
final class PickLog {
    private let handle: FileHandle
    private var sequence = 0
    private let start = Date()

    init(path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw PickFailure("cannot create the event log \(path)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw PickFailure("cannot open the event log \(path)") }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    func write(_ event: String, _ fields: [String: Any] = [:]) {
        sequence += 1
        var object = fields
        object["seq"] = sequence
        object["t"] = Int(Date().timeIntervalSince(start) * 1000)
        object["view"] = "picker"
        object["event"] = event
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        handle.write(data + Data([0x0A]))
    }
}

/// A one-line error for the person (exit status 2).
struct PickFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
