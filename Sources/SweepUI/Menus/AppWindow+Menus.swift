internal import SweepWayland

/// What happened to a menu shown with `AppWindow.showMenu`, in order:
/// `shown` once its popup is on screen, then `chosen` or `dismissed`.
public enum MenuEvent: Sendable, Equatable {
    /// The popup is drawn; `frame` is where the compositor put it, in window
    /// coordinates (flipped or slid to stay on the output).
    case shown(frame: Rect, trigger: MenuTrigger)
    case chosen(String)
    case dismissed
}

/// Menus in popups: one at a time per window. While one is open, it gets
/// the keys, its popups get the pointer and touches over them, and a press
/// or touch anywhere else in the window dismisses it (and does nothing
/// else), as GTK's and Qt's menus do.
extension AppWindow {
    /// Shows `menu` in a popup whose top-left corner is at `point` (window
    /// coordinates); the compositor flips or slides it to stay on the output.
    /// It grabs the seat of the latest input (a right click, the Menu key, a
    /// long press). `onEvent` hears `shown`, then `chosen` or `dismissed`
    /// exactly once. A menu already open is dismissed first. False, with
    /// `dismissed` reported, when there is nothing to show or the
    /// compositor cannot show popups.
    @discardableResult
    public func showMenu(_ menu: Menu, at point: Point, theme: Theme = .light, trigger: MenuTrigger = .pointer,
                         onEvent: @escaping (MenuEvent) -> Void) -> Bool {
        dismissMenu()
        guard !menu.items.isEmpty else {
            onEvent(.dismissed)
            return false
        }
        let session = MenuSession(menu: menu, trigger: trigger, seat: latestInputSeat ?? inputSeat, host: self) { result in
            switch result {
            case .chosen(let id): onEvent(.chosen(id))
            case .dismissed: onEvent(.dismissed)
            }
        }
        session.onShown = { frame in onEvent(.shown(frame: frame, trigger: trigger)) }
        menuSession = session
        // The hover under the menu goes: the pointer is on the menu now.
        for placed in placedTree { window.invalidate(placed.component.hover(at: nil)) }
        do {
            try session.open(parent: window, placement: { .below(point, size: $0) }, theme: theme)
        } catch {
            menuSession = nil
            application.reportError("the menu could not be shown: \(error)")
            onEvent(.dismissed)
            return false
        }
        return true
    }

    /// Whether a menu is open.
    public var isShowingMenu: Bool { menuSession != nil }

    /// Closes the open menu, reporting `dismissed`.
    public func dismissMenu() {
        menuSession?.dismiss()
    }

    /// Whether `surface` is this window's or one of its menu's popups.
    public func owns(surface: OpaquePointer) -> Bool {
        window.owns(surface: surface) || (menuSession?.owns(surface: surface) ?? false)
    }

    func menuEnded(_ session: MenuSession) {
        if menuSession === session { menuSession = nil }
        // Back from the menu: the screen reader leaves its dead entry for what has the focus again.
        if let accessibility = application.accessibility, let object = keyComponent?.accessibleFocus {
            accessibility.stateChanged(object, "focused", true)
        }
    }

    /// A pointer frame while a menu is open: over a popup it is the menu's;
    /// a press elsewhere dismisses it. True when the window must not see it.
    func routeToMenu(_ frame: PointerFrame, surface: OpaquePointer?, seat: Seat?) -> Bool {
        if let session = menuSession, let popup = session.popup(for: surface) {
            seat?.setCursorShape(.default)
            popup.handlePointer(frame)
            return true
        }
        var swallowed = false
        for (code, pressed) in frame.buttons {
            if pressed, menuSession != nil {
                menuSession?.dismiss()
                swallowedButtons.insert(code)
                swallowed = true
            } else if !pressed, swallowedButtons.remove(code) != nil {
                swallowed = true
            }
        }
        return swallowed
    }

    /// A touch frame while a menu is open, or of a touch that dismissed one.
    func routeToMenu(_ frame: TouchFrame, surface: OpaquePointer?) -> Bool {
        if let session = menuSession, let popup = session.popup(for: surface) {
            popup.handleTouch(frame)
            return true
        }
        if frame.cancelled && !swallowedTouches.isEmpty {
            swallowedTouches.removeAll()
            return true
        }
        if menuSession != nil, !frame.down.isEmpty {
            menuSession?.dismiss()
            swallowedTouches.formUnion(frame.down.map(\.id))
            return true
        }
        guard !swallowedTouches.isEmpty else { return false }
        let ids = Set(frame.down.map(\.id) + frame.moved.map(\.id) + frame.up)
        guard !ids.isEmpty, ids.isSubset(of: swallowedTouches) else { return false }
        swallowedTouches.subtract(frame.up)
        return true
    }
}
