import Glibc
import SweepEventLog

/// Writes a line straight to a file descriptor, unbuffered (stdio's globals
/// are not concurrency-safe in Swift 6, and a tour line must not wait in a
/// buffer); the shared `StandardStreams` way, which never traps.
func writeLine(_ text: String, to fd: Int32) {
    StandardStreams.writeLine(text, to: fd)
}

func printError(_ message: String) {
    writeLine("sweep-demo: \(message)", to: STDERR_FILENO)
}
