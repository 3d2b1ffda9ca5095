import Glibc
import PickCore

/// The history's file-system calls on the real file system (see `HistoryFile`).
struct SystemHistoryFiles: HistoryFileSystem {
    private func failure(_ what: String, _ path: String) -> HistoryFileError {
        HistoryFileError("cannot \(what) \(path): \(String(cString: strerror(errno)))")
    }

    func read(_ path: String) throws(HistoryFileError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure("read", path)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 { bytes += chunk[0..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw failure("read", path) }
            return bytes
        }
    }

    func writeNew(_ path: String, _ bytes: [UInt8]) throws(HistoryFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create", path) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("write", path)
                close(fd)
                throw error
            }
            offset += count
        }
        guard fsync(fd) == 0 else {
            let error = failure("flush", path)
            close(fd)
            throw error
        }
        // Linux releases the descriptor even when close fails: never close it twice.
        guard close(fd) == 0 else { throw failure("close", path) }
    }

    func rename(_ from: String, _ to: String) throws(HistoryFileError) {
        guard Glibc.rename(from, to) == 0 else { throw failure("rename \(from) to", to) }
    }

    func remove(_ path: String) { _ = unlink(path) }

    func makeDirectories(_ path: String) throws(HistoryFileError) {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST { throw failure("create", partial) }
        }
    }

    func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    func random() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }
}
