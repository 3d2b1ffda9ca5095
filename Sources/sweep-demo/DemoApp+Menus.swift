import SweepUI

/// The list's and grid's context menu (a right click, the Menu key or
/// Shift+F10, a long press): Copy titles, Select All, Delete, and a "Mark"
/// submenu whose choices only the event log records. It acts on the
/// selection, which the click made the item under it when that was not
/// selected.
extension DemoApp {
    /// The marks the submenu offers.
    static let marks = [("Red", "mark.red"), ("Green", "mark.green"), ("Blue", "mark.blue")]

    func installMenu(in pane: DemoPane) {
        let view = pane.view
        pane.logger.contextMenu = { [unowned view] item in
            // An item under the menu is selected as it shows: the menu acts on something.
            let selected = item != nil || view.selectedCount > 0
            return Menu([
                .action("Copy titles", id: "copy", shortcut: "Ctrl+C", isEnabled: selected),
                .action("Select All", id: "selectAll", shortcut: "Ctrl+A"),
                .action("Delete", id: "delete", shortcut: "Delete", isEnabled: selected),
                .separator,
                .submenu("Mark", id: "mark", isEnabled: selected, DemoApp.marks.map { .action($0.0, id: $0.1) }),
            ])
        }
        pane.logger.onMenuChoice = { [unowned self, unowned view] id in menuChose(id, in: view) }
    }

    private func menuChose(_ id: String, in view: CollectionView) {
        switch id {
        case "copy":
            if let content = view.clipboardContent { host.copy(content) }
        case "selectAll":
            view.setEditing(true)
            view.selectAll()
        case "delete":
            deleteSelected(in: view, inAnyMode: true)
        default:
            break   // the marks: the event log has them
        }
    }
}
