import Glibc
import SweepEventLog

/// The files a script's steps name (what to offer or paste, where to save a
/// screenshot, a drop or a status line): opened without blocking and only
/// when they are regular files, so a FIFO or a device named by mistake is a
/// clear error, never a compositor waiting forever.
enum StepFile {
    struct Failure: Error {
        let message: String
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try requireRegular(fd, path)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Failure(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= limit else { throw Failure(message: "\(path) is over \(limit) bytes") }
        }
    }

    /// Writes `bytes` to `path`, made or emptied first, or appended with `appending`.
    static func write(_ bytes: [UInt8], to path: String, appending: Bool = false) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | (appending ? O_APPEND : O_TRUNC), 0o644)
        guard fd >= 0 else { throw Failure(message: "cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try requireRegular(fd, path)
        guard StandardStreams.write(bytes, to: fd) else {
            throw Failure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    private static func requireRegular(_ fd: Int32, _ path: String) throws(Failure) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(message: "\(path) is not a regular file")
        }
    }
}
