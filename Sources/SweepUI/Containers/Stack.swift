/// Components in a row or a column with spacing between them (GTK's
/// `GtkBox`, SwiftUI's `HStack`/`VStack`): a search field over a list over
/// a status line, a toolbar's buttons, a sidebar beside a list.
///
/// Along the stack each child gets its natural length (its `sizeNeeds`, or
/// a fixed length); the room left over goes to the children that grow, by
/// their weights, and when there is too little the children give back down
/// to their minimum lengths, in proportion to what each can give (then the
/// last ones are cut at the end). Across the stack a child fills it, or sits
/// at its natural size at the start, the centre or the end. Edges fall on
/// whole logical pixels. Children hidden through `setHidden` take no space
/// (hiding the stack hides them all; showing it shows them again, except
/// those).
///
/// The window routes input to the children (they are its `children`), Tab
/// moves through the focusable ones in order and screen readers read them
/// in order.
@MainActor
public final class Stack: Component {
    /// How a child's length along the stack is found.
    public enum Length: Sendable, Hashable {
        /// Its `sizeNeeds`: natural, shrinking to its minimum when needed.
        case natural
        /// This many logical pixels, never less.
        case fixed(Double)
        /// This many logical pixels; on a compact window (a phone) the
        /// child's minimum length when that is more, so a toolbar of
        /// touch-sized controls (44 at least there) is not cut.
        case fixedOrTouchSized(Double)
    }

    /// Where children that do not fill the stack's breadth sit.
    public enum Alignment: Sendable, Hashable {
        case fill, start, center, end
    }

    /// One child and how it is sized.
    public struct Item {
        public let component: Component
        public var length: Length
        /// Its share of the room left over (0: none, stays at its length).
        public var grow: Double { didSet { grow = Stack.finite(grow) } }
        public var isHidden = false

        public init(_ component: Component, length: Length = .natural, grow: Double = 0) {
            self.component = component
            self.length = length
            self.grow = grow
        }

        /// A child of a fixed length.
        public static func fixed(_ component: Component, _ length: Double) -> Item { Item(component, length: .fixed(length)) }
        /// A child that takes a share (`weight`) of the room left over.
        public static func flexible(_ component: Component, weight: Double = 1) -> Item { Item(component, grow: weight) }
    }

    /// A colour for the room between children: one of the theme's, following it, or a fixed one.
    public enum Fill: Hashable {
        case theme(KeyPath<Theme, Color>)
        case color(Color)

        func color(in theme: Theme) -> Color {
            switch self {
            case .theme(let path): theme[keyPath: path]
            case .color(let color): color
            }
        }
    }

    public let axis: Axis
    public private(set) var items: [Item]
    /// Logical pixels between neighbouring children.
    public var spacing: Double { didSet { spacing = Stack.finite(spacing); relayout() } }
    /// Logical pixels around the children, inside the frame.
    public var padding: Double { didSet { padding = Stack.finite(padding); relayout() } }
    /// What the room no child covers is filled with (the padding, the gaps,
    /// beside children that do not fill the breadth).
    public var background = Fill.theme(\.background) { didSet { host?.invalidate(Region(frame)) } }
    /// The stack's own theme, for it and every child; nil follows the window's.
    public var themeOverride: Theme? {
        get { themes.override }
        set {
            guard themes.setOverride(newValue) else { return }
            for item in items { tellTheme(themes.current, to: item.component) }
            host?.invalidate(Region(frame))
        }
    }
    private var themes = ThemeSource()
    /// That room, found at each layout.
    private var gaps: [Rect] = []
    public var alignment: Alignment { didSet { relayout() } }
    public private(set) var frame: Rect = .zero
    public var isVisible = true { didSet { updateChildVisibility() } }
    private weak var host: ComponentHost?
    private var sizeClass: SizeClass { host?.horizontalSizeClass ?? .regular }

    /// A stack of `items` along `axis`.
    public init(_ axis: Axis, spacing: Double = 0, padding: Double = 0, alignment: Alignment = .fill, _ items: [Item]) {
        self.axis = axis
        self.spacing = max(0, spacing.isFinite ? spacing : 0)
        self.padding = max(0, padding.isFinite ? padding : 0)
        self.alignment = alignment
        self.items = items
    }

    public var children: [Component] { items.filter { !$0.isHidden }.map(\.component) }

    /// Hides `component` (it takes no space and gets no input) or shows it again.
    public func setHidden(_ component: Component, _ hidden: Bool) {
        guard let index = items.firstIndex(where: { $0.component === component }), items[index].isHidden != hidden else { return }
        items[index].isHidden = hidden
        updateChildVisibility()
        relayout()
        // The stack's own needs changed with it: containers above it follow (a scroll view's height).
        host?.setNeedsLayout()
    }

    private func updateChildVisibility() {
        for item in items { item.component.isVisible = isVisible && !item.isHidden }
    }

    public func attach(to host: ComponentHost) {
        guard self.host !== host else { return }
        self.host = host
        for item in items { item.component.attach(to: host) }
    }

    public var sizeNeeds: SizeNeeds {
        var main = (minimum: 0.0, natural: 0.0), across = (minimum: 0.0, natural: 0.0)
        let shown = items.filter { !$0.isHidden }
        for item in shown {
            let lengths = Stack.lengths(of: item, along: axis, sizeClass: sizeClass)
            main.minimum += lengths.minimum
            main.natural += lengths.natural
            let breadth = item.component.sizeNeeds.lengths(along: axis.across)
            across.minimum = max(across.minimum, breadth.minimum)
            across.natural = max(across.natural, breadth.natural)
        }
        let gaps = spacing * Double(max(0, shown.count - 1)) + 2 * padding
        main.minimum += gaps
        main.natural += gaps
        across.minimum += 2 * padding
        across.natural += 2 * padding
        return axis == .horizontal
            ? SizeNeeds(minimum: Size(width: main.minimum, height: across.minimum), natural: Size(width: main.natural, height: across.natural))
            : SizeNeeds(minimum: Size(width: across.minimum, height: main.minimum), natural: Size(width: across.natural, height: main.natural))
    }

    /// A child's minimum and natural length along `axis`; down a column of
    /// `breadth` (known at layout), its natural height at that width.
    private static func lengths(of item: Item, along axis: Axis, breadth: Double? = nil,
                                sizeClass: SizeClass) -> (minimum: Double, natural: Double) {
        switch item.length {
        case .fixed(let length):
            let value = max(0, length.isFinite ? length : 0)
            return (value, value)
        case .fixedOrTouchSized(let length):
            var value = max(0, length.isFinite ? length : 0)
            if sizeClass == .compact { value = max(value, finite(item.component.sizeNeeds.lengths(along: axis).minimum)) }
            return (value, value)
        case .natural:
            let lengths = item.component.sizeNeeds.lengths(along: axis)
            let natural = axis == .vertical ? breadth.map { item.component.naturalHeight(forWidth: $0) } ?? lengths.natural : lengths.natural
            return (finite(lengths.minimum), max(finite(lengths.minimum), finite(natural)))
        }
    }

    /// A column's natural height at `width`: its children's at the width inside the padding, the spacing and the padding.
    public func naturalHeight(forWidth width: Double) -> Double {
        guard axis == .vertical else { return sizeNeeds.natural.height }
        let shown = items.filter { !$0.isHidden }
        let inner = max(0, width - 2 * padding)
        return shown.map { Stack.lengths(of: $0, along: .vertical, breadth: inner, sizeClass: sizeClass).natural }.reduce(0, +)
            + spacing * Double(max(0, shown.count - 1)) + 2 * padding
    }

    nonisolated static func finite(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    public func setFrame(_ newFrame: Rect) {
        frame = newFrame
        relayout()
    }

    private func relayout() {
        let shown = items.filter { !$0.isHidden }
        let inner = frame.insetBy(dx: min(padding, frame.width / 2), dy: min(padding, frame.height / 2))
        let main = inner.span(along: axis), breadth = inner.span(along: axis.across)
        let lengths = Stack.share(main.length - spacing * Double(max(0, shown.count - 1)),
                                  among: shown.map { (Stack.lengths(of: $0, along: axis, breadth: breadth.length, sizeClass: sizeClass), Stack.finite($0.grow)) })
        var position = main.start, covered = main.start
        let end = main.start + main.length
        // The padding, then what lies between and beside the children.
        gaps = [Rect(x: frame.minX, y: frame.minY, width: frame.width, height: inner.minY - frame.minY),
                Rect(x: frame.minX, y: inner.maxY, width: frame.width, height: frame.maxY - inner.maxY),
                Rect(x: frame.minX, y: inner.minY, width: inner.minX - frame.minX, height: inner.height),
                Rect(x: inner.maxX, y: inner.minY, width: frame.maxX - inner.maxX, height: inner.height)]
        for (item, length) in zip(shown, lengths) {
            // Whole logical pixels at each edge, so neighbours neither overlap nor leave a seam.
            let start = min(position.rounded(), end), stop = min((position + length).rounded(), end)
            let across = place(item.component, in: breadth)
            item.component.setFrame(Rect.spans(along: axis, main: (start, max(0, stop - start)), across: across))
            gaps.append(Rect.spans(along: axis, main: (covered, start - covered), across: breadth))
            gaps.append(Rect.spans(along: axis, main: (start, stop - start), across: (breadth.start, across.start - breadth.start)))
            gaps.append(Rect.spans(along: axis, main: (start, stop - start),
                                   across: (across.start + across.length, breadth.start + breadth.length - across.start - across.length)))
            covered = max(covered, stop)
            position += length + spacing
        }
        gaps.append(Rect.spans(along: axis, main: (covered, end - covered), across: breadth))
        gaps.removeAll { $0.width <= 0 || $0.height <= 0 }
        host?.invalidate(Region(frame))
    }

    /// The lengths of children with `needs` (minimum, natural, grow weight) in `available`.
    static func share(_ available: Double, among needs: [((minimum: Double, natural: Double), Double)]) -> [Double] {
        var lengths = needs.map(\.0.natural)
        let natural = lengths.reduce(0, +)
        if available >= natural {
            let weights = needs.map(\.1).reduce(0, +)
            guard weights > 0 else { return lengths }
            for index in needs.indices { lengths[index] += (available - natural) * needs[index].1 / weights }
            return lengths
        }
        // Too little room: each gives back in proportion to what it can give, down to its minimum.
        let givable = needs.map { $0.0.natural - $0.0.minimum }
        let total = givable.reduce(0, +)
        let missing = natural - max(0, available)
        guard total > 0 else { return lengths }
        let fraction = min(1, missing / total)
        for index in needs.indices { lengths[index] -= givable[index] * fraction }
        return lengths
    }

    /// Where a child sits across the stack.
    private func place(_ component: Component, in breadth: (start: Double, length: Double)) -> (start: Double, length: Double) {
        guard alignment != .fill else { return breadth }
        let natural = min(Stack.finite(component.sizeNeeds.lengths(along: axis.across).natural), breadth.length)
        let length = natural > 0 ? natural : breadth.length
        switch alignment {
        case .fill, .start: return (breadth.start, length)
        case .center: return ((breadth.start + (breadth.length - length) / 2).rounded(), length)
        case .end: return (breadth.start + breadth.length - length, length)
        }
    }

    public func draw(in canvas: Canvas, damage: Region) {
        let fill = background.color(in: themes.current)
        for gap in gaps where damage.intersects(gap) { canvas.fill(gap, color: fill) }
        for item in items where !item.isHidden && item.component.isVisible && damage.intersects(item.component.frame) {
            item.component.draw(in: canvas, damage: damage)
        }
    }

    public var isAnimating: Bool { items.contains { !$0.isHidden && $0.component.isAnimating } }

    public func advanceAnimations(to time: Double) -> Region {
        var damage = Region()
        for item in items where !item.isHidden && item.component.isAnimating {
            damage.formUnion(item.component.advanceAnimations(to: time))
        }
        return damage
    }

    /// Hidden children hear the scale too (the window tells only the shown ones).
    public func windowScaleDidChange(to scale: Double) {
        for item in items where item.isHidden { tellScale(scale, to: item.component) }
    }

    /// Takes the theme for the background, and passes it to hidden children too (not among `children`).
    public func inheritedThemeDidChange(to theme: Theme) {
        if themes.inherit(theme) { host?.invalidate(Region(frame)) }
        for item in items where item.isHidden { tellTheme(themes.current, to: item.component) }
    }

    /// What screen readers see: the children's objects, in order (a stack is not an object of its own).
    public var accessibleObject: AccessibleObject? { nil }
}
