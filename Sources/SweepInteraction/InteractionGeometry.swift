import SweepGeometry

/// Keyboard directions for moving the focus.
public enum MoveDirection: Hashable, Sendable {
    case up, down, left, right
}

/// What interactions ask of a view's geometry, in content coordinates.
/// List and grid layouts conform; tests use small fakes.
public protocol InteractionGeometry {
    /// The item under `point`, nil over gaps, headers and past the ends.
    func item(at point: Point) -> IndexPath?
    /// The item a sweep treats as under `point`: over a gap or past an end,
    /// the nearest item in index order.
    func nearestItem(to point: Point) -> IndexPath?
    /// Items whose frames intersect `rect`, in index order.
    func items(in rect: Rect) -> [ItemRange]
    /// Every item from `start` through `end` in index order (either order given).
    func ranges(from start: IndexPath, through end: IndexPath) -> [ItemRange]
    /// The item next to `item` in `direction`, nil at an edge.
    func item(movingFrom item: IndexPath, direction: MoveDirection) -> IndexPath?
    /// The item about one viewport away from `item`, clamped to the ends.
    func item(pagingFrom item: IndexPath, down: Bool, viewportHeight: Double) -> IndexPath?
    var firstItem: IndexPath? { get }
    var lastItem: IndexPath? { get }
}
