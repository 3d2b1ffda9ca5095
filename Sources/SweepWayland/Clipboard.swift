import CWaylandClient
import Glibc

/// Copies text to the Wayland clipboard (`wl_data_device`): the text is
/// offered as UTF-8 and sent to whoever pastes until another client takes
/// the selection.
public final class Clipboard {
    private let connection: Connection
    private let device: OpaquePointer
    private var source: OpaquePointer?
    private var text: [UInt8] = []
    private var offers: [OpaquePointer] = []
    /// Called when another client took the selection over.
    public var onCancelled: (() -> Void)?

    static let mimeTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"]

    /// The clipboard of `seat`; nil when the compositor has no data device manager.
    public init?(connection: Connection, seat: Seat) {
        guard let manager = connection.dataDeviceManager,
              let device = wl_data_device_manager_get_data_device(manager, seat.proxy) else { return nil }
        self.connection = connection
        self.device = device
        wl_data_device_add_listener(device, Clipboard.deviceListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let source { wl_data_source_destroy(source) }
        for offer in offers { wl_data_offer_destroy(offer) }
        if wl_proxy_get_version(device) >= 2 { wl_data_device_release(device) } else { wl_data_device_destroy(device) }
    }

    /// Puts `text` on the clipboard. `serial` is the serial of the input event
    /// that asked for it (compositors refuse a selection without one).
    public func copy(_ text: String, serial: UInt32) {
        guard let manager = connection.dataDeviceManager, let newSource = wl_data_device_manager_create_data_source(manager) else { return }
        if let source { wl_data_source_destroy(source) }
        source = newSource
        self.text = Array(text.utf8)
        wl_data_source_add_listener(newSource, Clipboard.sourceListener, Unmanaged.passUnretained(self).toOpaque())
        for mime in Clipboard.mimeTypes { wl_data_source_offer(newSource, mime) }
        wl_data_device_set_selection(device, newSource, serial)
    }

    /// Writes the text to a paster's pipe. A reader that stops reading must
    /// not freeze the app, so the pipe is written without blocking and
    /// abandoned when full for 2 s.
    private func send(to fd: Int32) {
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var offset = 0
        var waited = 0
        while offset < text.count {
            let written = text.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 { offset += written; waited = 0; continue }
            if written < 0 && (errno == EAGAIN || errno == EINTR) && waited < 2000 {
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 10)
                waited += 10
                continue
            }
            return
        }
    }

    private func cancelled(_ cancelledSource: OpaquePointer?) {
        guard let cancelledSource, cancelledSource == source else { return }
        wl_data_source_destroy(cancelledSource)
        source = nil
        onCancelled?()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Clipboard? {
        data.map { Unmanaged<Clipboard>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let sourceListener: UnsafeMutablePointer<wl_data_source_listener> = {
        let listener = UnsafeMutablePointer<wl_data_source_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_data_source_listener(
            target: { _, _, _ in },
            send: { data, _, _, fd in
                guard let clipboard = Clipboard.from(data) else { close(fd); return }
                clipboard.send(to: fd)
            },
            cancelled: { data, source in Clipboard.from(data)?.cancelled(source) },
            dnd_drop_performed: { _, _ in },
            dnd_finished: { _, _ in },
            action: { _, _, _ in }
        ))
        return listener
    }()

    nonisolated(unsafe) private static let deviceListener: UnsafeMutablePointer<wl_data_device_listener> = {
        let listener = UnsafeMutablePointer<wl_data_device_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_data_device_listener(
            data_offer: { data, _, offer in
                // Pasting is not supported yet: offers are released when the selection moves on.
                if let offer { Clipboard.from(data)?.offers.append(offer) }
            },
            enter: { _, _, _, _, _, _, _ in },
            leave: { _, _ in },
            motion: { _, _, _, _, _ in },
            drop: { _, _ in },
            selection: { data, _, offer in
                guard let clipboard = Clipboard.from(data) else { return }
                for old in clipboard.offers where old != offer { wl_data_offer_destroy(old) }
                clipboard.offers = offer.map { [$0] } ?? []
            }
        ))
        return listener
    }()
}
