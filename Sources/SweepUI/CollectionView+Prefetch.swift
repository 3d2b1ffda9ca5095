import SweepGeometry
import SweepLayout

extension CollectionView {
    /// Once a frame, after it is committed: tells a data source that adopts
    /// `CollectionViewPrefetching` which items of the next screen in the
    /// scrolling direction to load, and which items left the screen and
    /// that next screen. Nothing is said while the items shown and the
    /// direction stay the same; an item count changed by a data change
    /// starts the window afresh.
    func updatePrefetching() {
        guard let prefetcher = dataSource as? CollectionViewPrefetching else { return }
        let height = itemView.frame.height
        guard height > 0 else { return }
        let offset = itemView.visibleOffset
        if let last = scrollMode.prefetch.lastOffset, offset != last { scrollMode.prefetch.scrollsDown = offset > last }
        scrollMode.prefetch.lastOffset = offset
        let width = geometry.contentSize.width
        let visible = geometry.items(in: Rect(x: 0, y: offset, width: width, height: height))
        // The screen ahead, cut at the content's ends.
        let aheadTop = scrollMode.prefetch.scrollsDown ? offset + height : max(0, offset - height)
        let aheadBottom = scrollMode.prefetch.scrollsDown ? min(geometry.contentSize.height, offset + 2 * height) : offset
        let ahead = aheadBottom > aheadTop ? geometry.items(in: Rect(x: 0, y: aheadTop, width: width, height: aheadBottom - aheadTop)) : []
        let change = scrollMode.prefetch.move(visible: visible, ahead: ahead, counts: selection.itemCounts)
        if !change.cancel.isEmpty { prefetcher.cancelPrefetching(change.cancel) }
        if !change.prefetch.isEmpty { prefetcher.prefetchItems(change.prefetch) }
    }
}
