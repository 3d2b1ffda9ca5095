import SweepUI

/// The demo for screen readers: a panel of the pages on screen (each
/// describes itself) and the tab bar, a page tab list whose tabs say which
/// is selected and switch pages with their "click" action.
extension DemoApp {
    func makeAccessibleObject() -> AccessibleObject {
        let panel = AccessibleObject(role: .panel)
        panel.name = { [unowned self] in window.title }
        panel.extents = { [unowned self] in Rect(origin: .zero, size: window.size) }
        let tabList = AccessibleObject(role: .pageTabList)
        accessibleTabList = tabList
        tabList.parent = panel
        tabList.name = { "Pages" }
        tabList.extents = { [unowned self] in tabBar.frame }
        tabList.children = { [unowned self, unowned tabList] in
            let titles = tabBar.titles
            while accessibleTabs.count < titles.count {
                let index = accessibleTabs.count
                let tab = AccessibleObject(role: .pageTab)
                tab.parent = tabList
                tab.name = { [unowned self] in tabBar.titles.indices.contains(index) ? tabBar.titles[index] : "" }
                tab.states = { [unowned self] in
                    var states = AccessibleStates.usable.union([.selectable, .focusable])
                    if tabBar.selectedIndex == index { states.insert(.selected) }
                    if tabBar.focusedIndex == index { states.insert(.focused) }
                    return states
                }
                // Ctrl+1 … Ctrl+6 (DemoApp+Keys).
                tab.shortcut = { "<Control>\(index + 1)" }
                tab.extents = { [unowned self] in tabBar.frame(ofTab: index) }
                tab.actions = [("click", { [unowned self] in
                    select(tab: index)
                    return true
                })]
                accessibleTabs.append(tab)
            }
            return Array(accessibleTabs.prefix(titles.count))
        }
        panel.children = { [unowned self, unowned panel] in
            let pages = visiblePages.compactMap(\.accessibleObject)
            for page in pages { page.parent = panel }
            return pages + [tabList]
        }
        return panel
    }

    /// The object of tab `index` (made if no reader asked for the tabs yet); nil without a screen reader.
    func accessibleTab(_ index: Int) -> AccessibleObject? {
        guard accessibleObject != nil, let tabs = accessibleTabList?.children() else { return nil }
        return tabs.indices.contains(index) ? tabs[index] : nil
    }
}
