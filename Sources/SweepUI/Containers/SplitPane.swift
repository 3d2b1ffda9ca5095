import SweepGestures

/// Two components side by side (or one above the other) with a divider a
/// person drags to share the space between them (GTK's `GtkPaned`, UIKit's
/// `UISplitViewController`): a sidebar beside a list, a list over a preview.
///
/// The divider is a one-pixel line with a grab area of `handleWidth` around
/// it, dragged with the pointer (the resize cursor over it) or a finger.
/// Each side keeps at least its minimum length; dragged below half of it, a
/// collapsible side collapses to nothing (and comes back when dragged out
/// again). The window shrinking takes room from the second side first, then
/// the first, then collapses a collapsible side. F6 moves the keyboard focus
/// to the other side (`AppWindow` handles it). `position` is a `Codable`
/// value an app saves and gives back.
@MainActor
public final class SplitPane: Component {
    /// One of the two sides.
    public enum Side: String, Sendable, Hashable, Codable {
        case first, second
    }

    /// Where the divider is: the first side's length in logical pixels (the
    /// divider's line is not in either side), and which side is collapsed.
    public struct Position: Sendable, Hashable, Codable {
        public var firstLength: Double
        public var collapsed: Side?

        public init(firstLength: Double, collapsed: Side? = nil) {
            self.firstLength = firstLength.isFinite ? max(0, firstLength) : 0
            self.collapsed = collapsed
        }
    }

    public let axis: Axis
    public let first: Component
    public let second: Component
    /// Where the divider is asked to be; the one shown is `effectivePosition`
    /// (it may be squeezed by the window). Setting it lays the sides out.
    public var position: Position { didSet { if position != oldValue { relayout() } } }
    /// The least length of each side, unless collapsed.
    public var minimumLengths: (first: Double, second: Double) = (120, 120) { didSet { relayout() } }
    /// The sides a drag (or a window too small for both) may collapse.
    public var collapsibleSides: Set<Side> = [] { didSet { relayout() } }
    /// The logical pixels around the divider's line that grab it.
    public var handleWidth = 8.0 { didSet { relayout() } }
    /// The colours it draws with: the window's theme (`AppWindow.theme`)
    /// unless one is set here, which overrides it (`themeOverride`).
    public var theme: Theme { get { themes.current } set { themeOverride = newValue } }
    /// The pane's own theme; nil follows the window's.
    public var themeOverride: Theme? {
        get { themes.override }
        set {
            guard themes.setOverride(newValue) else { return }
            tellTheme(theme, to: first)
            tellTheme(theme, to: second)
            invalidate()
        }
    }
    private var themes: ThemeSource

    /// Takes the theme, and passes it to a collapsed side too (not among `children`).
    public func inheritedThemeDidChange(to theme: Theme) {
        if themes.inherit(theme) { invalidate() }
        switch effectivePosition.collapsed {
        case .first: tellTheme(self.theme, to: first)
        case .second: tellTheme(self.theme, to: second)
        case nil: break
        }
    }
    /// Called as a person moves the divider (each step) with the position.
    public var onPositionChange: ((Position) -> Void)?

    public private(set) var frame: Rect = .zero
    public var isVisible = true {
        didSet {
            first.isVisible = isVisible && effectivePosition.collapsed != .first
            second.isVisible = isVisible && effectivePosition.collapsed != .second
            handle.isUserInteractionEnabled = isVisible
        }
    }
    /// The position shown: `position` fitted to the frame and the minimums.
    public private(set) var effectivePosition: Position

    private let handle: GestureView
    private let pointerDrag = BandGestureRecognizer(name: "split divider")
    private let touchDrag = PanGestureRecognizer(name: "split divider touch", minimumTouches: 1, maximumTouches: 1)
    /// The first side's length when the drag began.
    private var dragStart: Double?
    private weak var host: ComponentHost?

    /// `first` and `second` along `axis` (`.horizontal`: side by side), the
    /// divider at `position`.
    public init(_ axis: Axis, first: Component, second: Component, position: Position = Position(firstLength: 240),
                theme: Theme? = nil) {
        self.axis = axis
        self.first = first
        self.second = second
        self.position = position
        themes = ThemeSource(override: theme)
        effectivePosition = position
        handle = GestureView(name: "split divider", frame: .zero)
        pointerDrag.hysteresis = 1
        touchDrag.hysteresis = 2
        touchDrag.acceptsTouchpadSwipes = false
        for recognizer: GestureRecognizer in [pointerDrag, touchDrag] {
            handle.addRecognizer(recognizer)
            recognizer.onStateChange = { [unowned self] recognizer in dragChanged(recognizer) }
        }
    }

    public var children: [Component] {
        [effectivePosition.collapsed == .first ? nil : first, effectivePosition.collapsed == .second ? nil : second].compactMap { $0 }
    }

    public func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        first.attach(to: host)
        second.attach(to: host)
        // Last, so the divider's grab area wins where it overlaps a side's edge.
        host.gestureArena.add(handle)
    }

    public var sizeNeeds: SizeNeeds {
        let a = first.sizeNeeds, b = second.sizeNeeds
        let minimumFirst = collapsibleSides.contains(.first) ? 0 : minimumLengths.first
        let minimumSecond = collapsibleSides.contains(.second) ? 0 : minimumLengths.second
        let main = minimumFirst + minimumSecond + 1
        let across = max(a.minimum.length(along: axis.across), b.minimum.length(along: axis.across))
        let minimum = axis == .horizontal ? Size(width: main, height: across) : Size(width: across, height: main)
        return SizeNeeds(minimum: minimum, natural: minimum)
    }

    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        relayout()
    }

    /// The divider's line (window coordinates).
    public var dividerFrame: Rect {
        let main = frame.span(along: axis)
        let start = main.start + shownFirstLength
        return Rect.spans(along: axis, main: (start, 1), across: frame.span(along: axis.across))
    }

    private var shownFirstLength: Double {
        switch effectivePosition.collapsed {
        case .first: 0
        case .second: max(0, frame.span(along: axis).length - 1)
        case nil: effectivePosition.firstLength
        }
    }

    /// `wanted` fitted into a frame `length` long, with the minimums and the collapsible sides.
    func fitted(_ wanted: Position, length: Double) -> Position {
        let room = max(0, length - 1)
        if let side = wanted.collapsed, collapsibleSides.contains(side) { return wanted }
        let minimumFirst = min(minimumLengths.first, room), minimumSecond = minimumLengths.second
        var firstLength = min(max(wanted.firstLength, minimumFirst), room)
        if room - firstLength < minimumSecond {
            // The second side is squeezed: the first gives room down to its minimum.
            firstLength = max(minimumFirst, room - minimumSecond)
            if room - firstLength < minimumSecond {
                // Not enough for both: a collapsible side goes, the second first.
                if collapsibleSides.contains(.second) { return Position(firstLength: wanted.firstLength, collapsed: .second) }
                if collapsibleSides.contains(.first) { return Position(firstLength: wanted.firstLength, collapsed: .first) }
            }
        }
        return Position(firstLength: firstLength.rounded(), collapsed: nil)
    }

    private func relayout() {
        let main = frame.span(along: axis), across = frame.span(along: axis.across)
        effectivePosition = fitted(position, length: main.length)
        let firstLength = shownFirstLength
        first.setFrame(Rect.spans(along: axis, main: (main.start, firstLength), across: across))
        let secondStart = main.start + firstLength + 1
        second.setFrame(Rect.spans(along: axis, main: (secondStart, max(0, main.start + main.length - secondStart)), across: across))
        first.isVisible = isVisible && effectivePosition.collapsed != .first
        second.isVisible = isVisible && effectivePosition.collapsed != .second
        if let collapsed = effectivePosition.collapsed { moveFocus(outOf: collapsed == .first ? first : second) }
        // The grab area stays put while a drag runs: the recognizers' points are relative to it.
        if dragStart == nil { placeHandle() }
        invalidate()
    }

    private func placeHandle() {
        let line = dividerFrame
        let grab = Rect.spans(along: axis, main: (line.span(along: axis).start - (handleWidth - 1) / 2, handleWidth),
                              across: frame.span(along: axis.across))
        handle.frame = grab.intersection(frame)
    }

    private func invalidate() { host?.invalidate(Region(frame)) }

    /// The keyboard focus on a side that collapsed goes to the other side's first focusable component.
    private func moveFocus(outOf side: Component) {
        guard let host, SplitPane.leaves(of: side).contains(where: { host.isFocused($0) }) else { return }
        let other = side === first ? second : first
        if let target = SplitPane.leaves(of: other).first(where: \.acceptsFocus) { host.focus(target) }
    }

    static func leaves(of component: Component, depth: Int = 0) -> [Component] {
        let children = component.children.filter { $0 !== component }
        guard !children.isEmpty, depth < 32 else { return [component] }
        return children.flatMap { leaves(of: $0, depth: depth + 1) }
    }

    // MARK: - Dragging

    private func dragChanged(_ recognizer: GestureRecognizer) {
        switch recognizer.state {
        case .began:
            dragStart = shownFirstLength
        case .changed, .ended:
            guard let start = dragStart else { return }
            let moved: Double
            if recognizer === touchDrag {
                moved = axis == .horizontal ? touchDrag.translation.x : touchDrag.translation.y
            } else {
                let delta = pointerDrag.current.distanceAlong(axis, from: pointerDrag.anchor)
                moved = delta
            }
            drag(to: start + moved)
            if recognizer.state == .ended { dragEnded() }
        default:
            dragEnded()
        }
    }

    private func dragEnded() {
        dragStart = nil
        placeHandle()
    }

    /// The divider dragged to put the first side's edge at `length`: clamped
    /// to the minimums; below half a collapsible side's minimum, it collapses.
    func drag(to length: Double) {
        let room = max(0, frame.span(along: axis).length - 1)
        var next: Position
        if collapsibleSides.contains(.first) && length < minimumLengths.first / 2 {
            next = Position(firstLength: position.firstLength, collapsed: .first)
        } else if collapsibleSides.contains(.second) && room - length < minimumLengths.second / 2 {
            next = Position(firstLength: position.firstLength, collapsed: .second)
        } else {
            let upper = max(minimumLengths.first, room - minimumLengths.second)
            next = Position(firstLength: min(max(length, minimumLengths.first), upper).rounded())
        }
        guard next != position else { return }
        position = next
        onPositionChange?(effectivePosition)
    }

    /// A collapsed side hears the scale too (the window tells only the shown ones).
    public func windowScaleDidChange(to scale: Double) {
        switch effectivePosition.collapsed {
        case .first: tellScale(scale, to: first)
        case .second: tellScale(scale, to: second)
        case nil: break
        }
    }

    public func cursorShape(at point: Point) -> CursorShape { handleCursor(at: point) ?? .default }

    func handleCursor(at point: Point) -> CursorShape? {
        handle.frame.contains(point) ? (axis == .horizontal ? .columnResize : .rowResize) : nil
    }

    public func draw(in canvas: Canvas, damage: Region) {
        for side in children where side.isVisible && damage.intersects(side.frame) { side.draw(in: canvas, damage: damage) }
        let line = dividerFrame
        if damage.intersects(line) { canvas.fill(line, color: theme.separator) }
    }

    public var isAnimating: Bool { children.contains { $0.isAnimating } }

    public func advanceAnimations(to time: Double) -> Region {
        var damage = Region()
        for side in children where side.isAnimating { damage.formUnion(side.advanceAnimations(to: time)) }
        return damage
    }

    /// What screen readers see: a split pane holding the two sides' objects.
    public private(set) lazy var accessibleObject: AccessibleObject? = {
        let pane = AccessibleObject(role: .splitPane)
        pane.extents = { [unowned self] in frame }
        pane.attributes = { [unowned self] in
            ["orientation": axis == .horizontal ? "horizontal" : "vertical",
             "position": effectivePosition.collapsed.map { "collapsed-\($0.rawValue)" } ?? String(Int(effectivePosition.firstLength))]
        }
        pane.children = { [unowned self, unowned pane] in
            let objects = children.filter(\.isVisible).flatMap { $0.accessibleObjectsInTree() }
            for object in objects { object.parent = pane }
            return objects
        }
        return pane
    }()
}

extension SplitPane: ContainerHandles {}

/// A container with handles of its own over its children's edges (a split
/// pane's divider): the window asks it first for the cursor, and a press
/// on a handle focuses none of the children.
@MainActor
protocol ContainerHandles {
    /// The cursor over a handle at `point`; nil where there is none.
    func handleCursor(at point: Point) -> CursorShape?
}

extension Point {
    /// How far this point is from `origin` along `axis`.
    func distanceAlong(_ axis: Axis, from origin: Point) -> Double {
        axis == .horizontal ? x - origin.x : y - origin.y
    }
}

extension Size {
    /// The size's length along `axis`.
    func length(along axis: Axis) -> Double { axis == .horizontal ? width : height }
}
