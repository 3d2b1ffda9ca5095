/// How an `AppWindow` appears on the desktop.
public enum AppWindowRole: Sendable, Equatable {
    /// A normal window: an `xdg_toplevel`, decorated by the compositor or by its own title bar.
    case toplevel
    /// A centred overlay above every window, with the keyboard to itself,
    /// as launchers and pickers are (fuzzel, wofi): a wlr-layer-shell surface
    /// on the overlay layer where the compositor offers `zwlr_layer_shell_v1`
    /// (sway, Hyprland, KDE, labwc, river), a toplevel elsewhere (GNOME,
    /// weston). `namespace` names the surface to the compositor's rules.
    case overlayIfAvailable(namespace: String)
    /// An overlay as `overlayIfAvailable`, kept to the output's `anchor`
    /// edges (none: centred) at `margins` from them; a toplevel where
    /// there is no layer shell.
    case placedOverlayIfAvailable(namespace: String, anchor: LayerOptions.Edges, margins: LayerOptions.EdgeInsets)
    /// A layer surface made with `options` (its size is the window's) where
    /// the compositor offers layer shell; a toplevel where it does not.
    case layerIfAvailable(LayerOptions)
}
