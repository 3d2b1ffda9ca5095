import SweepEventLog
import SweepGeometry
import SweepGestures
import SweepGraphics
import SweepInput
import SweepInteraction
import SweepLayout
import SweepSelection
import SweepViews
import SweepWayland

/// A page with a toolbar over one item view, list or grid, and everything
/// that drives it: its selection, the interactor, the recognizers and what
/// it logs. The list and grid of the split view are item panes, and so are
/// the Trails, Packing list and Filters lists, whose pages add what happens
/// when a row is activated.
final class ItemPane: Page {
    enum Kind { case list, grid }

    let name: String
    let kind: Kind
    let window: Window
    let log: EventLog?
    unowned let arena: GestureArena
    private(set) var frame: Rect
    let toolbar: ToolbarView
    let itemView: ItemScrollView
    let listView: ListView?
    let gridView: GridView?
    let dataSource: ListDataSource
    /// The toolbar's title outside editing mode.
    let title: String
    /// The word of the button that enters editing mode ("Edit" for a list,
    /// "Select" for a grid); nil for panes without editing mode.
    let editButtonTitle: String?
    let selection: SelectionController
    let interactor: SelectionInteractor<PaneLayout>
    let gestures: PaneGestures
    private(set) var toolbarButtons: ButtonArea!
    var isVisible = true {
        didSet { gestures.view.isUserInteractionEnabled = isVisible; toolbarButtons.view.isUserInteractionEnabled = isVisible }
    }
    /// Called when a row is activated (tapped or clicked in normal mode, or Enter).
    var onActivate: ((ItemPath) -> Void)?
    /// Called when a row's detail button is tapped or clicked; it selects nothing.
    var onAccessory: ((ItemPath) -> Void)?
    /// Called for toolbar buttons the pane does not handle itself (a back button).
    var onToolbarItem: ((ToolbarItem) -> Void)?

    // Gesture state (see ItemPane+Gestures).
    var zoom: GridZoom?
    var loggedCellSize: Double?
    var autoscrolling = false
    var panStartOffset = 0.0
    var fingerScroll: VelocityTracker?
    var fingerScrollDistance = 0.0
    var touchStoppedFling = false
    private var loggedOffset: Double?

    init(name: String, kind: Kind, title: String, dataSource: ListDataSource, editButtonTitle: String?,
         configuration: SelectionConfiguration, theme: Theme, window: Window, log: EventLog?, arena: GestureArena) {
        self.name = name
        self.kind = kind
        self.title = title
        self.dataSource = dataSource
        self.editButtonTitle = editButtonTitle
        self.window = window
        self.log = log
        self.arena = arena
        frame = .zero
        toolbar = ToolbarView(frame: .zero, title: title, theme: theme)
        let viewFrame = Rect.zero
        switch kind {
        case .list:
            let list = ListView(frame: viewFrame, dataSource: dataSource, theme: theme)
            listView = list
            gridView = nil
            itemView = list
        case .grid:
            let grid = GridView(frame: viewFrame, dataSource: dataSource, theme: theme)
            gridView = grid
            listView = nil
            itemView = grid
        }
        selection = SelectionController(itemCounts: dataSource.sectionCounts, configuration: configuration)
        interactor = SelectionInteractor(layout: ItemPane.layout(of: itemView), selection: selection, viewportHeight: 0)
        gestures = PaneGestures(view: GestureView(name: name, frame: viewFrame), grid: kind == .grid)
        toolbarButtons = ButtonArea(name: name + " toolbar") { [unowned self] point in toolbarTapped(at: point) }
        arena.add(gestures.view)
        arena.add(toolbarButtons.view)
        installGestures()
        selection.delegate = self
        listView?.isSelected = { [unowned selection] item in selection.isSelected(item) }
        gridView?.isSelected = { [unowned selection] item in selection.isSelected(item) }
        interactor.onBandWillBegin = { [unowned self] in if editButtonTitle != nil { setEditing(true) } }
        updateToolbar()
    }

    static func layout(of view: ItemScrollView) -> PaneLayout {
        if let grid = view as? GridView { return .grid(grid.layout) }
        return .list((view as! ListView).layout)
    }

    func setFrame(_ newFrame: Rect) {
        frame = newFrame
        toolbar.frame = Rect(x: newFrame.minX, y: newFrame.minY, width: newFrame.width, height: ToolbarView.height)
        toolbarButtons.view.frame = toolbar.frame
        let viewFrame = Rect(x: newFrame.minX, y: newFrame.minY + ToolbarView.height, width: newFrame.width,
                             height: max(0, newFrame.height - ToolbarView.height))
        itemView.setFrame(viewFrame)
        gestures.view.frame = viewFrame
        syncInteractor()
    }

    var theme: Theme {
        get { toolbar.theme }
        set {
            toolbar.theme = newValue
            listView?.theme = newValue
            gridView?.theme = newValue
        }
    }

    // MARK: - Toolbar

    /// Edit / Select turns into Done in editing mode, where Select All (or
    /// Deselect All once everything is selected) appears; the title counts
    /// the selected items.
    func updateToolbar() {
        guard let editButtonTitle else {
            toolbar.title = title
            return
        }
        if selection.isEditing {
            let total = selection.itemCounts.reduce(0, +)
            let count = selection.selectedCount
            toolbar.title = count == 0 ? "Select Items" : "\(DemoApp.formatted(count)) Selected"
            toolbar.leadingItems = [count == total && total > 0 ? ToolbarItem(id: "deselectAll", title: "Deselect All")
                                                                : ToolbarItem(id: "selectAll", title: "Select All")]
            toolbar.trailingItems = [ToolbarItem(id: "done", title: "Done", isProminent: true)]
        } else {
            toolbar.title = title
            toolbar.leadingItems = []
            toolbar.trailingItems = [ToolbarItem(id: "edit", title: editButtonTitle)]
        }
        window.invalidate(Region(toolbar.frame))
    }

    private func toolbarTapped(at point: Point) {
        guard let item = toolbar.item(at: point) else { return }
        log?.log(view: name, event: "button", ["id": .string(item.id)])
        switch item.id {
        case "edit": setEditing(true)
        case "done": setEditing(false)
        case "selectAll": apply([.selection(selection.selectAll(), provisional: false)])
        case "deselectAll": apply([.selection(selection.deselectAll(), provisional: false)])
        default: onToolbarItem?(item)
        }
    }

    // MARK: - Drawing and animation

    func draw(in canvas: Canvas, damage: Region) {
        if damage.intersects(toolbar.frame) { toolbar.draw(in: canvas) }
        itemView.draw(in: canvas, damage: damage)
    }

    var isAnimating: Bool { itemView.isAnimating }

    func advanceAnimations(to time: Double) -> Region { itemView.advance(to: time) }

    func hover(at point: Point?) -> Region { itemView.hover(at: point) }

    /// Logs the scroll offset once a frame when it changed.
    func didCommitFrame() {
        let offset = itemView.scroll.offset
        if loggedOffset != nil && loggedOffset != offset {
            log?.log(view: name, event: "scroll", ["offset": .double((offset * 100).rounded() / 100)])
        }
        loggedOffset = offset
    }

    /// Deselects `item` as the app, with the list's fade.
    func deselectWithFade(_ item: ItemPath) {
        let change = selection.deselectItem(at: item)
        fadeOut(change)
    }

    /// Coming back from an activated row's page: it deselects with a fade.
    func returnFromActivation() {
        fadeOut(selection.returnFromActivation())
    }

    private func fadeOut(_ change: SelectionChange) {
        guard !change.isEmpty else { return }
        let now = EventLoop.nowMilliseconds
        for range in change.removed {
            for item in range.items { listView?.fadeSelection(of: ItemPath(section: range.section, item: item), from: now) }
        }
        apply([.selection(change, provisional: false)])
    }

    // MARK: - Keys and the clipboard

    func handleKey(_ key: KeyEvent) -> Bool {
        if handleSelectionKey(key) { return true }
        let line = itemView.lineHeight
        let page = max(line, itemView.frame.height - line)
        switch key.keysym {
        case .down: itemView.scroll(by: line)
        case .up: itemView.scroll(by: -line)
        case .pageDown: itemView.scroll(by: page)
        case .pageUp: itemView.scroll(by: -page)
        case .home: itemView.scroll(toOffset: 0)
        case .end: itemView.scroll(toOffset: itemView.scroll.maxOffset)
        default: return false
        }
        window.invalidate(Region(itemView.frame))
        return true
    }

    /// The selected titles in order, one a line; at most `limit` of them.
    func selectedTitles(limit: Int = 1_000_000) -> [String] {
        var titles: [String] = []
        for item in selection.selectedIndexPaths {
            if titles.count == limit { break }
            titles.append(dataSource.title(for: item))
        }
        return titles
    }

    var selectedText: String? {
        let titles = selectedTitles()
        return titles.isEmpty ? nil : titles.joined(separator: "\n") + "\n"
    }
}
