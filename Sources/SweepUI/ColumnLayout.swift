/// Components one above the other, filling the width: a filter field over
/// a list over a status line. Each row is either a fixed height or takes
/// an equal share of what the fixed ones leave. The window routes input to
/// the rows (they are its `children`) and Tab moves through them in order.
@MainActor
public final class ColumnLayout: Component {
    /// How tall a row is.
    public enum Height: Sendable, Equatable {
        /// This many logical pixels.
        case fixed(Double)
        /// A share of the height the fixed rows leave.
        case flexible
    }

    public private(set) var rows: [(component: Component, height: Height)]
    public private(set) var frame: Rect = .zero
    public var isVisible = true {
        didSet { for row in rows { row.component.isVisible = isVisible } }
    }

    public init(_ rows: [(Component, Height)]) {
        self.rows = rows.map { (component: $0.0, height: $0.1) }
    }

    public var children: [Component] { rows.map(\.component) }

    public func attach(to host: ComponentHost) {
        for row in rows { row.component.attach(to: host) }
    }

    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        let fixed = rows.reduce(0.0) { total, row in
            if case .fixed(let height) = row.height { return total + height }
            return total
        }
        let flexibleCount = rows.filter { $0.height == .flexible }.count
        let share = flexibleCount == 0 ? 0 : max(0, newFrame.height - fixed) / Double(flexibleCount)
        var y = newFrame.minY
        for row in rows {
            let height: Double
            switch row.height {
            case .fixed(let value): height = value
            case .flexible: height = share
            }
            row.component.setFrame(Rect(x: newFrame.minX, y: y, width: newFrame.width, height: max(0, min(height, newFrame.maxY - y))))
            y += height
        }
    }

    public func draw(in canvas: Canvas, damage: Region) {
        for row in rows where row.component.isVisible && damage.intersects(row.component.frame) {
            row.component.draw(in: canvas, damage: damage)
        }
    }

    public var isAnimating: Bool { rows.contains { $0.component.isAnimating } }

    public func advanceAnimations(to time: Double) -> Region {
        var damage = Region()
        for row in rows where row.component.isAnimating { damage.formUnion(row.component.advanceAnimations(to: time)) }
        return damage
    }
}

/// One line of text: a status line ("3 selected"), a caption, a heading.
@MainActor
public final class Label: Component {
    public var text: String { didSet { if text != oldValue { invalidate() } } }
    public var role: FontRole { didSet { invalidate() } }
    public var theme: Theme { didSet { invalidate() } }
    /// Drawn in the secondary text colour on the header background (a status line), else as body text.
    public var isSecondary: Bool
    public private(set) var frame: Rect = .zero
    public var isVisible = true
    private weak var host: ComponentHost?

    /// What a screen reader calls the line: a label by default; `.statusBar`
    /// for a status line, `.heading` for a heading.
    public var accessibleRole: AccessibleRole = .label { didSet { accessibleObject?.role = accessibleRole } }

    /// What a screen reader sees: an object of `accessibleRole` named by the text.
    public private(set) lazy var accessibleObject: AccessibleObject? = {
        let label = AccessibleObject(role: accessibleRole)
        label.name = { [unowned self] in text }
        label.text = { [unowned self] in text }
        label.extents = { [unowned self] in frame }
        return label
    }()

    /// `accessibleRole`: what a screen reader calls it (`.statusBar` for a status line).
    public init(_ text: String = "", role: FontRole = .caption, isSecondary: Bool = true, theme: Theme = .light,
                accessibleRole: AccessibleRole = .label) {
        self.text = text
        self.accessibleRole = accessibleRole
        self.role = role
        self.isSecondary = isSecondary
        self.theme = theme
    }

    public func attach(to host: ComponentHost) { self.host = host }

    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        invalidate()
    }

    private func invalidate() { host?.invalidate(Region(frame)) }

    public func draw(in canvas: Canvas, damage: Region) {
        guard damage.intersects(frame) else { return }
        canvas.withClip(frame) {
            canvas.fill(frame, color: isSecondary ? theme.headerBackground : theme.background)
            let lineHeight = canvas.metrics(for: role).lineHeight
            _ = canvas.drawText(text, at: Point(x: frame.minX + 12, y: frame.midY - lineHeight / 2), role: role,
                                color: isSecondary ? theme.secondaryText : theme.primaryText, maxWidth: max(0, frame.width - 24))
        }
    }
}
