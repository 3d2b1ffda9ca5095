import Glibc

/// The lines of a text file as items (`sweep-demo --items FILE`): read once,
/// indexed by where each line starts, and decoded only when shown, so a file
/// of millions of lines costs its bytes plus four bytes a line. Bytes that
/// are not UTF-8 show as replacement characters (U+FFFD).
public final class ItemsFile {
    public let path: String
    private let bytes: [UInt8]
    /// Where each line starts, and one past the end of the last.
    private let starts: [UInt32]

    /// The largest file taken: line starts are 32-bit.
    public static let maximumSize = Int(UInt32.max) - 1

    public init(path: String) throws(ItemsFileError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ItemsFileError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ItemsFileError("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ItemsFileError("\(path) is not a regular file") }
        guard Int(info.st_size) <= ItemsFile.maximumSize else {
            throw ItemsFileError("\(path) is \(info.st_size) bytes; the largest items file is \(ItemsFile.maximumSize) bytes")
        }
        var buffer = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw ItemsFileError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }   // the file shrank while we read it
            filled += count
        }
        buffer.removeLast(buffer.count - filled)
        bytes = buffer
        starts = ItemsFile.lineStarts(of: buffer)
    }

    /// Start offsets of the lines, plus the end; a final newline ends the last line rather than starting an empty one.
    static func lineStarts(of bytes: [UInt8]) -> [UInt32] {
        var starts: [UInt32] = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let hit = memchr(base + offset, 0x0A, buffer.count - offset) {
                let newline = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                starts.append(UInt32(newline + 1))
                offset = newline + 1
            }
        }
        if bytes.isEmpty { return [0] }
        if bytes.last != 0x0A { starts.append(UInt32(bytes.count + 1)) }
        return starts
    }

    public var count: Int { starts.count - 1 }

    /// Line `index` without its newline (and without a carriage return before it), decoded leniently.
    public func line(_ index: Int) -> String {
        let start = Int(starts[index])
        var end = Int(starts[index + 1]) - 1
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return bytes.withUnsafeBufferPointer { String(decoding: $0[start..<end], as: UTF8.self) }
    }

    /// Line `index` exactly as in the file, without its newline.
    public func rawLine(_ index: Int) -> ArraySlice<UInt8> {
        bytes[Int(starts[index])..<(Int(starts[index + 1]) - 1)]
    }
}

public struct ItemsFileError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
