import SweepGeometry
import SweepLayout
import SweepInput

/// How a band's items combine with the selection, chosen once by the
/// modifiers held when the band starts (`initialModifierFlags`).
public enum BandMode: String, Hashable, Sendable {
    /// Nothing held: the band's items replace the selection.
    case replace
    /// Shift: the band's items are added (the UIKit sample's extend).
    case extend
    /// Ctrl: the band's items are toggled.
    case toggle

    /// Ctrl wins over Shift: toggling is the more specific request.
    public init(modifiers: Modifiers) {
        if modifiers.contains(.control) {
            self = .toggle
        } else if modifiers.contains(.shift) {
            self = .extend
        } else {
            self = .replace
        }
    }
}

/// The phases of a band (`UIBandSelectionInteraction.State`).
public enum BandPhase: String, Hashable, Sendable {
    case began, selecting, ended, cancelled
}

/// One band selection (interaction.md §4): a rectangle from an anchor fixed in content
/// coordinates (so scrolling during the band keeps it right) to the pointer.
public struct BandSession: Hashable, Sendable {
    public let anchor: Point
    public let mode: BandMode
    public private(set) var current: Point

    public init(anchor: Point, modifiers: Modifiers) {
        self.anchor = anchor
        mode = BandMode(modifiers: modifiers)
        current = anchor
    }

    /// The same band with its anchor at `anchor` (content coordinates): the
    /// items under it moved, and the anchor stays on its item.
    public func withAnchor(_ anchor: Point) -> BandSession {
        var moved = BandSession(anchor: anchor, mode: mode)
        moved.current = current
        return moved
    }

    private init(anchor: Point, mode: BandMode) {
        self.anchor = anchor
        self.mode = mode
        current = anchor
    }

    /// The pointer is at `point` (content coordinates). Returns true when the rectangle changed.
    public mutating func move(to point: Point) -> Bool {
        guard point != current else { return false }
        current = point
        return true
    }

    /// The band in content coordinates.
    public var rect: Rect {
        Rect(x: min(anchor.x, current.x), y: min(anchor.y, current.y),
             width: abs(current.x - anchor.x), height: abs(current.y - anchor.y))
    }

    /// The items the band intersects now. An empty band (a click) holds none.
    public func items(in geometry: some ItemLayout) -> [ItemRange] {
        var ranges: [ItemRange] = []
        items(in: geometry, into: &ranges)
        return ranges
    }

    /// The same, written into a reusable buffer.
    public func items(in geometry: some ItemLayout, into ranges: inout [ItemRange]) {
        let rect = rect
        guard rect.width > 0 || rect.height > 0 else {
            ranges.removeAll(keepingCapacity: true)
            return
        }
        // A band one pixel thin still intersects what it crosses.
        geometry.items(in: Rect(x: rect.x, y: rect.y, width: max(rect.width, 0.5), height: max(rect.height, 0.5)), into: &ranges)
    }
}
