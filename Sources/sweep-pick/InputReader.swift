import Foundation
import SweepUI

/// Reads the records' sources (standard input, or the files named) in
/// turn, as they arrive, without blocking the event loop: each turn of a
/// short timer reads what is ready (a `poll` with no wait first, so a pipe
/// that has nothing yet is left alone) up to a budget, and hands the
/// bytes on. Nothing is read when nothing is ready, and the timer stops at
/// the end of the last source.
final class InputReader {
    struct Source {
        let name: String
        let fd: Int32
    }

    private var sources: [Source]
    private let separator: UInt8
    /// The last byte of the source being read (a source that does not end
    /// with a separator gets one, so its last record stays its own).
    private var lastByte: UInt8?
    private unowned let host: ComponentHost
    private let onBytes: (UnsafeRawBufferPointer) -> Void
    private let onEnd: () -> Void
    private let onError: (String) -> Void
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    /// Bytes read a turn at most, so a fast source cannot starve drawing.
    static let budget = 16 << 20
    /// The pause between turns while a source is open (ms).
    static let interval = 8.0

    init(sources: [Source], separator: UInt8, host: ComponentHost, onBytes: @escaping (UnsafeRawBufferPointer) -> Void,
         onEnd: @escaping () -> Void, onError: @escaping (String) -> Void) {
        self.sources = sources
        self.separator = separator
        self.host = host
        self.onBytes = onBytes
        self.onEnd = onEnd
        self.onError = onError
    }

    func start() {
        host.schedule(after: 0) { [self] in turn() }
    }

    private func turn() {
        var total = 0
        while let source = sources.first, total < Self.budget {
            var descriptor = pollfd(fd: source.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { break }   // nothing ready now
            let count = buffer.withUnsafeMutableBytes { read(source.fd, $0.baseAddress, $0.count) }
            if count > 0 {
                total += count
                lastByte = buffer[count - 1]
                buffer.withUnsafeBytes { onBytes(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                if count < 0 { onError("cannot read \(source.name): \(String(cString: strerror(errno)))") }
                if source.fd != STDIN_FILENO { close(source.fd) }
                sources.removeFirst()
                if let last = lastByte, last != separator, !sources.isEmpty {
                    withUnsafeBytes(of: separator) { onBytes($0) }
                }
                lastByte = nil
            }
        }
        if sources.isEmpty {
            onEnd()
        } else {
            host.schedule(after: total > 0 ? 0 : Self.interval) { [self] in turn() }
        }
    }
}
