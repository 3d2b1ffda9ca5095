import Glibc

/// What every program here does before anything else, and how it writes a
/// line: one shared way, so none traps on an output it cannot write.
///
/// A program started with a standard descriptor closed (`2>&-`, `>&-`)
/// would hand that number to the next file it opens, and then write its
/// messages or its chosen records into that file; a reader gone away
/// (`| head -1`) would kill it with SIGPIPE before it could exit with its
/// own status. `secure()` rules both out.
public enum StandardStreams {
    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed,
    /// and ignores SIGPIPE (a write to a pipe with no reader then fails with
    /// EPIPE, which `writeLine` reports, instead of killing the process).
    /// Call it first thing in `main`, before opening any file.
    public static func secure() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            // open returns the lowest free descriptor: this one, as the lower ones are open.
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` and a newline to `fd` whole, through short writes and
    /// interruptions; false when it could not (a closed or full descriptor,
    /// a reader gone). Never traps, never blocks on a non-blocking descriptor.
    @discardableResult
    public static func writeLine(_ text: String, to fd: Int32) -> Bool {
        write(Array((text + "\n").utf8), to: fd)
    }

    /// Writes `bytes` to `fd` whole (see `writeLine`).
    @discardableResult
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// `program: message` on standard error (a message for the person).
    public static func printError(_ message: String, program: String) {
        writeLine("\(program): \(message)", to: STDERR_FILENO)
    }
}
