import Glibc

/// Reads a whole image file without ever blocking on something that is not a file.
enum ImageFile {
    static func contents(of path: String, maxBytes: Int) throws(ImageError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw .unreadable(path: path, errno: errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .unreadable(path: path, errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, errno: EISDIR)
        default: throw .notAnImage
        }
        let size = Int(status.st_size)
        guard size <= maxBytes else { throw .fileTooLarge(bytes: size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, size - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, errno: errno)
            }
            if count == 0 { break }   // the file shrank while we read: decode what there is
            filled += count
        }
        if filled < size { bytes.removeSubrange(filled...) }
        return bytes
    }
}
