import CWaylandServer
import Glibc

extension CompositorServer {
    /// The client asked to start a drag: with the touch that is down, or the pointer.
    func startDrag(source: WLResource?, icon: Surface?) {
        drags.server = self
        drags.start(source: source, icon: icon, touch: seat.draggingTouch)
    }

    /// Writes `bytes` to `path` (a drop zone's outcome).
    func writeFile(_ bytes: [UInt8], to path: String) throws(CompositorFailure) {
        guard let handle = fopen(path, "wb") else {
            throw CompositorFailure("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        fclose(handle)
        guard written == bytes.count else { throw CompositorFailure("cannot write \(path)") }
    }
}
