import Foundation
import SweepUI

/// Reads the records' sources (standard input, or the files named) in
/// turn, as they arrive, through a readable watch on the app's one loop:
/// a read happens only when bytes are there, and one callback reads at
/// most a buffer, so a fast source cannot starve drawing.
@MainActor
final class InputReader {
    struct Source {
        let name: String
        let fd: Int32
    }

    private var sources: [Source]
    private let separator: UInt8
    private let application: Application
    /// The last byte of the source being read (a source that does not end
    /// with a separator gets one, so its last record stays its own).
    private var lastByte: UInt8?
    private var watch: Application.WatchID?
    private let onBytes: (UnsafeRawBufferPointer) -> Void
    private let onEnd: () -> Void
    private let onError: (String) -> Void
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    init(sources: [Source], separator: UInt8, application: Application, onBytes: @escaping (UnsafeRawBufferPointer) -> Void,
         onEnd: @escaping () -> Void, onError: @escaping (String) -> Void) {
        self.sources = sources
        self.separator = separator
        self.application = application
        self.onBytes = onBytes
        self.onEnd = onEnd
        self.onError = onError
    }

    func start() {
        guard let source = sources.first else { return onEnd() }
        watch = application.watch(fd: source.fd, events: .readable) { [unowned self] _ in readOnce() }
    }

    private func readOnce() {
        guard let source = sources.first else { return }
        let count = buffer.withUnsafeMutableBytes { read(source.fd, $0.baseAddress, $0.count) }
        if count > 0 {
            lastByte = buffer[count - 1]
            buffer.withUnsafeBytes { onBytes(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            return
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        if count < 0 { onError("cannot read \(source.name): \(String(cString: strerror(errno)))") }
        // End of this source: the next one, or the end of input.
        if let watch { application.unwatch(watch) }
        watch = nil
        if source.fd != STDIN_FILENO { close(source.fd) }
        sources.removeFirst()
        if let last = lastByte, last != separator, !sources.isEmpty {
            withUnsafeBytes(of: separator) { onBytes($0) }
        }
        lastByte = nil
        start()
    }
}
