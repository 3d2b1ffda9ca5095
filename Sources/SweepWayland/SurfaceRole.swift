import CWaylandClient
import CWaylandProtocols
import SweepGeometry

/// What a window's surface is to the compositor: one role, given once right
/// after the surface is made (wlroots' role enum with its union). The
/// surface itself — buffers, damage, scale, frame pacing — is the
/// `Window`'s; each role holds only its own protocol objects and state,
/// and destroys them when it goes.
enum SurfaceRole {
    /// No role yet, or a popup taken down.
    case none
    case toplevel(ToplevelRole)
    case popup(PopupRole)
    case layer(LayerRole)
    case dragIcon(DragIconRole)
}

/// An xdg-shell toplevel: its xdg objects, the server-side decoration
/// object where the compositor draws one, its title, and the configure
/// waiting for the xdg_surface configure that applies it.
final class ToplevelRole {
    let xdgSurface: OpaquePointer
    let xdgToplevel: OpaquePointer
    /// `zxdg_toplevel_decoration_v1`, where the compositor offers xdg-decoration.
    var serverDecoration: OpaquePointer?
    var title: String
    var pendingConfigure: (width: Int32, height: Int32, state: ToplevelState)?

    init(xdgSurface: OpaquePointer, xdgToplevel: OpaquePointer, title: String) {
        self.xdgSurface = xdgSurface
        self.xdgToplevel = xdgToplevel
        self.title = title
    }

    deinit {
        if let serverDecoration { zxdg_toplevel_decoration_v1_destroy(serverDecoration) }
        xdg_toplevel_destroy(xdgToplevel)
        xdg_surface_destroy(xdgSurface)
    }
}

/// An xdg-shell popup: its xdg objects, where the compositor placed it, and
/// the configure waiting to be applied.
final class PopupRole {
    let xdgSurface: OpaquePointer
    let xdgPopup: OpaquePointer
    /// Where the popup's parent's surface origin is in the parent's window
    /// geometry: positioners and popup configures speak window geometry,
    /// which starts above the surface at a toplevel's own title bar.
    let parentShift: Point
    /// Where the compositor placed the popup, relative to its parent's surface.
    var origin: Point?
    var pendingConfigure: (width: Int32, height: Int32, state: ToplevelState)?

    init(xdgSurface: OpaquePointer, xdgPopup: OpaquePointer, parentShift: Point) {
        self.xdgSurface = xdgSurface
        self.xdgPopup = xdgPopup
        self.parentShift = parentShift
    }

    deinit {
        xdg_popup_destroy(xdgPopup)
        xdg_surface_destroy(xdgSurface)
    }
}

/// The icon under the pointer or finger while dragging: the drag gives the
/// surface its role (`wl_data_device.start_drag`), and it has no protocol
/// object of its own. It is drawn at the scale of the window the drag
/// started from, following it while the drag runs, until the compositor
/// says which output the icon is on.
final class DragIconRole {
    weak var parent: Window?
    var parentScaleToken: ObserverToken?

    init(parent: Window) {
        self.parent = parent
    }

    deinit {
        if let parentScaleToken { parent?.removeObserver(parentScaleToken) }
    }
}

/// A wlr-layer-shell surface.
final class LayerRole {
    let layerSurface: OpaquePointer

    init(layerSurface: OpaquePointer) {
        self.layerSurface = layerSurface
    }

    deinit {
        zwlr_layer_surface_v1_destroy(layerSurface)
    }
}

extension Window {
    /// The xdg_surface of a toplevel or a popup.
    var xdgSurface: OpaquePointer? {
        switch role {
        case .toplevel(let toplevel): toplevel.xdgSurface
        case .popup(let popup): popup.xdgSurface
        case .layer, .dragIcon, .none: nil
        }
    }

    var layerSurface: OpaquePointer? { if case .layer(let layer) = role { layer.layerSurface } else { nil } }
    var xdgToplevel: OpaquePointer? { if case .toplevel(let toplevel) = role { toplevel.xdgToplevel } else { nil } }
    var xdgPopup: OpaquePointer? { if case .popup(let popup) = role { popup.xdgPopup } else { nil } }

    /// Where the compositor placed the popup, relative to its parent's surface (a popup's only).
    public var popupOrigin: Point? { if case .popup(let popup) = role { popup.origin } else { nil } }

    /// The configure of a toplevel or popup waiting for its xdg_surface configure.
    var pendingXdgConfigure: (width: Int32, height: Int32, state: ToplevelState)? {
        get {
            switch role {
            case .toplevel(let toplevel): toplevel.pendingConfigure
            case .popup(let popup): popup.pendingConfigure
            case .layer, .dragIcon, .none: nil
            }
        }
        set {
            switch role {
            case .toplevel(let toplevel): toplevel.pendingConfigure = newValue
            case .popup(let popup): popup.pendingConfigure = newValue
            case .layer, .dragIcon, .none: break
            }
        }
    }
}
