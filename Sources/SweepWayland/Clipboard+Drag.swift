import CWaylandClient
import Glibc
import SweepGeometry

/// Where drags over the app's surfaces are reported (an `AppWindow`).
public protocol DropTarget: AnyObject {
    /// A drag entered `surface` at `point` (surface coordinates).
    func dragEntered(_ offer: DropOffer, surface: OpaquePointer, at point: Point)
    func dragMoved(_ offer: DropOffer, to point: Point)
    /// It left, or was cancelled, without a drop.
    func dragLeft(_ offer: DropOffer)
    /// The person let go: read the data (`offer.read`) if it was accepted.
    func dropped(_ offer: DropOffer)
}

/// A drag over one of the app's surfaces (`wl_data_offer`): what it offers,
/// and the receiver's side of the protocol: accept a type and an action as
/// it moves, read the data after the drop, finish.
public final class DropOffer {
    let proxy: OpaquePointer
    private weak var clipboard: Clipboard?
    /// The MIME types the source offers, in its order.
    public let types: [String]
    /// The actions the source allows.
    public let sourceActions: DragActions
    /// Whether this app started the drag (a list dragging into itself: a move).
    public let isFromThisClient: Bool
    /// The action the compositor chose from both sides' (version 3).
    public internal(set) var action: DragActions = []
    /// The type accepted last (nil: none, the drop would be refused).
    public private(set) var acceptedType: String?
    private var finishedOrRefused = false

    init(proxy: OpaquePointer, clipboard: Clipboard, types: [String], sourceActions: DragActions, isFromThisClient: Bool) {
        self.proxy = proxy
        self.clipboard = clipboard
        self.types = types
        self.sourceActions = sourceActions
        self.isFromThisClient = isFromThisClient
    }

    /// Says which type a drop here would take (nil: none) and which actions
    /// (one preferred); called at each enter and motion.
    public func accept(_ mimeType: String?, actions: DragActions, preferred: DragActions) {
        guard let clipboard, !finishedOrRefused else { return }
        acceptedType = mimeType
        wl_data_offer_accept(proxy, clipboard.dropSerial, mimeType)
        if wl_proxy_get_version(proxy) >= 3 {
            wl_data_offer_set_actions(proxy, mimeType == nil ? 0 : actions.rawValue, mimeType == nil ? 0 : preferred.rawValue)
        }
    }

    /// Reads the dropped data as `mimeType` on the loop, never blocking
    /// (nil on an error, past `limit` bytes, or a source silent for the
    /// clipboard's stall timeout); then finishes the drop.
    public func read(_ mimeType: String, limit: Int = 64 << 20, completion: @escaping ([UInt8]?) -> Void) {
        guard let clipboard, !finishedOrRefused else { return completion(nil) }
        clipboard.read(proxy, mime: mimeType, limit: limit) { [weak self] bytes in
            self?.finish()
            completion(bytes)
        }
    }

    /// Tells the source the drop is done with (`finish`: the source of a
    /// move deletes its items), and lets the offer go.
    public func finish() {
        guard let clipboard, !finishedOrRefused else { return }
        finishedOrRefused = true
        if wl_proxy_get_version(proxy) >= 3, acceptedType != nil, action == .copy || action == .move {
            wl_data_offer_finish(proxy)
        }
        clipboard.dropDone(self)
    }

    /// Refuses the drop (the source hears it was cancelled) and lets the offer go.
    public func refuse() {
        guard let clipboard, !finishedOrRefused else { return }
        finishedOrRefused = true
        clipboard.dropDone(self)
    }
}

/// Drag and drop on the seat's `wl_data_device`: a drag this client makes
/// (`startDrag`: its source, served without blocking by the clipboard's
/// writer), and drags over the app's surfaces, reported to `dropTarget`.
extension Clipboard {
    // MARK: - Source

    /// Starts dragging `data` from `origin` (the surface the press or touch
    /// was on) with `icon` (a surface without a role, or nil) under the
    /// pointer or finger; `serial` is the press's or touch's. `onEvent`
    /// hears how it goes, ending with `finished` or `cancelled`. A drag
    /// already running is cancelled first. False when the compositor
    /// offers no data device manager.
    @discardableResult
    public func startDrag(_ data: DragData, origin: OpaquePointer, icon: OpaquePointer?, serial: UInt32,
                          onEvent: @escaping (DragEvent) -> Void) -> Bool {
        cancelDrag()
        guard kind == .clipboard, let newSource = createSource() else { return false }
        dragSource = newSource
        dragData = data
        dragHandler = onEvent
        dragAction = []
        for (mime, _) in data.types { offer(mime, from: newSource) }
        if wl_proxy_get_version(newSource) >= 3 { wl_data_source_set_actions(newSource, data.actions.rawValue) }
        wl_data_device_start_drag(device, newSource, origin, icon, serial)
        _ = wl_display_flush(connection.display)
        return true
    }

    /// Whether a drag this client started is running.
    public var isDragging: Bool { dragSource != nil }

    /// Ends this client's drag (Escape): the compositor cancels it.
    public func cancelDrag() {
        guard dragSource != nil else { return }
        endDrag(.cancelled)
    }

    private func endDrag(_ event: DragEvent) {
        if let dragSource { destroySource(dragSource) }
        dragSource = nil
        dragData = nil
        let handler = dragHandler
        dragHandler = nil
        handler?(event)
    }

    func sendDragData(mime: String, to fd: Int32) {
        // A type offered without data (the app had none): the receiver reads nothing.
        guard let content = dragData?.types.first(where: { $0.mimeType == mime })?.content else {
            close(fd)
            return
        }
        write(content, to: fd)
    }

    func dragTarget(_ mime: String?) { dragHandler?(.target(mime)) }

    func dragActionChanged(_ action: UInt32) {
        dragAction = DragActions(rawValue: action)
        dragHandler?(.action(dragAction))
    }

    func dragDropPerformed() { dragHandler?(.dropped) }

    func dragFinished() { endDrag(.finished(dragAction)) }

    func dragSourceCancelled() { endDrag(.cancelled) }

    // MARK: - Receiver

    func dragEnter(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double, offer: OpaquePointer?) {
        endDropWithoutDrop()
        guard let offer else { return }
        dropSerial = serial
        let entered = DropOffer(proxy: offer, clipboard: self, types: types(of: offer),
                                sourceActions: DragActions(rawValue: offerSourceActions[offer] ?? DragActions.copy.rawValue),
                                isFromThisClient: dragSource != nil)
        drop = entered
        guard let surface, let dropTarget else { return entered.accept(nil, actions: [], preferred: []) }
        dropTarget.dragEntered(entered, surface: surface, at: Point(x: x, y: y))
    }

    func dragMotion(x: Double, y: Double) {
        guard let drop else { return }
        dropTarget?.dragMoved(drop, to: Point(x: x, y: y))
    }

    func dragLeave() { endDropWithoutDrop() }

    private func endDropWithoutDrop() {
        guard let left = drop else { return }
        drop = nil
        dropTarget?.dragLeft(left)
        release(left.proxy)
    }

    func dragDrop() {
        guard let dropped = drop else { return }
        drop = nil
        droppedOffers[ObjectIdentifier(dropped)] = dropped
        guard dropped.acceptedType != nil, let dropTarget else { return dropped.refuse() }
        dropTarget.dropped(dropped)
    }

    func offerActionChanged(_ offer: OpaquePointer?, _ action: UInt32) {
        if let drop, drop.proxy == offer { drop.action = DragActions(rawValue: action) }
        for dropped in droppedOffers.values where dropped.proxy == offer { dropped.action = DragActions(rawValue: action) }
    }

    /// A dropped offer was read and finished, or refused: it goes.
    func dropDone(_ offer: DropOffer) {
        droppedOffers[ObjectIdentifier(offer)] = nil
        if drop === offer { drop = nil }
        release(offer.proxy)
    }
}
