/// How big a component asks to be, in logical pixels (GTK's measure): at
/// least `minimum`, ideally `natural`, on each axis. Containers share their
/// space by it; a component that says nothing (`.none`) takes what it is
/// given.
public struct SizeNeeds: Sendable, Hashable {
    public var minimum: Size
    public var natural: Size

    public init(minimum: Size = .zero, natural: Size = .zero) {
        self.minimum = minimum
        self.natural = Size(width: max(natural.width, minimum.width), height: max(natural.height, minimum.height))
    }

    /// No needs: zero minimum and natural size.
    public static let none = SizeNeeds()

    /// Exactly `size`, no less and no more wanted.
    public static func fixed(_ size: Size) -> SizeNeeds { SizeNeeds(minimum: size, natural: size) }

    /// The minimum and natural lengths along `axis`.
    public func lengths(along axis: Axis) -> (minimum: Double, natural: Double) {
        axis == .horizontal ? (minimum.width, natural.width) : (minimum.height, natural.height)
    }
}

/// A direction components are laid out in.
public enum Axis: Sendable, Hashable, Codable {
    /// Left to right (a row; a split pane with panes side by side).
    case horizontal
    /// Top to bottom (a column; a split pane with panes one above the other).
    case vertical

    /// The other axis.
    public var across: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Rect {
    /// The rectangle's start and length along `axis`.
    func span(along axis: Axis) -> (start: Double, length: Double) {
        axis == .horizontal ? (minX, width) : (minY, height)
    }

    /// A rectangle from spans along each axis.
    static func spans(along axis: Axis, main: (start: Double, length: Double),
                      across: (start: Double, length: Double)) -> Rect {
        axis == .horizontal
            ? Rect(x: main.start, y: across.start, width: main.length, height: across.length)
            : Rect(x: across.start, y: main.start, width: across.length, height: main.length)
    }
}
