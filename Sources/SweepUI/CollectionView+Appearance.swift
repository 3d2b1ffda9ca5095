/// How items look: the renderer, the hover highlight and the deselect fade.
/// Their sizes belong to the layout (`CollectionListLayout.rowHeight`,
/// `CollectionGridLayout.itemSize`), whose changes keep the item at the top
/// of the viewport where it was and repaint the view.
extension CollectionView {
    /// Draws each item: `ListRowRenderer` for rows or `GridCellRenderer` for tiles by default.
    /// Whether the header of the section at the top stays there while its
    /// items scroll under it, pushed up by the next section's header (off
    /// by default). A tap or click on it selects nothing.
    public var pinsSectionHeaders: Bool {
        get { itemView.pinsHeaders }
        set { itemView.pinsHeaders = newValue; invalidate() }
    }

    public var renderer: any ItemRenderer {
        get { itemView.renderer }
        set { itemView.renderer = newValue; invalidate() }
    }

    /// Called once per item whose renderer threw (the item shows a placeholder).
    public var onRenderError: ((ItemPath, any Error) -> Void)? {
        get { itemView.onRenderError }
        set { itemView.onRenderError = newValue }
    }

    /// How long a deselected item's tint takes to fade (ms; 0 for none):
    /// 300 in a layout of rows, 0 in one of tiles.
    public var deselectionFadeDuration: Double {
        get { itemView.fadeDuration }
        set { itemView.fadeDuration = newValue.isFinite ? max(0, newValue) : 0 }
    }

    /// Whether the item under the pointer is highlighted: on in a layout of rows, off in one of tiles.
    public var highlightsHoveredItem: Bool {
        get { itemView.highlightsHover }
        set { itemView.highlightsHover = newValue; invalidate() }
    }
}

extension SelectionController {
    /// Whether a running sweep or band changes `item`'s selection (what
    /// renderers see as `ItemState.isProvisional`).
    /// - Complexity: O(1) at rest, O(log ranges) while a gesture runs.
    func isProvisionallyChanged(_ item: ItemPath) -> Bool {
        guard model.provisionalKind != nil else { return false }
        return model.isSelected(item) != model.committed.contains(item)
    }
}
