import DemoPages
import SweepEventLog
import SweepGestures
import SweepUI

/// Canvas: pieces placed freely. A pointer drag on empty space draws a band
/// that selects the pieces it touches (Shift at the press extends the
/// selection); a drag that starts on a piece, with the pointer or one finger,
/// moves the selected pieces by the pan's translation; a cancelled pan
/// (Escape, a cancelled touch) puts them back. Clicks and taps select a
/// piece (Ctrl or Shift toggles it); on empty space they clear the selection.
final class CanvasPage: Page {
    let name = "canvas"
    private(set) var model = CanvasModel.sample
    private let toolbar: ToolbarView
    private let gestures: GestureView
    private let band = BandGestureRecognizer(name: "canvas band")
    private let click = ClickGestureRecognizer(name: "canvas click")
    private let pan = PanGestureRecognizer(name: "canvas pan", minimumTouches: 1, maximumTouches: 1)
    private let tap = TapGestureRecognizer(name: "canvas tap")
    private let log: EventLog?
    private let host: AppWindow
    /// Whether the running pointer drag moves pieces (it began on one) rather than drawing a band.
    private var pointerDrags = false
    private var bandRect: Rect?
    private(set) var frame: Rect = .zero
    var isVisible = true { didSet { gestures.isUserInteractionEnabled = isVisible } }

    init(theme: Theme, host: AppWindow, log: EventLog?) {
        self.log = log
        self.host = host
        toolbar = ToolbarView(frame: .zero, title: "Canvas", theme: theme)
        gestures = GestureView(name: "canvas", frame: .zero)
        pan.acceptsTouchpadSwipes = false
        click.require(toFail: band)
        for recognizer: GestureRecognizer in [pan, tap, band, click] { gestures.addRecognizer(recognizer) }
        host.gestureArena.add(gestures)
        band.onStateChange = { [unowned self] r in bandChanged() }
        click.onStateChange = { [unowned self] _ in
            let toggle = !click.modifiers.intersection([.control, .shift]).isEmpty
            select { $0.click(at: click.location, toggle: toggle) }
        }
        tap.onStateChange = { [unowned self] r in select { $0.click(at: r.location, toggle: false) } }
        pan.onStateChange = { [unowned self] r in panChanged() }
    }

    var theme: Theme {
        get { toolbar.theme }
        set { toolbar.theme = newValue }
    }

    /// The drawing area (below the toolbar) in window coordinates; piece frames are relative to it.
    private var area: Rect {
        Rect(x: frame.minX, y: frame.minY + ToolbarView.height, width: frame.width, height: max(0, frame.height - ToolbarView.height))
    }

    func setFrame(_ newFrame: Rect) {
        frame = newFrame
        toolbar.frame = Rect(x: newFrame.minX, y: newFrame.minY, width: newFrame.width, height: ToolbarView.height)
        gestures.frame = area
    }

    // MARK: - Input

    private func select(_ change: (inout CanvasModel) -> Void) {
        let before = model.selected
        change(&model)
        if model.selected != before { logSelection() }
        host.invalidate(Region(area))
    }

    private func bandChanged() {
        switch band.state {
        case .began:
            // A drag that starts on a piece moves the selection; elsewhere it draws a band.
            pointerDrags = model.piece(at: band.anchor) != nil
            if pointerDrags {
                beginDrag(at: band.anchor)
                drag(by: pointerTranslation, state: "changed")
            } else {
                let extend = band.initialModifiers.contains(.shift)
                model.beginBand(extend: extend)
                updateBand(phase: "began", mode: extend ? "extend" : "replace")
            }
        case .changed:
            if pointerDrags {
                drag(by: pointerTranslation, state: "changed")
            } else {
                updateBand(phase: "selecting", mode: band.initialModifiers.contains(.shift) ? "extend" : "replace")
            }
        case .ended:
            if pointerDrags { endDrag(cancelled: false) } else {
                model.endBand()
                finishBand(phase: "ended")
            }
        case .cancelled:
            if pointerDrags { endDrag(cancelled: true) } else {
                model.cancelBand()
                finishBand(phase: "cancelled")
            }
        default:
            break
        }
    }

    /// How far the pointer has moved since the press.
    private var pointerTranslation: Point { Point(x: band.current.x - band.anchor.x, y: band.current.y - band.anchor.y) }

    private func updateBand(phase: String, mode: String) {
        let rect = band.rect
        bandRect = rect
        let before = model.selected
        model.updateBand(rect)
        log?.log(view: name, event: "band", ["phase": .string(phase), "mode": .string(mode),
                                             "rect": .array([rect.x, rect.y, rect.width, rect.height].map { .double($0) })])
        if model.selected != before { logSelection(provisional: true) }
        host.invalidate(Region(area))
    }

    private func finishBand(phase: String) {
        let rect = bandRect ?? .zero
        bandRect = nil
        log?.log(view: name, event: "band", ["phase": .string(phase), "mode": .string(band.initialModifiers.contains(.shift) ? "extend" : "replace"),
                                             "rect": .array([rect.x, rect.y, rect.width, rect.height].map { .double($0) })])
        logSelection()
        host.invalidate(Region(area))
    }

    private func panChanged() {
        switch pan.state {
        case .began:
            guard beginDrag(at: pan.startLocation) else { return }
            drag(by: pan.translation, state: "changed")
        case .changed: drag(by: pan.translation, state: "changed")
        case .ended: endDrag(cancelled: false)
        case .cancelled: endDrag(cancelled: true)
        default: break
        }
    }

    @discardableResult
    private func beginDrag(at point: Point) -> Bool {
        let before = model.selected
        guard model.beginDrag(at: point) else { return false }
        if model.selected != before { logSelection() }
        log?.log(view: name, event: "pan", ["state": .string("began"), "translation": .array([.double(0), .double(0)])])
        return true
    }

    private var lastTranslation = Point.zero

    private func drag(by translation: Point, state: String) {
        guard model.isDragging else { return }
        lastTranslation = translation
        model.drag(by: translation)
        log?.log(view: name, event: "pan", ["state": .string(state),
                                            "translation": .array([.double(translation.x), .double(translation.y)])])
        host.invalidate(Region(area))
    }

    private func endDrag(cancelled: Bool) {
        guard model.isDragging else { return }
        if cancelled { model.cancelDrag() } else { model.endDrag() }
        log?.log(view: name, event: "pan", ["state": .string(cancelled ? "cancelled" : "ended"),
                                            "translation": .array([.double(lastTranslation.x), .double(lastTranslation.y)])])
        if cancelled { logPositions() }
        host.invalidate(Region(area))
    }

    private func logSelection(provisional: Bool = false) {
        let items = model.selected.sorted()
        log?.log(view: name, event: "selection", ["items": .array(items.map { .int($0) }), "count": .int(items.count),
                                                  "provisional": .bool(provisional)])
    }

    /// After a cancelled pan, where the pieces are (back at their start).
    private func logPositions() {
        log?.log(view: name, event: "pieces", ["origins": .array(model.pieces.map { .array([.double($0.frame.minX), .double($0.frame.minY)]) })])
    }

    /// Draws a band over `rect` (drawing-area coordinates) and selects what it touches, as a pointer
    /// drag would, leaving the band on screen (the tour).
    func showBand(over rect: Rect) {
        model.beginBand(extend: false)
        model.updateBand(rect)
        model.endBand()
        bandRect = rect
        logSelection()
        host.invalidate(Region(area))
    }

    func handleKey(_ key: KeyEvent) -> Bool {
        guard key.keysym == .escape, band.state.isActive || pan.state.isActive else { return false }
        if band.state.isActive { band.cancel() }
        if pan.state.isActive { pan.cancel() }
        return true
    }

    var copiedText: String? {
        let titles = model.selected.sorted().map { model.pieces[$0].title }
        return titles.isEmpty ? nil : titles.joined(separator: "\n") + "\n"
    }

    // MARK: - Drawing

    func draw(in canvas: Canvas, damage: Region) {
        guard damage.intersects(frame) else { return }
        let theme = toolbar.theme
        if damage.intersects(toolbar.frame) { toolbar.draw(in: canvas) }
        let area = self.area
        canvas.withClip(damage.bounds.intersection(area)) {
            canvas.fill(area, color: theme.background)
            for (index, piece) in model.pieces.enumerated() {
                let rect = piece.frame.offsetBy(dx: area.minX, dy: area.minY)
                let selected = model.selected.contains(index)
                canvas.fillRoundedRect(rect, radius: 10, color: selected ? theme.accent : theme.rowHover)
                canvas.drawText(piece.title, at: Point(x: rect.minX + 10, y: rect.minY + 8), role: .body,
                                color: selected ? .white : theme.primaryText, maxWidth: max(0, rect.width - 20))
            }
            ItemViewDecorations.drawBand(bandRect, frame: area, offset: 0, theme: theme, overContent: true, in: canvas)
        }
    }
}
