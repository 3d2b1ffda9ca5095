import SweepGeometry
import SweepLayout

/// What scrolling did to a list's or grid's pixels since the view was last
/// asked (`takeScrollChange()`): the view's frame moves by `dy`, which a
/// window can copy (`ComponentHost.moveContent`), and `damage` is what the
/// move does not make right.
public struct ScrollChange: Equatable, Sendable {
    /// The view's frame, whose pixels move with the content.
    public var area: Rect
    /// How far they move: whole logical pixels, positive down (the offset
    /// shrank), 0 when only `damage` changed.
    public var dy: Double
    /// The scroll indicator where it was (moved along) and where it is now,
    /// the band's top and bottom edges likewise (clipped to the view, they
    /// are drawn at its edges, which do not move), and rows whose hover
    /// highlight changed, in window coordinates after the move.
    public var damage: Region
}

/// The offset a view's pixels show, so the next `ScrollChange` knows how far
/// they move.
struct ScrollReporter {
    private(set) var shownOffset: Double

    /// Whether the next change repaints the whole view (what it showed moved under it).
    private var needsFullRepaint = false

    init(offset: Double) { shownOffset = offset }

    /// The offset moved with the content (rows above the view grew or
    /// shrank): the pixels shown did not move.
    mutating func rebase(by delta: Double) { shownOffset += delta }

    /// What the view shows changed in place: the next change repaints it all.
    mutating func redrawAll() { needsFullRepaint = true }

    /// The change from the shown offset to `offset` (a view at `frame`
    /// scrolled by `scroll`, showing `band`), with `extra` damage; nil when
    /// nothing changed.
    mutating func take(frame: Rect, scroll: ScrollModel, offset: Double, band: Rect?,
                       extra: Region = Region()) -> ScrollChange? {
        let before = shownOffset
        shownOffset = offset
        var damage = extra
        if needsFullRepaint {
            needsFullRepaint = false
            damage.add(frame)
            return ScrollChange(area: frame, dy: 0, damage: damage)
        }
        if before != offset {
            let dy = before - offset
            let indicator = { (offset: Double) in ItemViewDecorations.indicatorRect(frame: frame, scroll: scroll, offset: offset) }
            if let old = indicator(before) { damage.add(old.offsetBy(dx: 0, dy: dy).insetBy(dx: -1, dy: -1).intersection(frame)) }
            if let new = indicator(offset) { damage.add(new.insetBy(dx: -1, dy: -1).intersection(frame)) }
            if let band {
                let shown = { (offset: Double) in band.offsetBy(dx: frame.minX, dy: frame.minY - offset).intersection(frame) }
                for rect in [shown(before).offsetBy(dx: 0, dy: dy), shown(offset)] where !rect.isEmpty {
                    damage.add(Rect(x: rect.minX - 1, y: rect.minY - 1, width: rect.width + 2, height: 3).intersection(frame))
                    damage.add(Rect(x: rect.minX - 1, y: rect.maxY - 2, width: rect.width + 2, height: 3).intersection(frame))
                }
            }
        }
        guard before != offset || !damage.isEmpty else { return nil }
        return ScrollChange(area: frame, dy: before - offset, damage: damage)
    }
}
