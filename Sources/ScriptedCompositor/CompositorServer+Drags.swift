import SweepEventLog
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
        do { try OutputFile(path).replace(with: bytes) } catch { throw CompositorFailure("\(error)") }
    }
}
