import CWaylandClient
import CWaylandProtocols
import SweepGeometry

/// A toplevel made with xdg-shell directly, where the compositor offers
/// server-side decorations (xdg-decoration: sway, KDE, Hyprland): libdecor
/// would add nothing there but its plugin, which binds every seat a second
/// time, so the compositor sends every pointer event twice. Elsewhere
/// (GNOME, weston) libdecor draws the title bar (see `decorate`).
extension Window {
    func makeToplevel(title: String, appID: String, minimumSize: Size) throws {
        guard let base = connection.wmBase, let xdgSurface = xdg_wm_base_get_xdg_surface(base, surface),
              let toplevel = xdg_surface_get_toplevel(xdgSurface) else {
            throw WaylandError.disconnected(errno: wl_display_get_error(connection.display))
        }
        self.xdgSurface = xdgSurface
        xdgToplevel = toplevel
        let me = Unmanaged.passUnretained(self).toOpaque()
        xdg_surface_add_listener(xdgSurface, Window.xdgSurfaceListener, me)
        xdg_toplevel_add_listener(toplevel, Window.xdgToplevelListener, me)
        toplevelTitle = title
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        xdg_toplevel_set_min_size(toplevel, Int32(minimumSize.width), Int32(minimumSize.height))
        if let manager = connection.decorationManager,
           let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel) {
            toplevelDecoration = decoration
            zxdg_toplevel_decoration_v1_add_listener(decoration, Window.decorationListener, me)
            zxdg_toplevel_decoration_v1_set_mode(decoration, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
        }
        // The bufferless commit that asks for the first configure.
        wl_surface_commit(surface)
    }

    /// xdg_toplevel.configure: kept until the xdg_surface configure that ends the batch.
    private func toplevelConfigure(width: Int32, height: Int32, states: UnsafeMutablePointer<wl_array>?) {
        var constrained = false
        if let states, let data = states.pointee.data {
            let count = states.pointee.size / MemoryLayout<UInt32>.size
            let values = data.bindMemory(to: UInt32.self, capacity: count)
            let sized: Set<UInt32> = [XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue, XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue,
                                      XDG_TOPLEVEL_STATE_TILED_LEFT.rawValue, XDG_TOPLEVEL_STATE_TILED_RIGHT.rawValue,
                                      XDG_TOPLEVEL_STATE_TILED_TOP.rawValue, XDG_TOPLEVEL_STATE_TILED_BOTTOM.rawValue]
            constrained = (0..<count).contains { sized.contains(values[$0]) }
        }
        pendingToplevelConfigure = (width, height, constrained)
    }

    /// xdg_surface.configure: acknowledged at once, before the commit that
    /// follows; a 0 size is the app's choice (the size it had floating).
    private func surfaceConfigure(serial: UInt32) {
        guard let xdgSurface else { return }
        xdg_surface_ack_configure(xdgSurface, serial)
        var newSize = floatingSize
        if let pending = pendingToplevelConfigure, pending.width > 0, pending.height > 0 {
            newSize = Size(width: Double(pending.width), height: Double(pending.height))
            if !pending.constrained { floatingSize = newSize }
        }
        pendingToplevelConfigure = nil
        applyConfigure(size: newSize)
    }

    nonisolated(unsafe) static let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
        let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_surface_listener(configure: { data, _, serial in Window.from(data)?.surfaceConfigure(serial: serial) }))
        return listener
    }()

    // Every slot is set: libwayland 1.21 calls configure_bounds and wm_capabilities.
    nonisolated(unsafe) static let xdgToplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
        let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_toplevel_listener(
            configure: { data, _, width, height, states in
                Window.from(data)?.toplevelConfigure(width: width, height: height, states: states)
            },
            close: { data, _ in Window.from(data)?.close() },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }
        ))
        return listener
    }()

    /// The compositor's answer on decorations; server-side was asked for, and
    /// a compositor that insists on client-side leaves the window undecorated.
    nonisolated(unsafe) static let decorationListener: UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener> = {
        let listener = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zxdg_toplevel_decoration_v1_listener(configure: { _, _, _ in }))
        return listener
    }()
}
