import SweepLoop
internal import SweepWayland

/// A menu from the moment it opens until it is chosen from or dismissed:
/// its popups (the menu and the open submenus), the seat that grabbed, and
/// the completion that hears how it ended, exactly once.
@MainActor
final class MenuSession {
    let menu: Menu
    let trigger: MenuTrigger
    /// The seat whose input opened the menu: its grab, and its serials for submenus.
    weak var seat: Seat?
    private(set) weak var host: AppWindow?
    private let completion: (MenuResult) -> Void
    private(set) var root: MenuPopup?
    private let openedAt: Double
    private var finished = false
    /// Called once, when the menu's popup is first on screen, with its frame in window coordinates.
    var onShown: ((Rect) -> Void)?
    /// The popup the pointer was last over and where in it.
    private var pointer: (popup: ObjectIdentifier, at: Point)?

    /// A release chooses only after this long when its press opened the menu
    /// (right button down, menu shown, release over an entry: press-drag-release).
    static let releaseDelay = 250.0

    init(menu: Menu, trigger: MenuTrigger, seat: Seat?, host: AppWindow, completion: @escaping (MenuResult) -> Void) {
        self.menu = menu
        self.trigger = trigger
        self.seat = seat
        self.host = host
        self.completion = completion
        openedAt = EventLoop.nowMilliseconds
    }

    /// Shows the menu's popup; throws when the compositor cannot make one.
    func open(parent: Window, placement: @escaping (Size) -> PopupPlacement, theme: Theme) throws {
        root = try MenuPopup(items: menu.items, parent: parent, placement: placement, session: self, theme: theme,
                             seat: seat, serial: seat?.latestInputSerial ?? 0, depth: 0)
        if let host, let root, let accessibility = host.application.accessibility {
            accessibility.childrenChanged(host.accessibleFrame, added: true, index: 0, child: root.accessibleObject)
        }
        // The keyboard opened it: the first entry is highlighted, as in GTK and Qt.
        if trigger == .keyboard, let root { root.navigationHighlightFirst() }
    }

    /// The menu's popup committed its first frame.
    func rootShown(_ window: Window) {
        let origin = window.popupOrigin ?? .zero
        onShown?(Rect(origin: origin, size: window.size))
        onShown = nil
    }

    /// The popups open now, the menu first.
    var popups: [MenuPopup] { root?.chain ?? [] }

    func owns(surface: OpaquePointer) -> Bool { popup(for: surface) != nil }

    func popup(for surface: OpaquePointer?) -> MenuPopup? {
        guard let surface else { return nil }
        return popups.first { $0.window.owns(surface: surface) }
    }

    /// Whether a release over an entry chooses it though its press was not in the menu.
    var releaseChooses: Bool { EventLoop.nowMilliseconds - openedAt >= MenuSession.releaseDelay }

    func notePointer(at point: Point, in popup: MenuPopup) {
        pointer = (ObjectIdentifier(popup), point)
    }

    func pointerPosition(in popup: MenuPopup) -> Point? {
        pointer.flatMap { $0.popup == ObjectIdentifier(popup) ? $0.at : nil }
    }

    /// Keys go to the deepest level with a highlight: a submenu the pointer
    /// opened has none until Right (or the pointer) enters it, as in GTK.
    func handleKey(_ key: KeyEvent) {
        let levels = popups
        (levels.last { $0.navigation.highlighted != nil } ?? levels.first)?.handleKey(key)
    }

    /// Closes the submenu open from level `depth`.
    func closeSubmenu(of depth: Int) {
        let levels = popups
        guard levels.indices.contains(depth) else { return }
        levels[depth].closeSubmenu()
    }

    func choose(_ id: String) { finish(.chosen(id)) }
    func dismiss() { finish(.dismissed) }

    /// Closes every popup, deepest first, and reports `result` once.
    func finish(_ result: MenuResult) {
        guard !finished else { return }
        finished = true
        if let host, let root, let accessibility = host.application.accessibility {
            accessibility.childrenChanged(host.accessibleFrame, added: false, index: 0, child: root.accessibleObject)
        }
        root?.close()
        root = nil
        host?.menuEnded(self)
        completion(result)
    }

    func report(_ message: String) {
        host?.application.reportError(message)
    }
}

extension MenuPopup {
    func navigationHighlightFirst() {
        handleKey(KeyEvent(keysym: .home, text: "", modifiers: [], isRepeat: false, time: 0))
    }
}
