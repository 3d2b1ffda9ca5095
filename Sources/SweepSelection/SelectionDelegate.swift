import SweepGeometry

/// Where a selection change came from (the event log's `source`).
public enum SelectionSource: String, Hashable, Sendable {
    /// A tap, a click, a key; a long press that enters editing (`longPress`);
    /// the app's own call (`api`); a sweep or a band; an assistive
    /// technology acting for the person (a screen reader's SelectChild).
    case tap, click, key, longPress, api, sweep, band, accessibility
}

/// The calls a view makes to its owner, with UIKit's names and defaults.
/// Programmatic changes (`source == .api`) do not call did-select or
/// did-deselect, as in UIKit.
public protocol SelectionDelegate: AnyObject {
    /// Return `item` to allow, another index path to redirect, nil to refuse.
    func shouldSelect(_ item: ItemPath, source: SelectionSource) -> ItemPath?
    func didSelect(_ item: ItemPath, source: SelectionSource)
    func shouldDeselect(_ item: ItemPath, source: SelectionSource) -> Bool
    func didDeselect(_ item: ItemPath, source: SelectionSource)
    /// Whether a sweep (two-finger pan and its relatives) may start here. Default false.
    func shouldBeginMultipleSelectionInteraction(at item: ItemPath) -> Bool
    func didBeginMultipleSelectionInteraction(at item: ItemPath)
    func didEndMultipleSelectionInteraction()
    /// The detail button of a row was tapped; never a selection.
    func accessoryButtonTapped(at item: ItemPath)
    /// An item was activated (selected in normal mode): the demo pushes a page.
    func didActivate(_ item: ItemPath)
}

extension SelectionDelegate {
    public func shouldSelect(_ item: ItemPath, source: SelectionSource) -> ItemPath? { item }
    public func didSelect(_ item: ItemPath, source: SelectionSource) {}
    public func shouldDeselect(_ item: ItemPath, source: SelectionSource) -> Bool { true }
    public func didDeselect(_ item: ItemPath, source: SelectionSource) {}
    public func shouldBeginMultipleSelectionInteraction(at item: ItemPath) -> Bool { false }
    public func didBeginMultipleSelectionInteraction(at item: ItemPath) {}
    public func didEndMultipleSelectionInteraction() {}
    public func accessoryButtonTapped(at item: ItemPath) {}
    public func didActivate(_ item: ItemPath) {}
}

/// Where to put an item when scrolling to it.
public enum ScrollPosition: Hashable, Sendable {
    /// The least scrolling that makes the item visible (UIKit's `.none`).
    case none, top, middle, bottom
}

/// A request to the view to scroll, returned by programmatic calls.
public struct ScrollRequest: Hashable, Sendable {
    public var item: ItemPath
    public var position: ScrollPosition

    public init(item: ItemPath, position: ScrollPosition) {
        self.item = item
        self.position = position
    }
}
