/// Damage as small as what changed: a band step repaints the strips between
/// the band's old and new rectangles, a selection change the items it
/// changed, a focus move two items; only scrolling and layout changes
/// repaint the whole view. (A band once repainted every visible cell on
/// every motion, then its old and new rectangles whole: at scale 2 a band
/// over most of a window was millions of pixels a frame.)
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
        var damage = Region()
        for range in ranges {
            // A range over several rows of a grid takes whole rows between its ends.
            let first = geometry.frame(of: range.first), last = geometry.frame(of: range.last)
            var rect = first.union(last)
            if first.minY != last.minY { rect = Rect(x: 0, y: rect.minY, width: geometry.contentSize.width, height: rect.height) }
            let visible = windowRect(ofContent: rect)
            if !visible.isEmpty { damage.add(visible) }
        }
        host.invalidate(damage)
    }

    /// How far inside a band's edge its pixels stop depending on where the
    /// edge is: the border (1 px, and 1 more drawn over content) and slack
    /// for edges between device pixels at fractional scales.
    static let bandEdgeReach = 3.0

    /// A band step from `old` to `new` (content coordinates, nil: no band).
    /// Inside both rectangles, away from their edges, the band's tint over
    /// the items is the same before and after (items whose selection the
    /// step changed are damaged as selection changes), so only the rest of
    /// their union is repainted. After a scroll the band was drawn at
    /// another offset (its border along the view's edge moved with the
    /// content): then both rectangles are repainted whole.
    func invalidate(bandFrom old: Rect?, to new: Rect?) {
        let offset = itemView.visibleOffset
        defer { repaint.bandDrawnAtOffset = new == nil ? nil : offset }
        guard let host, let old, let new, repaint.bandDrawnAtOffset == offset else {
            invalidate(band: old)
            invalidate(band: new)
            return
        }
        var outer = Region()
        for rect in [old, new] {
            let visible = windowRect(ofContent: rect.insetBy(dx: -Self.bandEdgeReach, dy: -Self.bandEdgeReach))
            if !visible.isEmpty { outer.add(visible) }
        }
        let inner = windowRect(ofContent: old.intersection(new)).insetBy(dx: Self.bandEdgeReach, dy: Self.bandEdgeReach)
        guard !outer.isEmpty else { return }
        host.invalidate(inner.isEmpty ? outer : outer.subtracting([inner]))
    }

    /// A band rectangle (content coordinates), with its border and a pixel of slack.
    func invalidate(band rect: Rect?) {
        guard let host, let rect else { return }
        let visible = windowRect(ofContent: rect.insetBy(dx: -Self.bandEdgeReach, dy: -Self.bandEdgeReach))
        if !visible.isEmpty { host.invalidate(Region(visible)) }
    }

    /// Visible items past this many make an editing change repaint the whole view.
    static let editingMarkLimit = 4096

    /// Editing mode began or ended: the parts of the visible items the renderer
    /// changes for it (a grid's selection circles), or the whole view when it
    /// changes whole items (a list's checkbox column moves the row's content).
    /// At scale 2 a whole grid was about 13 ms of drawing in the first frame of
    /// a drag that entered editing mode; its circles are a tenth of the pixels.
    func invalidateEditingMarks() {
        guard let host else { return }
        let renderer = itemView.renderer
        var ranges: [ItemRange] = []
        geometry.items(in: Rect(x: 0, y: itemView.visibleOffset, width: geometry.contentSize.width, height: frame.height),
                     into: &ranges)
        guard ranges.reduce(0, { $0 + $1.count }) <= Self.editingMarkLimit else { return invalidate() }
        var damage = Region()
        for range in ranges {
            for item in range.items {
                guard let mark = renderer.editingMarkBounds(in: geometry.frame(of: ItemPath(section: range.section, item: item)))
                else { return invalidate() }
                let visible = windowRect(ofContent: mark)
                if !visible.isEmpty { damage.add(visible) }
            }
        }
        if !damage.isEmpty { host.invalidate(damage) }
    }

    /// One item (its focus ring).
    func invalidate(item: ItemPath?) {
        guard let host, let item, selection.itemCounts.indices.contains(item.section),
              item.item < selection.itemCounts[item.section] else { return }
        let visible = windowRect(ofContent: geometry.frame(of: item).insetBy(dx: -2, dy: -2))
        if !visible.isEmpty { host.invalidate(Region(visible)) }
    }
}
