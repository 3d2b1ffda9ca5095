import SweepPlatform

extension CursorShape {
    /// Xcursor names, the CSS name first (newer themes) then the X11 one.
    var themeNames: [String] {
        switch self {
        case .default: ["default", "left_ptr"]
        case .pointer: ["pointer", "hand2"]
        case .text: ["text", "xterm"]
        case .eastResize: ["e-resize", "right_side"]
        case .northResize: ["n-resize", "top_side"]
        case .northEastResize: ["ne-resize", "top_right_corner"]
        case .northWestResize: ["nw-resize", "top_left_corner"]
        case .southResize: ["s-resize", "bottom_side"]
        case .southEastResize: ["se-resize", "bottom_right_corner"]
        case .southWestResize: ["sw-resize", "bottom_left_corner"]
        case .westResize: ["w-resize", "left_side"]
        case .columnResize: ["col-resize", "sb_h_double_arrow"]
        case .rowResize: ["row-resize", "sb_v_double_arrow"]
        }
    }
}
