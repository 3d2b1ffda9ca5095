import CSweepSystem
import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// Drag and drop: a drag the client starts (`wl_data_device.start_drag`)
/// follows the script's pointer or the touch that started it, entering the
/// client's own surfaces (a list dropping into itself) or a drop zone the
/// script placed (`drag.target`: another app's window, which accepts types
/// and actions and reads the drop as the script says: at once, slowly,
/// never, or closing early); a drag the script offers (`drag.offer`) enters
/// the client and drops into it. Actions are negotiated as
/// `wl_data_device_manager` version 3 says.
final class DragServer {
    weak var server: CompositorServer?
    let clipboard: ClipboardServer

    /// Where a drag's data comes from.
    enum Origin {
        /// The client's `wl_data_source`.
        case client(WLResource)
        /// Bytes the script offers (`drag.offer`).
        case script(bytes: [UInt8], types: [String], actions: UInt32)
    }

    /// What the drag is over now.
    enum Over { case nothing, client(Surface), zone }

    final class Session {
        let origin: Origin
        /// The touch that drags, or nil for the pointer.
        let touch: Int32?
        /// The surface shown under the pointer or finger (`start_drag`'s icon).
        var icon: Surface?
        var over = Over.nothing
        /// The offer made for the client under the drag, and its device.
        var offer: WLResource?
        var device: WLResource?
        var accepted: String?
        var action: UInt32 = 0
        var dropped = false
        var finished = false

        init(origin: Origin, touch: Int32?) {
            self.origin = origin
            self.touch = touch
        }
    }

    private(set) var session: Session?
    var zone: DropZone?
    /// Drops the script reads slowly or holds: their read ends, with what arrived.
    private var holding: [(fd: Int32, zone: DropZone, types: [String], mime: String, action: UInt32)] = []
    /// What each finished zone drop wrote, for the steps that wait on it.
    private(set) var zoneDrops = 0

    init(clipboard: ClipboardServer) {
        self.clipboard = clipboard
    }

    deinit {
        for held in holding { close(held.fd) }
    }

    var isDragging: Bool { session != nil && !(session?.dropped ?? false) }

    /// Whether the client under the drag accepts it: a type and an action (a drop now is not cancelled).
    var isAccepted: Bool { session.map { $0.accepted != nil && $0.action != 0 && !$0.dropped } ?? false }

    // MARK: - The client starts a drag

    func start(source: WLResource?, icon: Surface?, touch: Int32?) {
        guard let source, session == nil, let server else { return }
        session = Session(origin: .client(source), touch: touch)
        session?.icon = icon
        // The pointer's focus goes to the drag (wlroots clears it); the touch's stays with the drag.
        if touch == nil { server.seat.pointerLeave() }
        if let position = touch.flatMap({ server.seat.touchPosition($0) }) ?? server.seat.latestPointerPosition {
            motion(x: position.x, y: position.y)
        }
    }

    /// The drag's icon and where it is (window coordinates), while it runs.
    var iconOverlay: (surface: Surface, x: Double, y: Double)? {
        guard let session, !session.dropped, let icon = session.icon, icon.hasContents, let seat = server?.seat,
              let position = session.touch.flatMap({ seat.touchPosition($0) }) ?? seat.latestPointerPosition else { return nil }
        return (icon, position.x, position.y)
    }

    private var types: [String] {
        guard let session else { return [] }
        switch session.origin {
        case .client(let source): return clipboard.sourceTypes(source)
        case .script(_, let types, _): return types
        }
    }

    private var sourceActions: UInt32 {
        guard let session else { return 0 }
        switch session.origin {
        case .client(let source): return clipboard.sourceActions(source)
        case .script(_, _, let actions): return actions
        }
    }

    private var clientSource: WLResource? {
        if case .client(let source)? = session?.origin { return source }
        return nil
    }

    /// The action both sides allow: the receiver's preferred one, else copy, move, ask in turn.
    static func negotiate(source: UInt32, receiver: UInt32, preferred: UInt32) -> UInt32 {
        let common = source & receiver
        if common & preferred != 0 && preferred.nonzeroBitCount == 1 { return preferred }
        for action: UInt32 in [1, 2, 4] where common & action != 0 { return action }
        return 0
    }

    private func setAction(_ action: UInt32) {
        guard let session, session.action != action else { return }
        session.action = action
        if let offer = session.offer, wl_resource_get_version(offer) >= 3 { wl_data_offer_send_action(offer, action) }
        if let source = clientSource, wl_resource_get_version(source) >= 3 { wl_data_source_send_action(source, action) }
    }

    private func setTarget(_ mime: String?) {
        guard let session, session.accepted != mime else { return }
        session.accepted = mime
        if let source = clientSource { wl_data_source_send_target(source, mime) }
    }

    // MARK: - Motion

    /// The drag moved to a point of the window's coordinates.
    func motion(x: Double, y: Double) {
        guard let session, !session.dropped, let server, let window = server.seat.focused else { return }
        if let zone, zone.contains(x, y) {
            if case .zone = session.over { return }
            leaveClient()
            session.over = .zone
            let mime = zone.accepts.first { types.contains($0) }
            setTarget(mime)
            setAction(mime == nil ? 0 : DragServer.negotiate(source: sourceActions, receiver: zone.actions, preferred: zone.preferred))
            return
        }
        let target = server.surface(at: x, y, in: window)
        let local = (x: x - target.dx, y: y - target.dy)
        if case .client(let surface) = session.over, surface === target.surface, let device = session.device {
            wl_data_device_send_motion(device, server.now, wl_fixed_from_double(local.x), wl_fixed_from_double(local.y))
            return
        }
        leaveClient()
        if case .zone = session.over { setTarget(nil); setAction(0) }
        session.over = .client(target.surface)
        enterClient(target.surface, x: local.x, y: local.y)
    }

    private func enterClient(_ surface: Surface, x: Double, y: Double) {
        guard let session, let server, let resource = surface.resource,
              let device = clipboard.device(for: wl_resource_get_client(resource)) else { return }
        let object = DragOffer(drags: self)
        guard let offer = Resource.create(client: wl_resource_get_client(resource), interface: sweep_server_wl_data_offer_interface(),
                                          version: UInt32(wl_resource_get_version(device)), id: 0,
                                          requests: DragOffer.requests, object: object) else { return }
        session.offer = offer
        session.device = device
        wl_data_device_send_data_offer(device, offer)
        for mime in types { wl_data_offer_send_offer(offer, mime) }
        if wl_resource_get_version(offer) >= 3 { wl_data_offer_send_source_actions(offer, sourceActions) }
        wl_data_device_send_enter(device, wl_display_next_serial(server.display), resource, wl_fixed_from_double(x),
                                  wl_fixed_from_double(y), offer)
    }

    private func leaveClient() {
        guard let session, case .client = session.over else { return }
        if let device = session.device { wl_data_device_send_leave(device) }
        session.offer = nil   // the client destroys it
        session.device = nil
        session.over = .nothing
        setTarget(nil)
        setAction(0)
    }

    // MARK: - Requests on the offer

    func offerAccepted(_ offer: WLResource?, mime: String?) {
        guard let session, offer == session.offer, !session.finished else { return }
        setTarget(mime)
    }

    func offerSetActions(_ offer: WLResource?, actions: UInt32, preferred: UInt32) {
        guard let session, offer == session.offer, !session.finished else { return }
        setAction(DragServer.negotiate(source: sourceActions, receiver: actions, preferred: preferred))
    }

    func offerReceive(_ offer: WLResource?, mime: String, fd: Int32) {
        guard let session, offer == session.offer, types.contains(mime), let server else { close(fd); return }
        switch session.origin {
        case .client(let source):
            wl_data_source_send_send(source, mime, fd)
            close(fd)
        case .script(let bytes, _, _):
            PipeWriter.start(loop: server.loop, fd: fd, bytes: bytes)
        }
    }

    func offerFinished(_ offer: WLResource?) {
        guard let session, offer == session.offer, session.dropped else { return }
        session.finished = true
        if let source = clientSource { wl_data_source_send_dnd_finished(source) }
    }

    /// The receiving client destroyed its offer: after a drop without finishing, the drop failed.
    func offerDestroyed(_ offer: WLResource?) {
        guard let session, offer == session.offer else { return }
        session.offer = nil
        if session.dropped {
            if !session.finished, let source = clientSource {
                wl_data_source_send_cancelled(source)
            }
            self.session = nil
        }
    }

    /// A client's data device went away (the client quit, or released it):
    /// the drag no longer sends it anything; its offer goes with it.
    func deviceDestroyed(_ device: WLResource) {
        guard let session, session.device == device else { return }
        session.device = nil
        session.offer = nil
    }

    /// The client destroyed the drag's source (Escape): the drag is over.
    func sourceDestroyed(_ source: WLResource) {
        guard let current = clientSource, current == source else { return }
        leaveClient()
        session = nil
    }

    // MARK: - The drop

    /// The button or the touch let go.
    func drop() throws(CompositorFailure) {
        guard let session, !session.dropped else { return }
        switch session.over {
        case .client:
            guard session.accepted != nil, session.action != 0, let device = session.device else {
                leaveClient()
                return cancel()
            }
            session.dropped = true
            wl_data_device_send_drop(device)
            if let source = clientSource { wl_data_source_send_dnd_drop_performed(source) }
        case .zone:
            guard let zone, let mime = session.accepted, session.action != 0 else {
                if let zone { try record(zone, ["dropped": .bool(false), "types": .array(types.map { .string($0) })]) }
                return cancel()
            }
            session.dropped = true
            if let source = clientSource { wl_data_source_send_dnd_drop_performed(source) }
            try dropIntoZone(zone, mime: mime)
        case .nothing:
            cancel()
        }
    }

    /// Ends the drag as a compositor does when it is dropped on nothing or cancelled.
    func cancel() {
        guard let session else { return }
        leaveClient()
        if let source = clientSource, !session.finished { wl_data_source_send_cancelled(source) }
        self.session = nil
    }

    private func dropIntoZone(_ zone: DropZone, mime: String) throws(CompositorFailure) {
        guard let session, let server, let source = clientSource else { return }
        var fds: [Int32] = [-1, -1]
        guard sweep_pipe_cloexec(&fds) == 0 else { throw CompositorFailure("pipe failed: \(String(cString: strerror(errno)))") }
        wl_data_source_send_send(source, mime, fds[1])
        close(fds[1])
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let types = self.types, action = session.action
        switch zone.mode {
        case "close":
            close(fds[0])
            try finishZoneDrop(zone, types: types, mime: mime, action: action, bytes: [], complete: false)
        case "stall":
            holding.append((fds[0], zone, types, mime, action))
            try record(zone, ["dropped": .bool(true), "types": .array(types.map { .string($0) }), "mime": .string(mime),
                              "action": .string(DragServer.actionName(action)), "stalled": .bool(true)])
            self.session = nil
        default:
            var data: [UInt8] = []
            var complete = false
            var chunk = [UInt8](repeating: 0, count: zone.mode == "slow" ? 4096 : 65536)
            var lastRead = sweep_monotonic_ns()
            server.dispatch(milliseconds: 30_000, waking: zone.mode == "slow" ? nil : fds[0]) {
                // Slowly: one small read each 5 ms.
                if zone.mode == "slow" && sweep_monotonic_ns() - lastRead < 5_000_000 { return false }
                lastRead = sweep_monotonic_ns()
                while true {
                    let count = read(fds[0], &chunk, chunk.count)
                    if count > 0 {
                        data.append(contentsOf: chunk[0..<count])
                        if zone.mode == "slow" { return false }
                        continue
                    }
                    if count == 0 { complete = true }
                    break
                }
                return complete || data.count > ClipboardServer.readLimit
            }
            close(fds[0])
            try finishZoneDrop(zone, types: types, mime: mime, action: action, bytes: data, complete: complete)
        }
    }

    private func finishZoneDrop(_ zone: DropZone, types: [String], mime: String, action: UInt32, bytes: [UInt8],
                                complete: Bool) throws(CompositorFailure) {
        if let source = clientSource, session?.dropped == true {
            session?.finished = true
            wl_data_source_send_dnd_finished(source)
        }
        session = nil
        if let dataFile = zone.dataFile { try server?.writeFile(bytes, to: dataFile) }
        try record(zone, ["dropped": .bool(true), "types": .array(types.map { .string($0) }), "mime": .string(mime),
                          "action": .string(DragServer.actionName(action)), "bytes": .number(Double(bytes.count)),
                          "complete": .bool(complete)])
    }

    private func record(_ zone: DropZone, _ fields: [String: JSONValue]) throws(CompositorFailure) {
        zoneDrops += 1
        try server?.writeFile(Array(JSONValue.object(fields).serialized.utf8), to: zone.file)
    }

    static func actionName(_ action: UInt32) -> String {
        switch action {
        case 1: "copy"
        case 2: "move"
        case 4: "ask"
        default: "none"
        }
    }

    // MARK: - The script offers a drag

    /// Enters the client at a point with a drag of `bytes` as `types`.
    func offer(bytes: [UInt8], types: [String], actions: UInt32, x: Double, y: Double) {
        cancel()
        session = Session(origin: .script(bytes: bytes, types: types, actions: actions), touch: nil)
        motion(x: x, y: y)
    }

    /// Drops the script's drag and waits up to `timeout` ms for the client
    /// to finish (or refuse) it; returns whether it finished.
    func dropOffered(timeout: Double) throws(CompositorFailure) -> Bool {
        guard let session, let server else { return false }
        try drop()
        guard session.dropped else { return false }
        server.dispatch(milliseconds: timeout) { session.finished || session.offer == nil }
        if self.session === session { self.session = nil }
        return session.finished
    }
}

/// A `wl_data_offer` of a drag, made for the client under it.
final class DragOffer: ResourceOwner {
    weak var drags: DragServer?

    init(drags: DragServer) {
        self.drags = drags
    }

    func resourceDestroyed(_ resource: WLResource?) {
        drags?.offerDestroyed(resource)
    }

    private static func drags(_ resource: WLResource?) -> DragServer? { Resource.object(resource, as: DragOffer.self)?.drags }

    nonisolated(unsafe) static let requests = requestTable(sweep_wl_data_offer_requests(
        accept: { _, resource, _, mime in drags(resource)?.offerAccepted(resource, mime: mime.map { String(cString: $0) }) },
        receive: { _, resource, mime, fd in
            guard let drags = drags(resource), let mime else { close(fd); return }
            drags.offerReceive(resource, mime: String(cString: mime), fd: fd)
        },
        destroy: Resource.destroy,
        finish: { _, resource in drags(resource)?.offerFinished(resource) },
        set_actions: { _, resource, actions, preferred in drags(resource)?.offerSetActions(resource, actions: actions, preferred: preferred) }
    ))
}
