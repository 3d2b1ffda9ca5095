import SweepGeometry

/// The toplevel states a compositor's configure carries that change how a
/// window is framed (xdg_toplevel.state).
public struct ToplevelState: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let maximized = ToplevelState(rawValue: 1 << 0)
    public static let fullscreen = ToplevelState(rawValue: 1 << 1)
    public static let activated = ToplevelState(rawValue: 1 << 2)
    public static let tiledLeft = ToplevelState(rawValue: 1 << 3)
    public static let tiledRight = ToplevelState(rawValue: 1 << 4)
    public static let tiledTop = ToplevelState(rawValue: 1 << 5)
    public static let tiledBottom = ToplevelState(rawValue: 1 << 6)

    /// The states in which the compositor, not the window, chooses the size.
    public static let constrainingSize: ToplevelState = [.maximized, .fullscreen, .tiledLeft, .tiledRight, .tiledTop, .tiledBottom]
}

/// A button of Sweep's own title bar, in the order they stand from the right edge.
public enum TitleBarButton: CaseIterable, Hashable, Sendable {
    case close
    case maximize
    case minimize
}

/// xdg_toplevel's resize edges (their wire values), for a press on the frame.
public enum ResizeEdge: UInt32, CaseIterable, Sendable {
    case top = 1, bottom = 2, left = 4, topLeft = 5, bottomLeft = 6, right = 8, topRight = 9, bottomRight = 10

    /// The cursor that says which way a press there resizes.
    public var cursor: CursorShape {
        switch self {
        case .top: .northResize
        case .bottom: .southResize
        case .left: .westResize
        case .right: .eastResize
        case .topLeft: .northWestResize
        case .topRight: .northEastResize
        case .bottomLeft: .southWestResize
        case .bottomRight: .southEastResize
        }
    }
}

/// What a point on the frame does when pressed.
public enum DecorationHit: Hashable, Sendable {
    case button(TitleBarButton)
    /// The title bar outside its buttons: a drag moves the window, a double click maximizes.
    case titleBar
    case resize(ResizeEdge)
}

/// Where the parts of Sweep's own frame are, for a content size and the
/// toplevel's state: pure geometry, so it is tested without a compositor.
/// Coordinates are the content surface's: the content is (0, 0, width,
/// height), the title bar sits above it at negative y, the shadow margins
/// (which are also the resize handles) around both. The window geometry the
/// compositor sees is the title bar and the content, without the margins.
public struct DecorationLayout: Hashable, Sendable {
    /// The title bar's height in logical pixels.
    public static let titleBarHeight = 40.0
    /// The shadow around a floating window; a press in it resizes.
    public static let shadowMargin = 12.0
    /// How far along an edge from a corner a press resizes diagonally.
    public static let cornerReach = 20.0
    /// The round buttons' diameter, their gap and the gap to the edge.
    public static let buttonSize = 24.0
    public static let buttonGap = 8.0
    public static let buttonInset = 8.0
    /// The title bar's top corners while the window floats.
    public static let cornerRadius = 8.0

    public var contentSize: Size
    public var state: ToplevelState
    /// The buttons shown (those the compositor can act on), right to left.
    public var buttons: [TitleBarButton]

    public init(contentSize: Size, state: ToplevelState = [], buttons: [TitleBarButton] = TitleBarButton.allCases) {
        self.contentSize = contentSize
        self.state = state
        self.buttons = buttons
    }

    /// A fullscreen window shows its content alone.
    public var titleHeight: Double { state.contains(.fullscreen) ? 0 : Self.titleBarHeight }

    /// The shadow's width on each side: none where the window meets the
    /// output's edge (maximized, fullscreen) or another window (tiled).
    public var margins: (top: Double, left: Double, bottom: Double, right: Double) {
        if !state.isDisjoint(with: [.maximized, .fullscreen]) { return (0, 0, 0, 0) }
        let m = Self.shadowMargin
        return (state.contains(.tiledTop) ? 0 : m, state.contains(.tiledLeft) ? 0 : m,
                state.contains(.tiledBottom) ? 0 : m, state.contains(.tiledRight) ? 0 : m)
    }

    /// Whether the title bar's top corners are rounded (floating).
    public var roundsCorners: Bool { state.isDisjoint(with: ToplevelState.constrainingSize) }

    /// The window geometry (title bar and content) in content coordinates.
    public var geometry: Rect {
        Rect(x: 0, y: -titleHeight, width: contentSize.width, height: contentSize.height + titleHeight)
    }

    /// Where the content's origin is in the window geometry.
    public var contentOriginInGeometry: Point { Point(x: 0, y: titleHeight) }

    public var titleBar: Rect { Rect(x: 0, y: -titleHeight, width: contentSize.width, height: titleHeight) }

    /// The frame's four surfaces: the title bar with the shadow above it,
    /// and the shadows left, right and below. Empty where nothing is drawn.
    public var parts: [Rect] {
        let m = margins, g = geometry
        guard titleHeight > 0 else { return [.zero, .zero, .zero, .zero] }
        let width = g.width + m.left + m.right
        return [
            Rect(x: -m.left, y: g.minY - m.top, width: width, height: m.top + titleHeight),
            Rect(x: -m.left, y: 0, width: m.left, height: contentSize.height),
            Rect(x: g.maxX, y: 0, width: m.right, height: contentSize.height),
            Rect(x: -m.left, y: g.maxY, width: width, height: m.bottom),
        ].map { $0.width > 0 && $0.height > 0 ? $0 : .zero }
    }

    /// The button's circle, in content coordinates.
    public func frame(of button: TitleBarButton) -> Rect? {
        guard titleHeight > 0, let index = buttons.firstIndex(of: button) else { return nil }
        let size = Self.buttonSize
        let x = contentSize.width - Self.buttonInset - size - Double(index) * (size + Self.buttonGap)
        return Rect(x: x, y: -titleHeight + (titleHeight - size) / 2, width: size, height: size)
    }

    /// Room for the title, centred in the bar but clear of the buttons.
    public var titleRoom: Double {
        let buttonsWidth = Double(buttons.count) * (Self.buttonSize + Self.buttonGap) + Self.buttonInset
        return max(0, contentSize.width - 2 * buttonsWidth)
    }

    /// What a press at `point` (content coordinates) does; nil on the content.
    public func hit(_ point: Point) -> DecorationHit? {
        guard titleHeight > 0 else { return nil }
        let g = geometry
        if g.contains(point) {
            guard point.y < 0 else { return nil }
            for button in buttons where frame(of: button)!.contains(point) { return .button(button) }
            return .titleBar
        }
        let m = margins
        guard point.x >= g.minX - m.left, point.x < g.maxX + m.right,
              point.y >= g.minY - m.top, point.y < g.maxY + m.bottom else { return nil }
        let reach = Self.cornerReach
        let left = point.x < g.minX + (point.y < g.minY || point.y >= g.maxY ? reach : 0)
        let right = point.x >= g.maxX - (point.y < g.minY || point.y >= g.maxY ? reach : 0)
        let top = point.y < g.minY + (point.x < g.minX || point.x >= g.maxX ? reach : 0)
        let bottom = point.y >= g.maxY - (point.x < g.minX || point.x >= g.maxX ? reach : 0)
        switch (top, bottom, left, right) {
        case (true, _, true, _): return .resize(.topLeft)
        case (true, _, _, true): return .resize(.topRight)
        case (_, true, true, _): return .resize(.bottomLeft)
        case (_, true, _, true): return .resize(.bottomRight)
        case (true, _, _, _): return .resize(.top)
        case (_, true, _, _): return .resize(.bottom)
        case (_, _, true, _): return .resize(.left)
        default: return .resize(.right)
        }
    }
}
