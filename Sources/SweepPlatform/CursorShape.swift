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
    /// The edges and corners of a window's frame (Sweep's own title bar).
    case eastResize = 18
    case northResize = 19
    case northEastResize = 20
    case northWestResize = 21
    case southResize = 22
    case southEastResize = 23
    case southWestResize = 24
    case westResize = 25
    /// A divider between columns (a split pane side by side, a table's column edge).
    case columnResize = 30
    /// A divider between rows (a split pane one above the other).
    case rowResize = 31
}
