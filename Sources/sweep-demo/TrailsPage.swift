import DemoPages
import SweepEventLog
import SweepGestures
import SweepUI

/// Trails: a list of hiking trails by region. A tap (or click, or Enter)
/// pushes the trail's page; its back button (or Escape, or a swipe in from
/// the left edge) returns, and the row deselects with a fade. The detail
/// button shows the trail's facts in a banner and selects nothing.
final class TrailsPage: Page {
    let name = "trails"
    let pane: DemoPane
    var list: CollectionViewController { pane.controller }
    /// The list's layout follows the window's scale (the window tells the page, not what it holds).
    func windowScaleDidChange(to scale: Double) { list.windowScaleDidChange(to: scale) }
    /// The page for screen readers: its list and banner, or the pushed trail's page.
    lazy var accessibleObject: AccessibleObject? = makeAccessiblePage(title: "Trails") { [unowned self] in
        if let detail { return [detail.accessibleObject] }
        return [list.accessibleObject, banner.message == nil ? nil : banner.accessibleObject].compactMap { $0 }
    }
    private let rows: TrailRows
    private let log: EventLog?
    private let host: AppWindow
    private let banner: Banner
    /// The pushed trail, if any, and its page.
    private(set) var detail: TrailDetailPage?
    private let detailButtons: ButtonArea
    private let edgeSwipe = ScreenEdgePanGestureRecognizer(name: "back swipe", edges: .left)
    private let detailGestures: GestureView
    private(set) var frame: Rect = .zero
    var isVisible = true { didSet { updateInteraction() } }

    init(theme: Theme, host: AppWindow, log: EventLog?) {
        rows = TrailRows()
        self.log = log
        self.host = host
        pane = DemoPane(name: "trails", layout: .list, title: "Trails", dataSource: rows, editButtonTitle: nil,
                        log: log, host: host)
        let arena = host.gestureArena
        banner = Banner(name: "trails")
        detailButtons = ButtonArea(name: "trail toolbar")
        detailGestures = GestureView(name: "trail", frame: .zero)
        detailGestures.addRecognizer(edgeSwipe)
        arena.add(banner.buttons.view)
        arena.add(detailGestures)
        arena.add(detailButtons.view)
        banner.buttons.view.isUserInteractionEnabled = false
        banner.covered = list.collectionView
        list.collectionView.onActivate = { [unowned self] item in push(item) }
        pane.logger.onAccessory = { [unowned self] item in showInfo(item) }
        edgeSwipe.onStateChange = { [unowned self] r in if r.state == .ended { pop() } }
        banner.buttons.action = { [unowned self] _ in dismissBanner() }
        detailButtons.action = { [unowned self] point in
            if let item = detail?.toolbar.item(at: point), item.id == "back" { pop() }
        }
    }

    func setFrame(_ newFrame: Rect) {
        frame = newFrame
        list.setFrame(newFrame)
        banner.layout(in: list.collectionView.frame)
        detail?.setFrame(newFrame)
        detailGestures.frame = newFrame
        detailButtons.view.frame = Rect(x: newFrame.minX, y: newFrame.minY, width: newFrame.width, height: ToolbarView.height)
    }

    private func updateInteraction() {
        list.isVisible = isVisible && detail == nil
        banner.buttons.view.isUserInteractionEnabled = isVisible && detail == nil && banner.message != nil
        detailGestures.isUserInteractionEnabled = isVisible && detail != nil
        detailButtons.view.isUserInteractionEnabled = isVisible && detail != nil
    }

    // MARK: - Navigation

    func push(_ item: ItemPath) {
        guard detail == nil else { return }
        banner.hide()
        let trail = rows.trail(item)
        let page = TrailDetailPage(trail: trail, theme: list.theme) { [unowned self] in pop() }
        page.setFrame(frame)
        host.announce(list.accessibleObject, in: accessibleObject, added: false)
        detail = page
        host.announce(page.accessibleObject, in: accessibleObject, added: true)
        log?.log(view: name, event: "navigate", ["push": .string("trail"), "title": .string(trail.name)])
        updateInteraction()
        host.invalidate(Region(frame))
    }

    /// Back to the list: the activated row deselects with a fade.
    func pop() {
        guard let shown = detail else { return }
        host.announce(shown.accessibleObject, in: accessibleObject, added: false)
        detail = nil
        host.announce(list.accessibleObject, in: accessibleObject, added: true)
        log?.log(view: name, event: "navigate", ["pop": .bool(true)])
        updateInteraction()
        list.collectionView.returnFromActivation()
        host.invalidate(Region(frame))
    }

    /// What the (i) button of `item` does: its facts in the banner.
    func showInfo(_ item: ItemPath) {
        let trail = rows.trail(item)
        let wasShown = banner.message != nil
        banner.show(trail.name, detail: "\(trail.region): \(trail.summary)", visible: isVisible)
        host.invalidate(Region(banner.frame))
        if !wasShown { host.announce(banner.accessibleObject, in: accessibleObject, added: true) }
    }

    func dismissBanner() {
        guard banner.message != nil else { return }
        host.announce(banner.accessibleObject, in: accessibleObject, added: false)
        banner.hide()
        updateInteraction()
        host.invalidate(Region(list.collectionView.frame))
    }

    // MARK: - Page

    func draw(in canvas: Canvas, damage: Region) {
        if let detail {
            detail.draw(in: canvas, damage: damage)
            return
        }
        list.draw(in: canvas, damage: damage)
        if damage.intersects(banner.frame) { banner.draw(in: canvas, theme: list.theme) }
    }

    var isAnimating: Bool { list.isAnimating }
    func advanceAnimations(to time: Double) -> Region { list.advanceAnimations(to: time) }
    func hover(at point: Point?) -> Region { detail == nil ? list.hover(at: point) : Region() }
    func handleScroll(_ frame: PointerFrame) { if detail == nil { list.handleScroll(frame) } }
    func touchesBegan() { if detail == nil { list.touchesBegan() } }
    func didCommitFrame() { list.didCommitFrame() }

    /// The list shows the keyboard focus, unless a trail's page is pushed over it.
    var focusedDescendant: Component? { detail == nil ? list : nil }

    func handleKey(_ key: KeyEvent) -> Bool {
        if detail != nil {
            guard key.keysym == .escape || key.keysym == .backspace || (key.keysym == .left && key.modifiers.contains(.alt)) else { return false }
            pop()
            return true
        }
        if key.keysym == .escape && banner.message != nil {
            dismissBanner()
            return true
        }
        return list.handleKey(key)
    }

    var copiedText: String? { list.copiedText }
}

/// A trail's page: its facts under a toolbar with a back button.
@MainActor
final class TrailDetailPage {
    let trail: Trail
    let toolbar: ToolbarView
    private(set) var frame: Rect = .zero

    /// The page for screen readers (TrailDetailPage+Accessibility in DemoPage+Accessibility).
    private(set) lazy var accessibleObject = makeAccessibleObject(back: back)
    private let back: () -> Void

    /// `back` returns to the list (the page's back button for screen readers).
    init(trail: Trail, theme: Theme, back: @escaping () -> Void) {
        self.trail = trail
        self.back = back
        toolbar = ToolbarView(frame: .zero, title: trail.name, theme: theme)
        toolbar.leadingItems = [ToolbarItem(id: "back", title: "‹ Trails")]
    }

    func setFrame(_ newFrame: Rect) {
        frame = newFrame
        toolbar.frame = Rect(x: newFrame.minX, y: newFrame.minY, width: newFrame.width, height: ToolbarView.height)
    }

    /// The trail's facts, label and value, as the page lists them.
    var facts: [(String, String)] {
        [("Region", trail.region), ("Length", trail.lengthText), ("Ascent", "\(trail.ascentMetres) m"), ("Difficulty", trail.difficulty)]
    }

    func draw(in canvas: Canvas, damage: Region) {
        guard damage.intersects(frame) else { return }
        let theme = toolbar.theme
        canvas.withClip(frame) {
            canvas.fill(frame, color: theme.background)
            toolbar.draw(in: canvas)
            var y = frame.minY + ToolbarView.height + 24
            let left = frame.minX + 20
            let width = max(0, frame.width - 40)
            canvas.drawText(trail.name, at: Point(x: left, y: y), role: .title, color: theme.primaryText, maxWidth: width)
            y += 36
            for (label, value) in facts {
                canvas.drawText(label, at: Point(x: left, y: y), role: .caption, color: theme.secondaryText, maxWidth: width)
                canvas.drawText(value, at: Point(x: left, y: y + 16), role: .body, color: theme.primaryText, maxWidth: width)
                y += 48
            }
        }
    }
}
