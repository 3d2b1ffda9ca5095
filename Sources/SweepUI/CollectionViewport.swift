import SweepInteraction
import SweepLayout
import SweepViews

/// The item view seen as the interactor's viewport: the view's layout and
/// scroll position are read where they live, never copied.
@MainActor
final class CollectionViewport: @MainActor ItemViewport {
    unowned let itemView: ItemsView

    init(itemView: ItemsView) {
        self.itemView = itemView
    }

    var layout: LayoutReference { LayoutReference(itemView.layout) }

    /// Where the view is gliding to, so keys and sweeps act on where the content will be.
    var contentOffset: Double { itemView.scroll.target }

    var viewportHeight: Double { itemView.frame.height }

    func setContentOffset(_ offset: Double, animated: Bool) {
        if animated { itemView.scroll(toOffset: offset) } else { itemView.scrollImmediately(to: offset) }
    }
}
