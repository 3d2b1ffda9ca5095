import SweepGeometry
import SweepLayout

/// Which input drives a sweep (the event log's `input` field).
public enum SweepInputKind: String, Hashable, Sendable {
    /// Two touches moving together on a touchscreen.
    case touch2
    /// One finger in a list's checkbox column or across a grid in editing mode.
    case touch1
    /// A three- or four-finger touchpad swipe.
    case swipe
    /// Two touchpad fingers held still, then scrolling.
    case holdScroll
}

/// What a sweep does to the items it passes: decided by the start item.
public enum SweepMode: Hashable, Sendable {
    case select, deselect
}

/// One sweep (the two-finger pan multi-select and its relatives, interaction.md §3):
/// every item between the start item and the item under the current point,
/// in index order, gets the mode; items that leave the span go back to what
/// they were (the caller applies the span as a provisional selection).
///
/// The session keeps only its two ends; the span is computed on demand, so an
/// update costs the layout's `ranges(from:through:)`, not the items passed.
public struct SweepSession: Hashable, Sendable {
    public let input: SweepInputKind
    public private(set) var start: ItemPath
    public let mode: SweepMode
    public private(set) var current: ItemPath

    /// Starts a sweep at `point` (content coordinates) if there is an item
    /// there and `shouldBegin` agrees; nil means the input keeps its ordinary
    /// meaning (usually scrolling).
    public static func begin(at point: Point, input: SweepInputKind, geometry: some ItemLayout,
                             isSelected: (ItemPath) -> Bool, shouldBegin: (ItemPath) -> Bool) -> SweepSession? {
        guard let item = geometry.item(at: point), shouldBegin(item) else { return nil }
        return SweepSession(input: input, start: item, mode: isSelected(item) ? .deselect : .select, current: item)
    }

    /// The point moved (or the content scrolled under it): returns true when
    /// the item under it changed, so the span must be applied again.
    public mutating func move(to point: Point, geometry: some ItemLayout) -> Bool {
        guard let item = geometry.nearestItem(to: point), item != current else { return false }
        current = item
        return true
    }

    /// The items changed under the sweep: its start and current items are
    /// now at these index paths (it keeps its mode).
    public mutating func itemsMoved(start: ItemPath, current: ItemPath) {
        self.start = start
        self.current = current
    }

    /// The items the sweep covers now, in index order.
    public func span(in geometry: some ItemLayout) -> [ItemRange] {
        geometry.ranges(from: start, through: current)
    }

    /// The same, written into a reusable buffer.
    public func span(in geometry: some ItemLayout, into ranges: inout [ItemRange]) {
        geometry.ranges(from: start, through: current, into: &ranges)
    }
}
