/// A toolbar over a `CollectionView`, as UIKit's collection view controller
/// with its navigation bar and `editButtonItem`: the title, an Edit (or
/// Select) button that turns into Done in editing mode, and there Select All
/// (Deselect All once everything is selected) and a count of the selection
/// in the title. App-specific buttons go in `extraLeadingItems` /
/// `extraTrailingItems` and reach `onToolbarItem`.
@MainActor
public final class CollectionViewController: Component {
    public let collectionView: CollectionView
    public let toolbar: ToolbarView
    private var themes: ThemeSource
    /// What a screen reader sees: a panel of the toolbar and the list (CollectionViewController+Accessibility).
    lazy var accessiblePanel = makeAccessiblePanel()
    /// The toolbar for screen readers.
    lazy var accessibleToolbar = AccessibleToolbar(toolbar) { [unowned self] in perform($0) }
    private let toolbarButtons: ButtonArea
    /// The toolbar button with the keyboard focus, nil while the list has it (or nothing here does).
    public private(set) var focusedToolbarItem: String?
    /// The title's name change waiting for the changes to pause.
    private var pendingNameChange: TimerToken?
    private var nameTiming = AnnouncementTiming()
    private(set) weak var host: ComponentHost?
    public private(set) var frame: Rect = .zero

    /// The title outside editing mode.
    public var title: String {
        didSet {
            collectionView.accessibilityState.controllerTitle = title
            updateToolbar()
        }
    }
    /// The word of the button that enters editing mode ("Edit", "Select");
    /// nil for no editing mode.
    public var editButtonTitle: String? { didSet { updateToolbar() } }
    /// Buttons of the app, before the controller's own.
    public var extraLeadingItems: [ToolbarItem] = [] { didSet { updateToolbar() } }
    public var extraTrailingItems: [ToolbarItem] = [] { didSet { updateToolbar() } }
    /// Buttons shown only in editing mode, before Done (a Delete button).
    public var editingItems: [ToolbarItem] = [] { didSet { updateToolbar() } }
    /// Called for every toolbar button tapped or clicked, before the
    /// controller acts on its own (Edit, Done, Select All, Deselect All).
    public var onToolbarItem: ((ToolbarItem) -> Void)?
    /// The title in editing mode for a count of selected items.
    public var editingTitle: (Int) -> String = { count in
        count == 0 ? "Select Items" : "\(NumberText.grouped(count)) Selected"
    }
    /// The words of the controller's own buttons, for another language.
    public var doneButtonTitle = "Done" { didSet { updateToolbar() } }
    public var selectAllTitle = "Select All" { didSet { updateToolbar() } }
    public var deselectAllTitle = "Deselect All" { didSet { updateToolbar() } }

    /// The ids of the controller's own buttons (what `onToolbarItem` sees).
    /// They are namespaced, so an app's own "done" or "edit" button is the
    /// app's alone.
    public enum ItemID {
        public static let edit = "sweep.edit"
        public static let done = "sweep.done"
        public static let selectAll = "sweep.selectAll"
        public static let deselectAll = "sweep.deselectAll"
    }

    public init(collectionView: CollectionView, title: String, editButtonTitle: String? = "Edit") {
        self.collectionView = collectionView
        self.title = title
        self.editButtonTitle = editButtonTitle
        // A list made with a theme of its own gives it to the controller (and so its toolbar), as before.
        themes = ThemeSource(initial: collectionView.theme, override: collectionView.themeOverride)
        toolbar = ToolbarView(frame: .zero, title: title, theme: collectionView.theme)
        collectionView.accessibilityState.controllerTitle = title
        toolbarButtons = ButtonArea(name: collectionView.name + " toolbar")
        toolbarButtons.action = { [unowned self] point in toolbarTapped(at: point) }
        collectionView.onStateChange = { [unowned self] in updateToolbar() }
        updateToolbar()
    }

    // MARK: - Component

    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        toolbar.frame = Rect(x: newFrame.minX, y: newFrame.minY, width: newFrame.width, height: ToolbarView.height)
        toolbarButtons.view.frame = toolbar.frame
        collectionView.setFrame(Rect(x: newFrame.minX, y: newFrame.minY + ToolbarView.height, width: newFrame.width,
                                     height: max(0, newFrame.height - ToolbarView.height)))
        host?.invalidate(Region(newFrame))
    }

    public var isVisible = true {
        didSet {
            collectionView.isVisible = isVisible
            toolbarButtons.view.isUserInteractionEnabled = isVisible
        }
    }

    public func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        collectionView.attach(to: host)
        host.gestureArena.add(toolbarButtons.view)
    }

    /// The colours of the toolbar and the list: the window's theme
    /// (`AppWindow.theme`) unless one is set here, which overrides it for
    /// both (`themeOverride`).
    public var theme: Theme { get { themes.current } set { themeOverride = newValue } }
    /// The controller's own theme (setting `theme` sets it); nil follows the window's.
    public var themeOverride: Theme? { get { themes.override } set { if themes.setOverride(newValue) { themeChanged() } } }

    /// Takes the theme for the toolbar and passes it to the list (not among `children`: it is this one's focused descendant).
    public func inheritedThemeDidChange(to theme: Theme) {
        if themes.inherit(theme) { themeChanged() }
    }

    private func themeChanged() {
        toolbar.theme = themes.current
        tellTheme(themes.current, to: collectionView)
        host?.invalidate(Region(frame))
    }

    public func draw(in canvas: Canvas, damage: Region) {
        if damage.intersects(toolbar.frame) { toolbar.draw(in: canvas) }
        collectionView.draw(in: canvas, damage: damage)
    }

    public var isAnimating: Bool { collectionView.isAnimating }
    public func advanceAnimations(to time: Double) -> Region { collectionView.advanceAnimations(to: time) }
    public func hover(at point: Point?) -> Region { collectionView.hover(at: point) }
    public func handleScroll(_ frame: PointerFrame) { collectionView.handleScroll(frame) }
    public func handleKey(_ key: KeyEvent) -> Bool {
        if handleToolbarKey(key) { return true }
        return focusedToolbarItem == nil ? collectionView.handleKey(key) : false
    }
    public func handleSecondaryClick(at point: Point) { collectionView.handleSecondaryClick(at: point) }
    public func dropProposal(for drop: DropSession, at point: Point) -> DropProposal? { collectionView.dropProposal(for: drop, at: point) }
    public func dropExited() { collectionView.dropExited() }
    public func performDrop(_ drop: DropSession, at point: Point) { collectionView.performDrop(drop, at: point) }
    public var accessibleObject: AccessibleObject? { accessiblePanel }
    public var accessibleFocus: AccessibleObject? {
        focusedToolbarItem.flatMap { accessibleToolbar.button(for: $0) } ?? collectionView.accessibleFocus
    }
    public func cursorShape(at point: Point) -> CursorShape { toolbar.item(at: point) != nil ? .pointer : .default }
    public func touchesBegan() { collectionView.touchesBegan() }
    public var copiedText: String? { collectionView.copiedText }
    public var clipboardContent: ClipboardContent? { collectionView.clipboardContent }
    public func didCommitFrame() { collectionView.didCommitFrame() }
    public var acceptsFocus: Bool { collectionView.acceptsFocus }
    /// Wheel and touchpad scrolling over it scroll its own content.
    public var scrollsItself: Bool { true }
    public func windowScaleDidChange(to scale: Double) {
        collectionView.windowScaleDidChange(to: scale)
    }

    public func focusDidChange(_ isFocused: Bool) {
        setToolbarFocus(nil)
        collectionView.focusDidChange(isFocused)
    }

    /// Tab lands on the first toolbar button, Shift+Tab on the list (the last thing in the controller).
    public func focusArrivedByTab(backward: Bool) {
        if !backward, let first = toolbarItems.first { focusToolbar(first.id) }
    }

    // MARK: - Toolbar keys

    private var toolbarItems: [ToolbarItem] { toolbar.leadingItems + toolbar.trailingItems }

    /// Tab goes through the toolbar's buttons, then the list; Shift+Tab back. On a button, Left
    /// and Right move between buttons, Space and Enter press it, Escape goes back to the list.
    private func handleToolbarKey(_ key: KeyEvent) -> Bool {
        let items = toolbarItems
        let isTab = (key.keysym == .tab || key.keysym == .leftTab) && key.modifiers.isDisjoint(with: [.control, .alt])
        let backward = key.keysym == .leftTab || key.modifiers.contains(.shift)
        guard let current = focusedToolbarItem, let index = items.firstIndex(where: { $0.id == current }) else {
            // On the list: Shift+Tab reaches the toolbar's last button.
            guard isTab, backward, let last = items.last else { return false }
            focusToolbar(last.id)
            return true
        }
        if isTab {
            if backward {
                guard index > 0 else { return false }
                focusToolbar(items[index - 1].id)
            } else {
                focusToolbar(index + 1 < items.count ? items[index + 1].id : nil)
            }
            return true
        }
        guard key.modifiers.isDisjoint(with: [.control, .alt, .shift]) else { return false }
        switch key.keysym {
        case .left: focusToolbar(items[max(0, index - 1)].id)
        case .right: focusToolbar(items[min(items.count - 1, index + 1)].id)
        case .space, .returnKey, .keypadEnter:
            perform(items[index])
            // The pressed button may be gone (Edit became Done): the focus stays on the toolbar.
            if !toolbarItems.contains(where: { $0.id == current }) { focusToolbar(toolbarItems.last?.id) }
        case .escape: focusToolbar(nil)
        default: return false
        }
        return true
    }

    /// Moves the keyboard focus to toolbar button `id`, or back to the list (nil).
    private func focusToolbar(_ id: String?) {
        guard id != focusedToolbarItem else { return }
        setToolbarFocus(id)
        collectionView.focusDidChange(id == nil)
        if let id, let accessibility = collectionView.accessibility, let button = accessibleToolbar.button(for: id) {
            accessibility.stateChanged(button, "focused", true)
        }
    }

    private func setToolbarFocus(_ id: String?) {
        guard id != focusedToolbarItem else { return }
        focusedToolbarItem = id
        toolbar.focusedItemID = id
        host?.invalidate(toolbar.damageSinceLastDraw)
    }

    // MARK: - Toolbar

    /// Edit turns into Done in editing mode, where Select All (or Deselect
    /// All once everything is selected) appears; the title counts the selection.
    public func updateToolbar() {
        let oldTitle = toolbar.title
        defer {
            host?.invalidate(toolbar.damageSinceLastDraw)
            if toolbar.title != oldTitle { titleChangedForAccessibility() }
        }
        guard let editButtonTitle else {
            toolbar.title = title
            toolbar.leadingItems = extraLeadingItems
            toolbar.trailingItems = extraTrailingItems
            return
        }
        let view = collectionView
        if view.isEditing {
            let total = view.itemCount
            let count = view.selectedCount
            toolbar.title = editingTitle(count)
            let all = count == total && total > 0 ? ToolbarItem(id: ItemID.deselectAll, title: deselectAllTitle)
                                                  : ToolbarItem(id: ItemID.selectAll, title: selectAllTitle, shortcut: "<Control>a")
            toolbar.leadingItems = extraLeadingItems + (view.allowsMultipleSelectionDuringEditing ? [all] : [])
            toolbar.trailingItems = extraTrailingItems + editingItems
                + [ToolbarItem(id: ItemID.done, title: doneButtonTitle, isProminent: true, shortcut: "Escape")]
        } else {
            toolbar.title = title
            toolbar.leadingItems = extraLeadingItems
            toolbar.trailingItems = extraTrailingItems + [ToolbarItem(id: ItemID.edit, title: editButtonTitle)]
        }
    }

    /// A new title ("3 selected") is a new name for the toolbar and its panel, said with an event
    /// once the changes pause (Shift+Down held, a sweep: one event, not one a step, which would
    /// crowd a screen reader's queue).
    private func titleChangedForAccessibility() {
        guard let host, collectionView.accessibility != nil else { return }
        if let pendingNameChange { host.cancel(pendingNameChange) }
        pendingNameChange = host.schedule(after: nameTiming.received(at: host.now)) { [weak self] in
            guard let self else { return }
            pendingNameChange = nil
            nameTiming.said()
            guard let accessibility = collectionView.accessibility else { return }
            accessibility.nameChanged(accessibleToolbar.object)
            accessibility.nameChanged(accessiblePanel)
        }
    }

    private func toolbarTapped(at point: Point) {
        guard let item = toolbar.item(at: point) else { return }
        perform(item)
    }

    /// A toolbar button was tapped, clicked, or activated by an assistive technology.
    func perform(_ item: ToolbarItem) {
        onToolbarItem?(item)
        switch item.id {
        case ItemID.edit: collectionView.setEditing(true)
        case ItemID.done: collectionView.setEditing(false)
        case ItemID.selectAll: collectionView.selectAll()
        case ItemID.deselectAll: collectionView.deselectAll()
        default: break
        }
    }
}

/// Numbers as people read them: grouped by thousands with commas.
public enum NumberText {
    public static func grouped(_ count: Int) -> String {
        // Most numbers are small: no separators to place. (A million titles
        // are made for one copy, so this stays cheap.)
        if count > -1000 && count < 1000 { return String(count) }
        let digits = Array(String(count.magnitude).utf8)
        var bytes: [UInt8] = count < 0 ? [UInt8(ascii: "-")] : []
        bytes.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(digit)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
