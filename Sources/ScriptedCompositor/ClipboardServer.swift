import CWaylandServer
import Glibc

/// `wl_data_device_manager`: the clipboard. A client's selection (what it
/// copied) is kept, and a script can read it through the client's data source.
final class ClipboardServer: ResourceOwner {
    weak var server: CompositorServer?
    /// The data source of the current selection and the MIME types it offers.
    private(set) var selection: WLResource?
    private var offers: [ObjectIdentifier: [String]] = [:]
    private var sources: [WLResource: [String]] = [:]

    func resourceDestroyed(_ resource: WLResource?) {
        guard let resource else { return }
        sources[resource] = nil
        if selection == resource { selection = nil }
    }

    /// The MIME types the current selection offers.
    var selectionTypes: [String] { selection.flatMap { sources[$0] } ?? [] }

    /// Asks the selection's owner for its data as `mime` and reads it
    /// (dispatching while the client writes). Nil when nothing is selected.
    func readSelection(mime: String, timeout: Double) throws(CompositorFailure) -> [UInt8]? {
        guard let selection, let server else { return nil }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw CompositorFailure("pipe failed: \(String(cString: strerror(errno)))") }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        wl_data_source_send_send(selection, mime, fds[1])
        close(fds[1])
        defer { close(fds[0]) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        var data: [UInt8] = []
        var finished = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        server.dispatch(milliseconds: timeout) {
            while true {
                let count = read(fds[0], &chunk, chunk.count)
                if count > 0 { data.append(contentsOf: chunk[0..<count]); continue }
                if count == 0 { finished = true }
                break
            }
            return finished || data.count > 64 << 20
        }
        guard finished else { throw CompositorFailure("the client did not finish sending its selection within \(Int(timeout)) ms") }
        return data
    }

    fileprivate func setSelection(_ source: WLResource?) {
        if let old = selection, old != source { wl_data_source_send_cancelled(old) }
        selection = source
    }

    fileprivate func addSource(_ source: WLResource) { sources[source] = [] }
    fileprivate func offer(_ source: WLResource?, mime: String) {
        guard let source else { return }
        sources[source, default: []].append(mime)
    }

    nonisolated(unsafe) static let managerRequests = requestTable(sweep_wl_data_device_manager_requests(
        create_data_source: { client, resource, id in
            guard let clipboard = Resource.object(resource, as: ClipboardServer.self),
                  let source = Resource.create(client: client, interface: sweep_server_wl_data_source_interface(),
                                               version: UInt32(wl_resource_get_version(resource)), id: id,
                                               requests: ClipboardServer.sourceRequests, object: clipboard) else { return }
            clipboard.addSource(source)
        },
        get_data_device: { client, resource, id, _ in
            guard let clipboard = Resource.object(resource, as: ClipboardServer.self) else { return }
            _ = Resource.create(client: client, interface: sweep_server_wl_data_device_interface(),
                                version: UInt32(wl_resource_get_version(resource)), id: id,
                                requests: ClipboardServer.deviceRequests, object: clipboard)
        }
    ))

    nonisolated(unsafe) static let sourceRequests = requestTable(sweep_wl_data_source_requests(
        offer: { _, resource, mime in
            if let mime { Resource.object(resource, as: ClipboardServer.self)?.offer(resource, mime: String(cString: mime)) }
        },
        destroy: Resource.destroy,
        set_actions: { _, _, _ in }
    ))

    nonisolated(unsafe) static let deviceRequests = requestTable(sweep_wl_data_device_requests(
        start_drag: { _, _, _, _, _, _ in },
        set_selection: { _, resource, source, _ in
            Resource.object(resource, as: ClipboardServer.self)?.setSelection(source)
        },
        release: Resource.destroy
    ))
}
