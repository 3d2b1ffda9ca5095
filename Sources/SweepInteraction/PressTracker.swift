import SweepGeometry
import SweepLayout
import SweepInput

/// A pointer press over a view that becomes either a click (released without
/// moving) or a band (moved 4 px or more): "select on release", so a press
/// that turns into a band selects nothing by itself.
public struct PressTracker: Hashable, Sendable {
    /// Movement that turns a press into a band.
    public static let bandHysteresis = 4.0

    public enum Outcome: Hashable, Sendable {
        /// Still undecided.
        case pending
        /// The press became a band: start it at `anchor` with the press's modifiers.
        case bandBegan(anchor: Point, modifiers: Modifiers)
        /// Released without becoming a band: a click at the press point.
        case click(at: Point, modifiers: Modifiers)
    }

    /// Press point in content coordinates.
    public let origin: Point
    /// Modifiers held at the press; they decide the band mode or click meaning.
    public let modifiers: Modifiers
    public private(set) var isBand = false

    public init(origin: Point, modifiers: Modifiers) {
        self.origin = origin
        self.modifiers = modifiers
    }

    public mutating func move(to point: Point) -> Outcome {
        guard !isBand else { return .pending }
        let dx = point.x - origin.x, dy = point.y - origin.y
        guard dx * dx + dy * dy >= PressTracker.bandHysteresis * PressTracker.bandHysteresis else { return .pending }
        isBand = true
        return .bandBegan(anchor: origin, modifiers: modifiers)
    }

    /// The button was released; a band ends elsewhere, so only a click is reported.
    public func release() -> Outcome {
        isBand ? .pending : .click(at: origin, modifiers: modifiers)
    }
}
