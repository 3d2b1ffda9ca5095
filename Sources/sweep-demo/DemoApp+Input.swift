import SweepGeometry
import SweepGestures
import SweepInput
import SweepWayland

/// Routing input to the pages: the pointer button, touches and touchpad
/// gestures go through the gesture arena (which finds the view under them);
/// hover and scrolling go to the page under the pointer; keys go to the page
/// last pressed or touched. Recognizer deadlines run on one loop timer, in
/// the compositor's clock.
extension DemoApp {
    /// Button code of the left button (`BTN_LEFT`).
    static let leftButton: UInt32 = 0x110
    /// Wheel notches scroll three rows each (120 = one notch).
    static let rowsPerNotch = 3.0

    /// The visible page under a window point.
    func page(at point: Point) -> Page? {
        visiblePages.first { $0.frame.contains(point) }
    }

    func handle(_ frame: PointerFrame, modifiers: Modifiers = []) {
        let previous = arena.pointerPosition
        routePointer(frame, modifiers: modifiers)
        if frame.left {
            if let previous, let page = page(at: previous) { window.invalidate(page.hover(at: nil)) }
        } else if let position = frame.position {
            for page in visiblePages {
                window.invalidate(page.hover(at: page.frame.contains(position) ? position : nil))
            }
        }
        if frame.vertical != nil, let position = arena.pointerPosition, let page = page(at: position) {
            page.handleScroll(frame)
        }
        if frame.time != 0 { armGestureTimer(eventTime: Double(frame.time)) }
    }

    func handle(_ key: KeyEvent, from seat: Seat) {
        if key.modifiers.contains(.control) {
            switch key.keysym {
            case .q: quit(); return
            case .c: copySelection(from: seat); return
            case .pageDown, .pageUp:
                // Ctrl+Page Down / Up: the next or previous tab, as in browsers.
                let count = tabBar.titles.count
                select(tab: (tabBar.selectedIndex + (key.keysym == .pageDown ? 1 : count - 1)) % count)
                return
            default:
                // Ctrl+1 … Ctrl+6: that tab.
                let digit = Int(key.keysym.rawValue) - 0x31
                if (0..<tabBar.titles.count).contains(digit) {
                    select(tab: digit)
                    return
                }
            }
        }
        if keyPage.isVisible, keyPage.handleKey(key) { return }
    }

    /// Ctrl+C: the key page's selected titles go on the clipboard, one a line.
    private func copySelection(from seat: Seat) {
        guard let text = keyPage.selectedText else { return }
        if clipboard == nil { clipboard = Clipboard(connection: window.connection, seat: seat) }
        guard let clipboard else {
            printError("the compositor offers no clipboard (wl_data_device_manager)")
            log?.log(view: keyPage.name, event: "error", ["message": .string("the compositor offers no clipboard")])
            return
        }
        clipboard.copy(text, serial: seat.latestInputSerial)
        let lines = text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        log?.log(view: keyPage.name, event: "copy", ["lines": .int(lines), "bytes": .int(text.utf8.count)])
    }

    func handleTouch(_ frame: TouchFrame) {
        if !frame.down.isEmpty && !arena.hasTouches, let page = page(at: frame.down[0].position) {
            // A touch during a fling stops it and selects nothing (spec §6).
            page.touchesBegan()
            keyPage = page
        }
        arena.handle(frame)
        armGestureTimer(eventTime: Double(frame.time))
    }

    func handleGesture(_ gesture: PointerGesture) {
        if case .holdBegin = gesture, let position = arena.pointerPosition { page(at: position)?.touchesBegan() }
        arena.handle(gesture)
        switch gesture {
        case .swipeBegin(_, let time), .pinchBegin(_, let time), .holdBegin(_, let time): armGestureTimer(eventTime: Double(time))
        default: break
        }
    }

    /// Pointer position and button into the arena (window coordinates).
    private func routePointer(_ frame: PointerFrame, modifiers: Modifiers) {
        let time = Double(frame.time)
        if let position = frame.position { arena.pointerMoved(to: position, time: time) }
        for (code, pressed) in frame.buttons where code == DemoApp.leftButton {
            if pressed, let position = arena.pointerPosition, let page = page(at: position) {
                keyPage = page
                if let pane = page as? ItemPane, !pane.autoscrolling { pane.syncInteractor() }
            }
            arena.pointerButton(pressed: pressed, modifiers: modifiers, time: time)
        }
        if frame.left {
            // The pointer left mid-drag: the compositor will not send the release to us.
            arena.pointerButton(pressed: false, modifiers: modifiers, time: time)
            arena.pointerMoved(to: nil, time: time)
        }
    }

    /// Arms one timer for the earliest recognizer deadline, converting the
    /// compositor's event clock to the loop's.
    func armGestureTimer(eventTime: Double) {
        clock = (event: eventTime, loop: EventLoop.nowMilliseconds)
        let deadline = arena.nextDeadline
        // Most input (every pointer motion) leaves the deadline as it was: keep the timer.
        guard deadline != gestureTimer?.deadline else { return }
        if let gestureTimer { window.connection.loop.cancel(gestureTimer.id) }
        gestureTimer = nil
        guard let deadline else { return }
        let id = window.connection.loop.schedule(after: max(0, deadline - eventTime)) { [weak self] in
            guard let self else { return }
            self.gestureTimer = nil
            let now = self.clock.event + (EventLoop.nowMilliseconds - self.clock.loop)
            self.arena.advance(to: max(now, deadline))
            self.armGestureTimer(eventTime: max(now, deadline))
        }
        gestureTimer = (id, deadline)
    }
}
