import DemoPages
import SweepEventLog
import SweepGeometry
import SweepGestures
import SweepGraphics
import SweepInput
import SweepSelection
import SweepViews
import SweepWayland

/// The demo: the list and the grid side by side in a split view when the
/// window is at least 700 wide, one at a time otherwise, and the Trails,
/// Packing list, Filters and Canvas pages, all reached from a tab bar at the
/// bottom. Resizing switches between the two arrangements live.
final class DemoApp: WindowContent {
    /// The pages a tab can show. In the split view `.list` and `.grid` share the "Items" tab.
    enum Destination: String, CaseIterable {
        case list, grid, trails, packing, filters, canvas
    }

    /// How the list and grid are arranged: chosen by width, or forced.
    enum Arrangement: String {
        case auto, split, tabs
    }

    /// The narrowest window that shows the split view.
    static let splitMinimumWidth = 700.0

    let window: Window
    let log: EventLog?
    let arena = GestureArena()
    let list: ItemPane
    let grid: ItemPane
    let trails: TrailsPage
    let packing: PackingPage
    let filters: FiltersPage
    let canvasPage: CanvasPage
    let tabBar: TabBarView
    private let tabButtons: ButtonArea
    let arrangement: Arrangement
    private(set) var destination: Destination
    /// Whether the list and grid show side by side now.
    private(set) var isSplit = false
    /// The page that gets the keyboard: the last one pressed or touched.
    var keyPage: Page
    var clipboard: Clipboard?
    private(set) var shouldQuit = false
    let rowCount: Int

    /// The armed timer for the arena's earliest deadline, and that deadline.
    var gestureTimer: (id: EventLoop.TimerID, deadline: Double)?
    /// The compositor's event time and the loop's time at the latest input.
    var clock = (event: 0.0, loop: 0.0)

    init(connection: Connection, options: Options, items: ListDataSource, store: PackingStore?, log: EventLog?) throws {
        self.log = log
        let theme = options.theme
        rowCount = items.sectionCounts.reduce(0, +)
        window = try Window(connection: connection, title: "Sweep", appID: "org.sweep.Demo",
                            size: Size(width: options.width, height: options.height))
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelectionDuringEditing = true
        let count = DemoApp.formatted(rowCount)
        list = ItemPane(name: "list", kind: .list, title: "List · \(count)", dataSource: items, editButtonTitle: "Edit",
                        configuration: configuration, theme: theme, window: window, log: log, arena: arena)
        grid = ItemPane(name: "grid", kind: .grid, title: "Grid · \(count)", dataSource: items, editButtonTitle: "Select",
                        configuration: configuration, theme: theme, window: window, log: log, arena: arena)
        trails = TrailsPage(theme: theme, window: window, log: log, arena: arena)
        packing = PackingPage(store: store, theme: theme, window: window, log: log, arena: arena)
        filters = FiltersPage(theme: theme, window: window, log: log, arena: arena)
        canvasPage = CanvasPage(theme: theme, window: window, log: log, arena: arena)
        for pane in [list, trails.list, packing.list, filters.list] { pane.listView?.fadeDuration *= options.animationScale }
        tabBar = TabBarView(frame: .zero, titles: [], theme: theme)
        tabButtons = ButtonArea(name: "tab bar")
        arena.add(tabButtons.view)
        arrangement = options.arrangement
        destination = options.page
        keyPage = list
        tabButtons.action = { [unowned self] point in
            if let index = tabBar.tab(at: point) { select(tab: index) }
        }
        keyPage = page(for: destination)
        window.content = self
        window.onCommit = { [weak self] frames in self?.committed(frame: frames) }
        for seat in connection.seats.values { attach(seat) }
        connection.onSeatAdded = { [weak self] seat in self?.attach(seat) }
        layoutPages(size: window.size)
    }

    private func attach(_ seat: Seat) {
        seat.ownsSurface = { [weak window] surface in window?.owns(surface: surface) ?? false }
        seat.cursorScale = { [weak window] in Int32((window?.scale ?? 1).rounded(.up)) }
        seat.onPointerFrame = { [weak self, unowned seat] frame in self?.handle(frame, modifiers: seat.modifiers) }
        seat.onKey = { [weak self, unowned seat] key in self?.handle(key, from: seat) }
        seat.onTouchFrame = { [weak self] frame in self?.handleTouch(frame) }
        seat.onGesture = { [weak self] gesture in self?.handleGesture(gesture) }
        seat.onError = { message in printError(message) }
        window.onScaleChange = { [weak seat] _ in seat?.applyCursor() }
    }

    var pages: [Page] { [list, grid, trails, packing, filters, canvasPage] }

    func page(for destination: Destination) -> Page {
        switch destination {
        case .list: list
        case .grid: grid
        case .trails: trails
        case .packing: packing
        case .filters: filters
        case .canvas: canvasPage
        }
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

    // MARK: - Tabs and the split view

    /// The tabs: in the split view the list and grid share one.
    private var tabs: [(title: String, destinations: [Destination])] {
        let rest: [(String, [Destination])] = [("Trails", [.trails]), ("Packing", [.packing]), ("Filters", [.filters]), ("Canvas", [.canvas])]
        return (isSplit ? [("Items", [.list, .grid])] : [("List", [.list]), ("Grid", [.grid])]) + rest
    }

    /// Shows the page of tab `index`.
    func select(tab index: Int) {
        guard tabs.indices.contains(index) else { return }
        let chosen = tabs[index].destinations
        // Already there (the Items tab keeps whichever of list and grid was in use).
        guard !chosen.contains(destination) else { return }
        show(chosen[0])
    }

    /// Makes `next` the current page (and gives it the keyboard).
    func show(_ next: Destination) {
        destination = next
        keyPage = page(for: next)
        log?.log(view: "window", event: "navigate", ["tab": .string(next.rawValue)])
        layoutPages(size: window.size)
    }

    /// Places the pages for a window of `size`: the split view or one page, and the tab bar.
    private func layoutPages(size: Size) {
        isSplit = arrangement == .split || (arrangement == .auto && size.width >= DemoApp.splitMinimumWidth)
        let bar = Rect(x: 0, y: max(0, size.height - TabBarView.height), width: size.width, height: min(size.height, TabBarView.height))
        tabBar.frame = bar
        tabButtons.view.frame = bar
        let content = Rect(x: 0, y: 0, width: size.width, height: bar.minY)
        for page in pages { page.isVisible = false }
        if isSplit && (destination == .list || destination == .grid) {
            let leftWidth = (size.width / 2).rounded(.down)
            list.setFrame(Rect(x: 0, y: 0, width: leftWidth, height: content.height))
            grid.setFrame(Rect(x: leftWidth + 1, y: 0, width: max(0, size.width - leftWidth - 1), height: content.height))
            list.isVisible = true
            grid.isVisible = true
        } else {
            let current = page(for: destination)
            current.setFrame(content)
            current.isVisible = true
        }
        tabBar.titles = tabs.map(\.title)
        tabBar.selectedIndex = tabs.firstIndex { $0.destinations.contains(destination) } ?? 0
        log?.log(view: "window", event: "layout", ["mode": .string(isSplit ? "split" : "tabs"),
                                                   "width": .double(size.width), "height": .double(size.height),
                                                   "visible": .array(visiblePages.map { .string($0.name) })])
        window.invalidateAll()
    }

    /// The pages on screen now.
    var visiblePages: [Page] { pages.filter(\.isVisible) }

    // MARK: - WindowContent

    func windowDidResize(to size: Size) {
        layoutPages(size: size)
    }

    func draw(in canvas: Canvas, damage: Region) {
        for page in visiblePages { page.draw(in: canvas, damage: damage) }
        if isSplit && list.isVisible {
            let divider = Rect(x: list.frame.maxX, y: 0, width: 1, height: list.frame.height)
            if damage.intersects(divider) { canvas.fill(divider, color: tabBar.theme.separator) }
        }
        if damage.intersects(tabBar.frame) { tabBar.draw(in: canvas) }
    }

    /// Logs the first frame, then what each visible page wants logged once a frame.
    private func committed(frame: Int) {
        guard let log else { return }
        if frame == 1 {
            log.log(view: "window", event: "ready", ["width": .double(window.size.width), "height": .double(window.size.height),
                                                      "scale": .double(window.scale)])
        }
        for page in visiblePages { page.didCommitFrame() }
    }

    var isAnimating: Bool { pages.contains { $0.isAnimating } }

    func advanceAnimations(to time: Double) -> Region {
        var damage = Region()
        for page in pages where page.isAnimating {
            let pageDamage = page.advanceAnimations(to: time)
            if page.isVisible { damage.add(pageDamage.bounds) }
        }
        return damage
    }

    func windowShouldClose() {
        quit()
    }

    func quit() {
        shouldQuit = true
        window.connection.loop.stop()
    }
}
