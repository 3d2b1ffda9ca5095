import CWaylandServer
import CWaylandServerProtocols

/// `zwp_tablet_manager_v2` with one tablet and one pen, played by the
/// script's `pen.*` steps over the focused window: proximity in and out,
/// the tip down and up, motion, the barrel buttons, and the pen removed
/// (unplugged) whenever the script says, mid-stroke too.
final class TabletServer: ResourceOwner {
    /// What a client bound: its tablet seat, the tablet and the pen.
    final class Binding {
        let seat: WLResource
        var tablet: WLResource?
        var tool: WLResource?
        init(seat: WLResource) { self.seat = seat }
    }
    private(set) var bindings: [Binding] = []
    /// The surface the pen is over, while it is in proximity.
    private var surface: WLResource?
    weak var server: CompositorServer?

    /// `BTN_STYLUS` and `BTN_STYLUS2`.
    static let buttons: [String: UInt32] = ["stylus": 0x14b, "stylus2": 0x14c]

    func resourceDestroyed(_ resource: WLResource?) {
        bindings.removeAll { $0.seat == resource }
        for binding in bindings {
            if binding.tool == resource { binding.tool = nil }
            if binding.tablet == resource { binding.tablet = nil }
        }
    }

    private var serial: UInt32 { server.map { wl_display_next_serial($0.display) } ?? 0 }
    private var time: UInt32 { server?.now ?? 0 }

    /// The tools of the client `surface` belongs to, with their tablets.
    private func tools(for surface: WLResource) -> [(tool: WLResource, tablet: WLResource)] {
        let client = wl_resource_get_client(surface)
        return bindings.compactMap { binding in
            guard let tool = binding.tool, let tablet = binding.tablet, wl_resource_get_client(tool) == client else { return nil }
            return (tool, tablet)
        }
    }

    /// The pen comes over `surface` at (x, y), surface coordinates.
    func proximityIn(_ surface: WLResource, x: Double, y: Double) {
        if let old = self.surface, old != surface { proximityOut() }
        self.surface = surface
        let serial = self.serial
        for (tool, tablet) in tools(for: surface) {
            zwp_tablet_tool_v2_send_proximity_in(tool, serial, tablet, surface)
            zwp_tablet_tool_v2_send_motion(tool, wl_fixed_from_double(x), wl_fixed_from_double(y))
            zwp_tablet_tool_v2_send_frame(tool, time)
        }
    }

    func motion(x: Double, y: Double, pressure: UInt32? = nil) {
        each { tool in
            zwp_tablet_tool_v2_send_motion(tool, wl_fixed_from_double(x), wl_fixed_from_double(y))
            if let pressure { zwp_tablet_tool_v2_send_pressure(tool, pressure) }
        }
    }

    func tip(down: Bool) {
        let serial = self.serial
        each { tool in
            if down {
                zwp_tablet_tool_v2_send_down(tool, serial)
                zwp_tablet_tool_v2_send_pressure(tool, 40_000)
            } else {
                zwp_tablet_tool_v2_send_pressure(tool, 0)
                zwp_tablet_tool_v2_send_up(tool)
            }
        }
    }

    func button(_ code: UInt32, pressed: Bool) {
        let serial = self.serial
        each { tool in zwp_tablet_tool_v2_send_button(tool, serial, code, pressed ? 1 : 0) }
    }

    func proximityOut() {
        each { tool in zwp_tablet_tool_v2_send_proximity_out(tool) }
        surface = nil
    }

    /// The pen is unplugged: `removed`, with no proximity out or up first (a
    /// client has to let go of what it held itself); a new pen takes its place.
    func removePen() {
        for binding in bindings {
            guard let tool = binding.tool else { continue }
            zwp_tablet_tool_v2_send_removed(tool)
            binding.tool = nil
            addTool(to: binding)
        }
        surface = nil
    }

    /// Sends the events `body` makes to the pen over the surface, then a frame.
    private func each(_ body: (WLResource) -> Void) {
        guard let surface else { return }
        let time = self.time
        for (tool, _) in tools(for: surface) {
            body(tool)
            zwp_tablet_tool_v2_send_frame(tool, time)
        }
    }

    private func addTool(to binding: Binding) {
        let client = wl_resource_get_client(binding.seat)
        guard let tool = wl_resource_create(client, sweep_server_zwp_tablet_tool_v2_interface(), 1, 0) else { return }
        wl_resource_set_implementation(tool, TabletServer.toolRequests, nil, nil)
        binding.tool = tool
        zwp_tablet_seat_v2_send_tool_added(binding.seat, tool)
        zwp_tablet_tool_v2_send_type(tool, 0x140)   // a pen
        zwp_tablet_tool_v2_send_hardware_serial(tool, 0, 1)
        zwp_tablet_tool_v2_send_capability(tool, 1)   // pressure
        zwp_tablet_tool_v2_send_done(tool)
    }

    // MARK: - Requests

    nonisolated(unsafe) static let managerRequests = requestTable(sweep_zwp_tablet_manager_v2_requests(
        get_tablet_seat: { client, manager, id, _ in
            guard let server = Resource.object(manager, as: TabletServer.self),
                  let seat = Resource.create(client: client, interface: sweep_server_zwp_tablet_seat_v2_interface(),
                                             version: 1, id: id, requests: TabletServer.seatRequests, object: server) else { return }
            let binding = Binding(seat: seat)
            server.bindings.append(binding)
            if let tablet = wl_resource_create(client, sweep_server_zwp_tablet_v2_interface(), 1, 0) {
                wl_resource_set_implementation(tablet, TabletServer.tabletRequests, nil, nil)
                binding.tablet = tablet
                zwp_tablet_seat_v2_send_tablet_added(seat, tablet)
                zwp_tablet_v2_send_name(tablet, "Scripted Pen Tablet")
                zwp_tablet_v2_send_id(tablet, 0x5357, 0x0006)
                zwp_tablet_v2_send_done(tablet)
            }
            server.addTool(to: binding)
        },
        destroy: Resource.destroy
    ))

    nonisolated(unsafe) static let seatRequests = requestTable(sweep_zwp_tablet_seat_v2_requests(destroy: Resource.destroy))
    nonisolated(unsafe) static let tabletRequests = requestTable(sweep_zwp_tablet_v2_requests(destroy: Resource.destroy))
    nonisolated(unsafe) static let toolRequests = requestTable(sweep_zwp_tablet_tool_v2_requests(
        set_cursor: { _, _, _, _, _, _ in },
        destroy: Resource.destroy
    ))
}
