import Glibc

/// The file-system calls an `OutputFile` (and the stores built on it) makes,
/// one method per call: each returns what the call returns and sets `errno`
/// as it does. The default implementations make the real calls
/// (`SystemFileSystem`); a test conforms a type that forwards to them and
/// fails the calls it chooses (ENOSPC at a write, EIO at an fsync), or every
/// call from some step on, as a crash or a dead disk would.
public protocol OutputFileSystem {
    /// `open(2)`.
    func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// `openat(2)` in an open directory.
    func openat(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// `mkdir(2)`.
    func mkdir(_ path: String, _ mode: mode_t) -> Int32
    /// `read(2)` into `buffer`.
    func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int
    /// `write(2)` of `bytes` (which may write fewer).
    func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    /// `fsync(2)`.
    func fsync(_ fd: Int32) -> Int32
    /// `close(2)`.
    func close(_ fd: Int32) -> Int32
    /// `fstat(2)`.
    func fstat(_ fd: Int32, _ info: inout stat) -> Int32
    /// `fchmod(2)`.
    func fchmod(_ fd: Int32, _ mode: mode_t) -> Int32
    /// `stat(2)`, following symbolic links.
    func stat(_ path: String, _ info: inout Glibc.stat) -> Int32
    /// `readlink(2)`: the link's text, or nil (not a link, or an error in `errno`).
    func readlink(_ path: String) -> String?
    /// `fstatat(2)` without following a last symbolic link.
    func lstatat(_ directory: Int32, _ name: String, _ info: inout stat) -> Int32
    /// `renameat(2)` within one directory: replaces `new`.
    func renameat(_ directory: Int32, _ old: String, _ new: String) -> Int32
    /// `linkat(2)` within one directory: fails with EEXIST rather than replace `new`.
    func linkat(_ directory: Int32, _ old: String, _ new: String) -> Int32
    /// `unlinkat(2)` of a file in a directory.
    func unlinkat(_ directory: Int32, _ name: String) -> Int32
    /// The names in an open directory (without "." and ".."), or nil.
    func names(in directory: Int32) -> [String]?
    /// 64 random bits, for names nobody can guess.
    func random() -> UInt64
    /// Seconds since the epoch (`CLOCK_REALTIME`, the clock of file times).
    func now() -> Double
}

extension OutputFileSystem {
    public func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
    public func openat(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        Glibc.openat(directory, name, flags, mode)
    }
    public func mkdir(_ path: String, _ mode: mode_t) -> Int32 { Glibc.mkdir(path, mode) }
    public func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        Glibc.read(fd, buffer.baseAddress, buffer.count)
    }
    public func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int { Glibc.write(fd, bytes.baseAddress, bytes.count) }
    public func fsync(_ fd: Int32) -> Int32 { Glibc.fsync(fd) }
    public func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }
    public func fstat(_ fd: Int32, _ info: inout stat) -> Int32 { Glibc.fstat(fd, &info) }
    public func fchmod(_ fd: Int32, _ mode: mode_t) -> Int32 { Glibc.fchmod(fd, mode) }
    public func stat(_ path: String, _ info: inout Glibc.stat) -> Int32 { Glibc.fstatat(AT_FDCWD, path, &info, 0) }
    public func readlink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = Glibc.readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    public func lstatat(_ directory: Int32, _ name: String, _ info: inout stat) -> Int32 {
        Glibc.fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW)
    }
    public func renameat(_ directory: Int32, _ old: String, _ new: String) -> Int32 {
        Glibc.renameat(directory, old, directory, new)
    }
    public func linkat(_ directory: Int32, _ old: String, _ new: String) -> Int32 {
        Glibc.linkat(directory, old, directory, new, 0)
    }
    public func unlinkat(_ directory: Int32, _ name: String) -> Int32 { Glibc.unlinkat(directory, name, 0) }

    public func names(in directory: Int32) -> [String]? {
        // fdopendir takes the descriptor over: give it a copy.
        let copy = dup(directory)
        guard copy >= 0 else { return nil }
        guard let stream = fdopendir(copy) else {
            Glibc.close(copy)
            return nil
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            // The name in place: readdir's entry may be shorter than dirent's 256-byte d_name,
            // so copying that field would read past it (AddressSanitizer found it).
            let name = String(cString: (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
                .assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public func random() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    public func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The real file system.
public struct SystemFileSystem: OutputFileSystem {
    public init() {}
}
