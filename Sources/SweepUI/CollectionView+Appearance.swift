/// How items look and how big they are: the renderer and the sizes of rows,
/// cells and headers. Changing a size keeps the item at the top of the
/// viewport where it was and repaints the view.
extension CollectionView {
    /// Draws each item: `ListRowRenderer` or `GridCellRenderer` by default.
    public var renderer: any ItemRenderer {
        get { itemView.renderer }
        set { itemView.renderer = newValue; invalidate() }
    }

    /// Called once per item whose renderer threw (the item shows a placeholder).
    public var onRenderError: ((ItemPath, any Error) -> Void)? {
        get { itemView.onRenderError }
        set { itemView.onRenderError = newValue }
    }

    /// A list's row height; a grid's is its cell height (set `itemSize` there).
    public var rowHeight: Double {
        get { listView?.rowHeight ?? itemSize.height }
        set { listView?.rowHeight = newValue; invalidate() }
    }

    /// A grid's cell size (pinch zoom changes it too); a list's is its row (set `rowHeight` there).
    public var itemSize: Size {
        get { gridView?.itemSize ?? Size(width: frame.width, height: listView?.rowHeight ?? 0) }
        set { gridView?.itemSize = newValue; invalidate() }
    }

    /// The least gap between a grid's cells; 0 for a list.
    public var itemSpacing: Double {
        get { gridView?.itemSpacing ?? 0 }
        set { gridView?.itemSpacing = newValue; invalidate() }
    }

    /// The height of section headers, shown where the data source titles a section.
    public var headerHeight: Double {
        get { itemView.headerHeight }
        set { itemView.headerHeight = newValue; invalidate() }
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
