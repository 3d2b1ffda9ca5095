import Glibc

/// Why an output (or a file read back) cannot be used; the message names the path and the cause.
public struct OutputFileError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The one way the programs here read their files back and write their
/// outputs (histories, packing lists, screenshots, saved selections):
///
/// - nothing blocks: a FIFO or a device in a file's place is opened without
///   waiting and refused, since only regular files are read or replaced;
/// - reads stop at a size cap, so `/dev/zero` or a huge file cannot exhaust
///   memory;
/// - a replace is atomic and durable: the bytes go to a new temporary file
///   beside the target (`O_EXCL | O_NOFOLLOW`, so a planted link is never
///   followed), flushed, renamed over it, and the directory flushed; on a
///   failure the old file is untouched and the temporary one removed;
/// - a path that is a symbolic link (a dotfile manager's) stays one: the
///   file it points to is replaced, with the mode it had (a read-only file
///   stays read-only).
///
/// Descriptors 0–2 are the caller's to secure first (`StandardStreams.secure()`).
public struct OutputFile {
    /// The path as named.
    public let path: String
    let fs: any OutputFileSystem

    public init(_ path: String, fileSystem: any OutputFileSystem = SystemFileSystem()) {
        self.path = path
        self.fs = fileSystem
    }

    /// The file `path` names through its symbolic links (each in turn, at most 40 as the kernel
    /// allows, relative ones from their directory): what a replace writes.
    public func target() -> String {
        var current = path
        for _ in 0..<40 {
            guard let link = fs.readlink(current) else { return current }
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

    /// The regular file's bytes, at most `limit`; nil when there is no file.
    public func read(limit: Int) throws(OutputFileError) -> [UInt8]? {
        let fd = fs.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure("read", path)
        }
        defer { _ = fs.close(fd) }
        try requireRegular(fd)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fs.read(fd, $0) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure("read", path) }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            // Checked as it grows: a file may grow while it is read.
            guard bytes.count <= limit else { throw OutputFileError("\(path) is over \(limit) bytes") }
        }
    }

    /// Replaces the file atomically with `bytes` (see the type); a new file gets `newMode`.
    /// `makingDirectories` makes missing directories first (0700, each flushed into its parent).
    /// `beforeRename` runs once the new bytes are on the disk, before they replace the old
    /// ones (tests throw from it to play a crash at the worst moment).
    public func replace(with bytes: [UInt8], newMode: mode_t = 0o644, makingDirectories: Bool = false,
                        beforeRename: () throws -> Void = {}) throws {
        let target = target()
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        if makingDirectories { try makeDirectories(directory) }
        var info = Glibc.stat()
        var mode = newMode
        if fs.stat(target, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else { throw OutputFileError("\(path) is not a regular file: it is kept as it is") }
            mode = info.st_mode & 0o7777
        }
        let dir = fs.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard dir >= 0 else { throw failure("open", directory) }
        defer { _ = fs.close(dir) }
        let (fd, temporary) = try createTemporaryFile(named: name, in: dir, directory: directory)
        var open = true
        do {
            // fchmod, not the open's mode: the umask does not apply, so a read-only file stays read-only.
            _ = fs.fchmod(fd, mode)
            try writeAll(bytes, to: fd, name: "\(directory)/\(temporary)")
            guard fs.fsync(fd) == 0 else { throw failure("flush", "\(directory)/\(temporary)") }
            open = false
            // Linux releases the descriptor even when close fails: never close it twice.
            guard fs.close(fd) == 0 else { throw failure("close", "\(directory)/\(temporary)") }
            try beforeRename()
            guard fs.renameat(dir, temporary, name) == 0 else { throw failure("replace", path) }
        } catch {
            if open { _ = fs.close(fd) }
            _ = fs.unlinkat(dir, temporary)
            throw error
        }
        // The rename is an entry of the directory: it is on the disk once the directory is flushed.
        guard fs.fsync(dir) == 0 else { throw failure("flush", directory) }
    }

    /// Appends `bytes` to the regular file (made if missing, `newMode`).
    public func append(_ bytes: [UInt8], newMode: mode_t = 0o644) throws(OutputFileError) {
        let fd = fs.open(path, O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, newMode)
        guard fd >= 0 else { throw failure("open", path) }
        defer { _ = fs.close(fd) }
        try requireRegular(fd)
        try writeAll(bytes, to: fd, name: path)
    }

    // MARK: - Steps

    private func failure(_ what: String, _ path: String) -> OutputFileError {
        OutputFileError("cannot \(what) \(path): \(String(cString: strerror(errno)))")
    }

    private func requireRegular(_ fd: Int32) throws(OutputFileError) {
        var info = Glibc.stat()
        guard fs.fstat(fd, &info) == 0 else { throw failure("read", path) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
            throw OutputFileError("\(path) is \(kind)")
        }
    }

    /// A new file `name.tmp-<random>` in the open directory, never one that exists or a link.
    private func createTemporaryFile(named name: String, in dir: Int32, directory: String) throws(OutputFileError) -> (Int32, String) {
        for _ in 0..<16 {
            let temporary = "\(name).tmp-\(String(fs.random(), radix: 36))"
            let fd = fs.openat(dir, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, temporary) }
            guard errno == EEXIST || errno == ELOOP else { throw failure("create", "\(directory)/\(temporary)") }
        }
        throw OutputFileError("cannot create a temporary file in \(directory): every name tried was taken")
    }

    private func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws(OutputFileError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { fs.write(fd, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw failure("write", name) }
            offset += count
        }
    }

    /// `mkdir -p` (0700); each directory made is flushed into its parent, so it survives a power cut with the file.
    private func makeDirectories(_ directory: String) throws(OutputFileError) {
        var partial = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            let parent = partial.isEmpty ? "/" : partial
            partial += "/" + component
            if fs.mkdir(partial, 0o700) == 0 {
                let fd = fs.open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
                if fd >= 0 {
                    _ = fs.fsync(fd)
                    _ = fs.close(fd)
                }
            } else if errno != EEXIST {
                throw failure("create", partial)
            }
        }
    }
}
