import SweepEventLog
import SweepGeometry
import SweepGestures
import SweepInteraction
import SweepLayout
import SweepSelection
import SweepGraphics
import SweepInput
import SweepViews
import SweepWayland

/// The demo: a toolbar over a list of generated rows.
final class DemoApp: WindowContent {
    let window: Window
    let toolbar: ToolbarView
    let list: ListView
    private(set) var shouldQuit = false
    let log: EventLog?
    private var loggedOffset: Double?
    let title: String
    let selection: SelectionController
    let interactor: SelectionInteractor<SectionedListLayout>
    var autoscrolling = false
    // Gestures (see DemoApp+Gestures).
    let arena = GestureArena()
    let gestures: ListGestures
    var panStartOffset = 0.0
    var fingerScroll: VelocityTracker?
    var fingerScrollDistance = 0.0
    var touchStoppedFling = false
    var liveTouches: Set<Int32> = []
    var gestureTimer: EventLoop.TimerID?
    /// The compositor's event time and the loop's time at the latest input.
    var clock = (event: 0.0, loop: 0.0)

    init(connection: Connection, options: Options, log: EventLog?) throws {
        self.log = log
        let size = Size(width: options.width, height: options.height)
        let theme = Theme.light
        let rows = GeneratedRows(count: options.rows)
        title = "Sweep · \(DemoApp.formatted(options.rows)) rows"
        toolbar = ToolbarView(frame: Rect(x: 0, y: 0, width: size.width, height: ToolbarView.height),
                              title: title, theme: theme)
        list = ListView(frame: Rect(x: 0, y: ToolbarView.height, width: size.width, height: size.height - ToolbarView.height),
                        dataSource: rows, theme: theme)
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelectionDuringEditing = true
        selection = SelectionController(itemCounts: [options.rows], configuration: configuration)
        interactor = SelectionInteractor(layout: SectionedListLayout(itemCounts: [options.rows], width: size.width),
                                         selection: selection, viewportHeight: size.height - ToolbarView.height)
        gestures = ListGestures(view: GestureView(name: "list", frame: list.frame))
        window = try Window(connection: connection, title: "Sweep", appID: "org.sweep.Demo", size: size)
        installGestures()
        selection.delegate = self
        list.isSelected = { [unowned selection] row in selection.isSelected(IndexPath(item: row)) }
        interactor.onBandWillBegin = { [unowned self] in self.setEditing(true) }
        window.content = self
        window.onCommit = { [weak self] frames in self?.committed(frame: frames) }
        for seat in connection.seats.values { attach(seat) }
        connection.onSeatAdded = { [weak self] seat in self?.attach(seat) }
    }

    private func attach(_ seat: Seat) {
        seat.ownsSurface = { [weak window] surface in window?.owns(surface: surface) ?? false }
        seat.cursorScale = { [weak window] in Int32((window?.scale ?? 1).rounded(.up)) }
        seat.onPointerFrame = { [weak self, unowned seat] frame in self?.handle(frame, modifiers: seat.modifiers) }
        seat.onKey = { [weak self] key in self?.handle(key) }
        seat.onTouchFrame = { [weak self] frame in self?.handleTouch(frame) }
        seat.onGesture = { [weak self] gesture in self?.handleGesture(gesture) }
        seat.onError = { message in printError(message) }
        window.onScaleChange = { [weak seat] _ in seat?.applyCursor() }
    }

    static func formatted(_ count: Int) -> String {
        let digits = Array(String(count))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    // MARK: - WindowContent

    func windowDidResize(to size: Size) {
        toolbar.frame = Rect(x: 0, y: 0, width: size.width, height: ToolbarView.height)
        list.setFrame(Rect(x: 0, y: ToolbarView.height, width: size.width, height: max(0, size.height - ToolbarView.height)))
        gestures.view.frame = list.frame
    }

    func draw(in canvas: Canvas, damage: Region) {
        if damage.intersects(toolbar.frame) { toolbar.draw(in: canvas) }
        list.draw(in: canvas, damage: damage)
    }

    /// Logs the first frame, then the scroll offset once a frame when it changed.
    private func committed(frame: Int) {
        guard let log else { return }
        if frame == 1 {
            log.log(view: "window", event: "ready", ["width": .double(window.size.width), "height": .double(window.size.height),
                                                      "scale": .double(window.scale)])
        }
        let offset = list.scroll.offset
        if loggedOffset != nil && loggedOffset != offset {
            log.log(view: "list", event: "scroll", ["offset": .double((offset * 100).rounded() / 100)])
        }
        loggedOffset = offset
    }

    var isAnimating: Bool { list.isAnimating }

    func advanceAnimations(to time: Double) -> Region {
        list.advance(to: time)
    }

    func windowShouldClose() {
        quit()
    }

    func quit() {
        shouldQuit = true
        window.connection.loop.stop()
    }

    // MARK: - Input

    /// Wheel notches scroll three rows each (120 = one notch).
    static let rowsPerNotch = 3.0

    func handle(_ frame: PointerFrame, modifiers: Modifiers = []) {
        routePointer(frame, modifiers: modifiers)
        if frame.left {
            window.invalidate(list.hover(at: nil))
        } else if let position = frame.position {
            window.invalidate(list.hover(at: position))
        }
        handleScroll(frame)
        if frame.time != 0 { armGestureTimer(eventTime: Double(frame.time)) }
    }

    func handle(_ key: KeyEvent) {
        if key.keysym == .q && key.modifiers.contains(.control) { quit(); return }
        if handleSelectionKey(key) { return }
        let row = list.layout.rowHeight
        switch key.keysym {
        case .down: list.scroll(by: row)
        case .up: list.scroll(by: -row)
        case .pageDown: list.scroll(by: Double(list.rowsPerPage) * row)
        case .pageUp: list.scroll(by: -Double(list.rowsPerPage) * row)
        case .home: list.scroll(toOffset: 0)
        case .end: list.scroll(toOffset: list.scroll.maxOffset)
        case .q where key.modifiers.contains(.control): quit()
        default: return
        }
        window.invalidate(Region(list.frame))
    }
}
