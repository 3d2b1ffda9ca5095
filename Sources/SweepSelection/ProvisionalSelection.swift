import SweepGeometry

/// What a running sweep or band does to the committed selection.
public enum ProvisionalKind: Hashable, Sendable {
    /// A sweep that selects: the span's items are selected.
    case select
    /// A sweep that deselects: the span's items are deselected.
    case deselect
    /// A band with no modifier: the band's items are the selection.
    case replace
    /// A band with Shift: the band's items are added.
    case extend
    /// A band with Ctrl: the band's items are toggled.
    case toggle

    /// The effective state of an item that is `committed` and `covered` by the provisional ranges.
    @inline(__always)
    func effective(committed: Bool, covered: Bool) -> Bool {
        switch self {
        case .select, .extend: committed || covered
        case .deselect: committed && !covered
        case .replace: covered
        case .toggle: committed != covered
        }
    }
}

/// A provisional selection: a kind and the ranges it covers (a sweep's span
/// or a band's items), in index order.
public struct ProvisionalSelection: Hashable, Sendable {
    public var kind: ProvisionalKind
    public var ranges: [ItemRange]

    public init(_ kind: ProvisionalKind, _ ranges: [ItemRange]) {
        self.kind = kind
        self.ranges = ranges
    }
}
