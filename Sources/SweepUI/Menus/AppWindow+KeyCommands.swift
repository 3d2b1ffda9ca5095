/// A key that does something wherever the focus is in a window (UIKit's
/// `UIKeyCommand`, GTK's shortcut controller in the managed scope). It is
/// asked after the focused component declines the key, so a text field
/// keeps its own Ctrl+Z and Delete.
public struct KeyCommand {
    public var shortcut: KeyShortcut
    /// What the command is called (a menu entry's id), to remove it by.
    public var id: String
    /// Asked at the key: a command that is not enabled lets the key go on.
    public var isEnabled: () -> Bool
    public var action: () -> Void
}

extension AppWindow {
    /// Makes `shortcut` do `action` while `isEnabled` says so.
    public func addKeyCommand(_ shortcut: KeyShortcut, id: String, isEnabled: @escaping () -> Bool = { true },
                              action: @escaping () -> Void) {
        keyCommands.append(KeyCommand(shortcut: shortcut, id: id, isEnabled: isEnabled, action: action))
    }

    /// Makes the shortcut of every action of `menu` (its submenus' too) do
    /// what choosing the entry does: `perform` gets its id, while
    /// `isEnabled` says it can be chosen. The menu's labels and the keys
    /// then always agree.
    public func addKeyCommands(for menu: Menu, isEnabled: @escaping (String) -> Bool = { _ in true },
                               perform: @escaping (String) -> Void) {
        for item in menu.actions {
            guard let shortcut = item.shortcut else { continue }
            let id = item.id
            addKeyCommand(shortcut, id: id, isEnabled: { isEnabled(id) }, action: { perform(id) })
        }
    }

    /// Removes the commands named `id`.
    public func removeKeyCommands(id: String) {
        keyCommands.removeAll { $0.id == id }
    }

    /// Runs the first enabled command `key` is the shortcut of; false when none is.
    func performKeyCommand(for key: KeyEvent) -> Bool {
        guard let command = keyCommands.first(where: { $0.shortcut.matches(key) && $0.isEnabled() }) else { return false }
        command.action()
        return true
    }
}
