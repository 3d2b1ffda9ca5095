import SweepGestures

/// The scrollbar for a mouse user: the thin indicator widens into a bar on
/// its trough when the pointer comes over the view's right edge; its thumb
/// drags the view (to row 30,000 of 50,000 as easily as to row 30), a click
/// in the trough pages, Shift+click jumps there. It takes only the pointer:
/// a finger on the strip scrolls the items, and a press there is never a
/// band, a click on an item or a drag out.
extension CollectionView {
    func installScrollbar() {
        gestures.scrollbarDrag.onStateChange = { [unowned self] recognizer in scrollbarDragChanged(recognizer) }
        gestures.scrollbarClick.onStateChange = { [unowned self] recognizer in
            guard recognizer.state == .recognized || recognizer.state == .ended else { return }
            let click = gestures.scrollbarClick
            let frame = gestures.scrollbar.frame
            scrollbarClicked(at: Point(x: click.location.x + frame.minX, y: click.location.y + frame.minY),
                             modifiers: click.modifiers)
        }
    }

    /// The pointer moved to `point` (nil: it left): over the strip the
    /// scrollbar widens and takes presses; elsewhere it goes back to thin.
    func scrollbarHover(at point: Point?) -> Region {
        let strip = itemView.scrollbar.grabArea
        gestures.scrollbar.frame = strip ?? .zero
        let over = point.map { strip?.contains($0) ?? false } ?? false
        // A drag holds the bar wide and keeps the presses until it ends.
        let wide = over || scrollMode.scrollbarDragStart != nil
        scrollMode.isPointerOverScrollbar = over
        gestures.scrollbar.isUserInteractionEnabled = wide
        guard wide != itemView.isScrollbarExpanded else { return Region() }
        itemView.isScrollbarExpanded = wide
        return strip.map { Region($0) } ?? Region()
    }

    private func scrollbarDragChanged(_ recognizer: GestureRecognizer) {
        let drag = gestures.scrollbarDrag
        let frame = gestures.scrollbar.frame
        let scrollbar = itemView.scrollbar
        switch recognizer.state {
        case .began:
            let press = Point(x: drag.anchor.x + frame.minX, y: drag.anchor.y + frame.minY)
            let part = scrollbar.part(at: press, offset: itemView.scroll.offset)
            if part != .thumb {
                // A drag from the trough jumps the thumb under the pointer first, then follows it.
                itemView.stopFling()
                itemView.scrollImmediately(to: scrollbar.offset(centringThumbAt: press.y))
            }
            scrollMode.scrollbarDragStart = itemView.scroll.offset
        case .changed, .ended:
            guard let start = scrollMode.scrollbarDragStart else { return }
            let offset = start + (drag.current.y - drag.anchor.y) * scrollbar.offsetPerThumbPixel
            itemView.scrollImmediately(to: min(max(0, offset), scrollbar.maxOffset))
            if recognizer.state == .ended { scrollbarDragEnded() }
        default:
            scrollbarDragEnded()
        }
        reportScroll()
    }

    private func scrollbarDragEnded() {
        scrollMode.scrollbarDragStart = nil
        if !scrollMode.isPointerOverScrollbar { host?.invalidate(scrollbarHover(at: nil)) }
    }

    /// A click on the strip: in the trough, a page towards it (Shift: the
    /// thumb jumps there, GTK's setting); on the thumb, nothing.
    private func scrollbarClicked(at point: Point, modifiers: Modifiers) {
        let scrollbar = itemView.scrollbar
        let offset = itemView.scroll.target
        switch scrollbar.part(at: point, offset: itemView.scroll.offset) {
        case .troughAbove where modifiers.contains(.shift), .troughBelow where modifiers.contains(.shift):
            itemView.stopFling()
            itemView.scrollImmediately(to: scrollbar.offset(centringThumbAt: point.y))
        case .troughAbove:
            itemView.scroll(toOffset: max(0, offset - scrollbar.pageLength))
        case .troughBelow:
            itemView.scroll(toOffset: min(scrollbar.maxOffset, offset + scrollbar.pageLength))
        case .thumb, nil:
            return
        }
        reportScroll()
        host?.setNeedsFrame()
    }
}
