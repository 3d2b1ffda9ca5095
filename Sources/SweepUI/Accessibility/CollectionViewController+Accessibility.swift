import SweepAccessibility

/// A collection controller for screen readers: a panel named by its title
/// holding its toolbar (an `AccessibleToolbar`) and its list or grid.
extension CollectionViewController {
    func makeAccessiblePanel() -> AccessibleObject {
        let panel = AccessibleObject(role: .panel)
        panel.name = { [unowned self] in toolbar.title }
        panel.extents = { [unowned self] in frame }
        let bar = accessibleToolbar.object
        bar.parent = panel
        panel.children = { [unowned self, unowned panel] in
            var children = [bar]
            if let list = collectionView.accessibleObject {
                list.parent = panel
                children.append(list)
            }
            return children
        }
        return panel
    }
}
