import CWaylandClient
import CWaylandProtocols
import SweepGeometry
import SweepInput

/// A seat's tablets (`zwp_tablet_seat_v2`): each pen or eraser is read as a
/// pointer (`PenFrameAccumulator`) and its frames go to `onFrame` with the
/// surface it is over. Tablets and pads are only acknowledged: their
/// buttons, rings and strips are not used.
public final class TabletSeat {
    private let proxy: OpaquePointer
    private unowned let connection: Connection
    /// Each tool's proxy, its pointer state, the surface it is over and its cursor device.
    private final class Tool {
        let proxy: OpaquePointer
        var pen = PenFrameAccumulator()
        var surface: OpaquePointer?
        var cursorDevice: OpaquePointer?
        init(proxy: OpaquePointer) { self.proxy = proxy }
    }
    private var tools: [Tool] = []
    private var tablets: [OpaquePointer] = []

    /// A pen's frame, as a pointer frame, and the app surface it is over.
    public var onFrame: ((PointerFrame, OpaquePointer?) -> Void)?
    /// Whether a surface is the app's (a tool over another client's surface is ignored).
    var ownsSurface: (OpaquePointer) -> Bool = { _ in true }

    init(manager: OpaquePointer, seat: OpaquePointer, connection: Connection) {
        self.connection = connection
        proxy = zwp_tablet_manager_v2_get_tablet_seat(manager, seat)
        zwp_tablet_seat_v2_add_listener(proxy, TabletSeat.seatListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        for tool in tools { release(tool) }
        for tablet in tablets { zwp_tablet_v2_destroy(tablet) }
        zwp_tablet_seat_v2_destroy(proxy)
    }

    private func release(_ tool: Tool) {
        if let device = tool.cursorDevice { wp_cursor_shape_device_v1_destroy(device) }
        zwp_tablet_tool_v2_destroy(tool.proxy)
    }

    private func tool(_ proxy: OpaquePointer?) -> Tool? { tools.first { $0.proxy == proxy } }

    // MARK: - Events

    private func toolAdded(_ proxy: OpaquePointer?) {
        guard let proxy else { return }
        tools.append(Tool(proxy: proxy))
        zwp_tablet_tool_v2_add_listener(proxy, TabletSeat.toolListener, Unmanaged.passUnretained(self).toOpaque())
    }

    private func proximityIn(_ tool: Tool, serial: UInt32, surface: OpaquePointer?) {
        guard let surface, ownsSurface(surface) else { return }
        tool.surface = surface
        tool.pen.proximityIn()
        // The arrow over the app, as for the mouse (cursor-shape-v1 where offered).
        if tool.cursorDevice == nil, let manager = connection.cursorShapeManager {
            tool.cursorDevice = wp_cursor_shape_manager_v1_get_tablet_tool_v2(manager, tool.proxy)
        }
        if let device = tool.cursorDevice { wp_cursor_shape_device_v1_set_shape(device, serial, 1) }
    }

    private func deliver(_ tool: Tool, _ frame: PointerFrame?) {
        let surface = tool.surface
        if !tool.pen.isInProximity { tool.surface = nil }
        guard let frame, surface != nil else { return }
        onFrame?(frame, surface)
    }

    private func removed(_ tool: Tool) {
        deliver(tool, tool.pen.removed(time: 0))
        tools.removeAll { $0 === tool }
        release(tool)
    }

    /// A surface of the app's is going away: a tool over it is no longer.
    func forget(_ surface: OpaquePointer) {
        for tool in tools where tool.surface == surface {
            tool.pen.proximityOut()
            _ = tool.pen.frame(time: 0)
            tool.surface = nil
        }
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> TabletSeat? {
        data.map { Unmanaged<TabletSeat>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let seatListener: UnsafeMutablePointer<zwp_tablet_seat_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_seat_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_seat_v2_listener(
            tablet_added: { data, _, tablet in
                guard let seat = TabletSeat.from(data), let tablet else { return }
                seat.tablets.append(tablet)
                zwp_tablet_v2_add_listener(tablet, TabletSeat.tabletListener, data)
            },
            tool_added: { data, _, tool in TabletSeat.from(data)?.toolAdded(tool) },
            // Pads' buttons, rings and strips are not used: the pad goes at once.
            pad_added: { _, _, pad in if let pad { zwp_tablet_pad_v2_destroy(pad) } }
        ))
        return listener
    }()

    nonisolated(unsafe) private static let tabletListener: UnsafeMutablePointer<zwp_tablet_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zwp_tablet_v2_listener(
            name: { _, _, _ in }, id: { _, _, _, _ in }, path: { _, _, _ in }, done: { _, _ in },
            removed: { data, tablet in
                guard let seat = TabletSeat.from(data), let tablet else { return }
                seat.tablets.removeAll { $0 == tablet }
                zwp_tablet_v2_destroy(tablet)
            }
        ))
        return listener
    }()

    nonisolated(unsafe) private static let toolListener: UnsafeMutablePointer<zwp_tablet_tool_v2_listener> = {
        let listener = UnsafeMutablePointer<zwp_tablet_tool_v2_listener>.allocate(capacity: 1)
        func tool(_ data: UnsafeMutableRawPointer?, _ proxy: OpaquePointer?) -> (TabletSeat, Tool)? {
            guard let seat = TabletSeat.from(data), let tool = seat.tool(proxy) else { return nil }
            return (seat, tool)
        }
        listener.initialize(to: zwp_tablet_tool_v2_listener(
            type: { _, _, _ in }, hardware_serial: { _, _, _, _ in }, hardware_id_wacom: { _, _, _, _ in },
            capability: { _, _, _ in }, done: { _, _ in },
            removed: { data, proxy in
                guard let (seat, found) = tool(data, proxy) else { return }
                seat.removed(found)
            },
            proximity_in: { data, proxy, serial, _, surface in
                guard let (seat, found) = tool(data, proxy) else { return }
                seat.proximityIn(found, serial: serial, surface: surface)
            },
            proximity_out: { data, proxy in tool(data, proxy)?.1.pen.proximityOut() },
            down: { data, proxy, _ in tool(data, proxy)?.1.pen.down() },
            up: { data, proxy in tool(data, proxy)?.1.pen.up() },
            motion: { data, proxy, x, y in
                tool(data, proxy)?.1.pen.motion(to: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
            },
            pressure: { _, _, _ in }, distance: { _, _, _ in }, tilt: { _, _, _, _ in }, rotation: { _, _, _ in },
            slider: { _, _, _ in }, wheel: { _, _, _, _ in },
            button: { data, proxy, _, button, state in
                tool(data, proxy)?.1.pen.button(button, pressed: state == ZWP_TABLET_TOOL_V2_BUTTON_STATE_PRESSED.rawValue)
            },
            frame: { data, proxy, time in
                guard let (seat, found) = tool(data, proxy) else { return }
                seat.deliver(found, found.pen.frame(time: time))
            }
        ))
        return listener
    }()
}
