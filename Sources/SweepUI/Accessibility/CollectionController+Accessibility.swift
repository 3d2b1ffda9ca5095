import SweepAccessibility

/// A collection controller for screen readers: a panel named by its title
/// holding its toolbar (a tool bar of push buttons, each with a "click"
/// action) and its list or grid.
extension CollectionController {
    func makeAccessiblePanel() -> AccessibleObject {
        let panel = AccessibleObject(role: .panel)
        panel.name = { [unowned self] in toolbar.title }
        panel.extents = { [unowned self] in frame }
        let bar = AccessibleObject(role: .toolBar)
        bar.parent = panel
        bar.name = { [unowned self] in toolbar.title }
        bar.extents = { [unowned self] in toolbar.frame }
        bar.children = { [unowned self, unowned bar] in
            let items = toolbar.leadingItems + toolbar.trailingItems
            accessibleButtons = accessibleButtons.filter { id, _ in items.contains { $0.id == id } }
            return items.map { item in
                if let button = accessibleButtons[item.id] { return button }
                let button = makeAccessibleButton(item.id)
                button.parent = bar
                accessibleButtons[item.id] = button
                return button
            }
        }
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

    /// A push button for the toolbar item `id`, its title read when asked (Edit turns into Done).
    private func makeAccessibleButton(_ id: String) -> AccessibleObject {
        let button = AccessibleObject(role: .pushButton)
        let item = { [unowned self] in (toolbar.leadingItems + toolbar.trailingItems).first { $0.id == id } }
        button.name = { item()?.title ?? "" }
        button.states = { item() == nil ? [.defunct] : AccessibleStates.usable.union(.focusable) }
        button.extents = { [unowned self] in toolbar.frame(ofItem: id) ?? .zero }
        button.actions = [("click", { [unowned self] in
            guard let current = item() else { return false }
            perform(current)
            return true
        })]
        return button
    }
}
