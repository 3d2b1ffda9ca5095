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
    /// The item view: a list, or a grid with `--grid`.
    let itemView: ItemScrollView
    let gridView: GridView?
    let rowCount: Int
    /// The grid's pinch zoom while it runs.
    var zoom: GridZoom?
    private(set) var shouldQuit = false
    let log: EventLog?
    private var loggedOffset: Double?
    var loggedCellSize: Double?
    let title: String
    let selection: SelectionController
    let interactor: SelectionInteractor<PaneLayout>
    var autoscrolling = false
    // Gestures (see DemoApp+Gestures).
    let arena = GestureArena()
    let gestures: ListGestures
    var panStartOffset = 0.0
    var fingerScroll: VelocityTracker?
    var fingerScrollDistance = 0.0
    var touchStoppedFling = false
    /// The armed timer for the arena's earliest deadline, and that deadline.
    var gestureTimer: (id: EventLoop.TimerID, deadline: Double)?
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
        let frame = Rect(x: 0, y: ToolbarView.height, width: size.width, height: size.height - ToolbarView.height)
        rowCount = options.rows
        if options.grid {
            let grid = GridView(frame: frame, dataSource: rows, theme: theme)
            gridView = grid
            itemView = grid
        } else {
            gridView = nil
            itemView = ListView(frame: frame, dataSource: rows, theme: theme)
        }
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelectionDuringEditing = true
        selection = SelectionController(itemCounts: [options.rows], configuration: configuration)
        interactor = SelectionInteractor(layout: gridView.map { .grid($0.layout) }
                                            ?? .list(SectionedListLayout(itemCounts: [options.rows], width: size.width)),
                                         selection: selection, viewportHeight: size.height - ToolbarView.height)
        gestures = ListGestures(view: GestureView(name: options.grid ? "grid" : "list", frame: frame), grid: options.grid)
        window = try Window(connection: connection, title: "Sweep", appID: "org.sweep.Demo", size: size)
        installGestures()
        selection.delegate = self
        if let gridView {
            gridView.isSelected = { [unowned selection] item in selection.isSelected(item) }
        } else if let list = itemView as? ListView {
            list.isSelected = { [unowned selection] row in selection.isSelected(IndexPath(item: row)) }
        }
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

    /// The event log's name for the item view.
    var viewName: String { gridView == nil ? "list" : "grid" }

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
        itemView.setFrame(Rect(x: 0, y: ToolbarView.height, width: size.width, height: max(0, size.height - ToolbarView.height)))
        gestures.view.frame = itemView.frame
    }

    func draw(in canvas: Canvas, damage: Region) {
        if damage.intersects(toolbar.frame) { toolbar.draw(in: canvas) }
        itemView.draw(in: canvas, damage: damage)
    }

    /// Logs the first frame, then the scroll offset once a frame when it changed.
    private func committed(frame: Int) {
        guard let log else { return }
        if frame == 1 {
            log.log(view: "window", event: "ready", ["width": .double(window.size.width), "height": .double(window.size.height),
                                                      "scale": .double(window.scale)])
        }
        let offset = itemView.scroll.offset
        if loggedOffset != nil && loggedOffset != offset {
            log.log(view: viewName, event: "scroll", ["offset": .double((offset * 100).rounded() / 100)])
        }
        loggedOffset = offset
    }

    var isAnimating: Bool { itemView.isAnimating }

    func advanceAnimations(to time: Double) -> Region {
        itemView.advance(to: time)
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
            window.invalidate(itemView.hover(at: nil))
        } else if let position = frame.position {
            window.invalidate(itemView.hover(at: position))
        }
        handleScroll(frame)
        if frame.time != 0 { armGestureTimer(eventTime: Double(frame.time)) }
    }

    func handle(_ key: KeyEvent) {
        if key.keysym == .q && key.modifiers.contains(.control) { quit(); return }
        if handleSelectionKey(key) { return }
        let line = itemView.lineHeight
        let page = max(line, itemView.frame.height - line)
        switch key.keysym {
        case .down: itemView.scroll(by: line)
        case .up: itemView.scroll(by: -line)
        case .pageDown: itemView.scroll(by: page)
        case .pageUp: itemView.scroll(by: -page)
        case .home: itemView.scroll(toOffset: 0)
        case .end: itemView.scroll(toOffset: itemView.scroll.maxOffset)
        case .q where key.modifiers.contains(.control): quit()
        default: return
        }
        window.invalidate(Region(itemView.frame))
    }
}
