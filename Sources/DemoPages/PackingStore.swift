import Glibc
import SweepEventLog

/// Keeps the packing list's checkmarks in a file under `$XDG_STATE_HOME`
/// (the format is `PackingFormat`'s).
///
/// A packing file is never lost:
///
/// - Saving never leaves a half-written file: the new contents go to a
///   temporary file with a random name, created with `O_EXCL | O_NOFOLLOW`
///   in the open directory (so a planted link is never followed), flushed
///   (`fsync`) and renamed over the old one; then the directory is flushed
///   so the rename itself survives a power cut. A crash or an error at any
///   step leaves the old file or the new one. A save reports success only
///   once every step did.
/// - A file that is not a packing list is moved aside (`.corrupt-N`, never
///   over an existing copy) and reported; the list starts empty.
/// - A file it must not replace turns saving off (`savingOffReason`): one it
///   cannot read (permissions, an I/O error, a directory in its place),
///   a corrupt one it cannot move aside, one in a newer format.
/// - Entries it does not know are loaded and saved back (`PackingList`).
/// - A save that fails is kept (`hasPendingSave`) for the next save or
///   `savePending()` (the demo's quit).
/// - Temporary files a killed process left behind (its naming scheme, more
///   than a minute old) are removed when loading.
public final class PackingStore {
    public let directory: String
    public let fileName: String
    public let path: String
    let fs: any OutputFileSystem
    /// Temporary files of ours older than this many seconds were left by a
    /// process that died mid-save (a save takes milliseconds).
    static let staleAge = 60.0

    /// Why saving is off, or nil while it is on (the latest `load()` decides).
    public private(set) var savingOffReason: String?
    /// The entries of the latest save, while it has not succeeded.
    public internal(set) var pendingEntries: [String]?
    /// Whether a save failed (or was refused) and none has succeeded since.
    public var hasPendingSave: Bool { pendingEntries != nil }

    /// What loading found.
    public enum Loaded: Equatable {
        /// No file yet: an empty list.
        case none
        /// The file's entries, in file order.
        case packed([String])
        /// The file was not a packing list; it now lives at `movedTo`.
        case corrupt(reason: String, movedTo: String)
    }

    /// A store for `directory/fileName`, through `fileSystem` (tests fail its calls).
    public init(directory: String, fileName: String = "packing-list", fileSystem: any OutputFileSystem = SystemFileSystem()) {
        self.directory = directory
        self.fileName = fileName
        path = directory + "/" + fileName
        fs = fileSystem
    }

    /// The demo's state directory: `$XDG_STATE_HOME/sweep`, or `~/.local/state/sweep`.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/sweep" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/sweep" }
        return nil
    }

    // MARK: - Loading

    /// Reads the list. A thrown error is reported to the user; when it
    /// means a file is there that must not be replaced, saving is off too.
    public func load() throws(PackingStoreError) -> Loaded {
        savingOffReason = nil
        removeStaleTemporaryFiles()
        // Non-blocking, so a FIFO in the file's place cannot hang the app.
        let fd = fs.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return .none }
            // A file on the way to the directory: no list can be there, so nothing to protect.
            if code == ENOTDIR { throw PackingStoreError("cannot open \(path): \(describe(code))") }
            throw turnSavingOff("cannot open \(path): \(describe(code))")
        }
        let bytes: [UInt8]
        do {
            defer { _ = fs.close(fd) }
            var info = stat()
            guard fs.fstat(fd, &info) == 0 else { throw turnSavingOff("cannot read \(path): \(describe(errno))") }
            guard info.st_mode & S_IFMT == S_IFREG else {
                let kind = info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
                throw turnSavingOff("cannot read \(path): it is \(kind)")
            }
            bytes = try readAll(fd)
        }
        switch PackingFormat.parse(bytes) {
        case .entries(let entries):
            return .packed(entries)
        case .newer(let version):
            throw turnSavingOff("\(path) is a packing list in a newer format (\(version)) that this version cannot read")
        case .corrupt(let reason):
            do {
                return .corrupt(reason: reason, movedTo: try moveAside())
            } catch {
                throw turnSavingOff("\(path) is not a packing list (\(reason)) and \(error.message)")
            }
        }
    }

    /// Turns saving off so the file at `path` is never replaced; the error to report.
    private func turnSavingOff(_ reason: String) -> PackingStoreError {
        savingOffReason = reason
        return PackingStoreError("\(reason); saving is off, so it is kept as it is")
    }

    private func readAll(_ fd: Int32) throws(PackingStoreError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { fs.read(fd, $0) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw turnSavingOff("cannot read \(path): \(describe(errno))") }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > PackingFormat.maximumSize { return bytes }
        }
    }

    /// Moves the file to the first free `fileName.corrupt-N`, never over an
    /// existing copy: a hard link fails rather than replace one.
    private func moveAside() throws(PackingStoreError) -> String {
        let dir = try openDirectory()
        defer { _ = fs.close(dir) }
        for number in 1...1000 {
            let aside = "\(fileName).corrupt-\(number)"
            if fs.linkat(dir, fileName, aside) == 0 {
                // Kept under the new name from here on, whether or not the old name goes.
                _ = fs.unlinkat(dir, fileName)
                _ = fs.fsync(dir)
                return directory + "/" + aside
            }
            let code = errno
            if code == EEXIST { continue }
            // A file system without hard links: rename, once the name is seen to be free.
            guard code == EPERM || code == EOPNOTSUPP || code == EXDEV || code == EMLINK else {
                throw PackingStoreError("cannot be moved aside to \(aside): \(describe(code))")
            }
            var info = stat()
            if fs.lstatat(dir, aside, &info) == 0 { continue }
            guard errno == ENOENT, fs.renameat(dir, fileName, aside) == 0 else {
                throw PackingStoreError("cannot be moved aside to \(aside): \(describe(errno))")
            }
            _ = fs.fsync(dir)
            return directory + "/" + aside
        }
        throw PackingStoreError("cannot be moved aside: 1000 corrupt copies are already kept")
    }

    /// Removes temporary files a killed save left: ours by name, regular
    /// files, older than `staleAge` (a newer one may be another instance's save).
    private func removeStaleTemporaryFiles() {
        let dir = fs.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard dir >= 0 else { return }
        defer { _ = fs.close(dir) }
        guard let names = fs.names(in: dir) else { return }
        let now = fs.now()
        for name in names where isTemporaryName(name) {
            var info = stat()
            guard fs.lstatat(dir, name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if now - modified > PackingStore.staleAge { _ = fs.unlinkat(dir, name) }
        }
    }

    /// `fileName.tmp-` and letters, digits or dashes: ours (`tmp-<random>`
    /// now, `tmp-<pid>` from earlier versions).
    func isTemporaryName(_ name: String) -> Bool {
        let prefix = fileName + ".tmp-"
        guard name.hasPrefix(prefix) else { return false }
        let rest = name.utf8.dropFirst(prefix.utf8.count)
        return !rest.isEmpty && rest.count <= 32 && rest.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) || byte == 0x2d
        }
    }

    func openDirectory() throws(PackingStoreError) -> Int32 {
        let dir = fs.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard dir >= 0 else { throw PackingStoreError("cannot open \(directory): \(describe(errno))") }
        return dir
    }
}

/// `strerror` of an error number.
func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

public struct PackingStoreError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
