import CWaylandClient
import CWaylandProtocols
import SweepGeometry

/// A toplevel made with xdg-shell. Where the compositor offers server-side
/// decorations (xdg-decoration: sway, KDE, Hyprland) it asks for them;
/// elsewhere (GNOME, weston) it draws its own title bar and frame
/// (`ClientDecoration`), as GTK 4 does, in the app's colours and scale.
extension Window {
    func makeToplevel(title: String, appID: String, minimumSize: Size) throws {
        guard let base = connection.wmBase else { throw WaylandError.missingGlobal("xdg_wm_base", minimumVersion: 1) }
        guard let xdgSurface = xdg_wm_base_get_xdg_surface(base, surface),
              let toplevel = xdg_surface_get_toplevel(xdgSurface) else {
            throw WaylandError.disconnected(errno: wl_display_get_error(connection.display))
        }
        let role = ToplevelRole(xdgSurface: xdgSurface, xdgToplevel: toplevel, title: title)
        self.role = .toplevel(role)
        let me = Unmanaged.passUnretained(self).toOpaque()
        xdg_surface_add_listener(xdgSurface, Window.xdgSurfaceListener, me)
        xdg_toplevel_add_listener(toplevel, Window.xdgToplevelListener, me)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        if let manager = connection.decorationManager,
           let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel) {
            role.serverDecoration = decoration
            zxdg_toplevel_decoration_v1_add_listener(decoration, Window.decorationListener, me)
            zxdg_toplevel_decoration_v1_set_mode(decoration, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
        } else {
            // No subcompositor (a bare compositor): the window goes undecorated rather than not at all.
            decoration = ClientDecoration(window: self, toplevel: toplevel, title: title, contentSize: size)
        }
        // The minimum is the window geometry's, which includes an own title bar.
        let titleHeight = decoration?.titleHeight ?? 0
        xdg_toplevel_set_min_size(toplevel, Int32(minimumSize.width), Int32(minimumSize.height + titleHeight))
        // The bufferless commit that asks for the first configure.
        wl_surface_commit(surface)
    }

    /// xdg_toplevel.configure: kept until the xdg_surface configure that ends the batch.
    private func toplevelConfigure(width: Int32, height: Int32, states: UnsafeMutablePointer<wl_array>?) {
        var state: ToplevelState = []
        for value in Window.values(of: states) {
            switch value {
            case XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue: state.insert(.maximized)
            case XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue: state.insert(.fullscreen)
            case XDG_TOPLEVEL_STATE_ACTIVATED.rawValue: state.insert(.activated)
            case XDG_TOPLEVEL_STATE_TILED_LEFT.rawValue: state.insert(.tiledLeft)
            case XDG_TOPLEVEL_STATE_TILED_RIGHT.rawValue: state.insert(.tiledRight)
            case XDG_TOPLEVEL_STATE_TILED_TOP.rawValue: state.insert(.tiledTop)
            case XDG_TOPLEVEL_STATE_TILED_BOTTOM.rawValue: state.insert(.tiledBottom)
            default: break
            }
        }
        pendingXdgConfigure = (width, height, state)
    }

    /// The UInt32 values of a wl_array (states, capabilities).
    private static func values(of array: UnsafeMutablePointer<wl_array>?) -> [UInt32] {
        guard let array, let data = array.pointee.data else { return [] }
        let count = array.pointee.size / MemoryLayout<UInt32>.size
        return Array(UnsafeBufferPointer(start: data.bindMemory(to: UInt32.self, capacity: count), count: count))
    }

    /// xdg_toplevel.wm_capabilities: the title bar shows only the buttons the compositor acts on.
    private func wmCapabilities(_ capabilities: UnsafeMutablePointer<wl_array>?) {
        let values = Window.values(of: capabilities)
        decoration?.setCapabilities(maximize: values.contains(XDG_TOPLEVEL_WM_CAPABILITIES_MAXIMIZE.rawValue),
                                    minimize: values.contains(XDG_TOPLEVEL_WM_CAPABILITIES_MINIMIZE.rawValue))
    }

    /// xdg_surface.configure: acknowledged at once, before the commit that
    /// follows; a 0 size is the app's choice (the size it had floating). The
    /// size configured is the window geometry's: an own title bar's height
    /// comes off it for the content.
    private func surfaceConfigure(serial: UInt32) {
        guard let xdgSurface else { return }
        xdg_surface_ack_configure(xdgSurface, serial)
        var newSize = floatingSize
        let state = pendingXdgConfigure?.state ?? decoration?.layout.state ?? []
        let titleHeight = decoration == nil || state.contains(.fullscreen) ? 0 : DecorationLayout.titleBarHeight
        if let pending = pendingXdgConfigure, pending.width > 0, pending.height > 0 {
            newSize = Size(width: Double(pending.width), height: max(1, Double(pending.height) - titleHeight))
            if state.isDisjoint(with: ToplevelState.constrainingSize) { floatingSize = newSize }
        }
        pendingXdgConfigure = nil
        applyConfigure(size: newSize)
        decoration?.configure(contentSize: size, state: state)
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
            wm_capabilities: { data, _, capabilities in Window.from(data)?.wmCapabilities(capabilities) }
        ))
        return listener
    }()

    /// The compositor's answer on decorations; server-side was asked for, and
    /// a compositor that insists on client-side leaves the window undecorated
    /// (KWin does for a window the person set to have no border).
    nonisolated(unsafe) static let decorationListener: UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener> = {
        let listener = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zxdg_toplevel_decoration_v1_listener(configure: { _, _, _ in }))
        return listener
    }()
}
