import SweepGestures
import SweepUI

/// A window stand-in for components: records damage, keeps timers to run
/// by hand, and has a clock the test moves. No compositor involved.
final class TestHost: ComponentHost {
    let gestureArena = GestureArena()
    var now = 0.0
    /// The family the window would draw text in.
    var fontFamily: String?
    /// A phone's window (compact) or a wider one.
    var horizontalSizeClass = SizeClass.regular
    /// How many times a component asked for the window's layout again.
    private(set) var layoutRequests = 0
    func setNeedsLayout() { layoutRequests += 1 }
    private(set) var damage = Region()
    private var timers: [(token: TimerToken, due: Double, body: () -> Void)] = []
    private var nextToken: UInt64 = 0

    func invalidate(_ region: Region) { damage.formUnion(region) }

    func schedule(after milliseconds: Double, _ body: @escaping () -> Void) -> TimerToken {
        nextToken += 1
        let token = TimerToken(nextToken)
        timers.append((token, now + milliseconds, body))
        return token
    }

    func cancel(_ timer: TimerToken) { timers.removeAll { $0.token == timer } }

    var pendingTimers: Int { timers.count }

    /// Moves the clock forward, running the timers that come due, in order.
    func advance(by milliseconds: Double) {
        let end = now + milliseconds
        while let next = timers.enumerated().filter({ $0.element.due <= end }).min(by: { $0.element.due < $1.element.due }) {
            timers.remove(at: next.offset)
            now = max(now, next.element.due)
            next.element.body()
        }
        now = end
    }

    /// The clipboard's and the primary selection's text, as copies and selections left them.
    var clipboard: String?
    var primarySelection: String?

    func copy(_ content: ClipboardContent) { clipboard = Self.text(of: content) }
    func paste(_ completion: @escaping (String?) -> Void) { completion(clipboard) }
    func selectionDidChange(in component: Component) {
        if let content = component.clipboardContent { primarySelection = Self.text(of: content) }
    }
    func pastePrimarySelection(_ completion: @escaping (String?) -> Void) { completion(primarySelection) }

    private static func text(of content: ClipboardContent) -> String? {
        content.collect(limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The tooltip showing and where, as the window would show it.
    private(set) var tooltip: (text: String, area: Rect)?
    func showTooltip(_ text: String, under area: Rect, theme: Theme) { tooltip = (text, area) }
    func hideTooltip() { tooltip = nil }

    /// With `recordsMenus`, the menu a component showed and how to answer it
    /// (else menus are dismissed at once, as a window without popups would).
    var recordsMenus = false
    private(set) var shownMenu: (menu: Menu, answer: (MenuEvent) -> Void)?
    @discardableResult
    func showMenu(_ menu: Menu, at point: Point, theme: Theme, trigger: MenuTrigger, onEvent: @escaping (MenuEvent) -> Void) -> Bool {
        guard recordsMenus else {
            onEvent(.dismissed)
            return false
        }
        shownMenu = (menu, onEvent)
        return true
    }

    func takeDamage() -> Region {
        defer { damage = Region() }
        return damage
    }
}

/// Records the delegate calls a view makes, as short strings.
final class RecordingDelegate: CollectionViewDelegate {
    var calls: [String] = []
    var refuse: Set<Int> = []

    func collectionView(_ view: CollectionView, shouldSelect item: ItemPath, source: SelectionSource) -> ItemPath? {
        refuse.contains(item.item) ? nil : item
    }
    func collectionView(_ view: CollectionView, didSelect item: ItemPath, source: SelectionSource) {
        calls.append("didSelect \(item.item) \(source.rawValue)")
    }
    func collectionView(_ view: CollectionView, didBeginMultipleSelectionInteractionAt item: ItemPath) {
        calls.append("didBegin \(item.item)")
    }
    func collectionViewDidEndMultipleSelectionInteraction(_ view: CollectionView) { calls.append("didEnd") }
    func collectionView(_ view: CollectionView, didActivate item: ItemPath) { calls.append("activate \(item.item)") }
    func collectionView(_ view: CollectionView, didChangeEditing isEditing: Bool) { calls.append("editing \(isEditing)") }
    func collectionView(_ view: CollectionView, band phase: BandPhase, rect: Rect, mode: BandMode) {
        if phase != .selecting { calls.append("band \(phase.rawValue) \(mode.rawValue)") }
    }
    func collectionView(_ view: CollectionView, itemsDidChange count: Int) { calls.append("items \(count)") }
}

/// Touch frames and keys with synthetic times.
enum Input {
    static func touches(down: [(Int32, Point)] = [], moved: [(Int32, Point)] = [], up: [Int32] = [], time: UInt32) -> TouchFrame {
        var frame = TouchFrame()
        frame.down = down.map { TouchPoint(id: $0.0, position: $0.1) }
        frame.moved = moved.map { TouchPoint(id: $0.0, position: $0.1) }
        frame.up = up
        frame.time = time
        return frame
    }

    static func key(_ keysym: KeySym, _ modifiers: Modifiers = []) -> KeyEvent {
        KeyEvent(keysym: keysym, text: "", modifiers: modifiers, isRepeat: false, time: 0)
    }
}
