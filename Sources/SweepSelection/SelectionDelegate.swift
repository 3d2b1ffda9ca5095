import SweepGeometry

/// Where a selection change came from (the event log's `source`).
public enum SelectionSource: String, Hashable, Sendable {
    case tap, click, key, api, sweep, band
}

/// The calls a view makes to its owner, with UIKit's names and defaults.
/// Programmatic changes (`source == .api`) do not call did-select or
/// did-deselect, as in UIKit.
public protocol SelectionDelegate: AnyObject {
    /// Return `item` to allow, another index path to redirect, nil to refuse.
    func shouldSelect(_ item: IndexPath, source: SelectionSource) -> IndexPath?
    func didSelect(_ item: IndexPath, source: SelectionSource)
    func shouldDeselect(_ item: IndexPath, source: SelectionSource) -> Bool
    func didDeselect(_ item: IndexPath, source: SelectionSource)
    /// Whether a sweep (two-finger pan and its relatives) may start here. Default false.
    func shouldBeginMultipleSelectionInteraction(at item: IndexPath) -> Bool
    func didBeginMultipleSelectionInteraction(at item: IndexPath)
    func didEndMultipleSelectionInteraction()
    /// The detail button of a row was tapped; never a selection.
    func accessoryButtonTapped(at item: IndexPath)
    /// An item was activated (selected in normal mode): the demo pushes a page.
    func didActivate(_ item: IndexPath)
}

extension SelectionDelegate {
    public func shouldSelect(_ item: IndexPath, source: SelectionSource) -> IndexPath? { item }
    public func didSelect(_ item: IndexPath, source: SelectionSource) {}
    public func shouldDeselect(_ item: IndexPath, source: SelectionSource) -> Bool { true }
    public func didDeselect(_ item: IndexPath, source: SelectionSource) {}
    public func shouldBeginMultipleSelectionInteraction(at item: IndexPath) -> Bool { false }
    public func didBeginMultipleSelectionInteraction(at item: IndexPath) {}
    public func didEndMultipleSelectionInteraction() {}
    public func accessoryButtonTapped(at item: IndexPath) {}
    public func didActivate(_ item: IndexPath) {}
}

/// Where to put an item when scrolling to it.
public enum ScrollPosition: Hashable, Sendable {
    /// The least scrolling that makes the item visible (UIKit's `.none`).
    case none, top, middle, bottom
}

/// A request to the view to scroll, returned by programmatic calls.
public struct ScrollRequest: Hashable, Sendable {
    public var item: IndexPath
    public var position: ScrollPosition

    public init(item: IndexPath, position: ScrollPosition) {
        self.item = item
        self.position = position
    }
}
