import SweepGeometry

/// Where the window's components can be seen and hit: each leaf's frame
/// within the clips of the containers above it (scroll views' viewports),
/// and which containers above it scroll.
extension AppWindow {
    /// A component of the content's tree, what of it shows, and the containers above it, nearest first.
    struct PlacedComponent {
        let component: Component
        /// Its frame within every clip above it (empty when scrolled out of sight).
        let visibleFrame: Rect
        let ancestors: [Component]
        /// A leaf takes input; a container (with children) is listed for the hover alone.
        let isLeaf: Bool
    }

    /// The visible components, containers before their children, in tree order.
    var placedTree: [PlacedComponent] {
        guard let content else { return [] }
        var placed: [PlacedComponent] = []
        var pending: [(component: Component, clip: Rect?, ancestors: [Component])] = [(content, nil, [])]
        while let (component, clip, ancestors) = pending.popLast() {
            guard component.isVisible else { continue }
            let children = component.children.filter { $0 !== component }
            let visible = clip.map { component.frame.intersection($0) } ?? component.frame
            let isLeaf = children.isEmpty || ancestors.count >= 32
            placed.append(PlacedComponent(component: component, visibleFrame: visible, ancestors: ancestors, isLeaf: isLeaf))
            guard !isLeaf else { continue }
            let inner = component.childClip.map { own in clip.map { own.intersection($0) } ?? own } ?? clip
            pending.append(contentsOf: children.reversed().map { ($0, inner, [component] + ancestors) })
        }
        return placed
    }

    /// The visible leaves, in tree order: what input goes to.
    var placedComponents: [PlacedComponent] { placedTree.filter(\.isLeaf) }

    /// The component under a window point: the leaf whose visible part holds it.
    public func component(at point: Point) -> Component? {
        placedComponents.first { $0.visibleFrame.contains(point) }?.component
    }

    /// Who scrolls for wheel and touchpad scrolling at `point`: the leaf
    /// there when it scrolls itself, else the nearest container above it
    /// that does (a scroll view), else the leaf.
    func scrollTarget(at point: Point) -> Component? {
        guard let leaf = placedComponents.first(where: { $0.visibleFrame.contains(point) }) else { return nil }
        if leaf.component.scrollsItself { return leaf.component }
        return leaf.ancestors.first(where: \.scrollsItself) ?? leaf.component
    }

    /// A first touch or a touchpad hold at `point`: the leaf there and the containers above it hear of it (flings stop).
    func touchesBegan(at point: Point) {
        guard let leaf = placedComponents.first(where: { $0.visibleFrame.contains(point) }) else { return }
        leaf.component.touchesBegan()
        for ancestor in leaf.ancestors { ancestor.touchesBegan() }
    }

    /// Tells the containers above `component` to bring it into view (the focus moved to it).
    func revealFocused(_ component: Component) {
        guard let placed = placedComponents.first(where: { $0.component === component }) else { return }
        for ancestor in placed.ancestors { ancestor.reveal(component.frame) }
    }
}
