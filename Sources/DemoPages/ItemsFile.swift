import CSweepSystem
import Glibc
import PickCore

/// The lines of a file as items (`sweep-demo --items FILE`), read as they
/// arrive: any readable file, read to its end (a regular file, a /proc file
/// whose size says 0, a pipe or a FIFO whose writer is still writing).
///
/// Where the lines live depends on whether the bytes can be read again:
/// - a regular file is only indexed (`FileLineIndex`, four bytes of offset a
///   line) and a line is read back with `pread` when shown, so a 150 MB
///   file of ten million lines costs 40 MB, not 190;
/// - a pipe, a FIFO or a file whose size says 0 (/proc) is held in a
///   PickCore `RecordStore` (one buffer, four bytes of offset a line).
///
/// A line is decoded only when shown, leniently: bytes that are not UTF-8
/// show as U+FFFD, and a CR before the newline is dropped. A file changed
/// under the app after it was indexed shows what its bytes are now (a
/// truncated file's missing lines show empty), never a crash.
///
/// The file is opened with `O_NONBLOCK`, so a FIFO without a writer does
/// not block `open`; the app watches `fd` for reading and calls
/// `readAvailable(hangUp:)` when it is ready (see there for the FIFO rules).
public final class ItemsFile {
    public let path: String
    /// The descriptor to watch for reading; -1 once reading ended (it is
    /// closed then, or kept only to read an indexed file's lines back).
    public private(set) var fd: Int32
    /// Whether `fd` is a pipe or FIFO (a read of 0 bytes may mean "no writer yet" there).
    let isPipe: Bool
    /// How much of a line `line(_:)` shows: more would not fit a row, and a
    /// file of one huge line must not be read whole for every frame.
    public static let shownByteLimit = 16 << 10

    /// Where the lines are (see the type's comment).
    private enum Lines {
        case held(RecordStore)
        case indexed(FileLineIndex)
    }
    private let lines: Lines
    /// Whether the lines are read back from the file (`FileLineIndex`) rather than held.
    var readsLinesBack: Bool { if case .indexed = lines { true } else { false } }
    /// An indexed file's descriptor, open until the `ItemsFile` goes (-1 for held lines).
    private var contentFD: Int32 = -1
    /// Whether bytes or a hang-up ever came from the pipe: a writer was connected.
    private var writerSeen = false
    /// Smaller than the read limit, so several reads make up one wakeup's bytes.
    private var buffer = [UInt8](repeating: 0, count: 1 << 18)

    /// Opens `path` without blocking. A path that cannot be opened or is a
    /// directory throws, so the demo says so before connecting.
    public init(path: String) throws(ItemsFileError) {
        self.path = path
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ItemsFileError("cannot open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw ItemsFileError("cannot read \(path): \(message)")
        }
        let kind = info.st_mode & S_IFMT
        guard kind != S_IFDIR else {
            close(fd)
            throw ItemsFileError("\(path) is a directory")
        }
        isPipe = kind == S_IFIFO || kind == S_IFSOCK
        if kind == S_IFREG && info.st_size > 0 && Self.readsTheSameAgain(fd) {
            lines = .indexed(FileLineIndex())
            contentFD = fd
        } else {
            lines = .held(RecordStore(separator: 0x0A))
        }
    }

    /// Whether the file's bytes can be read back by offset, as they were:
    /// not on a file system whose files are made anew at each read (sysfs
    /// says 4096 bytes for a file of five; procfs, debugfs, tracefs, cgroup
    /// files and the like), and `pread` works (not on some FUSE mounts).
    private static func readsTheSameAgain(_ fd: Int32) -> Bool {
        let fileSystem = sweep_file_system_type(fd)
        guard fileSystem >= 0 else { return false }
        let generated: Set<Int> = [0x6265_6572 /* sysfs */, 0x9fa0 /* proc */, 0x6462_6720 /* debugfs */,
                                    0x7472_6163 /* tracefs */, 0x27e0eb /* cgroup */, 0x6367_7270 /* cgroup2 */,
                                    0x7363_6673 /* securityfs */, 0x6265_6570 /* configfs */, 0x6e73_6673 /* nsfs */]
        guard !generated.contains(Int(fileSystem)) else { return false }
        var byte: UInt8 = 0
        return pread(fd, &byte, 1, 0) >= 0
    }

    deinit {
        if contentFD >= 0 { close(contentFD) } else if fd >= 0 { close(fd) }
    }

    /// The number of complete lines so far (and, once the file ended, a last line without a newline).
    public var count: Int {
        switch lines {
        case .held(let store): store.count
        case .indexed(let index): index.count
        }
    }

    /// Whether the whole file has been read (`fd` is -1).
    public private(set) var isFinished = false

    /// What one call of `readAvailable` came to.
    public enum Progress: Equatable, Sendable {
        /// More may come: watch `fd` again.
        case waiting
        /// The end of the file: every line is in, `fd` is closed.
        case ended
        /// A read failed (the message says why); the lines read so far stay, `fd` is closed.
        case failed(String)
    }

    /// Reads what the file has now, until `EAGAIN` or the end but stopping
    /// at the first read past `limit` bytes (so a fast writer or a large
    /// file cannot starve the window), and adds the lines it completes.
    ///
    /// FIFOs: a non-blocking `read` returns 0 both at the end (the writer
    /// closed) and before any writer ever opened the FIFO, so 0 alone is not
    /// the end. Linux's `poll` reports neither readable nor hang-up to a
    /// reader that opened without a writer until one has come (fs/pipe.c:
    /// "suppress EPOLLHUP until we have seen a writer"), so the app is woken
    /// only by data or by a writer that came and went; 0 is then the end when
    /// the wakeup was a hang-up (`hangUp`) or bytes came before. The second
    /// rule covers a pipe whose writer left before we opened it (a shell's
    /// `/dev/stdin`): its poll never says hang-up, so the read after the data
    /// must see the 0 in the same call: reading goes on until `EAGAIN` or
    /// 0 while at most `limit` bytes came, and a pipe holds at most 1 MiB
    /// (`/proc/sys/fs/pipe-max-size`) unless its writer was privileged.
    /// Like `cat`, the end is the first time no writer is left.
    @discardableResult
    public func readAvailable(hangUp: Bool = false, limit: Int = 1 << 20) -> Progress {
        guard fd >= 0 else { return isFinished ? .ended : .failed("\(path) is closed") }
        if hangUp { writerSeen = true }
        var total = 0
        while total <= limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.withUnsafeBytes { add(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                writerSeen = true
                total += count
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return .waiting }
            if count < 0 {
                let message = "cannot read \(path): \(String(cString: strerror(errno)))"
                end()
                return .failed(message)
            }
            // No writer now: the end, unless none has come yet.
            if isPipe && !writerSeen { return .waiting }
            end()
            return .ended
        }
        return .waiting
    }

    private func add(_ bytes: UnsafeRawBufferPointer) {
        switch lines {
        case .held(let store): store.append(bytes)
        case .indexed(let index): index.scan(bytes)
        }
    }

    /// Stops reading: a last line without a newline becomes a line; `fd`
    /// closes, unless an indexed file's lines are still to be read from it.
    private func end() {
        switch lines {
        case .held(let store):
            store.finish()
            close(fd)
        case .indexed(let index):
            index.finish()
        }
        fd = -1
        isFinished = true
    }

    /// Line `index` without its newline (and without a carriage return
    /// before it), decoded leniently, as shown: a line longer than
    /// `shownByteLimit` bytes is cut there, before any character the cut
    /// would split.
    public func line(_ index: Int) -> String { decodedLine(index, limit: Self.shownByteLimit) }

    /// Line `index` as `line(_:)` gives it but never cut (what Ctrl+C copies).
    public func wholeLine(_ index: Int) -> String { decodedLine(index, limit: .max) }

    private func decodedLine(_ index: Int, limit: Int) -> String {
        withBytes(of: index, limit: limit) { bytes in
            var end = bytes.count
            if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
    }

    /// Line `index` exactly as in the file, without its newline.
    public func rawLine(_ index: Int) -> [UInt8] {
        withBytes(of: index, limit: Int.max) { Array($0) }
    }

    /// Calls `body` with line `index`'s bytes: all of them, or the first
    /// `limit` at most, cut before a character that `limit` would split.
    private func withBytes<R>(of line: Int, limit: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch lines {
        case .held(let store):
            return store.withBytes(of: line) { body(UnsafeRawBufferPointer(rebasing: $0[..<Self.cut($0, limit)])) }
        case .indexed(let index):
            let range = index.range(of: line)
            // One byte past the limit tells whether the cut splits a character.
            let wanted = limit < range.count ? limit + 1 : range.count
            return withUnsafeTemporaryAllocation(byteCount: max(wanted, 1), alignment: 1) { buffer in
                let read = readFully(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]), at: range.lowerBound)
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<read])
                return body(UnsafeRawBufferPointer(rebasing: bytes[..<Self.cut(bytes, limit)]))
            }
        }
    }

    /// Reads `buffer.count` bytes of the indexed file from `offset`; fewer
    /// when the file has shrunk since it was indexed or a read fails.
    private func readFully(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var done = 0
        while done < buffer.count {
            let count = pread(contentFD, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count > 0 {
                done += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return done
    }

    /// Where to cut `bytes` so that at most `limit` remain and no UTF-8
    /// sequence is split: before the lead byte of a character that straddles
    /// `limit` (at most three continuation bytes back).
    static func cut(_ bytes: UnsafeRawBufferPointer, _ limit: Int) -> Int {
        guard bytes.count > limit else { return bytes.count }
        var end = limit
        while end > 0 && limit - end < 3 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }
}

public struct ItemsFileError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
