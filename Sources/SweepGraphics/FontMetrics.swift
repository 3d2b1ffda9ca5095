/// Vertical metrics of a font in logical pixels.
public struct FontMetrics: Hashable, Sendable {
    public var ascent: Double
    public var descent: Double

    public init(ascent: Double, descent: Double) {
        self.ascent = ascent
        self.descent = descent
    }

    public var lineHeight: Double { ascent + descent }
}
