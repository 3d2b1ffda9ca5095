import SweepAccessibility
import SweepViews

/// A `ToolbarView` for screen readers: a tool bar named by its title whose
/// children are push buttons, one per item (leading then trailing), each
/// with a "click" action. Buttons are kept by item id, so a screen reader's
/// reference holds while the toolbar changes around them (Edit turning into
/// Done keeps its button and renames it).
@MainActor
public final class AccessibleToolbar {
    /// The tool bar object; make it a child of the panel that holds the toolbar.
    public let object = AccessibleObject(role: .toolBar)
    private let toolbar: ToolbarView
    private let perform: (ToolbarItem) -> Void
    private var buttons: [String: AccessibleObject] = [:]

    /// Exposes `toolbar`; a button's "click" calls `perform` with its item, as a tap would.
    public init(_ toolbar: ToolbarView, perform: @escaping (ToolbarItem) -> Void) {
        self.toolbar = toolbar
        self.perform = perform
        object.name = { [unowned toolbar] in toolbar.title }
        object.extents = { [unowned toolbar] in toolbar.frame }
        object.children = { [unowned self] in currentButtons() }
    }

    private var items: [ToolbarItem] { toolbar.leadingItems + toolbar.trailingItems }

    /// The button of item `id` (made if a reader has not asked for it yet), nil when there is none.
    public func button(for id: String) -> AccessibleObject? {
        currentButtons().first { button in buttons[id] === button }
    }

    private func currentButtons() -> [AccessibleObject] {
        let items = items
        buttons = buttons.filter { id, _ in items.contains { $0.id == id } }
        return items.map { item in
            if let button = buttons[item.id] { return button }
            let button = makeButton(item.id)
            buttons[item.id] = button
            return button
        }
    }

    /// A push button for the item `id`, its title read when asked.
    private func makeButton(_ id: String) -> AccessibleObject {
        let button = AccessibleObject(role: .pushButton)
        button.parent = object
        let item = { [unowned self] in items.first { $0.id == id } }
        button.name = { item()?.title ?? "" }
        button.states = { [unowned toolbar] in
            guard item() != nil else { return [.defunct] }
            var states = AccessibleStates.usable.union(.focusable)
            if toolbar.focusedItemID == id { states.insert(.focused) }
            return states
        }
        button.shortcut = { item()?.shortcut ?? "" }
        button.extents = { [unowned toolbar] in toolbar.frame(ofItem: id) ?? .zero }
        button.actions = [("click", { [unowned self] in
            guard let current = item() else { return false }
            perform(current)
            return true
        })]
        return button
    }
}
