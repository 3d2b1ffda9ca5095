// The details view: a table of the entries whose columns a person sorts, resizes, moves and hides,
// saved in $XDG_STATE_HOME/sweep-files/columns.json (~/.local/state without it) after each change.
import Foundation
import SweepUI

extension Browser {
    /// The table's columns: Name with its icon, Size and Modified right-aligned and sorted by value, Kind.
    static func detailsColumns() -> [TableColumn<Entry>] {
        [TableColumn(id: "name", title: "Name", width: .flexible(minimum: 120, ideal: 260, maximum: 2000), isHideable: false,
                     text: { String(decoding: $0.name, as: UTF8.self) }, image: { .icon(Browser.icon(for: $0)) },
                     sortValue: { .text(String(decoding: $0.name, as: UTF8.self)) }),
         TableColumn(id: "size", title: "Size", width: .fitContent(minimum: 70, maximum: 140), alignment: .trailing,
                     text: { entry in entry.isFolder ? "" : entry.size.map(Browser.size) ?? "unreadable" },
                     sortValue: { entry in entry.isFolder ? .none : entry.size.map(TableSortValue.integer) ?? .none }),
         TableColumn(id: "modified", title: "Modified", width: .fitContent(minimum: 90, maximum: 240), alignment: .trailing,
                     text: { $0.modified.map { Browser.dates.string(from: Date(timeIntervalSince1970: TimeInterval($0))) } ?? "" },
                     sortValue: { $0.modified.map { .integer(Int64($0)) } ?? .none }),
         TableColumn(id: "kind", title: "Kind", width: .fixed(100), text: Browser.kind(of:))]
    }

    /// The table, with the columns as they were saved (a file that is not a saved state is ignored, and said so);
    /// with `tree`, folders open in place, read in the background when first opened.
    static func detailsTable(tree: Bool) -> TableView<Entry>? {
        var state = TableColumnState(sort: [TableSortDescriptor(column: "name")])
        let url = Browser.columnStateFile, size = url.flatMap { (try? FileManager.default.attributesOfItem(atPath: $0.path))?[.size] as? Int }
        if let url, let size, size > 1 << 20 {
            StandardStreams.printError("ignoring \(url.path): \(size) bytes is no saved column state", program: "files")
        } else if let url, let data = try? Data(contentsOf: url) {
            do { state = try JSONDecoder().decode(TableColumnState.self, from: data) } catch {
                StandardStreams.printError("ignoring \(url.path): not a saved column state (\(error))", program: "files")
            }
        }
        let outline = TableOutline<Entry>(hasChildren: \.isFolder) { folder in
            var children: [Entry] = []
            for try await chunk in listing(of: folder.path) { children += chunk }
            return children
        }
        let table = try? TableView(columns: detailsColumns(), rows: [], outline: tree ? outline : nil, state: state, name: "files")
        table?.leadingSortKey = { $0.isFolder ? 0 : 1 }   // folders first, whichever way a column sorts
        return table
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

    /// Renames `entry` on disk (F2, Enter); nil when done, else why not (the old name stays).
    func rename(_ entry: Entry, to name: String) -> String? {
        let bytes = Array(name.utf8)
        if name.trimmingCharacters(in: .whitespaces).isEmpty { return "A name cannot be empty" }
        if bytes.contains(0x2F) { return "A name cannot contain “/”" }
        if bytes.contains(0) { return "A name cannot contain a NUL character" }
        if name == "." || name == ".." { return "“\(name)” is not a name a file can have" }
        if bytes.count > 255 { return "The name is too long: \(bytes.count) bytes, 255 at most" }
        var renamed = entry
        renamed.name = bytes
        var info = stat()
        // rename(2) would replace a file of that name: never without asking.
        if cString(renamed.path, { lstat($0, &info) }) == 0 { return "“\(name)” already exists here" }
        guard cString(entry.path, { from in cString(renamed.path) { to in Foundation.rename(from, to) } }) == 0 else {
            return "Cannot rename: \(String(cString: strerror(errno)))"
        }
        // The folder shown is listed again, the renamed entry focused; in a tree, its folder's rows.
        if entry.folder == folder {
            renamedTo = bytes
            load(folder)
        } else {
            // In a tree, the folder it is in is read again, and the renamed entry selected once there.
            table?.reloadChildren(of: entry.folder) { [weak self] in self?.table?.selectOnly(renamed.path) }
        }
        return nil
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
