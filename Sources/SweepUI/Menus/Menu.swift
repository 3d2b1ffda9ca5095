/// A menu: what a context menu offers (UIKit's `UIMenu`, GTK's
/// `GMenuModel`, Qt's `QMenu`). Entries are actions, separators and
/// submenus; `AppWindow.showMenu` shows one in a popup.
public struct Menu: Sendable, Equatable {
    public var items: [MenuItem]
    /// What a screen reader calls the menu as it opens ("banana.txt"); a
    /// collection view's context menu is named after its item when this is nil.
    public var title: String?

    public init(_ items: [MenuItem], title: String? = nil) {
        self.items = items
        self.title = title
    }

    /// The action with `id`, looked for in the submenus too.
    public func item(withID id: String) -> MenuItem? {
        for item in items {
            if item.id == id, case .action = item.kind { return item }
            if case .submenu(let children) = item.kind, let found = Menu(children).item(withID: id) { return found }
        }
        return nil
    }
}

/// One entry of a `Menu`.
public struct MenuItem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Chosen, it closes the menu and reports its `id`.
        case action
        /// Opens these entries beside it.
        case submenu([MenuItem])
        /// A line between groups; never highlighted.
        case separator
    }

    /// What the app is told when the entry is chosen; unique within the menu.
    public var id: String
    public var title: String
    /// A shortcut shown at the right ("Ctrl+C"); a label only, the app's keys do the work.
    public var shortcut: String?
    /// A disabled entry is drawn dimmed and cannot be chosen.
    public var isEnabled: Bool
    public var kind: Kind

    public init(id: String, title: String, shortcut: String? = nil, isEnabled: Bool = true, kind: Kind = .action) {
        self.id = id
        self.title = title
        self.shortcut = shortcut
        self.isEnabled = isEnabled
        self.kind = kind
    }

    /// An entry that does something.
    public static func action(_ title: String, id: String, shortcut: String? = nil, isEnabled: Bool = true) -> MenuItem {
        MenuItem(id: id, title: title, shortcut: shortcut, isEnabled: isEnabled)
    }

    /// An entry that opens `items` beside it.
    public static func submenu(_ title: String, id: String? = nil, isEnabled: Bool = true, _ items: [MenuItem]) -> MenuItem {
        MenuItem(id: id ?? title, title: title, isEnabled: isEnabled, kind: .submenu(items))
    }

    public static var separator: MenuItem { MenuItem(id: "", title: "", kind: .separator) }

    /// Whether the entry can be highlighted and chosen (an enabled action or submenu).
    public var isSelectable: Bool {
        if case .separator = kind { return false }
        return isEnabled
    }

    /// The entries of a submenu; nil for the others.
    public var submenuItems: [MenuItem]? {
        if case .submenu(let items) = kind { return items }
        return nil
    }
}

/// How a menu shown with `AppWindow.showMenu` ended.
public enum MenuResult: Sendable, Equatable {
    /// The person chose the action with this id.
    case chosen(String)
    /// Escape, a click outside, the compositor (`popup_done`), or the app closed it.
    case dismissed
}

/// What opened a menu: it decides where the menu goes and is logged.
public enum MenuTrigger: String, Sendable, Equatable {
    /// The right button.
    case pointer
    /// The Menu key or Shift+F10.
    case keyboard
    /// A long press on the touchscreen.
    case touch
}
