/// A failure reading or writing the history, as one line for stderr.
public struct HistoryFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The file-system calls the history makes. sweep-pick's implementation
/// makes the real ones; tests use one in memory that fails where told.
public protocol HistoryFileSystem {
    /// The file's bytes; nil when there is no such file.
    func read(_ path: String) throws(HistoryFileError) -> [UInt8]?
    /// Creates `path`, which must not exist, writes `bytes` and flushes it to the disk (fsync).
    func writeNew(_ path: String, _ bytes: [UInt8]) throws(HistoryFileError)
    /// Renames `from` to `to` (replacing it), in one directory: atomic.
    func rename(_ from: String, _ to: String) throws(HistoryFileError)
    /// Removes a file, if it is there.
    func remove(_ path: String)
    /// Makes the directory and its parents where missing.
    func makeDirectories(_ path: String) throws(HistoryFileError)
    /// Flushes a directory's entries (a rename in it) to the disk.
    func syncDirectory(_ path: String)
    /// 64 random bits for a temporary name.
    func random() -> UInt64
}

/// The history in its file, read once at the start and saved after a
/// choice: saved atomically (a new file in the same directory, flushed,
/// then renamed over the old one, so a crash or a full disk leaves the old
/// file whole); a file that cannot be read or parsed is moved aside to
/// `FILE.corrupt`, and the picker goes on with an empty history.
public struct HistoryFile {
    public let path: String
    private let fileSystem: any HistoryFileSystem

    public init(path: String, fileSystem: any HistoryFileSystem) {
        self.path = path
        self.fileSystem = fileSystem
    }

    /// Where a corrupt file goes.
    public var asidePath: String { path + ".corrupt" }

    private var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The history, and a one-line warning when the file was corrupt or
    /// unreadable (then moved aside) — `canSave` is false when it could not
    /// be moved either, so saving would not overwrite what nobody could read.
    public func load() -> (history: History, warning: String?, canSave: Bool) {
        let problem: String
        do {
            guard let bytes = try fileSystem.read(path) else { return (History(), nil, true) }
            return (History(entries: try HistoryFormat.decode(bytes)), nil, true)
        } catch {
            problem = error.message
        }
        do {
            try fileSystem.rename(path, asidePath)
        } catch {
            return (History(), "history \(path) cannot be used (\(problem)) nor moved aside (\(error.message)); "
                        + "it is left as it is and not saved", false)
        }
        return (History(), "history \(path) cannot be used (\(problem)); moved to \(asidePath), starting afresh", true)
    }

    /// Writes `history` (the most frecent first) in place of the file, atomically.
    public func save(_ history: History, now: Int64) throws(HistoryFileError) {
        try fileSystem.makeDirectories(directory)
        let temporary = "\(path).tmp-\(String(fileSystem.random(), radix: 36))"
        do {
            try fileSystem.writeNew(temporary, HistoryFormat.encode(history.ranked(now: now)))
            try fileSystem.rename(temporary, path)
        } catch {
            fileSystem.remove(temporary)
            throw error
        }
        fileSystem.syncDirectory(directory)
    }
}
