import Glibc

/// A script read from a pipe (a FIFO, a process substitution, a generator's
/// output) one line at a time as it is written, so a program can feed one
/// client input for as long as it likes (`make soak` does for an hour). Each
/// line is parsed when it arrives; a malformed one ends the run (status 65)
/// with its line number. The script ends when every writer has closed the pipe.
public final class ScriptStream: ScriptSource {
    /// A longer line is refused: a writer that never sends a line end would
    /// otherwise grow the buffer without bound.
    public static let maximumLineSize = 1 << 20

    private let fd: Int32
    private let name: String
    private var buffer: [UInt8] = []
    /// Bytes of `buffer` already handed out as lines.
    private var consumed = 0
    private var lineNumber = 0
    private var atEnd = false

    /// Reads `fd`, which it makes non-blocking and leaves open; `name` (the
    /// path) starts its messages.
    public init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    public func next(wait: (Int32) throws(CompositorFailure) -> Bool) throws(CompositorFailure) -> (line: Int, step: ScriptStep)? {
        while true {
            if let newline = buffer[consumed...].firstIndex(of: 0x0A) {
                let bytes = buffer[consumed..<newline]
                consumed = newline + 1
                lineNumber += 1
                let step = try parse(bytes)
                compact()
                if let step { return (lineNumber, step) }
                continue
            }
            if atEnd {
                // A last line without a line end.
                guard consumed < buffer.count else { return nil }
                let bytes = buffer[consumed...]
                consumed = buffer.count
                lineNumber += 1
                if let step = try parse(bytes) { return (lineNumber, step) }
                return nil
            }
            guard buffer.count - consumed <= Self.maximumLineSize else {
                throw CompositorFailure("\(name): script line \(lineNumber + 1) is over \(Self.maximumLineSize) bytes", exitStatus: 65)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(fd, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                atEnd = true
            } else if errno == EAGAIN || errno == EINTR {
                if try !wait(fd) { return nil }
            } else {
                throw CompositorFailure("\(name): cannot read the script: \(String(cString: strerror(errno)))", exitStatus: 65)
            }
        }
    }

    private func parse(_ bytes: ArraySlice<UInt8>) throws(CompositorFailure) -> ScriptStep? {
        do {
            return try ScriptParser.step(line: Substring(String(decoding: bytes, as: UTF8.self)), number: lineNumber)
        } catch {
            throw CompositorFailure("\(name): \(error)", exitStatus: 65)
        }
    }

    /// Drops the lines handed out once they are most of the buffer, so a
    /// stream of any length keeps only its unread part.
    private func compact() {
        guard consumed > 65536, consumed * 2 > buffer.count else { return }
        buffer.removeFirst(consumed)
        consumed = 0
    }
}
