/// A failure reading or writing the history, as one line for stderr.
public struct HistoryFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The file-system calls the history makes. sweep-pick's implementation
/// makes the real ones; tests use one in memory that fails where told.
public protocol HistoryFileSystem {
    /// The file's bytes; nil when there is no such file. Throws when the
    /// path is not a regular file (a directory, a FIFO, a device), is larger
    /// than `limit` bytes, or cannot be read; it never blocks.
    func read(_ path: String, limit: Int) throws(HistoryFileError) -> [UInt8]?
    /// Whether anything (a file, a link, a directory) is at `path`.
    func exists(_ path: String) -> Bool
    /// Replaces the file at `path` with `bytes` atomically (a crash or a full
    /// disk leaves the old file whole), through a symbolic link to the file
    /// it names and with that file's permissions (0600 for a new one),
    /// making missing directories.
    func replace(_ path: String, with bytes: [UInt8]) throws(HistoryFileError)
    /// Renames `from` to `to` (replacing it), in one directory: atomic.
    func rename(_ from: String, _ to: String) throws(HistoryFileError)
}

/// The history in its file, read once at the start and saved after a
/// choice: saved atomically (a new file in the same directory, flushed,
/// then renamed over the old one, so a crash or a full disk leaves the old
/// file whole), through a symbolic link to the file it names and with the
/// old file's permissions.
///
/// What `--history` names is anyone's path: only a regular file that was
/// read whole and is not a history is moved aside, to `FILE.corrupt` (or
/// `FILE.corrupt.1`, `.2`…, never over an earlier one), and the picker
/// starts afresh. Anything else (a directory, a FIFO, a device, a file
/// over `sizeLimit`, one that cannot be read) is left as it is and not
/// saved over: the picker goes on without history, and says so in one line.
public struct HistoryFile {
    public let path: String
    private let fileSystem: any HistoryFileSystem

    /// The largest history read or written (1 MiB, as the configuration
    /// file): a larger file is refused, and a save drops the least frecent
    /// entries to stay under it.
    public static let sizeLimit = 1 << 20

    public init(path: String, fileSystem: any HistoryFileSystem) {
        self.path = path
        self.fileSystem = fileSystem
    }

    /// Where a corrupt file goes: `FILE.corrupt`, else the first free `FILE.corrupt.N`.
    public var asidePath: String {
        let base = path + ".corrupt"
        guard fileSystem.exists(base) else { return base }
        var number = 1
        while fileSystem.exists("\(base).\(number)") && number < 10_000 { number += 1 }
        return "\(base).\(number)"
    }

    /// The history, and a one-line warning when the file could not be used
    /// — `canSave` is false when it was left in place (nothing is saved
    /// over what could not be read).
    public func load() -> (history: History, warning: String?, canSave: Bool) {
        let bytes: [UInt8]
        do {
            guard let read = try fileSystem.read(path, limit: Self.sizeLimit) else { return (History(), nil, true) }
            bytes = read
        } catch {
            return (History(), "history \(path) cannot be used (\(error.message)); going on without history", false)
        }
        let problem: String
        do {
            return (History(entries: try HistoryFormat.decode(bytes)), nil, true)
        } catch {
            problem = error.message
        }
        let aside = asidePath
        do {
            try fileSystem.rename(path, aside)
        } catch {
            return (History(), "history \(path) is not a history (\(problem)) and cannot be moved aside (\(error.message)); "
                        + "it is left as it is and not saved", false)
        }
        return (History(), "history \(path) is not a history (\(problem)); moved to \(aside), starting afresh", true)
    }

    /// Writes `history` (the most frecent first, as many as fit in
    /// `sizeLimit`) in place of the file, atomically, keeping its
    /// permissions, through a symbolic link to its target.
    public func save(_ history: History, now: Int64) throws(HistoryFileError) {
        try fileSystem.replace(path, with: Self.encode(history.ranked(now: now)))
    }

    /// The file's bytes for the most entries of `ranked` that fit in `sizeLimit`.
    static func encode(_ ranked: [HistoryEntry]) -> [UInt8] {
        let whole = HistoryFormat.encode(ranked)
        guard whole.count > sizeLimit else { return whole }
        // The longest prefix that fits: lines are encoded one by one until the next would not.
        var fitting = 0, size = HistoryFormat.encode([]).count
        for entry in ranked {
            let line = HistoryFormat.encode([entry]).count - HistoryFormat.encode([]).count
            guard size + line <= sizeLimit else { break }
            size += line
            fitting += 1
        }
        return HistoryFormat.encode(Array(ranked.prefix(fitting)))
    }
}
