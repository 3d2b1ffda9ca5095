/// The cursor a place in a window asks for. With `wp_cursor_shape_manager_v1`
/// (cursor-shape-v1) the compositor draws it from its own theme; otherwise it
/// comes from the user's Xcursor theme.
public enum CursorShape: UInt32, Sendable, CaseIterable {
    /// The arrow: over items and empty space.
    case `default` = 1
    /// A hand: over buttons and tabs.
    case pointer = 4
    /// The I-beam: over text fields.
    case text = 9

    /// Xcursor names, the CSS name first (newer themes) then the X11 one.
    var themeNames: [String] {
        switch self {
        case .default: ["default", "left_ptr"]
        case .pointer: ["pointer", "hand2"]
        case .text: ["text", "xterm"]
        }
    }
}
