import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// The events and objects that differ between the clipboard (`wl_data_*`)
/// and the primary selection (`zwp_primary_selection_*_v1`).
extension ClipboardServer {
    func sendSelection(_ offer: WLResource?, to device: WLResource) {
        switch kind {
        case .clipboard: wl_data_device_send_selection(device, offer)
        case .primary: zwp_primary_selection_device_v1_send_selection(device, offer)
        }
    }

    func sendCancelled(_ source: WLResource) {
        switch kind {
        case .clipboard: wl_data_source_send_cancelled(source)
        case .primary: zwp_primary_selection_source_v1_send_cancelled(source)
        }
    }

    func sendSend(_ source: WLResource, mime: String, fd: Int32) {
        switch kind {
        case .clipboard: wl_data_source_send_send(source, mime, fd)
        case .primary: zwp_primary_selection_source_v1_send_send(source, mime, fd)
        }
    }

    func sendDataOffer(_ offer: WLResource, to device: WLResource) {
        switch kind {
        case .clipboard: wl_data_device_send_data_offer(device, offer)
        case .primary: zwp_primary_selection_device_v1_send_data_offer(device, offer)
        }
    }

    func sendOffer(_ mime: String, on offer: WLResource) {
        switch kind {
        case .clipboard: wl_data_offer_send_offer(offer, mime)
        case .primary: zwp_primary_selection_offer_v1_send_offer(offer, mime)
        }
    }

    /// A new offer of the current selection for `device`'s client.
    func makeOffer(client: OpaquePointer, for device: WLResource) -> WLResource? {
        let object = SelectionOffer(clipboard: self, generation: generation)
        let version = UInt32(wl_resource_get_version(device))
        return switch kind {
        case .clipboard:
            Resource.create(client: client, interface: sweep_server_wl_data_offer_interface(), version: version, id: 0,
                            requests: SelectionOffer.requests, object: object)
        case .primary:
            Resource.create(client: client, interface: sweep_server_zwp_primary_selection_offer_v1_interface(), version: version,
                            id: 0, requests: SelectionOffer.primaryRequests, object: object)
        }
    }

    // MARK: - Primary selection requests

    nonisolated(unsafe) static let primaryManagerRequests = requestTable(sweep_zwp_primary_selection_device_manager_v1_requests(
        create_source: { client, resource, id in
            guard let clipboard = Resource.object(resource, as: ClipboardServer.self),
                  let source = Resource.create(client: client, interface: sweep_server_zwp_primary_selection_source_v1_interface(),
                                               version: UInt32(wl_resource_get_version(resource)), id: id,
                                               requests: ClipboardServer.primarySourceRequests, object: clipboard) else { return }
            clipboard.addSource(source)
        },
        get_device: { client, resource, id, _ in
            guard let clipboard = Resource.object(resource, as: ClipboardServer.self),
                  let device = Resource.create(client: client, interface: sweep_server_zwp_primary_selection_device_v1_interface(),
                                               version: UInt32(wl_resource_get_version(resource)), id: id,
                                               requests: ClipboardServer.primaryDeviceRequests, object: clipboard) else { return }
            clipboard.addDevice(device)
        },
        destroy: Resource.destroy
    ))

    nonisolated(unsafe) static let primarySourceRequests = requestTable(sweep_zwp_primary_selection_source_v1_requests(
        offer: { _, resource, mime in
            if let mime { Resource.object(resource, as: ClipboardServer.self)?.offer(resource, mime: String(cString: mime)) }
        },
        destroy: Resource.destroy
    ))

    nonisolated(unsafe) static let primaryDeviceRequests = requestTable(sweep_zwp_primary_selection_device_v1_requests(
        set_selection: { _, resource, source, _ in
            Resource.object(resource, as: ClipboardServer.self)?.setSelection(source)
        },
        destroy: Resource.destroy
    ))
}

extension SelectionOffer {
    nonisolated(unsafe) static let primaryRequests = requestTable(sweep_zwp_primary_selection_offer_v1_requests(
        receive: { _, resource, mime, fd in SelectionOffer.receive(resource, mime: mime, fd: fd) },
        destroy: Resource.destroy
    ))
}
