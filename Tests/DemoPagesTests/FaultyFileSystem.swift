import SweepEventLog
import DemoPages
import Glibc

/// The real file system, with the calls a test picks failing: one call
/// (`failAt`, an index into `calls`) as a full disk or a failing one does,
/// or every call from one on (`deadFrom`), as when the process dies or the
/// disk goes away at that moment. Descriptors are closed for real either
/// way, as the kernel closes a dead process's.
final class FaultyFileSystem: OutputFileSystem, @unchecked Sendable {
    enum Call: String {
        case open, create, mkdir, read, write, fsync, close, stat, rename, link, unlink, list
    }

    private let real = SystemFileSystem()
    /// Every call so far, in order.
    private(set) var calls: [Call] = []
    /// The one call that fails.
    var failAt: Int?
    /// The first of the calls that all fail.
    var deadFrom: Int?
    /// The error failing calls report.
    var error: Int32 = EIO
    /// Calls of these kinds always fail.
    var failing: Set<Call> = []
    /// What `random()` returns next, before real random numbers.
    var randoms: [UInt64] = []

    /// Whether the next call (recorded now) goes ahead; sets `errno` when not.
    private func proceed(_ call: Call) -> Bool {
        calls.append(call)
        let index = calls.count - 1
        if index == failAt || index >= (deadFrom ?? .max) || failing.contains(call) {
            errno = error
            return false
        }
        return true
    }

    func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        proceed(.open) ? real.open(path, flags, mode) : -1
    }
    func openat(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        proceed(flags & O_CREAT != 0 ? .create : .open) ? real.openat(directory, name, flags, mode) : -1
    }
    func mkdir(_ path: String, _ mode: mode_t) -> Int32 { proceed(.mkdir) ? real.mkdir(path, mode) : -1 }
    func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int { proceed(.read) ? real.read(fd, buffer) : -1 }
    func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int { proceed(.write) ? real.write(fd, bytes) : -1 }
    func fsync(_ fd: Int32) -> Int32 { proceed(.fsync) ? real.fsync(fd) : -1 }
    func close(_ fd: Int32) -> Int32 {
        let result = real.close(fd)
        return proceed(.close) ? result : -1
    }
    func fstat(_ fd: Int32, _ info: inout stat) -> Int32 { proceed(.stat) ? real.fstat(fd, &info) : -1 }
    func lstatat(_ directory: Int32, _ name: String, _ info: inout stat) -> Int32 {
        proceed(.stat) ? real.lstatat(directory, name, &info) : -1
    }
    func renameat(_ directory: Int32, _ old: String, _ new: String) -> Int32 {
        proceed(.rename) ? real.renameat(directory, old, new) : -1
    }
    func linkat(_ directory: Int32, _ old: String, _ new: String) -> Int32 {
        proceed(.link) ? real.linkat(directory, old, new) : -1
    }
    func unlinkat(_ directory: Int32, _ name: String) -> Int32 { proceed(.unlink) ? real.unlinkat(directory, name) : -1 }
    func names(in directory: Int32) -> [String]? { proceed(.list) ? real.names(in: directory) : nil }
    func random() -> UInt64 { randoms.isEmpty ? real.random() : randoms.removeFirst() }
}

extension ScratchDirectory {
    /// Sets a file's times `seconds` into the past (not following a symbolic link).
    func age(_ name: String, seconds: Int) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var times = [timespec(tv_sec: now.tv_sec - seconds, tv_nsec: 0), timespec(tv_sec: now.tv_sec - seconds, tv_nsec: 0)]
        utimensat(AT_FDCWD, path + "/" + name, &times, AT_SYMLINK_NOFOLLOW)
    }

    /// Ages every temporary file a save left behind, as time passing after a crash does.
    func ageTemporaryFiles() {
        for name in ScratchDirectory.names(of: path) where name.contains(".tmp-") { age(name, seconds: 3600) }
    }
}
