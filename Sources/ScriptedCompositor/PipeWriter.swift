import CWaylandServer
import Glibc

/// Writes bytes into a client's pipe from the compositor's event loop, a
/// chunk each time the pipe can take one, so a client that pastes slowly
/// (or never reads) does not stop the script. It keeps itself alive until
/// the pipe is written or broken.
final class PipeWriter {
    private let fd: Int32
    private let bytes: [UInt8]
    private var offset = 0
    private var source: OpaquePointer?

    /// Takes over `fd` and writes `bytes` into it on `loop` (a `wl_event_loop`).
    static func start(loop: OpaquePointer, fd: Int32, bytes: [UInt8]) {
        let writer = PipeWriter(fd: fd, bytes: bytes)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let retained = Unmanaged.passRetained(writer)
        writer.source = wl_event_loop_add_fd(loop, fd, UInt32(WL_EVENT_WRITABLE), { _, mask, data in
            guard let data else { return 0 }
            Unmanaged<PipeWriter>.fromOpaque(data).takeUnretainedValue().writable(mask: mask)
            return 0
        }, retained.toOpaque())
        if writer.source == nil { writer.finish() }
    }

    private init(fd: Int32, bytes: [UInt8]) {
        self.fd = fd
        self.bytes = bytes
    }

    private func writable(mask: UInt32) {
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, min($0.count - offset, 1 << 20)) }
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EAGAIN { return }
            break   // the reader went away
        }
        finish()
    }

    /// Closes the pipe (the event source holds a duplicate) and lets the writer go.
    private func finish() {
        if let source { wl_event_source_remove(source) }
        source = nil
        close(fd)
        Unmanaged.passUnretained(self).release()
    }
}
