import Glibc

/// Writes a line straight to a file descriptor, unbuffered (stdio's globals
/// are not concurrency-safe in Swift 6, and a tour line must not wait in a buffer).
func writeLine(_ text: String, to fd: Int32) {
    var bytes = Array((text + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
    }
}

func printError(_ message: String) {
    writeLine("sweep-demo: \(message)", to: STDERR_FILENO)
}
