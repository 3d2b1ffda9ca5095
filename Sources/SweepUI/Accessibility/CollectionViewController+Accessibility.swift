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
            if collectionView.accessibleObject != nil {
                // The list and its scroll bar.
                let objects = collectionView.accessibleObjectsInTree()
                for object in objects { object.parent = panel }
                children += objects
            }
            return children
        }
        return panel
    }
}
