internal import SweepWayland

/// A tooltip: a short text on a dark rounded card, drawn in its own popup.
@MainActor
final class TooltipView: @MainActor WindowContent {
    static let padding = Size(width: 10, height: 6)
    static let maximumWidth = 360.0
    let text: String
    let size: Size

    init(text: String, scale: Double, family: String?) {
        self.text = text
        let width = min(Self.maximumWidth, TextMeasure.width(of: text, role: .caption, scale: scale, family: family).rounded(.up))
        size = Size(width: width + 2 * Self.padding.width, height: 16 + 2 * Self.padding.height)
    }

    func draw(in canvas: Canvas, damage: Region) {
        let bounds = Rect(origin: .zero, size: size)
        canvas.clear(bounds)
        canvas.fillRoundedRect(bounds, radius: 6, color: Color(rgb: 0x2e3436).withOpacity(0.94))
        let metrics = canvas.metrics(for: .caption)
        _ = canvas.drawText(text, at: Point(x: Self.padding.width, y: bounds.midY - metrics.lineHeight / 2), role: .caption,
                            color: Color(rgb: 0xffffff), maxWidth: Self.maximumWidth)
    }

    var isAnimating: Bool { false }
    func advanceAnimations(to time: Double) -> Region { Region() }
    func windowShouldClose() {}
}

extension AppWindow {
    /// Shows `text` in a small popup just under `area` (window
    /// coordinates), in place of any tooltip shown; `hideTooltip` takes it
    /// down. The pointer passes through it.
    public func showTooltip(_ text: String, under area: Rect, theme: Theme) {
        hideTooltip()
        guard !text.isEmpty, menuSession == nil else { return }
        let view = TooltipView(text: text, scale: scale, family: window.fontFamily)
        let anchor = Rect(x: area.minX, y: area.minY, width: max(1, area.width), height: max(1, area.height))
        let placement = PopupPlacement(size: view.size, anchorRect: anchor, anchor: .bottom, gravity: .bottom, offset: Point(x: 0, y: 6))
        guard let popup = try? Window(connection: window.connection, popupOf: window, placement: placement, grab: nil, serial: 0) else { return }
        popup.passInputThrough()
        popup.content = view
        // Drawn once the compositor has placed it (and again if it gives another size).
        popup.invalidateAll()
        _ = popup.addSizeObserver { [unowned popup] _ in popup.invalidateAll() }
        tooltip = (popup, view)   // a window holds its content weakly
    }

    /// Takes the tooltip down, if one shows.
    public func hideTooltip() {
        tooltip = nil
    }
}
