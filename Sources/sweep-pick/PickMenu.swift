import SweepUI

/// The records' context menu (a right click, the Menu key or Shift+F10, a
/// long press): Accept selected, Copy, Invert selection. The event log
/// records it as the demo's does.
@MainActor
final class PickMenu: CollectionViewDelegate {
    var onChoice: (String) -> Void = { _ in }
    private let log: PickLog?

    init(log: PickLog?) {
        self.log = log
    }

    func collectionView(_ view: CollectionView, contextMenuFor item: ItemPath?, trigger: MenuTrigger) -> Menu? {
        let any = item != nil || view.selectedCount > 0
        return Menu([
            .action("Accept selected", id: "accept", shortcut: "Enter", isEnabled: any),
            .action("Copy", id: "copy", shortcut: "Ctrl+C", isEnabled: any),
            .separator,
            .action("Invert selection", id: "invert", shortcut: "Ctrl+I", isEnabled: view.allowsMultipleSelectionDuringEditing),
        ])
    }

    func collectionView(_ view: CollectionView, contextMenu event: MenuEvent) {
        switch event {
        case .shown(let frame, let trigger):
            log?.write("menu", ["phase": "shown", "trigger": trigger.rawValue,
                                "frame": [frame.x, frame.y, frame.width, frame.height]])
        case .chosen(let id):
            log?.write("menu", ["phase": "chosen", "id": id])
            onChoice(id)
        case .dismissed:
            log?.write("menu", ["phase": "dismissed"])
        }
    }
}
