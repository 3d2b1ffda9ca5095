/// The compositor's one window, whatever its role: an `xdg_toplevel` or a
/// wlr-layer-shell surface. Scripts wait for it, screenshot it, send it
/// input and close it the same way.
protocol ShellWindow: AnyObject {
    var surface: Surface { get }
    /// The role's interface name, for messages and tests.
    var role: String { get }
    /// Whether the seats focus it now (a layer surface once mapped).
    var receivesInput: Bool { get }
    /// Whether the keyboard goes to it along with the pointer and touch.
    var takesKeyboard: Bool { get }
    /// Asks the client to close it (`xdg_toplevel.close`, `zwlr_layer_surface_v1.closed`).
    func close()
    /// The output's size changed: configure again.
    func outputChanged(width: Int32, height: Int32)
}
