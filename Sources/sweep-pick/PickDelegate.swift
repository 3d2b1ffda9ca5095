import Foundation
import SweepUI

/// The records' delegate: their context menu (a right click, the Menu key
/// or Shift+F10, a long press: Accept selected, Copy, Invert selection),
/// and with `--images` a drag of the selected files out to other apps, as
/// a `text/uri-list` (and their paths as text). The event log records both
/// as the demo's does.
@MainActor
final class PickDelegate: CollectionViewDelegate {
    var onChoice: (String) -> Void = { _ in }
    private let log: PickLog?
    /// Whether the records are files that drag out.
    var dragsFiles = false
    /// The whole record of a row (a picture's row shows only the file's name).
    var recordText: (ItemPath) -> String = { _ in "" }

    init(log: PickLog?) {
        self.log = log
    }

    func collectionView(_ view: CollectionView, dragDataFor items: [ItemRange]) -> DragData? {
        guard dragsFiles else { return nil }
        let record = recordText
        // Relative paths are the picker's working directory's.
        let directory = FileManager.default.currentDirectoryPath
        return DragData(types: [
            ("text/uri-list", .lines(of: items, terminator: "\r\n") { item in
                let path = record(item)
                return FileURI.encode(path.hasPrefix("/") ? path : directory + "/" + path)
            }),
            ("text/plain;charset=utf-8", .lines(of: items, record)),
        ], actions: .copy)
    }

    func collectionView(_ view: CollectionView, drag event: DragEvent, items: [ItemRange]) {
        switch event {
        case .finished(let action): log?.write("drag", ["phase": "finished", "action": action.name, "count": items.reduce(0) { $0 + $1.count }])
        case .cancelled: log?.write("drag", ["phase": "cancelled"])
        default: break
        }
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
