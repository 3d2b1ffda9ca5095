import Glibc

/// The little file access the lookup needs, over Glibc: whole small files,
/// directory listings, and nothing that could block on a FIFO.
enum Files {
    /// The bytes of a regular file of at most `maxBytes`; nil when it is missing, unreadable, not a file or longer.
    static func contents(of path: String, maxBytes: Int = 4 << 20) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= maxBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        if filled < bytes.count { bytes.removeSubrange(filled...) }
        return bytes
    }

    /// The names in a directory (without "." and ".."); nil when it cannot be opened.
    /// Entries are not stat'ed: a name that is a directory costs nothing here and is never an icon's.
    static func names(in path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // The name in place: readdir's entry may be shorter than dirent's 256-byte d_name.
            let name = String(cString: (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
                .assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
