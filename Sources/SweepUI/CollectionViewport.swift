import SweepInteraction
import SweepLayout
import SweepViews

/// The item view seen as the interactor's viewport: the view's layout and
/// scroll position are read where they live, never copied.
@MainActor
final class CollectionViewport: @MainActor ItemViewport {
    unowned let itemView: ItemScrollView
    // Resolved once: the layout is read on every move of a sweep or band.
    private unowned(unsafe) let grid: GridView?
    private unowned(unsafe) let list: ListView?

    init(itemView: ItemScrollView) {
        self.itemView = itemView
        grid = itemView as? GridView
        list = itemView as? ListView
    }

    var layout: CollectionLayout {
        if let grid { return .grid(grid.layout) }
        return .list(list!.layout)
    }

    /// Where the view is gliding to, so keys and sweeps act on where the content will be.
    var contentOffset: Double { itemView.scroll.target }

    var viewportHeight: Double { itemView.frame.height }

    func setContentOffset(_ offset: Double, animated: Bool) {
        if animated { itemView.scroll(toOffset: offset) } else { itemView.scrollImmediately(to: offset) }
    }
}
