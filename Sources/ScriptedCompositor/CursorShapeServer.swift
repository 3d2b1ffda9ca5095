import CWaylandServer
import CWaylandServerProtocols

/// `wp_cursor_shape_manager_v1`: clients name their cursor and the
/// compositor would draw it. Here the latest shape is kept for the script
/// to check (`cursor.expect`).
final class CursorShapeServer {
    /// The shape set last (cursor-shape-v1 values: 1 default, 4 pointer, 9 text), nil before any.
    private(set) var shape: UInt32?

    static let names: [String: UInt32] = ["default": 1, "pointer": 4, "text": 9]


    /// A device for a pointer or a tablet tool: the same to this compositor.
    private static func makeDevice(client: OpaquePointer?, manager: WLResource?, id: UInt32) {
        guard let server = Resource.object(manager, as: CursorShapeServer.self) else { return }
        _ = Resource.create(client: client, interface: sweep_server_wp_cursor_shape_device_v1_interface(),
                            version: UInt32(wl_resource_get_version(manager)), id: id,
                            requests: CursorShapeServer.deviceRequests, object: server)
    }

    nonisolated(unsafe) static let managerRequests = requestTable(sweep_wp_cursor_shape_manager_v1_requests(
        destroy: Resource.destroy,
        get_pointer: { client, resource, id, _ in makeDevice(client: client, manager: resource, id: id) },
        get_tablet_tool_v2: { client, resource, id, _ in makeDevice(client: client, manager: resource, id: id) }
    ))

    nonisolated(unsafe) static let deviceRequests = requestTable(sweep_wp_cursor_shape_device_v1_requests(
        destroy: Resource.destroy,
        set_shape: { _, resource, _, shape in
            guard let server = Resource.object(resource, as: CursorShapeServer.self) else { return }
            guard (1...34).contains(shape) else {
                sweep_resource_post_error(resource, 1, "invalid cursor shape \(shape)")
                return
            }
            server.shape = shape
        }
    ))
}
