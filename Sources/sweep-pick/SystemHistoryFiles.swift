import Glibc
import PickCore
import SweepEventLog

/// The history's file-system calls on the real file system (see `HistoryFile`).
struct SystemHistoryFiles: HistoryFileSystem {
    private func failure(_ what: String, _ path: String) -> HistoryFileError {
        HistoryFileError("cannot \(what) \(path): \(String(cString: strerror(errno)))")
    }

    // Reading and replacing are the programs' shared `OutputFile`'s: never blocking, regular files only,
    // capped; replaced atomically through links, keeping the mode.
    func read(_ path: String, limit: Int) throws(HistoryFileError) -> [UInt8]? {
        do { return try OutputFile(path).read(limit: limit) } catch { throw HistoryFileError(error.message) }
    }

    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    func replace(_ path: String, with bytes: [UInt8]) throws(HistoryFileError) {
        do { try OutputFile(path).replace(with: bytes, newMode: 0o600, makingDirectories: true) } catch {
            throw HistoryFileError("\(error)")
        }
    }

    func rename(_ from: String, _ to: String) throws(HistoryFileError) {
        guard Glibc.rename(from, to) == 0 else { throw failure("rename \(from) to", to) }
    }
}
