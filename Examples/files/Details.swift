// The details view: a table of the entries whose columns a person sorts, resizes, moves and hides,
// saved in $XDG_STATE_HOME/sweep-files/columns.json (~/.local/state without it) after each change.
import Foundation
import SweepUI

extension Browser {
    /// The table's columns: Name with its icon (folders first), Size and Modified right-aligned and
    /// sorted by value, Kind.
    static func detailsColumns() -> [TableColumn<Entry>] {
        [TableColumn(id: "name", title: "Name", width: .flexible(minimum: 120, ideal: 260, maximum: 2000), isHideable: false,
                     text: { String(decoding: $0.name, as: UTF8.self) }, image: { .icon(Browser.icon(for: $0)) },
                     sortValue: { .text(($0.isFolder ? "\u{1}" : "\u{2}") + String(decoding: $0.name, as: UTF8.self)) }),
         TableColumn(id: "size", title: "Size", width: .fitContent(minimum: 70, maximum: 140), alignment: .trailing,
                     text: { entry in entry.isFolder ? "" : entry.size.map(Browser.size) ?? "unreadable" },
                     sortValue: { entry in entry.isFolder ? .none : entry.size.map(TableSortValue.integer) ?? .none }),
         TableColumn(id: "modified", title: "Modified", width: .fitContent(minimum: 90, maximum: 240), alignment: .trailing,
                     text: { $0.modified.map { Browser.dates.string(from: Date(timeIntervalSince1970: TimeInterval($0))) } ?? "" },
                     sortValue: { $0.modified.map { .integer(Int64($0)) } ?? .none }),
         TableColumn(id: "kind", title: "Kind", width: .fixed(100), text: Browser.kind(of:))]
    }

    /// The table, with the columns as they were saved (a file that is not a saved state is ignored, and said so).
    static func detailsTable() -> TableView<Entry>? {
        var state = TableColumnState(sort: [TableSortDescriptor(column: "name")])
        if let url = Browser.columnStateFile, let data = try? Data(contentsOf: url) {
            do { state = try JSONDecoder().decode(TableColumnState.self, from: data) } catch {
                StandardStreams.printError("ignoring \(url.path): not a saved column state (\(error))", program: "files")
            }
        }
        return try? TableView(columns: detailsColumns(), rows: [], state: state)
    }

    /// Writes the columns' state whole or not at all; a failure (a full disk, no permission) is shown.
    func saveColumns(_ state: TableColumnState) {
        guard let url = Browser.columnStateFile else { return }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(state).write(to: url, options: .atomic)
        } catch {
            status.text = "Cannot save the columns: \(error.localizedDescription)"
        }
    }

    static var columnStateFile: URL? {
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["XDG_STATE_HOME"].flatMap({ $0.hasPrefix("/") ? $0 : nil })
                ?? environment["HOME"].map({ $0 + "/.local/state" }) else { return nil }
        return URL(fileURLWithPath: base).appendingPathComponent("sweep-files/columns.json")
    }

    static func size(_ bytes: Int64) -> String {
        bytes < 1000 ? "\(bytes) B" : ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }

    static func kind(of entry: Entry) -> String {
        switch icon(for: entry) {
        case .folder: "Folder"
        case .image: "Image"
        case .audio: "Audio"
        case .video: "Video"
        case .archive: "Archive"
        default: "Document"
        }
    }
}
