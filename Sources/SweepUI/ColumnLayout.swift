/// Components one above the other, filling the width: a filter field over
/// a list over a status line. Each row is either a fixed height or takes
/// an equal share of what the fixed ones leave (a vertical `Stack` of fixed
/// and flexible items, in the shape the first apps used). The window routes
/// input to the rows (they are its `children`) and Tab moves through them
/// in order.
@MainActor
public final class ColumnLayout: Component {
    /// How tall a row is.
    public enum Height: Sendable, Equatable {
        /// This many logical pixels; on a compact window (a phone) the
        /// row's minimum height when that is more (a toolbar whose
        /// controls are touch sized there).
        case fixed(Double)
        /// A share of the height the fixed rows leave.
        case flexible
    }

    public let rows: [(component: Component, height: Height)]
    private let stack: Stack

    public init(_ rows: [(Component, Height)]) {
        self.rows = rows.map { (component: $0.0, height: $0.1) }
        stack = Stack(.vertical, rows.map { component, height in
            switch height {
            case .fixed(let value): Stack.Item(component, length: .fixedOrTouchSized(value))
            // An equal share of what the fixed rows leave, whatever the row's own natural height.
            case .flexible: Stack.Item(component, length: .fixed(0), grow: 1)
            }
        })
    }

    public var frame: Rect { stack.frame }
    public var isVisible: Bool {
        get { stack.isVisible }
        set { stack.isVisible = newValue }
    }
    public var children: [Component] { stack.children }
    public func attach(to host: ComponentHost) { stack.attach(to: host) }
    public func setFrame(_ newFrame: Rect) { stack.setFrame(newFrame) }
    public func draw(in canvas: Canvas, damage: Region) { stack.draw(in: canvas, damage: damage) }
    public var isAnimating: Bool { stack.isAnimating }
    public func advanceAnimations(to time: Double) -> Region { stack.advanceAnimations(to: time) }
    public var sizeNeeds: SizeNeeds { stack.sizeNeeds }
    public func inheritedThemeDidChange(to theme: Theme) { stack.inheritedThemeDidChange(to: theme) }
}

/// One line of text: a status line ("3 selected"), a caption, a heading.
@MainActor
public final class Label: Component {
    public var text: String { didSet { if text != oldValue { invalidate() } } }
    public var role: FontRole { didSet { invalidate() } }
    /// The colours it draws with: the window's theme (`AppWindow.theme`) unless the label has its
    /// own (`themeOverride`; setting `theme` sets it, nil follows the window again).
    public var theme: Theme { get { themes.current } set { themeOverride = newValue } }
    public var themeOverride: Theme? { get { themes.override } set { if themes.setOverride(newValue) { invalidate() } } }
    public func inheritedThemeDidChange(to theme: Theme) { if themes.inherit(theme) { invalidate() } }
    private var themes: ThemeSource
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
    public init(_ text: String = "", role: FontRole = .caption, isSecondary: Bool = true, theme: Theme? = nil,
                accessibleRole: AccessibleRole = .label) {
        self.text = text
        self.accessibleRole = accessibleRole
        self.role = role
        self.isSecondary = isSecondary
        themes = ThemeSource(override: theme)
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
