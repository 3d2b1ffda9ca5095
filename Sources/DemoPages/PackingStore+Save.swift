import Glibc
import SweepEventLog

extension PackingStore {
    /// Writes `entries` (in order) atomically; see `PackingStore` for the
    /// guarantees. A failure keeps `entries` pending; with saving off this
    /// throws without touching the disk. `beforeRename` runs once the
    /// temporary file is on the disk, before it replaces the old one; tests
    /// throw from it to play a crash at the worst moment.
    public func save(_ entries: [String], beforeRename: () throws -> Void = {}) throws {
        pendingEntries = entries
        if let savingOffReason { throw PackingStoreError("saving is off: \(savingOffReason)") }
        try write(entries, beforeRename: beforeRename)
        pendingEntries = nil
    }

    /// Tries the pending save again (the demo does when it quits); nothing
    /// happens when none is pending.
    public func savePending() throws {
        guard let pendingEntries else { return }
        try save(pendingEntries)
    }

    private func write(_ entries: [String], beforeRename: () throws -> Void) throws {
        guard entries.allSatisfy(PackingFormat.isValid) else {
            throw PackingStoreError("cannot save an entry with a line break or a NUL byte")
        }
        // The programs' one way to replace an output: atomic, durable, through a symbolic link, keeping the mode.
        do {
            try OutputFile(path, fileSystem: fs).replace(with: PackingFormat.bytes(entries), newMode: 0o600,
                                                         makingDirectories: true, beforeRename: beforeRename)
        } catch let error as OutputFileError {
            throw PackingStoreError(error.message)
        }
    }
}
