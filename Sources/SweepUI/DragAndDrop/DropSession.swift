internal import SweepWayland

/// A drag over one of the app's windows, from this app or another (UIKit's
/// `UIDropSession`): what it offers, and after the drop, its data. The same
/// session is handed to each motion over a window until the drag leaves or
/// drops.
@MainActor
public final class DropSession {
    let offer: DropOffer

    init(offer: DropOffer) {
        self.offer = offer
    }

    /// The MIME types the source offers, in its order of preference.
    public var types: [String] { offer.types }
    /// The actions the source allows (copy, move, ask).
    public var sourceActions: DragActions { offer.sourceActions }
    /// Whether this app started the drag (a list dragging into itself: a move).
    public var isFromThisApp: Bool { offer.isFromThisClient }
    /// The action settled on with the source and the compositor (after the drop: what happened).
    public var action: DragActions { offer.action }

    /// Reads the dropped data as `mimeType` on the event loop, never
    /// blocking, then finishes the drop; nil on an error, past `limit`
    /// bytes, or a source that stays silent. Call it from `performDrop`.
    public func read(_ mimeType: String, limit: Int = 64 << 20, completion: @escaping ([UInt8]?) -> Void) {
        offer.read(mimeType, limit: limit, completion: completion)
    }

    /// The dropped data as `mimeType` (see `read`).
    public func data(as mimeType: String, limit: Int = 64 << 20) async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            read(mimeType, limit: limit) { continuation.resume(returning: $0) }
        }
    }

    /// Refuses the drop: the source hears it was cancelled.
    public func refuse() { offer.refuse() }

    /// Tells the source the drop is done with, without reading it (the
    /// data arrived another way: a list's own items moved within it).
    public func finish() { offer.finish() }

    /// Says which type and actions a drop here would take (the window does, from a proposal).
    func accept(_ mimeType: String?, actions: DragActions, preferred: DragActions) {
        offer.accept(mimeType, actions: actions, preferred: preferred)
    }
}
