import CWaylandServer
import CWaylandServerProtocols

extension CompositorServer {
    static func server(_ resource: WLResource?) -> CompositorServer? {
        Resource.object(resource, as: GlobalObject.self)?.server
    }

    nonisolated(unsafe) static let compositorRequests = requestTable(sweep_wl_compositor_requests(
        create_surface: { client, resource, id in
            guard let server = CompositorServer.server(resource) else { return }
            let surface = Surface(compositor: server)
            surface.resource = Resource.create(client: client, interface: sweep_server_wl_surface_interface(),
                                               version: UInt32(wl_resource_get_version(resource)), id: id,
                                               requests: Surface.requests, object: surface)
            server.surfaceCreated(surface)
        },
        create_region: { client, resource, id in
            _ = Resource.create(client: client, interface: sweep_server_wl_region_interface(), version: 1, id: id,
                                requests: CompositorServer.regionRequests, object: GlobalObject())
        }
    ))

    nonisolated(unsafe) static let regionRequests = requestTable(sweep_wl_region_requests(
        destroy: Resource.destroy,
        add: { _, _, _, _, _, _ in },
        subtract: { _, _, _, _, _, _ in }
    ))

    /// Subsurfaces are accepted and never shown (decorations are server-side here).
    nonisolated(unsafe) static let subcompositorRequests = requestTable(sweep_wl_subcompositor_requests(
        destroy: Resource.destroy,
        get_subsurface: { client, _, id, _, _ in
            _ = Resource.create(client: client, interface: sweep_server_wl_subsurface_interface(), version: 1, id: id,
                                requests: CompositorServer.subsurfaceRequests, object: GlobalObject())
        }
    ))

    nonisolated(unsafe) static let subsurfaceRequests = requestTable(sweep_wl_subsurface_requests(
        destroy: Resource.destroy,
        set_position: { _, _, _, _ in },
        place_above: { _, _, _ in },
        place_below: { _, _, _ in },
        set_sync: { _, _ in },
        set_desync: { _, _ in }
    ))

    nonisolated(unsafe) static let outputRequests = requestTable(sweep_wl_output_requests(
        release: Resource.destroy
    ))

    nonisolated(unsafe) static let wmBaseRequests = requestTable(sweep_xdg_wm_base_requests(
        destroy: Resource.destroy,
        create_positioner: { client, resource, id in
            _ = Resource.create(client: client, interface: sweep_server_xdg_positioner_interface(),
                                version: UInt32(wl_resource_get_version(resource)), id: id,
                                requests: Positioner.requests, object: Positioner())
        },
        get_xdg_surface: { client, resource, id, surfaceResource in
            guard let server = CompositorServer.server(resource),
                  let surface = Resource.object(surfaceResource, as: Surface.self) else { return }
            surface.role = "xdg_surface"
            let toplevel = Toplevel(compositor: server, surface: surface)
            toplevel.xdgSurface = Resource.create(client: client, interface: sweep_server_xdg_surface_interface(),
                                                  version: UInt32(wl_resource_get_version(resource)), id: id,
                                                  requests: Toplevel.xdgSurfaceRequests, object: toplevel)
        },
        pong: { _, _, _ in }
    ))

    nonisolated(unsafe) static let decorationManagerRequests = requestTable(sweep_zxdg_decoration_manager_v1_requests(
        destroy: Resource.destroy,
        get_toplevel_decoration: { client, _, id, toplevelResource in
            guard let toplevel = Resource.object(toplevelResource, as: Toplevel.self) else { return }
            toplevel.decoration = Resource.create(client: client, interface: sweep_server_zxdg_toplevel_decoration_v1_interface(),
                                                  version: 1, id: id, requests: Toplevel.decorationRequests, object: toplevel)
        }
    ))
}
