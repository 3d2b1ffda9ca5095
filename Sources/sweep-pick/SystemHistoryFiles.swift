import Glibc
import PickCore

/// The history's file-system calls on the real file system (see `HistoryFile`).
struct SystemHistoryFiles: HistoryFileSystem {
    private func failure(_ what: String, _ path: String) -> HistoryFileError {
        HistoryFileError("cannot \(what) \(path): \(String(cString: strerror(errno)))")
    }

    func read(_ path: String, limit: Int) throws(HistoryFileError) -> [UInt8]? {
        // Never blocking: a FIFO named by mistake would otherwise hold the picker before any window.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure("read", path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("read", path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw HistoryFileError("\(path) is not a regular file") }
        guard info.st_size <= limit else { throw HistoryFileError("\(path) is over \(limit) bytes") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[0..<count]
                // It grew while being read.
                guard bytes.count <= limit else { throw HistoryFileError("\(path) is over \(limit) bytes") }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw failure("read", path) }
            return bytes
        }
    }

    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    func target(of path: String) -> String {
        // Each link in turn (at most 40, as the kernel allows), relative ones from their directory.
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        return current
    }

    func mode(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode & 0o7777)
    }

    func writeNew(_ path: String, _ bytes: [UInt8], mode: UInt32) throws(HistoryFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create", path) }
        // The old file's permissions (the umask does not apply to fchmod): a read-only history stays read-only.
        _ = fchmod(fd, mode_t(mode))
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
