import Glibc

/// Keeps the packing list's checkmarks in a file under `$XDG_STATE_HOME`.
///
/// Saving never leaves a half-written file: the new contents go to a
/// temporary file in the same directory, which is flushed to the disk
/// (`fsync`) and then renamed over the old one, and the directory is flushed
/// so the rename itself survives a power cut. A crash at any point leaves
/// either the old file or the new one. A file that cannot be read as a
/// packing list is never overwritten: it is moved aside (`.corrupt-N`) and
/// reported, and the list starts empty.
public final class PackingStore {
    public let directory: String
    public let path: String
    static let header = "# sweep packing list 1"
    /// Larger files are not packing lists.
    static let maximumSize = 1 << 20

    /// What loading found.
    public enum Loaded: Equatable {
        /// No file yet: an empty list.
        case none
        case packed(Set<String>)
        /// The file was not a packing list; it now lives at `movedTo`.
        case corrupt(reason: String, movedTo: String)
    }

    public init(directory: String, fileName: String = "packing-list") {
        self.directory = directory
        path = directory + "/" + fileName
    }

    /// The demo's state directory: `$XDG_STATE_HOME/sweep`, or `~/.local/state/sweep`.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/sweep" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/sweep" }
        return nil
    }

    // MARK: - Loading

    public func load() throws(PackingStoreError) -> Loaded {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return .none }
            throw PackingStoreError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        let bytes: [UInt8]
        do {
            defer { close(fd) }
            bytes = try readAll(fd)
        }
        if let reason = PackingStore.problem(in: bytes) {
            let aside = try moveAside()
            return .corrupt(reason: reason, movedTo: aside)
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).dropFirst()
        return .packed(Set(lines.map(String.init)))
    }

    private func readAll(_ fd: Int32) throws(PackingStoreError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw PackingStoreError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > PackingStore.maximumSize { return bytes }
        }
    }

    /// Why `bytes` are not a packing list, or nil when they are one.
    static func problem(in bytes: [UInt8]) -> String? {
        if bytes.count > maximumSize { return "larger than \(maximumSize) bytes" }
        guard let text = String(validating: bytes, as: UTF8.self) else { return "not UTF-8 text" }
        guard text.hasSuffix("\n"), text.split(separator: "\n", omittingEmptySubsequences: false).first == Substring(header) else {
            return "no \"\(header)\" header line, or an unfinished last line"
        }
        if text.contains("\0") { return "contains a NUL byte" }
        return nil
    }

    /// Renames the file to the first free `path.corrupt-N`, so it is kept and never overwritten.
    private func moveAside() throws(PackingStoreError) -> String {
        for number in 1...1000 {
            let aside = "\(path).corrupt-\(number)"
            if access(aside, F_OK) == 0 { continue }
            guard rename(path, aside) == 0 else {
                throw PackingStoreError("cannot move the unreadable \(path) aside: \(String(cString: strerror(errno)))")
            }
            return aside
        }
        throw PackingStoreError("cannot move the unreadable \(path) aside: 1000 corrupt copies are already kept")
    }

    // MARK: - Saving

    /// Writes `packed` (in order) atomically. `beforeRename` runs once the
    /// temporary file is on the disk, before it replaces the old one; tests
    /// throw from it to play a crash at the worst moment.
    public func save(_ packed: [String], beforeRename: () throws -> Void = {}) throws {
        guard mkdirs(directory) else {
            throw PackingStoreError("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        var text = PackingStore.header + "\n"
        for item in packed { text += item + "\n" }
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw PackingStoreError("cannot create \(temporary): \(String(cString: strerror(errno)))") }
        do {
            try writeAll(Array(text.utf8), to: fd, name: temporary)
            guard fsync(fd) == 0 else { throw PackingStoreError("cannot flush \(temporary): \(String(cString: strerror(errno)))") }
            guard close(fd) == 0 else { throw PackingStoreError("cannot close \(temporary): \(String(cString: strerror(errno)))") }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        do {
            try beforeRename()
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw PackingStoreError("cannot replace \(path): \(message)")
        }
        // The rename is in the directory: flush it too.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    private func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws(PackingStoreError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw PackingStoreError("cannot write \(name): \(String(cString: strerror(errno)))") }
            offset += count
        }
    }

    /// `mkdir -p`; true when the directory exists afterwards.
    private func mkdirs(_ path: String) -> Bool {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST { return false }
        }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

public struct PackingStoreError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
