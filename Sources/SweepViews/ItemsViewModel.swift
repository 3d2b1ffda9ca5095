import SweepGeometry

/// What an `ItemsView` shows but does not own: the item counts, the
/// selection, editing mode and the focused item. The view reads them when
/// it lays out and draws; whoever owns them tells it to lay out again
/// (`reloadData()`) or repaints. A `CollectionView` answers from its
/// selection model and keyboard focus; a view used on its own is given an
/// `ItemsViewState`.
public protocol ItemsViewModel: AnyObject {
    /// Items per section: the layout is prepared for these.
    var itemCounts: [Int] { get }
    /// Editing mode shows selection circles.
    var isEditing: Bool { get }
    /// The item the keyboard focus ring is drawn on, nil for none.
    var focusedItem: ItemPath? { get }
    /// Whether an item is selected (asked only for items being drawn).
    func isSelected(_ item: ItemPath) -> Bool
    /// Whether a running sweep or band changes an item's selection, not yet
    /// committed (`ItemState.isProvisional`; asked only for items being drawn).
    func isProvisional(_ item: ItemPath) -> Bool
}

/// The state of an `ItemsView` used on its own (a test, a benchmark, a
/// preview): the counts, selection, editing mode and focus set by hand.
public final class ItemsViewState: ItemsViewModel {
    public var itemCounts: [Int]
    public var isEditing = false
    public var focusedItem: ItemPath?
    /// Answers `isSelected(_:)`.
    public var selected: (ItemPath) -> Bool = { _ in false }
    /// Answers `isProvisional(_:)`.
    public var provisional: (ItemPath) -> Bool = { _ in false }

    public init(itemCounts: [Int]) {
        self.itemCounts = itemCounts
    }

    public func isSelected(_ item: ItemPath) -> Bool { selected(item) }
    public func isProvisional(_ item: ItemPath) -> Bool { provisional(item) }
}
