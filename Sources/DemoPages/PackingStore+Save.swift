import Glibc

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
        try makeDirectory()
        let dir = try openDirectory()
        defer { _ = fs.close(dir) }
        let (fd, temporary) = try createTemporaryFile(in: dir)
        var open = true
        do {
            try writeAll(PackingFormat.bytes(entries), to: fd, name: temporary)
            guard fs.fsync(fd) == 0 else { throw PackingStoreError("cannot flush \(directory)/\(temporary): \(describe(errno))") }
            open = false
            // Linux releases the descriptor even when close fails: never close it twice.
            guard fs.close(fd) == 0 else { throw PackingStoreError("cannot close \(directory)/\(temporary): \(describe(errno))") }
            try beforeRename()
            guard fs.renameat(dir, temporary, fileName) == 0 else {
                throw PackingStoreError("cannot replace \(path): \(describe(errno))")
            }
        } catch {
            if open { _ = fs.close(fd) }
            _ = fs.unlinkat(dir, temporary)
            throw error
        }
        // The rename is an entry of the directory: it is on the disk once the directory is flushed.
        guard fs.fsync(dir) == 0 else { throw PackingStoreError("cannot flush \(directory): \(describe(errno))") }
    }

    /// A new file `fileName.tmp-<random>` in the open directory, never one
    /// that exists or a link: another name is drawn when one is taken.
    private func createTemporaryFile(in dir: Int32) throws(PackingStoreError) -> (Int32, String) {
        for _ in 0..<16 {
            let name = "\(fileName).tmp-\(String(fs.random(), radix: 36))"
            let fd = fs.openat(dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, name) }
            let code = errno
            guard code == EEXIST || code == ELOOP else {
                throw PackingStoreError("cannot create \(directory)/\(name): \(describe(code))")
            }
        }
        throw PackingStoreError("cannot create a temporary file in \(directory): every name tried was taken")
    }

    private func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws(PackingStoreError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { fs.write(fd, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw PackingStoreError("cannot write \(directory)/\(name): \(describe(errno))") }
            offset += count
        }
    }

    /// `mkdir -p` of the directory (mode 0700); each directory made is
    /// flushed into its parent, so it survives a power cut with the file.
    private func makeDirectory() throws(PackingStoreError) {
        var partial = ""
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
                throw PackingStoreError("cannot create \(partial): \(describe(errno))")
            }
        }
    }
}
