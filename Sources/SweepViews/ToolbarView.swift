import SweepGeometry
import SweepGraphics

/// A button in a toolbar: its title, or an icon (then the title is what a screen reader hears).
public struct ToolbarItem: Hashable, Sendable {
    /// What the app acts on ("edit", "done", "back", …); never shown.
    public var id: String
    public var title: String
    /// Drawn in place of the title, in the accent colour (Back, Forward, New Folder); nil: the title.
    public var icon: ItemIcon?
    /// Done is bold, as in UIKit.
    public var isProminent: Bool
    /// The key that does the same, in GTK's accelerator syntax ("<Control>a",
    /// "Escape"), told to screen readers; nil for none.
    public var shortcut: String?

    public init(id: String, title: String, icon: ItemIcon? = nil, isProminent: Bool = false, shortcut: String? = nil) {
        self.id = id
        self.title = title
        self.icon = icon
        self.isProminent = isProminent
        self.shortcut = shortcut
    }
}

/// A bar with a centred title, buttons at either end and a hairline under it.
public final class ToolbarView {
    public static let height: Double = 44
    /// Space between buttons and from the edges.
    static let buttonPadding = 12.0

    public var frame: Rect
    public var title: String
    public var theme: Theme
    public var leadingItems: [ToolbarItem] = []
    public var trailingItems: [ToolbarItem] = []
    /// The button with the keyboard focus (a ring around it), nil for none.
    public var focusedItemID: String?
    /// Where each button was last drawn (window coordinates), for hit testing.
    private var buttonFrames: [(item: ToolbarItem, frame: Rect)] = []
    /// What the last draw showed, so that a new title among the same buttons
    /// repaints only the old and the new title, not the whole bar.
    private var drawn: DrawnState?

    private struct DrawnState {
        var layout: Layout
        var title: String
        var titleFrame: Rect
        /// Where the leading buttons end and the trailing ones start (window x, with their padding).
        var buttonsEnd: Double
        var buttonsStart: Double
        /// How the title was measured, kept to measure the next one.
        var measurer: TextMeasuring?
    }

    /// Everything but the title that decides how the bar looks.
    private struct Layout: Equatable {
        var frame: Rect
        var theme: Theme
        var leadingItems: [ToolbarItem]
        var trailingItems: [ToolbarItem]
        var focusedItemID: String?
    }

    private var layout: Layout {
        Layout(frame: frame, theme: theme, leadingItems: leadingItems, trailingItems: trailingItems, focusedItemID: focusedItemID)
    }

    public init(frame: Rect, title: String, theme: Theme) {
        self.frame = frame
        self.title = title
        self.theme = theme
    }

    /// Where button `id` was last drawn (window coordinates); nil before it was.
    public func frame(ofItem id: String) -> Rect? {
        buttonFrames.first { $0.item.id == id }?.frame
    }

    /// The button under a window point (as last drawn), nil for none.
    public func item(at point: Point) -> ToolbarItem? {
        buttonFrames.first { $0.frame.contains(point) }?.item
    }

    /// What must be repainted to show the bar as it now is, after what it last
    /// drew: nothing when nothing changed; the old and the new title when only
    /// the title did (a count of selected items, changing on every step of a
    /// sweep: at scale 2 the whole bar is 225,000 pixels for the compositor to
    /// composite again); else the whole bar. Changes made between two draws add
    /// up when each one's result is invalidated.
    public var damageSinceLastDraw: Region {
        guard let drawn, drawn.layout == layout, let measurer = drawn.measurer else { return Region(frame) }
        if drawn.title == title { return Region() }
        let new = titlePlacement(title, between: drawn.buttonsEnd, and: drawn.buttonsStart, measure: measurer.measureText)
        return Region(drawn.titleFrame).union(Region(titleFrame(new, lineHeight: measurer.metrics(for: new.role).lineHeight)))
    }

    /// A bar narrower than this (a phone's: `SizeClass.compactWidthLimit`) may move its title.
    static let narrowWidth = 600.0

    /// Where the title goes between the buttons (`left` and `right`, window x, where the leading
    /// buttons' touch targets end and the trailing ones' start): centred on the bar in the
    /// title's size when it fits, else cut there; on a narrow bar (a phone's editing bar: Select
    /// All, Delete and Done leave little room) centred between the buttons instead, in the
    /// title's, the body's or the caption's size, whichever fits first, else cut in the caption's.
    private func titlePlacement(_ title: String, between left: Double, and right: Double,
                                measure: (String, FontRole) -> Double) -> (role: FontRole, x: Double, width: Double, room: Double) {
        let pad = ToolbarView.buttonPadding
        // Room centred on the bar, a padding clear of the buttons' touch targets either side.
        let centredRoom = max(0, min(frame.midX - left - pad, right - pad - frame.midX) * 2 - pad)
        let titleWidth = measure(title, .title)
        if titleWidth <= centredRoom || frame.width >= Self.narrowWidth {
            let width = min(titleWidth, centredRoom)
            return (.title, frame.midX - width / 2, width, centredRoom)
        }
        let gap = max(0, right - left - pad), middle = (left + right) / 2
        let role = [FontRole.title, .body].first { measure(title, $0) <= gap } ?? .caption
        let width = min(measure(title, role), gap)
        return (role, middle - width / 2, width, gap)
    }

    /// The title's band across the bar (above the hairline), with room for its
    /// ink: glyphs may reach past the advance width (bearings, bold, a script
    /// face's swashes), a quarter of the line height covers them.
    private func titleFrame(_ placement: (role: FontRole, x: Double, width: Double, room: Double), lineHeight: Double) -> Rect {
        let margin = max(2, lineHeight / 4)
        return Rect(x: placement.x - margin, y: frame.minY, width: placement.width + 2 * margin, height: frame.height - 1)
    }

    public func draw(in canvas: Canvas) {
        canvas.fill(frame, color: theme.toolbarBackground)
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: theme.separator)
        buttonFrames.removeAll(keepingCapacity: true)
        let body = canvas.metrics(for: .body)
        let pad = ToolbarView.buttonPadding
        var left = frame.minX + pad
        for item in leadingItems {
            let width = width(of: item, canvas: canvas)
            place(item, x: left, width: width, body: body, canvas: canvas)
            left += width + 2 * pad
        }
        var right = frame.maxX - pad
        for item in trailingItems.reversed() {
            let width = width(of: item, canvas: canvas)
            right -= width
            place(item, x: right, width: width, body: body, canvas: canvas)
            right -= 2 * pad
        }
        if let focusedItemID, let focused = frame(ofItem: focusedItemID) {
            ItemViewDecorations.drawFocusRing(around: focused.insetBy(dx: 2, dy: 4), theme: theme, canvas: canvas)
        }
        // The title stays centred when it fits, else it moves and shrinks to fit between the buttons.
        let buttonsEnd = left - pad, buttonsStart = right + pad
        let placement = titlePlacement(title, between: buttonsEnd, and: buttonsStart) { canvas.measureText($0, role: $1) }
        let metrics = canvas.metrics(for: placement.role)
        let origin = Point(x: placement.x, y: frame.midY - metrics.lineHeight / 2)
        // A right-to-left title is aligned to the right of its box, so the box is the
        // title's own width when it fits (half a device pixel more, so that rounding
        // never shortens it), which keeps it centred; else the room, and it is cut.
        let box = placement.width < placement.room ? placement.width + 0.5 / canvas.scale : placement.room
        canvas.drawText(title, at: origin, role: placement.role, color: theme.toolbarText, maxWidth: box)
        drawn = DrawnState(layout: layout, title: title, titleFrame: titleFrame(placement, lineHeight: metrics.lineHeight),
                           buttonsEnd: buttonsEnd, buttonsStart: buttonsStart, measurer: canvas.textMeasurer)
    }

    private func buttonRole(_ item: ToolbarItem) -> FontRole { item.isProminent ? .title : .body }

    /// An icon's side, logical pixels.
    static let iconSize = 20.0

    /// Whole logical pixels, so that neighbouring buttons' touch targets meet without overlapping.
    private func width(of item: ToolbarItem, canvas: Canvas) -> Double {
        item.icon == nil ? canvas.measureText(item.title, role: buttonRole(item)).rounded(.up) : Self.iconSize
    }

    private func place(_ item: ToolbarItem, x: Double, width: Double, body: FontMetrics, canvas: Canvas) {
        if let icon = item.icon {
            let side = Self.iconSize
            icon.draw(in: Rect(x: x, y: (frame.midY - side / 2).rounded(), width: side, height: side), color: theme.accent,
                      cutout: theme.toolbarBackground, canvas: canvas)
        } else {
            let role = buttonRole(item)
            let lineHeight = canvas.metrics(for: role).lineHeight
            canvas.drawText(item.title, at: Point(x: x, y: frame.midY - lineHeight / 2), role: role, color: theme.accent, maxWidth: nil)
        }
        // The touch target is the whole bar height and a padding either side.
        let pad = ToolbarView.buttonPadding
        buttonFrames.append((item, Rect(x: x - pad, y: frame.minY, width: width + 2 * pad, height: frame.height)))
    }
}
