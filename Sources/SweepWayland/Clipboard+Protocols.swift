import CSweepSystem
import CWaylandClient
import CWaylandProtocols
import Glibc

/// The requests that differ between the clipboard (`wl_data_*`) and the
/// primary selection (`zwp_primary_selection_*_v1`): the two protocols have
/// the same shape, so everything else in `Clipboard` serves both.
extension Clipboard {
    func createSource() -> OpaquePointer? {
        let me = Unmanaged.passUnretained(self).toOpaque()
        switch kind {
        case .clipboard:
            guard let manager = connectionManager, let source = wl_data_device_manager_create_data_source(manager) else { return nil }
            wl_data_source_add_listener(source, Clipboard.sourceListener, me)
            return source
        case .primary:
            guard let manager = connectionManager,
                  let source = zwp_primary_selection_device_manager_v1_create_source(manager) else { return nil }
            zwp_primary_selection_source_v1_add_listener(source, Clipboard.primarySourceListener, me)
            return source
        }
    }

    func destroySource(_ source: OpaquePointer) {
        switch kind {
        case .clipboard: wl_data_source_destroy(source)
        case .primary: zwp_primary_selection_source_v1_destroy(source)
        }
    }

    func offer(_ mime: String, from source: OpaquePointer) {
        switch kind {
        case .clipboard: wl_data_source_offer(source, mime)
        case .primary: zwp_primary_selection_source_v1_offer(source, mime)
        }
    }

    func setSelection(_ source: OpaquePointer, serial: UInt32) {
        switch kind {
        case .clipboard: wl_data_device_set_selection(device, source, serial)
        case .primary: zwp_primary_selection_device_v1_set_selection(device, source, serial)
        }
    }

    func receive(_ offer: OpaquePointer, mime: String, into fd: Int32) {
        switch kind {
        case .clipboard: wl_data_offer_receive(offer, mime, fd)
        case .primary: zwp_primary_selection_offer_v1_receive(offer, mime, fd)
        }
    }

    func destroyOffer(_ offer: OpaquePointer) {
        switch kind {
        case .clipboard: wl_data_offer_destroy(offer)
        case .primary: zwp_primary_selection_offer_v1_destroy(offer)
        }
    }

    // MARK: - Primary selection listeners (every slot set: libwayland 1.21 calls NULL slots)

    nonisolated(unsafe) static let primarySourceListener: UnsafeMutablePointer<zwp_primary_selection_source_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_primary_selection_source_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_primary_selection_source_v1_listener(
            send: { data, source, mime, fd in
                guard let clipboard = Clipboard.from(data), let mime else { close(fd); return }
                clipboard.send(from: source, mime: String(cString: mime), to: fd)
            },
            cancelled: { data, source in Clipboard.from(data)?.cancelled(source) }
        ))
        return listener
    }()

    nonisolated(unsafe) static let primaryOfferListener: UnsafeMutablePointer<zwp_primary_selection_offer_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_primary_selection_offer_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_primary_selection_offer_v1_listener(
            offer: { data, offer, mime in
                if let mime { Clipboard.from(data)?.offered(offer, mime: String(cString: mime)) }
            }
        ))
        return listener
    }()

    nonisolated(unsafe) static let primaryDeviceListener: UnsafeMutablePointer<zwp_primary_selection_device_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_primary_selection_device_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_primary_selection_device_v1_listener(
            data_offer: { data, _, offer in
                if let offer { Clipboard.from(data)?.introduced(offer) }
            },
            selection: { data, _, offer in Clipboard.from(data)?.selectionChanged(to: offer) }
        ))
        return listener
    }()
}
