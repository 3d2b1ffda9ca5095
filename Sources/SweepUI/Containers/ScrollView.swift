import SweepGestures

/// A component taller than its space, scrolled up and down (GTK's
/// `GtkScrolledWindow`, UIKit's `UIScrollView`): a form, a settings page, a
/// picture with its details.
///
/// The content gets the scroll view's width and its natural height at that
/// width (`naturalHeight(forWidth:)`), at least the view's own; what lies
/// outside the viewport is neither drawn nor hit (the window and the
/// gesture arena clip it). It scrolls by the wheel (three lines a notch),
/// touchpad fingers one to one with a fling after, a finger dragged on
/// what in it takes no touches itself (labels, pictures, gaps), and its
/// scrollbar: a thin indicator that widens under the pointer, whose thumb
/// drags and whose trough pages (Shift+click jumps), as a list's does. When
/// the keyboard focus moves to a child out of sight, the view scrolls it
/// into view. A screen reader sees a scroll pane holding the content and a
/// vertical scroll bar with the Value interface.
@MainActor
public final class ScrollView: Component {
    public let content: Component
    public private(set) var frame: Rect = .zero
    public var isVisible = true {
        didSet {
            content.isVisible = isVisible
            updateInteraction()
        }
    }
    /// How far the content is scrolled, in logical pixels (0: its top shows).
    public var offset: Double { model.offset }
    /// Called when `offset` changed (once a frame).
    public var onScroll: ((Double) -> Void)?

    private var model = ScrollModel(contentHeight: 0, viewportHeight: 0)
    private(set) weak var host: ComponentHost?
    /// Under the content: a finger dragged where nothing in it takes touches.
    private let panArea: GestureView
    private let pan = PanGestureRecognizer(name: "scroll view pan", minimumTouches: 1, maximumTouches: 1)
    private var panStart: Double?
    /// Over the content along the right edge: the scrollbar's strip, enabled while the pointer is on it.
    private let strip: GestureView
    private let thumbDrag = BandGestureRecognizer(name: "scroll view thumb")
    private let troughClick = ClickGestureRecognizer(name: "scroll view trough")
    private var thumbDragStart: Double?
    private var isScrollbarExpanded = false
    /// The fingers' stroke on a touchpad, for the fling when they lift.
    private var fingerStroke: (tracker: VelocityTracker, distance: Double)?
    private var reportedOffset = 0.0
    private lazy var accessibility = ScrollViewAccessibility(view: self)

    /// Logical pixels a wheel notch's line scrolls.
    public static let lineHeight = 20.0

    public init(_ content: Component) {
        self.content = content
        panArea = GestureView(name: "scroll view", frame: .zero)
        strip = GestureView(name: "scroll view scrollbar", frame: .zero)
        panArea.addRecognizer(pan)
        strip.addRecognizer(thumbDrag)
        strip.addRecognizer(troughClick)
        strip.isUserInteractionEnabled = false
        pan.onStateChange = { [unowned self] _ in panChanged() }
        thumbDrag.onStateChange = { [unowned self] _ in thumbDragChanged() }
        troughClick.onStateChange = { [unowned self] recognizer in
            guard recognizer.state == .recognized || recognizer.state == .ended else { return }
            troughClicked(at: Point(x: troughClick.point.x + strip.frame.minX, y: troughClick.point.y + strip.frame.minY),
                          modifiers: troughClick.modifiers)
        }
    }

    public var children: [Component] { [content] }
    public var childClip: Rect? { frame }
    /// Only while the content does not fit: otherwise the wheel goes on to a container above.
    public var scrollsItself: Bool { model.maxOffset > 0 }

    public func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        // The pan under the content, the content's own views clipped to the viewport, the strip over both.
        host.gestureArena.add(panArea)
        host.gestureArena.adding(clippedTo: { [weak self] in self?.frame ?? .zero }) { content.attach(to: host) }
        host.gestureArena.add(strip)
    }

    public func setFrame(_ newFrame: Rect) {
        host?.invalidate(Region(frame))
        frame = newFrame
        panArea.frame = newFrame
        relayout()
    }

    public var sizeNeeds: SizeNeeds {
        let needs = content.sizeNeeds
        // As narrow as the content allows; as short as a few lines; as tall as all of it.
        return SizeNeeds(minimum: Size(width: needs.minimum.width, height: min(needs.minimum.height, 48)), natural: needs.natural)
    }

    public func naturalHeight(forWidth width: Double) -> Double { content.naturalHeight(forWidth: width) }

    /// The content's frame for the width and the offset; the scroll model follows a new height.
    private func relayout() {
        let height = max(frame.height, ScrollView.finite(content.naturalHeight(forWidth: frame.width)))
        model.resize(contentHeight: height, viewportHeight: frame.height)
        placeContent()
    }

    private func placeContent() {
        let height = max(frame.height, model.contentHeight)
        content.setFrame(Rect(x: frame.minX, y: (frame.minY - model.offset).rounded(), width: frame.width, height: height))
        strip.frame = scrollbar.grabArea ?? .zero
        updateInteraction()
        host?.invalidate(Region(frame))
    }

    /// The content's height changed in a way its components do not tell the window
    /// (`setNeedsLayout`: a stack's child shown or hidden, a picture arrived do): lays it
    /// out again, the offset kept where it can be.
    public func contentSizeDidChange() { relayout() }

    private static func finite(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    var scrollbar: ScrollbarGeometry { ScrollbarGeometry(frame: frame, contentHeight: model.contentHeight) }
    var maxOffset: Double { model.maxOffset }

    /// Scrolls to `offset` (clamped) at once, or gliding there.
    public func scroll(to offset: Double, animated: Bool = false) {
        let clamped = min(max(0, offset.isFinite ? offset : 0), model.maxOffset)
        if animated {
            model.glide(to: clamped)
            host?.setNeedsFrame()
        } else {
            _ = model.stopFling()
            model.jump(to: clamped)
            placeContent()
        }
    }

    // MARK: - Drawing and animation

    public func draw(in canvas: Canvas, damage: Region) {
        guard damage.intersects(frame), frame.width > 0, frame.height > 0 else { return }
        canvas.withClip(frame) {
            content.draw(in: canvas, damage: damage)
            let theme = currentTheme
            if let thumb = scrollbar.thumb(at: model.offset, wide: isScrollbarExpanded) {
                if isScrollbarExpanded {
                    canvas.fillRoundedRect(scrollbar.track, radius: ScrollbarGeometry.wideWidth / 2, color: theme.scrollIndicator.withOpacity(0.35))
                }
                canvas.fillRoundedRect(thumb, radius: thumb.width / 2, color: theme.scrollIndicator)
            }
        }
    }

    private var inheritedTheme = Theme.light
    private var currentTheme: Theme { inheritedTheme }
    public func inheritedThemeDidChange(to theme: Theme) {
        guard theme != inheritedTheme else { return }
        inheritedTheme = theme
        host?.invalidate(Region(frame))
    }

    public var isAnimating: Bool { model.isAnimating || content.isAnimating }

    public func advanceAnimations(to time: Double) -> Region {
        var damage = content.advanceAnimations(to: time)
        if model.isAnimating {
            _ = model.advance(to: time)
            placeContent()
            damage.add(frame)
        }
        return damage
    }

    /// (The window tells the content's components itself.)
    public func didCommitFrame() {
        guard model.offset != reportedOffset else { return }
        reportedOffset = model.offset
        onScroll?(model.offset)
        accessibility.valueChanged()
    }

    // MARK: - Input

    public func handleScroll(_ frame: PointerFrame) {
        guard isVisible, let vertical = frame.vertical, model.maxOffset > 0 else { return }
        let time = host?.gestureArena.eventTime(frame.time) ?? Double(frame.time)
        if let value120 = vertical.value120 {
            scroll(to: model.target + Double(value120) / 120 * 3 * Self.lineHeight, animated: true)
        } else if vertical.value != 0 {
            scroll(to: model.offset + vertical.value)
            if frame.source == .finger {
                var stroke = fingerStroke ?? (VelocityTracker(), 0)
                stroke.distance += vertical.value
                stroke.tracker.add(Point(x: 0, y: stroke.distance), time: time)
                fingerStroke = stroke
            }
        }
        if vertical.stopped, var stroke = fingerStroke {
            // The fingers left the touchpad: fling on at their speed.
            stroke.tracker.add(Point(x: 0, y: stroke.distance), time: time)
            fling(velocity: stroke.tracker.velocity.y / 1000)
            fingerStroke = nil
        }
    }

    /// A finger or resting touchpad fingers landed on something in it: a fling stops there.
    public func touchesBegan() {
        if model.stopFling() { placeContent() }
    }

    private func fling(velocity: Double) {
        guard let host, abs(velocity) > 0.05 else { return }
        model.fling(velocity: velocity, time: host.now)
        host.setNeedsFrame()
    }

    private func panChanged() {
        switch pan.state {
        case .began:
            _ = model.stopFling()
            panStart = model.offset
        case .changed:
            guard let panStart else { return }
            scroll(to: panStart - pan.translation.y)
        case .ended:
            panStart = nil
            // The recognizer's speed, from the touches' own times (points a second).
            fling(velocity: -pan.velocity.y / 1000)
        default:
            panStart = nil
        }
    }

    /// Over the strip the scrollbar widens and takes presses; elsewhere it is thin. (The
    /// window tells the content's components of the pointer itself.)
    public func hover(at point: Point?) -> Region {
        var damage = Region()
        let over = point.map { scrollbar.grabArea?.contains($0) ?? false } ?? false
        let wide = over || thumbDragStart != nil
        if wide != isScrollbarExpanded {
            isScrollbarExpanded = wide
            updateInteraction()
            if let area = scrollbar.grabArea { damage.add(area) }
        }
        return damage
    }

    private func updateInteraction() {
        panArea.isUserInteractionEnabled = isVisible && model.maxOffset > 0
        strip.isUserInteractionEnabled = isVisible && isScrollbarExpanded && model.maxOffset > 0
    }

    private func thumbDragChanged() {
        switch thumbDrag.state {
        case .began:
            let press = Point(x: thumbDrag.anchor.x + strip.frame.minX, y: thumbDrag.anchor.y + strip.frame.minY)
            // A drag from the trough puts the thumb under the pointer first.
            if scrollbar.part(at: press, offset: model.offset) != .thumb { scroll(to: scrollbar.offset(centringThumbAt: press.y)) }
            thumbDragStart = model.offset
        case .changed, .ended:
            guard let start = thumbDragStart else { return }
            scroll(to: start + (thumbDrag.current.y - thumbDrag.anchor.y) * scrollbar.offsetPerThumbPixel)
            if thumbDrag.state == .ended { thumbDragEnded() }
        default:
            thumbDragEnded()
        }
    }

    /// The drag let go: the bar stays wide only while the pointer is over it.
    private func thumbDragEnded() {
        thumbDragStart = nil
        let over = host?.gestureArena.pointerPosition.map { scrollbar.grabArea?.contains($0) ?? false } ?? false
        if !over { host?.invalidate(hover(at: nil)) }
    }

    /// A click in the trough pages towards it; with Shift, the thumb jumps there (GTK's setting).
    private func troughClicked(at point: Point, modifiers: Modifiers) {
        switch scrollbar.part(at: point, offset: model.offset) {
        case .troughAbove where modifiers.contains(.shift), .troughBelow where modifiers.contains(.shift):
            scroll(to: scrollbar.offset(centringThumbAt: point.y))
        case .troughAbove: scroll(to: model.target - scrollbar.pageLength, animated: true)
        case .troughBelow: scroll(to: model.target + scrollbar.pageLength, animated: true)
        case .thumb, nil: return
        }
    }

    /// The focus moved to a child: scrolled so that it shows, the least distance.
    public func reveal(_ rect: Rect) {
        if rect.minY < frame.minY {
            scroll(to: model.offset - (frame.minY - rect.minY))
        } else if rect.maxY > frame.maxY {
            scroll(to: model.offset + min(rect.maxY - frame.maxY, rect.minY - frame.minY))
        }
    }

    public func cursorShape(at point: Point) -> CursorShape {
        scrollbar.grabArea?.contains(point) == true ? .default : content.cursorShape(at: point)
    }

    /// Over the wide scrollbar: the arrow, and a press there focuses nothing under it.
    func handleCursor(at point: Point) -> CursorShape? {
        isScrollbarExpanded && scrollbar.grabArea?.contains(point) == true ? .default : nil
    }

    // MARK: - Accessibility

    /// A scroll pane holding the content's objects and its scroll bar.
    public var accessibleObject: AccessibleObject? { accessibility.pane }
}

extension ScrollView: ContainerHandles {}

/// A scroll view for screen readers: a scroll pane whose children are the
/// content's objects and, while the content does not fit, a vertical scroll
/// bar whose value is the offset (settable: a reader scrolls the view).
@MainActor
final class ScrollViewAccessibility {
    unowned let view: ScrollView
    private(set) lazy var pane: AccessibleObject = makePane()
    /// Made when a reader first reads the pane's children: until then no reader knows it, and a
    /// scroll tells nothing.
    private var madeBar: AccessibleObject?
    private var bar: AccessibleObject {
        if let madeBar { return madeBar }
        let bar = makeBar()
        madeBar = bar
        return bar
    }

    init(view: ScrollView) { self.view = view }

    private func makePane() -> AccessibleObject {
        let pane = AccessibleObject(role: .scrollPane)
        pane.extents = { [unowned self] in view.frame }
        pane.children = { [unowned self, unowned pane] in
            var objects = view.content.accessibleObjectsInTree()
            if view.maxOffset > 0 { objects.append(bar) }
            for object in objects { object.parent = pane }
            return objects
        }
        return pane
    }

    private func makeBar() -> AccessibleObject {
        let bar = AccessibleObject(role: .scrollBar)
        bar.states = { AccessibleStates.usable.union(.vertical) }
        bar.extents = { [unowned self] in view.scrollbar.grabArea ?? .zero }
        bar.value = AccessibleValue(minimum: { 0 }, maximum: { [unowned self] in view.maxOffset },
                                    increment: { ScrollView.lineHeight }, current: { [unowned self] in view.offset },
                                    setCurrent: { [unowned self] value in
                                        view.scroll(to: value)
                                        return true
                                    })
        return bar
    }

    func valueChanged() {
        guard let bar = madeBar, view.maxOffset > 0, let application = (view.host as? AppWindow)?.application,
              application.accessibility != nil else { return }
        application.valueChangeReporter.valueChanged(bar)
    }
}
