import SweepEventLog
import SweepGeometry
import SweepInteraction
import SweepSelection

/// What a `CollectionView` tells and asks its owner. Every method has a
/// default, so an app implements only what it needs.
///
/// The names follow UIKit's `UICollectionViewDelegate` /
/// `UITableViewDelegate` (should/did select, should/did deselect, the
/// multiple-selection interaction of the two-finger pan, accessory button
/// tapped) and `UIBandSelectionInteraction`'s states; "activate" is GTK's
/// `GtkListView::activate` (UIKit has it as selecting a row in normal mode).
/// Programmatic changes (`source == .api`) call no did-select or
/// did-deselect, as in UIKit.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// Return `item` to allow, another item to redirect, nil to refuse.
    func collectionView(_ view: CollectionView, shouldSelect item: ItemPath, source: SelectionSource) -> ItemPath?
    func collectionView(_ view: CollectionView, didSelect item: ItemPath, source: SelectionSource)
    func collectionView(_ view: CollectionView, shouldDeselect item: ItemPath, source: SelectionSource) -> Bool
    func collectionView(_ view: CollectionView, didDeselect item: ItemPath, source: SelectionSource)
    /// Whether a sweep (two-finger pan and its relatives) may start on `item`.
    /// Default: when the view allows multiple selection in some mode.
    func collectionView(_ view: CollectionView, shouldBeginMultipleSelectionInteractionAt item: ItemPath) -> Bool
    func collectionView(_ view: CollectionView, didBeginMultipleSelectionInteractionAt item: ItemPath)
    func collectionViewDidEndMultipleSelectionInteraction(_ view: CollectionView)
    /// An item was activated: tapped or clicked in normal mode, or Enter.
    func collectionView(_ view: CollectionView, didActivate item: ItemPath)
    /// A row's detail button was tapped or clicked; it selects nothing.
    func collectionView(_ view: CollectionView, accessoryButtonTappedFor item: ItemPath)
    /// The selection changed: the added and removed ranges, why, and
    /// whether a running sweep or band made it (`isProvisional`). The one
    /// channel every change comes through — a person's, the app's, a data
    /// change's; `onSelectionChange` hears the same events after it, and
    /// `didSelect`/`didDeselect` are UIKit's per-item names for a person's.
    func collectionView(_ view: CollectionView, didChangeSelection event: SelectionEvent)
    func collectionView(_ view: CollectionView, didChangeEditing isEditing: Bool)
    /// The context menu for `item` (nil: empty space), opened by `trigger`
    /// (a right click, the Menu key or Shift+F10, a long press in normal
    /// mode); nil for none, and then a long press enters editing mode as
    /// without menus. The menu acts on the selection: `item` when it is
    /// selected brings the whole selection; otherwise `item` alone, which
    /// is selected as the menu shows (UIKit's and the file managers' rule).
    func collectionView(_ view: CollectionView, contextMenuFor item: ItemPath?, trigger: MenuTrigger) -> Menu?
    /// The context menu was shown, an entry was chosen (act on
    /// `view.selectedRanges` then), or it was dismissed.
    func collectionView(_ view: CollectionView, contextMenu event: MenuEvent)
    /// The data a drag of the selection `items` offers, per MIME type (say
    /// `text/uri-list` and `text/plain;charset=utf-8`), and the actions it
    /// allows; nil: the items are not dragged (a press on them starts a
    /// band). Asked when a press on a selected item starts to move.
    func collectionView(_ view: CollectionView, dragDataFor items: [ItemRange]) -> DragData?
    /// What the drag of `items` shows under the pointer (a thumbnail); nil:
    /// the first item's title on a card. The count badge is added.
    func collectionView(_ view: CollectionView, dragPreviewFor items: [ItemRange]) -> DragPreview?
    /// How a drag of `items` goes: `finished(.move)` means the receiver
    /// took them (delete them), `cancelled` that nothing happened. A drag
    /// that reorders the view itself ends in `moveItems` instead.
    func collectionView(_ view: CollectionView, drag event: DragEvent, items: [ItemRange])
    /// Whether a drag over the view would drop at `location`, as which
    /// type and action, into the item or between items; nil refuses it.
    /// Asked at every motion.
    func collectionView(_ view: CollectionView, dropProposalFor drop: DropSession, at location: DropLocation) -> DropProposal?
    /// A drop's data, read without blocking as the proposal's type (nil:
    /// it could not be read, or was larger than 64 MiB).
    func collectionView(_ view: CollectionView, performDrop data: [UInt8]?, mimeType: String, action: DragActions,
                        at location: DropLocation)
    /// Reordering (`allowsReordering`, in editing mode): the selected
    /// `items` were dragged to `destination` (an insertion point before
    /// the move). Move them in the data source and return true; the view
    /// then moves them, their selection with them (UIKit's
    /// `moveItemAt:to:`). False leaves everything where it was.
    func collectionView(_ view: CollectionView, moveItems items: [ItemRange], to destination: ItemPath) -> Bool

    // Observation: what the interactions did (the demo's event log).
    /// A sweep's phases, with the input that drives it.
    func collectionView(_ view: CollectionView, multipleSelection phase: MultiselectPhase, at item: ItemPath?, input: SweepInputKind)
    /// A band's states (`UIBandSelectionInteraction`): `rect` in content coordinates.
    func collectionView(_ view: CollectionView, band phase: BandPhase, rect: Rect, mode: BandMode)
    /// A pinch, Ctrl+wheel or Ctrl+plus changed the grid's cell size.
    func collectionView(_ view: CollectionView, didZoomTo cellSize: Double, phase: ZoomPhase)
    /// The content offset changed (reported once a frame at most).
    func collectionView(_ view: CollectionView, didScrollTo offset: Double)
    /// The item counts changed (a batch update or a reload).
    func collectionView(_ view: CollectionView, itemsDidChange count: Int)
    /// The actions a row shows when swiped right (a list's rows only; nil
    /// or none: it does not move that way). See `SwipeActionsConfiguration`.
    func collectionView(_ view: CollectionView, leadingSwipeActionsFor item: ItemPath) -> SwipeActionsConfiguration?
    /// The actions a row shows when swiped left.
    func collectionView(_ view: CollectionView, trailingSwipeActionsFor item: ItemPath) -> SwipeActionsConfiguration?
    /// The view's layout (an app's own) answered nonsense, told in one line
    /// once a kind (also what was found before the delegate was set); a
    /// list stands in while its preparation fails. By default the line goes
    /// to standard error.
    func collectionView(_ view: CollectionView, layoutProblem message: String)
}

extension CollectionViewDelegate {
    public func collectionView(_ view: CollectionView, shouldSelect item: ItemPath, source: SelectionSource) -> ItemPath? { item }
    public func collectionView(_ view: CollectionView, didSelect item: ItemPath, source: SelectionSource) {}
    public func collectionView(_ view: CollectionView, shouldDeselect item: ItemPath, source: SelectionSource) -> Bool { true }
    public func collectionView(_ view: CollectionView, didDeselect item: ItemPath, source: SelectionSource) {}
    public func collectionView(_ view: CollectionView, shouldBeginMultipleSelectionInteractionAt item: ItemPath) -> Bool {
        view.allowsMultipleSelection || view.allowsMultipleSelectionDuringEditing
    }
    public func collectionView(_ view: CollectionView, didBeginMultipleSelectionInteractionAt item: ItemPath) {}
    public func collectionViewDidEndMultipleSelectionInteraction(_ view: CollectionView) {}
    public func collectionView(_ view: CollectionView, didActivate item: ItemPath) {}
    public func collectionView(_ view: CollectionView, accessoryButtonTappedFor item: ItemPath) {}
    public func collectionView(_ view: CollectionView, didChangeSelection event: SelectionEvent) {}
    public func collectionView(_ view: CollectionView, didChangeEditing isEditing: Bool) {}
    public func collectionView(_ view: CollectionView, contextMenuFor item: ItemPath?, trigger: MenuTrigger) -> Menu? { nil }
    public func collectionView(_ view: CollectionView, contextMenu event: MenuEvent) {}
    public func collectionView(_ view: CollectionView, dragDataFor items: [ItemRange]) -> DragData? { nil }
    public func collectionView(_ view: CollectionView, dragPreviewFor items: [ItemRange]) -> DragPreview? { nil }
    public func collectionView(_ view: CollectionView, drag event: DragEvent, items: [ItemRange]) {}
    public func collectionView(_ view: CollectionView, dropProposalFor drop: DropSession, at location: DropLocation) -> DropProposal? { nil }
    public func collectionView(_ view: CollectionView, performDrop data: [UInt8]?, mimeType: String, action: DragActions,
                               at location: DropLocation) {}
    public func collectionView(_ view: CollectionView, moveItems items: [ItemRange], to destination: ItemPath) -> Bool { false }
    public func collectionView(_ view: CollectionView, multipleSelection phase: MultiselectPhase, at item: ItemPath?, input: SweepInputKind) {}
    public func collectionView(_ view: CollectionView, band phase: BandPhase, rect: Rect, mode: BandMode) {}
    public func collectionView(_ view: CollectionView, didZoomTo cellSize: Double, phase: ZoomPhase) {}
    public func collectionView(_ view: CollectionView, didScrollTo offset: Double) {}
    public func collectionView(_ view: CollectionView, itemsDidChange count: Int) {}
    public func collectionView(_ view: CollectionView, leadingSwipeActionsFor item: ItemPath) -> SwipeActionsConfiguration? { nil }
    public func collectionView(_ view: CollectionView, trailingSwipeActionsFor item: ItemPath) -> SwipeActionsConfiguration? { nil }
    public func collectionView(_ view: CollectionView, layoutProblem message: String) {
        _ = StandardStreams.writeLine("\(view.name): \(message)", to: 2)
    }
}

/// How far a zoom of a grid's cells has gone, as the delegate hears it: a
/// pinch begins, changes and ends (or is cancelled, the cells going back);
/// a keyboard or wheel step is one `ended`.
public enum ZoomPhase: String, Hashable, Sendable {
    case began, changed, ended, cancelled
}
