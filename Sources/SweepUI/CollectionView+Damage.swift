/// Damage as small as what changed: a band step repaints the band's old and
/// new rectangles, a selection change the items it changed, a focus move
/// two items; only scrolling and layout changes repaint the whole view.
/// (Before this a band repainted every visible cell on every motion.)
extension CollectionView {
    /// Changes of more ranges than this repaint the whole view.
    static let damageRangeLimit = 12

    /// A rectangle of content coordinates, in the window, clipped to the view.
    func windowRect(ofContent rect: Rect) -> Rect {
        rect.offsetBy(dx: frame.minX, dy: frame.minY - itemView.visibleOffset).intersection(frame)
    }

    /// The items a selection change touched.
    func invalidate(_ change: SelectionChange) {
        guard let host, !change.isEmpty else { return }
        let ranges = change.added + change.removed
        guard ranges.count <= Self.damageRangeLimit else { return invalidate() }
        let layout = viewport.layout
        var damage = Region()
        for range in ranges {
            // A range over several rows of a grid takes whole rows between its ends.
            let first = layout.frame(of: range.first), last = layout.frame(of: range.last)
            var rect = first.union(last)
            if first.minY != last.minY { rect = Rect(x: 0, y: rect.minY, width: layout.width, height: rect.height) }
            let visible = windowRect(ofContent: rect)
            if !visible.isEmpty { damage.add(visible) }
        }
        host.invalidate(damage)
    }

    /// A band rectangle (content coordinates), with its border and a pixel of slack.
    func invalidate(band rect: Rect?) {
        guard let host, let rect else { return }
        let visible = windowRect(ofContent: rect.insetBy(dx: -2, dy: -2))
        if !visible.isEmpty { host.invalidate(Region(visible)) }
    }

    /// One item (its focus ring).
    func invalidate(item: ItemPath?) {
        guard let host, let item, selection.itemCounts.indices.contains(item.section),
              item.item < selection.itemCounts[item.section] else { return }
        let visible = windowRect(ofContent: viewport.layout.frame(of: item).insetBy(dx: -2, dy: -2))
        if !visible.isEmpty { host.invalidate(Region(visible)) }
    }
}
