import CWaylandServer
import Glibc

/// A `wl_data_offer` the compositor made for a client's data device: the
/// selection of one moment. Once the selection changes, receiving from it
/// gives nothing (its pipe is closed at once).
final class SelectionOffer {
    weak var clipboard: ClipboardServer?
    /// The clipboard's selection count when the offer was made.
    let generation: Int

    init(clipboard: ClipboardServer, generation: Int) {
        self.clipboard = clipboard
        self.generation = generation
    }

    /// A client pastes through `resource` (a data offer or a primary selection offer).
    static func receive(_ resource: WLResource?, mime: UnsafePointer<CChar>?, fd: Int32) {
        guard let offer = Resource.object(resource, as: SelectionOffer.self), let clipboard = offer.clipboard, let mime else {
            close(fd)
            return
        }
        clipboard.receive(generation: offer.generation, mime: String(cString: mime), fd: fd)
    }

    nonisolated(unsafe) static let requests = requestTable(sweep_wl_data_offer_requests(
        accept: { _, _, _, _ in },
        receive: { _, resource, mime, fd in SelectionOffer.receive(resource, mime: mime, fd: fd) },
        destroy: Resource.destroy,
        finish: { _, _ in },
        set_actions: { _, _, _, _ in }
    ))
}
