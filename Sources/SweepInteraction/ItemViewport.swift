import SweepGeometry
import SweepLayout

/// Where a `SelectionInteractor` reads the view's geometry and scroll
/// position, and asks it to scroll. The view owns both, so there is one
/// source of truth: the interactor keeps no copy to fall out of step.
public protocol ItemViewport<Layout>: AnyObject {
    associatedtype Layout: ItemLayout
    /// The item geometry now (it changes with the width, a pinch, a data change).
    var layout: Layout { get }
    /// The content offset the view is at or gliding to (content y at the viewport's top).
    var contentOffset: Double { get }
    /// The visible height of the content.
    var viewportHeight: Double { get }
    /// Scrolls to `offset` (already clamped): at once (autoscroll) or animated (keyboard focus).
    func setContentOffset(_ offset: Double, animated: Bool)
}

/// A viewport that only stores its values: for tests, benchmarks and views
/// that scroll by themselves.
public final class FixedViewport<Layout: ItemLayout>: ItemViewport {
    public var layout: Layout
    public var contentOffset: Double
    public var viewportHeight: Double

    public init(layout: Layout, contentOffset: Double = 0, viewportHeight: Double) {
        self.layout = layout
        self.contentOffset = contentOffset
        self.viewportHeight = viewportHeight
    }

    public func setContentOffset(_ offset: Double, animated: Bool) {
        contentOffset = offset
    }
}
