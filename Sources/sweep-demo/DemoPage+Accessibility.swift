import SweepUI

/// A demo page for screen readers: a panel named by the page's title whose
/// children are what the page shows now (its list and a banner, or a
/// pushed page), each adopted as the panel's child when asked for.
@MainActor
func makeAccessiblePage(title: String, content: @escaping () -> [AccessibleObject]) -> AccessibleObject {
    let page = AccessibleObject(role: .panel)
    page.name = { title }
    page.children = { [unowned page] in
        let children = content()
        for child in children { child.parent = page }
        return children
    }
    return page
}

extension AppWindow {
    /// Tells screen readers that `child` joined (or left) `parent`'s children, when one listens.
    func announce(_ child: AccessibleObject?, in parent: AccessibleObject?, added: Bool) {
        guard let accessibility = application.accessibility, let child, let parent else { return }
        accessibility.childrenChanged(parent, added: added, index: added ? max(0, child.indexInParent) : 0, child: child)
        if child.role == .notification { accessibility.stateChanged(child, "showing", added) }
    }
}

extension Banner {
    /// The card for screen readers: a notification with the message as its
    /// name and the detail as its description; its action dismisses it.
    func makeAccessibleObject() -> AccessibleObject {
        let card = AccessibleObject(role: .notification)
        card.name = { [unowned self] in message ?? "" }
        card.description = { [unowned self] in detail ?? "" }
        card.text = { [unowned self] in [message, detail].compactMap { $0 }.joined(separator: ". ") }
        card.extents = { [unowned self] in frame }
        card.actions = [("dismiss", { [unowned self] in
            guard message != nil else { return false }
            buttons.action(Point(x: frame.midX, y: frame.midY))
            return true
        })]
        return card
    }
}

extension TrailDetailPage {
    /// The trail's page for screen readers: its toolbar (the back button), its
    /// name as a heading and each fact as a label ("Region: Alps").
    func makeAccessibleObject(back: @escaping () -> Void) -> AccessibleObject {
        let panel = AccessibleObject(role: .panel)
        panel.name = { [trail] in trail.name }
        panel.extents = { [unowned self] in frame }
        let bar = AccessibleToolbar(toolbar) { item in if item.id == "back" { back() } }
        let heading = AccessibleObject(role: .heading)
        heading.name = { [trail] in trail.name }
        heading.text = heading.name
        heading.attributes = { ["level": "1"] }
        let facts = facts.map { label, value in
            let fact = AccessibleObject(role: .label)
            fact.name = { "\(label): \(value)" }
            fact.text = fact.name
            return fact
        }
        let children = [bar.object, heading] + facts
        for child in children { child.parent = panel }
        panel.children = { [bar] in withExtendedLifetime(bar) { children } }
        return panel
    }
}
