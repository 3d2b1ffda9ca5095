import CSweepSystem
import CWaylandClient
import CWaylandProtocols
import Glibc

/// The Wayland clipboard of one seat (`wl_data_device`), or its primary
/// selection (`zwp_primary_selection_device_v1`: what is selected, pasted
/// with the middle button).
///
/// Copying offers bytes as text (UTF-8) until another client takes the
/// selection; every paster gets its own copy, written on the event loop
/// without blocking. Pasting reads the current selection's text through a
/// pipe on the event loop, also without blocking.
public final class Clipboard {
    /// Which of the seat's two selections.
    public enum Kind: Sendable {
        /// Ctrl+C and Ctrl+V (`wl_data_device_manager`).
        case clipboard
        /// Selecting and the middle button (`zwp_primary_selection_device_manager_v1`).
        case primary
    }

    public let kind: Kind
    let connection: Connection
    /// The manager sources are made from, for this kind.
    var connectionManager: OpaquePointer? {
        kind == .clipboard ? connection.dataDeviceManager : connection.primarySelectionManager
    }
    let device: OpaquePointer
    private var source: OpaquePointer?
    private var content = ClipboardContent.bytes([])
    /// The offers the compositor introduced and the MIME types each offers.
    private var offers: [OpaquePointer: [String]] = [:]
    private var selectionOffer: OpaquePointer?
    private var writers: [ObjectIdentifier: ClipboardWriter] = [:]
    private var readers: [ObjectIdentifier: ClipboardReader] = [:]
    /// Until the compositor answers this sync, the selection is not known yet.
    private var initialSync: OpaquePointer?
    private var pastesWaitingForSync: [([UInt8]?) -> Void] = []

    // Drag and drop (Clipboard+Drag.swift).
    /// The `wl_data_source` of the drag this client is making, its data and whom it tells.
    var dragSource: OpaquePointer?
    var dragData: DragData?
    var dragHandler: ((DragEvent) -> Void)?
    var dragAction: DragActions = []
    /// The source actions each offer announced (version 3).
    var offerSourceActions: [OpaquePointer: UInt32] = [:]
    /// The drag over the app now, and the serial its enter came with.
    var drop: DropOffer?
    var dropSerial: UInt32 = 0
    /// Offers dropped on the app, kept until their reader is done.
    var droppedOffers: [ObjectIdentifier: DropOffer] = [:]
    /// Where drags over the app's surfaces are reported; none: they are refused.
    public weak var dropTarget: DropTarget?

    /// Called when another client took the selection over.
    public var onCancelled: (() -> Void)?
    /// Milliseconds a paster may take nothing (or a pasted selection's owner
    /// send nothing) before that transfer is dropped.
    public var stallTimeout = 5000.0
    /// The most bytes a paste accepts; a larger selection pastes as nil.
    public var pasteLimit = 64 << 20

    /// The types a copy is offered as.
    static let offeredMimeTypes = ClipboardContent.textMimeTypes
    /// The text types a paste asks for, best first.
    static let pasteMimeTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT", "STRING"]

    /// The clipboard (or primary selection) of `seat`; nil when the
    /// compositor has no manager for it.
    public init?(connection: Connection, seat: Seat, kind: Kind = .clipboard) {
        let made: OpaquePointer? = switch kind {
        case .clipboard: connection.dataDeviceManager.flatMap { wl_data_device_manager_get_data_device($0, seat.proxy) }
        case .primary: connection.primarySelectionManager.flatMap { zwp_primary_selection_device_manager_v1_get_device($0, seat.proxy) }
        }
        guard let device = made else { return nil }
        self.kind = kind
        self.connection = connection
        self.device = device
        let me = Unmanaged.passUnretained(self).toOpaque()
        switch kind {
        case .clipboard: wl_data_device_add_listener(device, Clipboard.deviceListener, me)
        case .primary: zwp_primary_selection_device_v1_add_listener(device, Clipboard.primaryDeviceListener, me)
        }
        // The compositor sends the current selection right after the device is made.
        initialSync = wl_display_sync(connection.display)
        if let initialSync { wl_callback_add_listener(initialSync, Clipboard.syncListener, me) }
    }

    deinit {
        if let dragSource { wl_data_source_destroy(dragSource) }
        for writer in writers.values { writer.cancel() }
        for reader in readers.values { reader.cancel() }
        if let initialSync { wl_callback_destroy(initialSync) }
        if let source { destroySource(source) }
        for offer in offers.keys { destroyOffer(offer) }
        switch kind {
        case .clipboard:
            if wl_proxy_get_version(device) >= 2 { wl_data_device_release(device) } else { wl_data_device_destroy(device) }
        case .primary:
            zwp_primary_selection_device_v1_destroy(device)
        }
    }

    // MARK: - Copy

    /// Puts `bytes` on the clipboard as text. `serial` is the serial of the
    /// input event that asked for it (compositors refuse a selection without one).
    public func copy(_ bytes: [UInt8], serial: UInt32) {
        copy(.bytes(bytes), serial: serial)
    }

    /// Puts `content` on the clipboard as text; it is made only when pasted.
    public func copy(_ content: ClipboardContent, serial: UInt32) {
        guard let newSource = createSource() else { return }
        if let source { destroySource(source) }
        source = newSource
        self.content = content
        for mime in Clipboard.offeredMimeTypes { offer(mime, from: newSource) }
        setSelection(newSource, serial: serial)
    }

    /// Puts `text` on the clipboard, as UTF-8.
    public func copy(_ text: String, serial: UInt32) {
        copy(Array(text.utf8), serial: serial)
    }

    /// Whether this clipboard's copy is the selection (no other client took it over).
    public var ownsSelection: Bool { source != nil }

    /// A paster asked for the selection: its own copy, written on the loop.
    func send(from requester: OpaquePointer?, mime: String, to fd: Int32) {
        if requester != nil, requester == dragSource { return sendDragData(mime: mime, to: fd) }
        guard requester == source, Clipboard.offeredMimeTypes.contains(mime) else { close(fd); return }
        write(content, to: fd)
    }

    /// Writes `content` into a receiver's pipe on the loop, never blocking.
    func write(_ content: ClipboardContent, to fd: Int32) {
        let writer = ClipboardWriter(fd: fd, content: content, loop: connection.loop, stallTimeout: stallTimeout) { [weak self] done in
            self?.writers[ObjectIdentifier(done)] = nil
        }
        writers[ObjectIdentifier(writer)] = writer
        writer.start()
    }

    func cancelled(_ cancelledSource: OpaquePointer?) {
        if cancelledSource != nil, cancelledSource == dragSource { return dragSourceCancelled() }
        guard let cancelledSource, cancelledSource == source else { return }
        destroySource(cancelledSource)
        source = nil
        onCancelled?()
    }

    // MARK: - Paste

    /// The MIME types of the current selection (another client's or ours);
    /// empty when nothing is selected.
    public var selectionMimeTypes: [String] { selectionOffer.flatMap { offers[$0] } ?? [] }

    /// Reads the selection's text and calls `completion` with its bytes, on
    /// the loop and never before `paste` returns; nil when the selection holds
    /// no text (or nothing), on an error, when it is over `pasteLimit` bytes,
    /// or when its owner stalls for `stallTimeout`. Not called when the
    /// clipboard is deallocated first.
    public func paste(_ completion: @escaping ([UInt8]?) -> Void) {
        guard initialSync == nil else {
            pastesWaitingForSync.append(completion)
            return
        }
        // Asked for in the handler of a keyboard enter, the selection may follow in the same batch
        // of events (mutter sends it after the enter, not before as the protocol says): look once
        // the batch is handled.
        connection.loop.runAfterDispatch { [weak self] in
            self?.pasteNow(completion)
        }
    }

    private func pasteNow(_ completion: @escaping ([UInt8]?) -> Void) {
        let loop = connection.loop
        if source != nil {
            let copied = content.collect(limit: pasteLimit)   // our own copy: no round trip through the compositor
            loop.runAfterDispatch { completion(copied) }
            return
        }
        guard let offer = selectionOffer, let types = offers[offer],
              let mime = Clipboard.pasteMimeTypes.first(where: types.contains) else {
            loop.runAfterDispatch { completion(nil) }
            return
        }
        read(offer, mime: mime, limit: pasteLimit, completion: completion)
    }

    /// Receives `offer` as `mime` into a pipe and reads it on the loop (nil
    /// on an error, past `limit` bytes, or after `stallTimeout` of silence).
    func read(_ offer: OpaquePointer, mime: String, limit: Int, completion: @escaping ([UInt8]?) -> Void) {
        let loop = connection.loop
        var fds: [Int32] = [-1, -1]
        guard sweep_pipe_cloexec(&fds) == 0 else {
            loop.runAfterDispatch { completion(nil) }
            return
        }
        receive(offer, mime: mime, into: fds[1])
        close(fds[1])   // libwayland sent a duplicate; the owner writes into that one
        _ = wl_display_flush(connection.display)
        let reader = ClipboardReader(fd: fds[0], loop: loop, limit: limit, stallTimeout: stallTimeout,
                                     completion: completion) { [weak self] done in
            self?.readers[ObjectIdentifier(done)] = nil
        }
        readers[ObjectIdentifier(reader)] = reader
        reader.start()
    }

    func synced() {
        if let initialSync { wl_callback_destroy(initialSync) }
        initialSync = nil
        let waiting = pastesWaitingForSync
        pastesWaitingForSync.removeAll()
        for completion in waiting { paste(completion) }
    }

    // MARK: - Offers

    func introduced(_ offer: OpaquePointer) {
        offers[offer] = []
        let me = Unmanaged.passUnretained(self).toOpaque()
        switch kind {
        case .clipboard: wl_data_offer_add_listener(offer, Clipboard.offerListener, me)
        case .primary: zwp_primary_selection_offer_v1_add_listener(offer, Clipboard.primaryOfferListener, me)
        }
    }

    func offered(_ offer: OpaquePointer?, mime: String) {
        guard let offer, offers[offer] != nil else { return }
        offers[offer]?.append(mime)
    }

    func release(_ offer: OpaquePointer) {
        offerSourceActions[offer] = nil
        guard offers.removeValue(forKey: offer) != nil else { return }
        destroyOffer(offer)
    }

    /// The MIME types an offer announced so far.
    func types(of offer: OpaquePointer) -> [String] { offers[offer] ?? [] }

    func selectionChanged(to offer: OpaquePointer?) {
        selectionOffer = offer
        // Offers that are neither the selection nor a drag in progress (or dropped, being read) are done with.
        let kept = Set([drop?.proxy].compactMap { $0} + droppedOffers.values.map(\.proxy))
        for old in Array(offers.keys) where old != offer && !kept.contains(old) { release(old) }
    }

    // MARK: - Listeners (every slot set: libwayland 1.21 calls NULL slots)

    static func from(_ data: UnsafeMutableRawPointer?) -> Clipboard? {
        data.map { Unmanaged<Clipboard>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) static let sourceListener: UnsafeMutablePointer<wl_data_source_listener> = {
        let listener = UnsafeMutablePointer<wl_data_source_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_data_source_listener(
            target: { data, _, mime in Clipboard.from(data)?.dragTarget(mime.map { String(cString: $0) }) },
            send: { data, source, mime, fd in
                guard let clipboard = Clipboard.from(data), let mime else { close(fd); return }
                clipboard.send(from: source, mime: String(cString: mime), to: fd)
            },
            cancelled: { data, source in Clipboard.from(data)?.cancelled(source) },
            dnd_drop_performed: { data, _ in Clipboard.from(data)?.dragDropPerformed() },
            dnd_finished: { data, _ in Clipboard.from(data)?.dragFinished() },
            action: { data, _, action in Clipboard.from(data)?.dragActionChanged(action) }
        ))
        return listener
    }()

    nonisolated(unsafe) private static let offerListener: UnsafeMutablePointer<wl_data_offer_listener> = {
        let listener = UnsafeMutablePointer<wl_data_offer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_data_offer_listener(
            offer: { data, offer, mime in
                if let mime { Clipboard.from(data)?.offered(offer, mime: String(cString: mime)) }
            },
            source_actions: { data, offer, actions in
                if let offer { Clipboard.from(data)?.offerSourceActions[offer] = actions }
            },
            action: { data, offer, action in Clipboard.from(data)?.offerActionChanged(offer, action) }
        ))
        return listener
    }()

    nonisolated(unsafe) private static let deviceListener: UnsafeMutablePointer<wl_data_device_listener> = {
        let listener = UnsafeMutablePointer<wl_data_device_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_data_device_listener(
            data_offer: { data, _, offer in
                if let offer { Clipboard.from(data)?.introduced(offer) }
            },
            enter: { data, _, serial, surface, x, y, offer in
                Clipboard.from(data)?.dragEnter(serial: serial, surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y),
                                                offer: offer)
            },
            leave: { data, _ in Clipboard.from(data)?.dragLeave() },
            motion: { data, _, _, x, y in Clipboard.from(data)?.dragMotion(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) },
            drop: { data, _ in Clipboard.from(data)?.dragDrop() },
            selection: { data, _, offer in Clipboard.from(data)?.selectionChanged(to: offer) }
        ))
        return listener
    }()

    nonisolated(unsafe) private static let syncListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_callback_listener(done: { data, _, _ in Clipboard.from(data)?.synced() }))
        return listener
    }()
}
