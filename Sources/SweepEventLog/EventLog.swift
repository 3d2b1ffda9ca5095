import CSweepSystem
import Glibc

/// The machine-readable log of what an app did (`--event-log`): one
/// JSON object a line with `seq`, `t` (ms since start), `view` and `event`.
/// Lines are written whole and unbuffered, so a crash loses none already
/// logged; a write error is reported once and logging stops.
public final class EventLog {
    private let fd: Int32
    private var sequence = 0
    private let start: UInt64
    private var failed = false
    /// Called once if writing fails (a full disk, say).
    public var onError: ((String) -> Void)?

    /// Opens `path` for appending: a file (made if missing), a pipe or FIFO
    /// with a reader, a device. The open never blocks (a FIFO nobody reads
    /// is refused, ENXIO, rather than waited on); writes then wait as usual.
    public init(path: String) throws(EventLogError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd >= 0 else { throw EventLogError(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        self.fd = fd
        start = sweep_monotonic_ns()
    }

    deinit {
        close(fd)
    }

    /// A JSON value for a field.
    public enum Value {
        case int(Int)
        case double(Double)
        case bool(Bool)
        case string(String)
        case array([Value])

        var json: String {
            switch self {
            case .int(let value): String(value)
            case .double(let value): value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)) : "null"
            case .bool(let value): value ? "true" : "false"
            case .string(let value): EventLog.quote(value)
            case .array(let values): "[" + values.map(\.json).joined(separator: ",") + "]"
            }
        }
    }

    /// Appends one event with its fields, in the order given.
    public func log(view: String, event: String, _ fields: KeyValuePairs<String, Value> = [:]) {
        log(view: view, event: event, fields: fields.map { ($0.key, $0.value) })
    }

    /// The same with the fields made at run time.
    public func log(view: String, event: String, fields: [(String, Value)]) {
        guard !failed else { return }
        sequence += 1
        let milliseconds = Double(sweep_monotonic_ns() - start) / 1_000_000
        var line = "{\"seq\":\(sequence),\"t\":\((milliseconds * 10).rounded() / 10),\"view\":\(EventLog.quote(view)),\"event\":\(EventLog.quote(event))"
        for (key, value) in fields { line += ",\(EventLog.quote(key)):\(value.json)" }
        line += "}\n"
        guard StandardStreams.write(Array(line.utf8), to: fd) else {
            failed = true
            onError?("event log: cannot write (\(String(cString: strerror(errno)))); logging stops")
            return
        }
    }

    public static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

public struct EventLogError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
