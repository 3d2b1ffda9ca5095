/// A menu: what a context menu or a menu button offers (UIKit's `UIMenu`,
/// GTK's `GMenuModel`, Qt's `QMenu`). Entries are actions (with an icon, a
/// checkmark or radio dot, a shortcut, a destructive style, a reason when
/// disabled), separators and submenus; `AppWindow.showMenu` shows one in a
/// popup, and `AppWindow.addKeyCommands(for:)` makes its shortcuts keys.
public struct Menu: Sendable, Equatable {
    public var items: [MenuItem]
    /// What a screen reader calls the menu as it opens ("banana.txt"); a
    /// collection view's context menu is named after its item when this is nil.
    public var title: String?

    public init(_ items: [MenuItem], title: String? = nil) {
        self.items = items
        self.title = title
    }

    /// Every action, the submenus' too, in order.
    public var actions: [MenuItem] {
        items.flatMap { item -> [MenuItem] in
            switch item.kind {
            case .action: [item]
            case .submenu(let children): Menu(children).actions
            case .separator: []
            }
        }
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

    /// A mark before the title: a checkmark for an option that is on or
    /// off, a dot for one of a group of choices (UIKit's menu element
    /// states, GMenu's boolean and string states).
    public enum Mark: Sendable, Equatable {
        case none
        case checkmark(isOn: Bool)
        case radio(isOn: Bool)

        var isOn: Bool {
            switch self {
            case .none: false
            case .checkmark(let on), .radio(let on): on
            }
        }
    }

    /// What the app is told when the entry is chosen; unique within the menu.
    public var id: String
    public var title: String
    /// The shortcut shown at the right, in the desktop's notation. Add the
    /// menu to the window's key commands (`AppWindow.addKeyCommands(for:)`)
    /// and the keys do what the entry does.
    public var shortcut: KeyShortcut?
    /// A disabled entry is drawn dimmed and cannot be chosen.
    public var isEnabled: Bool
    public var kind: Kind
    /// An icon before the title.
    public var icon: ItemIcon?
    /// A checkmark or a radio dot before the title.
    public var mark: Mark
    /// A destructive action (Delete, Move to Trash): its title is red.
    public var isDestructive: Bool
    /// Why a disabled entry cannot be chosen ("Nothing is selected"),
    /// shown under its title and told to screen readers.
    public var disabledReason: String?

    public init(id: String, title: String, shortcut: KeyShortcut? = nil, isEnabled: Bool = true, kind: Kind = .action,
                icon: ItemIcon? = nil, mark: Mark = .none, isDestructive: Bool = false, disabledReason: String? = nil) {
        self.id = id
        self.title = title
        self.shortcut = shortcut
        self.isEnabled = isEnabled
        self.kind = kind
        self.icon = icon
        self.mark = mark
        self.isDestructive = isDestructive
        self.disabledReason = disabledReason
    }

    /// An entry that does something.
    public static func action(_ title: String, id: String, shortcut: KeyShortcut? = nil, isEnabled: Bool = true,
                              icon: ItemIcon? = nil, mark: Mark = .none, isDestructive: Bool = false,
                              disabledReason: String? = nil) -> MenuItem {
        MenuItem(id: id, title: title, shortcut: shortcut, isEnabled: isEnabled, icon: icon, mark: mark,
                 isDestructive: isDestructive, disabledReason: disabledReason)
    }

    /// What a disabled entry says under its title; nil for an enabled one.
    var shownDisabledReason: String? { isEnabled ? nil : disabledReason }

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
