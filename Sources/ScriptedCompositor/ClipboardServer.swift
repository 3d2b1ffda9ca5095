import CSweepSystem
import CWaylandServer
import Glibc

/// `wl_data_device_manager`: the clipboard. The selection is a client's
/// data source (what it copied) or bytes the script set, as if another
/// client had copied them. Every data device hears each selection as a new
/// `wl_data_offer`, as a real compositor tells the focused client (here the
/// one client always has focus). A script reads the selection through the
/// same path a paster takes, or holds a paste without reading it.
///
/// The same class serves the primary selection
/// (`zwp_primary_selection_device_manager_v1`), whose protocol has the same
/// shape; `ClipboardServer+Protocols.swift` holds the calls that differ.
final class ClipboardServer: ResourceOwner {
    /// Which selection this is.
    enum Kind { case clipboard, primary }

    let kind: Kind
    weak var server: CompositorServer?

    init(kind: Kind = .clipboard) {
        self.kind = kind
    }
    /// The data source of the current selection, when a client owns it.
    private(set) var selection: WLResource?
    /// The bytes and MIME types of the current selection, when the script owns it.
    private var scriptSelection: (bytes: [UInt8], mimes: [String], silent: Bool)?
    /// Write ends of pastes from a silent selection: held open, never written.
    private var silentSinks: [Int32] = []

    deinit {
        for fd in silentSinks { close(fd) }
    }
    /// Counts selection changes: offers made for an older selection give nothing.
    private(set) var generation = 0
    private var sources: [WLResource: [String]] = [:]
    /// The drag actions each source allows (`set_actions`, version 3).
    private var sourceActionSets: [WLResource: UInt32] = [:]
    private var devices: [WLResource] = []
    /// Read ends of pastes the script holds without reading (`clipboard.stall`), oldest first.
    private var stalled: [Int32] = []

    /// Pastes past this size are cut off, so a runaway client cannot exhaust memory.
    static let readLimit = 64 << 20

    func resourceDestroyed(_ resource: WLResource?) {
        guard let resource else { return }
        if sources[resource] != nil { server?.drags.sourceDestroyed(resource) }
        sources[resource] = nil
        sourceActionSets[resource] = nil
        if devices.contains(resource) {
            // A client going away destroys its objects in any order: a drag must not talk to this device after.
            server?.drags.deviceDestroyed(resource)
            devices.removeAll { $0 == resource }
        }
        if selection == resource {
            selection = nil
            generation += 1
            // Only other clients hear it: the owner's own objects are going away with it.
            let owner = wl_resource_get_client(resource)
            for device in devices where wl_resource_get_client(device) != owner { sendSelection(nil, to: device) }
        }
    }

    /// The MIME types the current selection offers.
    var selectionTypes: [String] { selection.flatMap { sources[$0] } ?? scriptSelection?.mimes ?? [] }

    private var hasSelection: Bool { selection != nil || scriptSelection != nil }

    // MARK: - What the script does

    /// Makes `bytes` the selection, offered as `mimes`; a client's selection is cancelled.
    func setScriptSelection(_ bytes: [UInt8], mimes: [String], silent: Bool = false) {
        if let old = selection { sendCancelled(old) }
        selection = nil
        scriptSelection = (bytes, mimes, silent)
        generation += 1
        for device in devices { announceSelection(to: device) }
    }

    /// Asks the selection's owner for its data as `mime` and reads it
    /// (dispatching while the client writes). Nil when no client selected
    /// anything within `timeout` ms.
    ///
    /// What a selection gives is kept only if it was still the selection when
    /// its bytes ended: a client that replaces its own copy (Ctrl+C twice)
    /// may be asked for the old one just after it let it go, and closes the
    /// pipe at once, before the compositor has read the requests that
    /// replaced it. So an empty answer waits up to `replacementWait` ms for
    /// a new selection, and a new one is read in its place, within the same
    /// `timeout`; a selection that never holds still that long fails the step.
    func readSelection(mime: String, timeout: Double) throws(CompositorFailure) -> [UInt8]? {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout))
        var remaining: Double { max(0, Double((deadline - .now) / .milliseconds(1))) }
        while true {
            guard let fd = try openSelection(mime: mime, timeout: remaining) else { return nil }
            let asked = generation
            let data: [UInt8]
            do {
                defer { close(fd) }
                data = try readToEnd(fd, timeout: remaining,
                                     late: "the client did not finish sending its selection within \(Int(timeout)) ms")
            }
            if data.isEmpty { server?.dispatch(milliseconds: min(remaining, Self.replacementWait)) { generation != asked } }
            if generation == asked { return data }
            guard remaining > 0 else {
                throw CompositorFailure("the client's selection changed while it was read, for all of \(Int(timeout)) ms")
            }
        }
    }

    /// How long an empty answer waits for the selection's replacement (ms).
    static let replacementWait = 250.0

    /// Asks for the selection into a pipe the script holds without reading
    /// it, as a stalled paster would; false when no client selected anything within `timeout` ms.
    func stall(mime: String, timeout: Double) throws(CompositorFailure) -> Bool {
        guard let fd = try openSelection(mime: mime, timeout: timeout) else { return false }
        stalled.append(fd)
        return true
    }

    /// Reads the oldest stalled paste until the client closes it; nil when none is held.
    func drain(timeout: Double) throws(CompositorFailure) -> [UInt8]? {
        guard !stalled.isEmpty else { return nil }
        let fd = stalled.removeFirst()
        defer { close(fd) }
        return try readToEnd(fd, timeout: timeout,
                             late: "the client did not close the stalled paste within \(Int(timeout)) ms")
    }

    /// A pipe's read end (non-blocking) that the client owning the selection
    /// is asked to fill. The client may still be preparing its copy, so this
    /// waits up to `timeout` ms for a selection a client owns: bytes the
    /// script set earlier (`clipboard.set`, `primary.set`) are what the
    /// client is expected to replace, and reading them back would race it.
    private func openSelection(mime: String, timeout: Double) throws(CompositorFailure) -> Int32? {
        if selection == nil { server?.dispatch(milliseconds: timeout) { selection != nil } }
        guard selection != nil else { return nil }
        var fds: [Int32] = [-1, -1]
        guard sweep_pipe_cloexec(&fds) == 0 else { throw CompositorFailure("pipe failed: \(String(cString: strerror(errno)))") }
        transfer(mime: mime, to: fds[1])
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return fds[0]
    }

    private func readToEnd(_ fd: Int32, timeout: Double, late: String) throws(CompositorFailure) -> [UInt8] {
        guard let server else { throw CompositorFailure("the compositor is gone") }
        var data: [UInt8] = []
        var finished = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        server.dispatch(milliseconds: timeout, waking: fd) {
            while true {
                let count = read(fd, &chunk, chunk.count)
                if count > 0 { data.append(contentsOf: chunk[0..<count]); continue }
                if count == 0 { finished = true }
                break
            }
            return finished || data.count > ClipboardServer.readLimit
        }
        guard finished else { throw CompositorFailure(late) }
        return data
    }

    // MARK: - Transfers

    /// Has the selection's data written into `fd` (taken over, closed here).
    private func transfer(mime: String, to fd: Int32) {
        if let selection {
            sendSend(selection, mime: mime, fd: fd)   // libwayland sends a duplicate
            close(fd)
        } else if let scriptSelection, scriptSelection.silent {
            silentSinks.append(fd)
        } else if let scriptSelection, let loop = server?.loop {
            PipeWriter.start(loop: loop, fd: fd, bytes: scriptSelection.bytes)
        } else {
            close(fd)
        }
    }

    /// A client pastes through one of its offers.
    func receive(generation offered: Int, mime: String, fd: Int32) {
        guard offered == generation, selectionTypes.contains(mime) else { close(fd); return }
        transfer(mime: mime, to: fd)
    }

    /// Tells a data device what the selection is now: a new offer, or none.
    private func announceSelection(to device: WLResource) {
        let types = selectionTypes
        guard hasSelection, let client = wl_resource_get_client(device), let offer = makeOffer(client: client, for: device) else {
            sendSelection(nil, to: device)
            return
        }
        sendDataOffer(offer, to: device)
        for mime in types { sendOffer(mime, on: offer) }
        sendSelection(offer, to: device)
    }

    // MARK: - Requests

    func setSelection(_ source: WLResource?) {
        if let old = selection, old != source { sendCancelled(old) }
        selection = source
        scriptSelection = nil
        generation += 1
        for device in devices { announceSelection(to: device) }
    }

    func addDevice(_ device: WLResource) {
        devices.append(device)
        if hasSelection { announceSelection(to: device) }
    }

    func addSource(_ source: WLResource) { sources[source] = [] }

    /// The types a client's source offers, and the drag actions it allows (copy when it never said).
    func sourceTypes(_ source: WLResource) -> [String] { sources[source] ?? [] }
    func sourceActions(_ source: WLResource) -> UInt32 { sourceActionSets[source] ?? 1 }
    func setSourceActions(_ source: WLResource?, _ actions: UInt32) {
        guard let source else { return }
        sourceActionSets[source] = actions
    }

    /// A client's data device (the first it made).
    func device(for client: OpaquePointer?) -> WLResource? {
        devices.first { wl_resource_get_client($0) == client }
    }
    func offer(_ source: WLResource?, mime: String) {
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
            guard let clipboard = Resource.object(resource, as: ClipboardServer.self),
                  let device = Resource.create(client: client, interface: sweep_server_wl_data_device_interface(),
                                               version: UInt32(wl_resource_get_version(resource)), id: id,
                                               requests: ClipboardServer.deviceRequests, object: clipboard) else { return }
            clipboard.addDevice(device)
        }
    ))

    nonisolated(unsafe) static let sourceRequests = requestTable(sweep_wl_data_source_requests(
        offer: { _, resource, mime in
            if let mime { Resource.object(resource, as: ClipboardServer.self)?.offer(resource, mime: String(cString: mime)) }
        },
        destroy: Resource.destroy,
        set_actions: { _, resource, actions in
            guard actions & ~7 == 0 else {
                return sweep_resource_post_error(resource, UInt32(WL_DATA_SOURCE_ERROR_INVALID_ACTION_MASK.rawValue), "no such actions")
            }
            Resource.object(resource, as: ClipboardServer.self)?.setSourceActions(resource, actions)
        }
    ))

    nonisolated(unsafe) static let deviceRequests = requestTable(sweep_wl_data_device_requests(
        start_drag: { _, resource, source, _, icon, _ in
            Resource.object(resource, as: ClipboardServer.self)?.server?.startDrag(source: source,
                                                                                  icon: Resource.object(icon, as: Surface.self))
        },
        set_selection: { _, resource, source, _ in
            Resource.object(resource, as: ClipboardServer.self)?.setSelection(source)
        },
        release: Resource.destroy
    ))
}
