
/// What a collection view's `ItemsView` shows, read from the state's
/// owners: the item counts, the selection and editing mode from the
/// selection model (which follows the data source's changes), and the focus
/// ring from the view's keyboard focus.
final class CollectionItemsModel: ItemsViewModel {
    let selection: SelectionController
    /// Whether the view has the keyboard focus (the ring shows only then).
    var hasFocus = false
    /// The item the focus ring is drawn on: the keyboard focus, moved here
    /// by `CollectionView.showFocusRing()` with the damage and the screen
    /// reader's event for the move (so the old ring is known to repaint).
    var focusedItem: ItemPath?

    init(selection: SelectionController) {
        self.selection = selection
    }

    var itemCounts: [Int] { selection.itemCounts }
    var isEditing: Bool { selection.isEditing }
    func isSelected(_ item: ItemPath) -> Bool { selection.isSelected(item) }
    func isProvisional(_ item: ItemPath) -> Bool { selection.isProvisionallyChanged(item) }
}
