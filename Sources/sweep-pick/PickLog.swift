import SweepUI

/// `--event-log FILE`: one JSON object a line, in the demo's format
/// (`seq`, `t` in ms since start, `view`, `event`, and the fields), written
/// by the `EventLog` every program shares: a file, a pipe or FIFO with a
/// reader, a device; a write that fails (a full disk, a reader gone) is
/// said once and logging stops, the picker going on.
final class PickLog {
    private let log: EventLog

    init(path: String) throws {
        do {
            log = try EventLog(path: path)
        } catch {
            throw PickFailure("the event log: \(error.message)")
        }
        log.onError = { message in StandardStreams.printError(message, program: "sweep-pick") }
    }

    func write(_ event: String, _ fields: [String: Any] = [:]) {
        log.log(view: "picker", event: event, fields: fields.sorted { $0.key < $1.key }.map { ($0.key, Self.value($0.value)) })
    }

    /// A field's value as the log writes it (numbers, text, flags and arrays of them).
    private static func value(_ any: Any) -> EventLog.Value {
        switch any {
        case let value as Bool: .bool(value)
        case let value as Int: .int(value)
        case let value as Double: .double(value)
        case let value as String: .string(value)
        case let values as [Any]: .array(values.map(value))
        default: .string("\(any)")
        }
    }
}

/// A one-line error for the person (exit status 2).
struct PickFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
