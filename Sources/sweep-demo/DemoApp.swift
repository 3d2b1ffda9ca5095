import DemoPages
import SweepEventLog
import SweepUI

/// The demo: the list and the grid side by side in a split view when the
/// window is at least 700 wide, one at a time otherwise, and the Trails,
/// Packing list, Filters and Canvas pages, all reached from a tab bar at the
/// bottom. Resizing switches between the two arrangements live.
final class DemoApp: Component {
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

    let host: AppWindow
    var window: AppWindow { host }
    let log: EventLog?
    let listPane: DemoPane
    let gridPane: DemoPane
    var list: CollectionViewController { listPane.controller }
    var grid: CollectionViewController { gridPane.controller }
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
    /// What a screen reader sees: the pages on screen and the tab bar (DemoApp+Accessibility).
    lazy var accessibleObject: AccessibleObject? = makeAccessibleObject()
    var accessibleTabs: [AccessibleObject] = []
    /// The tab bar's page tab list, once a screen reader asked for the window.
    var accessibleTabList: AccessibleObject?
    /// The tab bar in the Tab order.
    private(set) lazy var tabStrip = TabStrip(app: self)
    let application: Application
    /// The list and grid's item count now (it grows while `--items` is read).
    var rowCount: Int { items.numberOfRows }
    /// The list and grid's items (deleting and undoing change them).
    let items: ItemStore
    /// What Ctrl+Z puts back, the latest last.
    var undoStack: [Deletion] = []

    init(application: Application, options: Options, items: ItemStore, store: PackingStore?, log: EventLog?) throws {
        self.application = application
        self.log = log
        self.items = items
        // Pages start light; main applies the chosen theme before the first frame.
        let theme = Theme.light
        host = try AppWindow(application: application, title: "Sweep", appID: "org.sweep.Demo",
                             size: Size(width: options.width, height: options.height))
        let count = NumberText.grouped(items.numberOfRows)
        let listItems = DemoPictures.source(for: items, size: 40, options: options)
        let gridItems = DemoPictures.source(for: items, size: 96, options: options)
        listPane = DemoPane(name: "list", layout: .list, title: "List · \(count)", dataSource: listItems, editButtonTitle: "Edit",
                            log: log, host: host)
        gridPane = DemoPane(name: "grid", layout: .grid, title: "Grid · \(count)", dataSource: gridItems, editButtonTitle: "Select",
                            log: log, host: host)
        DemoPictures.connect([listPane.view, gridPane.view])
        trails = TrailsPage(theme: theme, host: host, log: log)
        packing = PackingPage(store: store, theme: theme, host: host, log: log)
        filters = FiltersPage(theme: theme, host: host, log: log)
        canvasPage = CanvasPage(theme: theme, host: host, log: log)
        for pane in [listPane.controller, trails.list, packing.list, filters.list] { pane.collectionView.deselectionFadeDuration *= options.animationScale }
        tabBar = TabBarView(frame: .zero, titles: [], theme: theme)
        tabButtons = ButtonArea(name: "tab bar")
        host.gestureArena.add(tabButtons.view)
        arrangement = options.arrangement
        destination = options.page
        tabButtons.action = { [unowned self] point in
            if let index = tabBar.tab(at: point) { select(tab: index) }
        }
        host.onResize = { [unowned self] size in layoutPages(size: size) }
        host.onKey = { [unowned self] key in handleAppKey(key) }
        host.onCommit = { [unowned self] frames in committed(frame: frames) }
        host.onTitleBarRequest = { [unowned self] request in
            log?.log(view: "window", event: "titlebar", ["request": .string(request.rawValue)])
        }
        host.onClose = { [unowned self] in quit() }
        host.onCopy = { [unowned self] content in copied(content) }
        application.onError = { message in printError(message) }
        for pane in [listPane, gridPane] {
            pane.controller.editingItems = [ToolbarItem(id: "delete", title: "Delete")]
            let logButton = pane.controller.onToolbarItem
            pane.controller.onToolbarItem = { [unowned self, unowned pane] item in
                logButton?(item)
                if item.id == "delete" { deleteSelected(in: pane.view) }
            }
        }
        if !options.noContextMenu { for pane in [listPane, gridPane] { installMenu(in: pane) } }
        for pane in [listPane, gridPane] { installDragAndDrop(in: pane) }
        host.content = self
        host.keyComponent = page(for: destination)
    }

    /// The page that gets the keyboard: the last one pressed or touched.
    var keyPage: Page { (host.keyComponent as? Page) ?? page(for: destination) }

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

    nonisolated static func formatted(_ count: Int) -> String { NumberText.grouped(count) }

    // MARK: - Tabs and the split view

    /// The tabs: in the split view the list and grid share one.
    private var tabs: [(title: String, destinations: [Destination])] {
        let rest: [(String, [Destination])] = [("Trails", [.trails]), ("Packing", [.packing]), ("Filters", [.filters]), ("Canvas", [.canvas])]
        return (isSplit ? [("Items", [.list, .grid])] : [("List", [.list]), ("Grid", [.grid])]) + rest
    }

    /// Shows the page of tab `index`, giving it the keyboard unless the focus is to stay (on the tabs).
    func select(tab index: Int, keepingFocus: Bool = false) {
        guard tabs.indices.contains(index) else { return }
        let chosen = tabs[index].destinations
        // Already there (the Items tab keeps whichever of list and grid was in use).
        guard !chosen.contains(destination) else { return }
        show(chosen[0], keepingFocus: keepingFocus)
    }

    /// Makes `next` the current page (and gives it the keyboard, unless `keepingFocus`).
    func show(_ next: Destination, keepingFocus: Bool = false) {
        destination = next
        if !keepingFocus { host.keyComponent = page(for: next) }
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

    // MARK: - Component

    /// The window routes input to the pages, and keys to the tab bar when Tab reaches it.
    var children: [Component] { pages + [tabStrip] }
    /// A hand over the tabs (the pages answer for themselves).
    func cursorShape(at point: Point) -> CursorShape { tabBar.tab(at: point) != nil ? .pointer : .default }
    private(set) var frame: Rect = .zero
    func setFrame(_ frame: Rect) { self.frame = frame }
    var isVisible = true
    func attach(to host: ComponentHost) {}

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

    func quit() {
        application.quit()
    }
}
