// files: a folder browser built on SweepUI alone.
//
//   files [--grid | --details | --tree] [--timing] [FOLDER]
//
// The folder's entries, folders first and then by name, each with an icon, its name, and its size and
// modified time; the listing is read off the main actor and arrives in chunks while the window stays
// live. A filter field narrows the entries and keeps the selection of the ones it hides. Enter or a
// double click opens a folder (a file's path is printed), Backspace goes up (to the folder left,
// focused), a click on a place in the sidebar (Home, the XDG folders, GTK's bookmarks) opens it,
// F6 moves between the sidebar and the entries, Tab through the places, the filter and the entries,
// the header's buttons go Back, Forward and Up (Alt+Left, Alt+Right, Alt+Up), make a New Folder
// (Ctrl+Shift+N) and show a Preview of the selected file beside the entries (F3), the ☰ menu has those with Move to
// Trash (Delete, the FreeDesktop trash), its shortcuts the window's key commands, Ctrl+C copies the selected paths, and the status line counts the selection. Names are bytes: names differing only in normalization or invalid
// UTF-8 are two entries, and paths are printed and copied byte for byte, one a line (`PathLine`).
// --details shows a table (Details.swift): Name, Size, Modified and Kind, sorted by a click on a
// title, resized, moved and hidden, as saved in $XDG_STATE_HOME/sweep-files/columns.json; --tree the
// same with folders that open in place. F2 (or a slow second click on a name) renames on disk.
import Foundation
import SweepUI

/// One entry of a folder; its name's bytes are its identity there, its path's in a tree.
struct Entry: Sendable, Identifiable {
    var folder: [UInt8]
    var name: [UInt8]
    var isFolder: Bool
    /// nil when the entry could not be read (gone, or no permission).
    var size: Int64?
    var modified: Int?
    var path: [UInt8] { (folder.last == 0x2F ? folder : folder + [0x2F]) + name }
    var id: [UInt8] { path }
}

/// Lists `folder` off the main actor, a chunk at a time, so the window stays
/// live while a huge folder is read; an entry that cannot be read comes
/// without size, a folder that cannot be opened ends the stream with an error.
func listing(of folder: [UInt8]) -> AsyncThrowingStream<[Entry], Error> {
    AsyncThrowingStream { continuation in
        let work = Task.detached {
            guard let directory = cString(folder, { opendir($0) }) else {
                return continuation.finish(throwing: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
            }
            defer { closedir(directory) }
            var chunk: [Entry] = []
            while !Task.isCancelled, let record = readdir(directory) {
                let name = withUnsafeBytes(of: record.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                if name == Array(".".utf8) || name == Array("..".utf8) { continue }
                var info = stat()
                let readable = cString(name) { fstatat(dirfd(directory), $0, &info, 0) } == 0
                chunk.append(Entry(folder: folder, name: name, isFolder: readable && info.st_mode & S_IFMT == S_IFDIR,
                                   size: readable ? Int64(info.st_size) : nil, modified: readable ? info.st_mtim.tv_sec : nil))
                if chunk.count == 4096 { continuation.yield(chunk); chunk = [] }
            }
            continuation.yield(chunk)
            continuation.finish()
        }
        continuation.onTermination = { _ in work.cancel() }
    }
}

/// The first 64 KB of a regular file as text (opened without blocking: a FIFO must not hang the
/// reader); a note in italics for a binary, unreadable or other kind of file.
func previewText(of path: [UInt8]) -> StyledText {
    let fd = cString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else { return StyledText("Cannot open: \(String(cString: strerror(errno)))", style: .italic) }
    let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return StyledText("Not a regular file", style: .italic) }
    let data: Data
    do { data = try file.read(upToCount: 65_536) ?? Data() } catch {   // nil: the end of the file (an empty one)
        return StyledText("Cannot read the file: \(error.localizedDescription)", style: .italic)
    }
    if data.contains(0) { return StyledText("A binary file of \(info.st_size) bytes", style: .italic) }
    return StyledText(String(decoding: data, as: UTF8.self))
}

/// A PNG, JPEG or SVG file (by its name) as a picture of at most 2048 pixels a side; nil for
/// anything else, a file over 64 MB or one that does not decode (then its text is shown).
func previewImage(of path: [UInt8]) -> Bitmap? {
    let name = String(decoding: path.suffix(5), as: UTF8.self).lowercased()
    guard [".png", ".jpg", "jpeg", ".svg"].contains(where: name.hasSuffix) else { return nil }
    let fd = cString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else { return nil }
    let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 64 << 20,
          let data = try? file.readToEnd() else { return nil }
    return try? ImageDecoder.decode(Array(data), fitting: 2048, format: name.hasSuffix(".svg") ? .svg : nil).bitmap
}

/// `body` with `bytes` as a NUL-terminated C string.
func cString<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
    (bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
}

/// The browser: a filter field over the entries over a status line.
@MainActor final class Browser {
    let window: AppWindow
    let source = SnapshotDataSource<Int, [UInt8]> { name in ItemContent(title: String(decoding: name, as: UTF8.self)) }
    let filtered: FilteredDataSource
    let view: CollectionView
    /// The details view (--details), whose rows are `names` in order, so a row's index is the list's source item.
    let table: TableView<Entry>?
    let field = TextField(placeholder: "Filter", style: .search)
    let status = Label(accessibleRole: .statusBar)
    /// The one selected file's first 64 KB, beside the entries (F3 or the Preview button shows it).
    let preview = TextView()
    /// An image's preview in large, scrolled when taller than the pane; shown in place of the text.
    let picture = ImageView(), pictureScroll: ScrollView, previewPane: Stack
    private var previewing: Task<Void, Never>?
    private var entriesAndPreview: SplitPane?
    /// The header's buttons (Alt+Left, Alt+Right, Alt+Up and Ctrl+Shift+N do the same; Tab skips them).
    let back = Button("", icon: .glyph("←")), forward = Button("", icon: .glyph("→")), up = Button("", icon: .glyph("↑"))
    let newFolder = Button("New Folder"), showPreview = Button("Preview", toggle: true)
    /// The header's menu of the app's actions, whose shortcuts are the window's key commands.
    let menuButton = Button("", icon: .glyph("☰"))
    /// The folders shown, as a browser's history, and where in it the view is.
    private var history: [[UInt8]] = [], historyIndex = -1
    private(set) var folder: [UInt8] = []
    private var entries: [[UInt8]: Entry] = [:]
    /// The entries' names in the snapshot's order, and their lower-case forms for the filter.
    private var names: [[UInt8]] = [], keys: [String] = []
    /// The menu's entry by name (rows may reorder); going up, the folder left, focused once listed.
    private var reading = false, failure: String?, menuEntry: Entry?
    var cameFrom: [UInt8]?, renamedTo: [UInt8]?
    init(window: AppWindow, folder: [UInt8], grid: Bool, details: Bool, tree: Bool) {
        self.window = window
        table = details || tree ? Browser.detailsTable(tree: tree) : nil
        filtered = table?.shownRows ?? FilteredDataSource(source: source)
        let layout: any CollectionViewLayout = grid ? CollectionGridLayout() : CollectionListLayout()
        view = table?.collectionView ?? CollectionView(layout: layout, dataSource: filtered, name: "files")
        pictureScroll = ScrollView(picture)
        previewPane = Stack(.vertical, [.flexible(preview), .flexible(pictureScroll)])
        previewPane.setHidden(pictureScroll, true)
        (view.allowsMultipleSelection, view.activatesOnDoubleClick) = (true, true)
        source.content = { [unowned self] name in content(of: name) }
        source.title = { name in String(decoding: name, as: UTF8.self) }
        source.copiedText = { [unowned self] name in String(decoding: path(of: name), as: UTF8.self) }
        (view.onActivate, view.delegate) = ({ [unowned self] row in open(row: row.item) }, self)
        filtered.onSelectionChange = { [unowned self] event in
            updateStatus()
            if !event.isProvisional { previewSelection() }
        }
        field.onChange = { [unowned self] _ in applyFilter() }
        field.onSubmit = { [unowned self] _ in window.focus(view) }
        let folders = places(), sidebar = CollectionView(layout: .list, dataSource: StringItems(folders.map(\.name)), name: "places")
        sidebar.onActivate = { [unowned self] row in visit(folders[row.item].path) }
        for (button, name, action) in [(back, "Back", { [unowned self] in goBack() }), (forward, "Forward", { [unowned self] in goForward() }),
                                       (up, "Up", { [unowned self] in goUp() }), (newFolder, "New Folder", { [unowned self] in makeFolder() }),
                                       (showPreview, "Preview", { [unowned self] in setPreviewShown(showPreview.isOn) }),
                                       (menuButton, "Menu", {})] {
            (button.accessibleName, button.isFocusable, button.onActivate) = (name, false, { _ in action() })
            button.tooltip = ["Back": "Back (Alt+Left)", "Forward": "Forward (Alt+Right)", "Up": "Up (Alt+Up)",
                              "New Folder": "New Folder (Ctrl+Shift+N)", "Preview": "Preview (F3)", "Menu": "Menu"][name]
        }
        (newFolder.mnemonic, showPreview.mnemonic) = ("N", "P")   // Alt+N, Alt+P, underlined
        // The desktop's icons where its theme has them; the arrows otherwise.
        (back.iconName, forward.iconName, up.iconName) = ("go-previous-symbolic", "go-next-symbolic", "go-up-symbolic")
        let header = Stack(.horizontal, spacing: 4, padding: 3, alignment: .center,
                           [Stack.Item(back), Stack.Item(forward), Stack.Item(up), Stack.Item(newFolder), .flexible(field), Stack.Item(showPreview),
                            Stack.Item(menuButton)])
        header.background = .theme(\.toolbarBackground)
        // A phone has room for the arrows, the filter and the menu, which holds New Folder and the preview too.
        window.onSizeClassChange = { [unowned self, unowned header] sizeClass in
            for button in [newFolder, showPreview] { header.setHidden(button, sizeClass == .compact) }
        }
        (preview.accessibleLabel, preview.isFocusable) = ("Preview", false)   // Tab keeps to the places, the filter and the entries
        let entriesAndPreview = SplitPane(.horizontal, first: table ?? view, second: previewPane, position: SplitPane.Position(firstLength: 380, collapsed: .second))
        (entriesAndPreview.minimumLengths, entriesAndPreview.collapsibleSides) = ((200, 120), [.second])
        entriesAndPreview.onPositionChange = { [unowned self] position in showPreview.isOn = position.collapsed == nil }
        self.entriesAndPreview = entriesAndPreview
        let browser = ColumnLayout([(header, .fixed(TextField.preferredHeight)), (entriesAndPreview, .flexible), (status, .fixed(28))])
        // The places beside the entries: F6 moves between them, the divider drags (and collapses the places).
        let split = SplitPane(.horizontal, first: sidebar, second: browser,
                              position: SplitPane.Position(firstLength: 180, collapsed: folders.isEmpty ? .first : nil))
        (split.minimumLengths, split.collapsibleSides) = ((120, 320), [.first])
        window.content = split
        window.onKey = { [unowned self] key in handleKey(key) }
        menuButton.onMenuChoice = { [unowned self] id in perform(id) }
        menuButton.menu = appMenu()
        window.addKeyCommands(for: appMenu(), isEnabled: { [unowned self] id in id != "trash" || filtered.selectedCount > 0 }) { [unowned self] id in
            perform(id)
        }
        table?.onColumnStateChange = { [unowned self] state in saveColumns(state) }
        table?.onRename = { [unowned self] entry, name in rename(entry, to: name) }
        table?.onChildrenError = { [unowned self] entry, error in
            status.text = "Cannot read \(String(decoding: entry.path, as: UTF8.self)): \(error.localizedDescription)"
        }
        window.focus(view)
        visit(folder)
    }

    private func setPreviewShown(_ shown: Bool) {
        entriesAndPreview?.position.collapsed = shown ? nil : .second
        showPreview.isOn = shown
        menuButton.menu = appMenu()
    }

    /// The header menu: icons, a checkmark, shortcuts, a destructive entry that says why it is disabled.
    private func appMenu() -> Menu {
        let selected = filtered.selectedCount
        return Menu([.action("New Folder", id: "newFolder", shortcut: "Ctrl+Shift+N", icon: .folder),
                     .action("Copy Paths", id: "copy", shortcut: "Ctrl+C", isEnabled: selected > 0, disabledReason: "Nothing is selected"),
                     .separator,
                     .action("Show Preview", id: "preview", shortcut: "F3", mark: .checkmark(isOn: showPreview.isOn)),
                     .separator,
                     .action("Move to Trash", id: "trash", shortcut: "Delete", isEnabled: selected > 0, isDestructive: true,
                             disabledReason: "Nothing is selected")], title: "Files")
    }

    /// What a menu entry or its shortcut does.
    private func perform(_ id: String) {
        switch id {
        case "newFolder": makeFolder()
        case "copy": copyPaths()
        case "preview": setPreviewShown(!showPreview.isOn)
        case "trash": trashSelection()
        default: break
        }
    }

    /// Moves the selected entries to the trash; the first that cannot go says why.
    private func trashSelection() {
        var problem: String?
        for entry in filtered.selectedSourceIndices.compactMap(entry(atSource:)) {
            do { try moveToTrash(entry.path) } catch {
                problem = "Cannot trash \(String(decoding: entry.name, as: UTF8.self)): \(error)"
                break
            }
        }
        load(folder)
        failure = problem
        updateStatus()
    }

    /// Shows the one selected entry in the preview: a file's text, read off the main actor.
    private func previewSelection() {
        previewing?.cancel()
        let chosen = Array(filtered.selectedSourceIndices.prefix(2))
        guard chosen.count == 1, let entry = entry(atSource: chosen[0]), !entry.isFolder else {
            (previewPane.setHidden(pictureScroll, true), previewPane.setHidden(preview, false))
            return preview.text = StyledText(chosen.isEmpty ? "" : chosen.count > 1 ? "\(filtered.selectedCount) selected" : "A folder", style: .italic)
        }
        let path = entry.path
        picture.accessibleLabel = String(decoding: entry.name, as: UTF8.self)
        previewing = Task { [weak self] in
            let (image, text) = await Task.detached { () -> (Bitmap?, StyledText?) in
                previewImage(of: path).map { ($0, nil) } ?? (nil, previewText(of: path))
            }.value
            guard let self, !Task.isCancelled else { return }
            (picture.image, preview.text) = (image, text ?? StyledText(""))
            previewPane.setHidden(preview, image != nil)
            previewPane.setHidden(pictureScroll, image == nil)
        }
    }

    /// Shows `newFolder` and records it in the history (what lay ahead goes).
    func visit(_ newFolder: [UInt8]) {
        history = Array(history.prefix(historyIndex + 1)) + [newFolder]
        historyIndex = history.count - 1
        load(newFolder)
    }

    private func goBack() { if historyIndex > 0 { historyIndex -= 1; load(history[historyIndex]) } }
    private func goForward() { if historyIndex + 1 < history.count { historyIndex += 1; load(history[historyIndex]) } }

    /// Up to the folder holding this one, the folder left focused once listed.
    private func goUp() {
        guard folder != [0x2F], let slash = folder.lastIndex(of: 0x2F) else { return }
        cameFrom = Array(folder[(slash + 1)...])
        visit(Array(folder[..<max(1, slash)]))
    }

    /// Makes "New Folder" (or "New Folder 2", …) here and focuses it once listed.
    private func makeFolder() {
        var error = EEXIST
        for number in 1...1000 where error == EEXIST {
            let name = Array((number == 1 ? "New Folder" : "New Folder \(number)").utf8)
            error = cString(path(of: name)) { mkdir($0, 0o777) } == 0 ? 0 : errno
            if error == 0 { cameFrom = name }
        }
        guard error == 0 else { return status.text = "Cannot make a folder here: \(String(cString: strerror(error)))" }
        load(folder)
    }

    private var loading: Task<Void, Never>?
    /// Shows `newFolder`, listing it in the background.
    func load(_ newFolder: [UInt8]) {
        loading?.cancel()
        // The same folder again (an entry renamed, trashed or made): the old entries stay until the
        // new listing is whole, so nothing flickers and a tree keeps its open folders.
        let again = newFolder == folder && !entries.isEmpty
        folder = newFolder
        window.title = "Files — " + String(decoding: newFolder, as: UTF8.self)   // a screen reader hears the new folder
        (back.isEnabled, forward.isEnabled, up.isEnabled) = (historyIndex > 0, historyIndex + 1 < history.count, newFolder != [0x2F])
        if !again { entries = [:] }
        field.text = ""
        setFilter(nil)
        (reading, failure) = (true, nil)
        showEntries()
        loading = Task {
            var shown = ContinuousClock.now, fresh: [[UInt8]: Entry] = [:]
            do {
                for try await chunk in listing(of: newFolder) {
                    guard !Task.isCancelled else { return }
                    for entry in chunk { fresh[entry.name] = entry }
                    // Sorting and diffing a huge folder per chunk would be wasted: ten times a second is live enough.
                    if !again, ContinuousClock.now - shown > .milliseconds(100) { entries = fresh; showEntries(); shown = .now }
                }
                entries = fresh
            } catch {
                guard !Task.isCancelled else { return }
                entries = fresh
                failure = "Cannot read \(String(decoding: newFolder, as: UTF8.self)): \(error.localizedDescription)"
            }
            guard !Task.isCancelled else { return }
            reading = false
            showEntries()
            report("listed \(names.count) entries")
        }
    }

    /// Puts the entries in a snapshot, folders first, then by name.
    private func showEntries() {
        let sorted = entries.values.map { (folder: !$0.isFolder, key: String(decoding: $0.name, as: UTF8.self).lowercased(), name: $0.name) }
            .sorted { ($0.folder, $0.key) != ($1.folder, $1.key) ? ($0.folder ? 1 : 0, $0.key) < ($1.folder ? 1 : 0, $1.key)
                : $0.name.lexicographicallyPrecedes($1.name) }
        names = sorted.map(\.name)
        keys = sorted.map(\.key)
        var snapshot = ItemSnapshot<Int, [UInt8]>()
        snapshot.appendSections([0])
        _ = snapshot.appendItems(names)
        do {
            if let table { try table.setRows(names.compactMap { entries[$0] }) } else { try source.apply(snapshot) }
        } catch { failure = "\(error)" }
        // The folder left going up is focused once listed; an entry just renamed is selected too.
        if let name = cameFrom ?? renamedTo, let row = sourceIndex(ofName: name).flatMap(filtered.row(showing:)) {
            if renamedTo != nil { view.selectItem(at: ItemPath(section: 0, item: row)) }
            (cameFrom, renamedTo) = (nil, nil)
            view.setFocus(ItemPath(section: 0, item: row))
        }
        updateStatus()
    }

    private func applyFilter() {
        let needle = field.text.lowercased()
        // Read `keys` when called: new snapshots remake the rows with the indices of the names then.
        setFilter(needle.isEmpty ? nil : { [unowned self] item in filterKey(ofSource: item).contains(needle) })
        updateStatus()
    }

    /// What the filter matches in an entry: its lower-case name (a table's rows are its own, a tree's included).
    private func filterKey(ofSource item: Int) -> String {
        guard let table else { return keys.indices.contains(item) ? keys[item] : "" }
        return table.rows.indices.contains(item) ? String(decoding: table.rows[item].name, as: UTF8.self).lowercased() : ""
    }

    /// The table filters its sorted rows; the list's adapter its own.
    private func setFilter(_ isIncluded: ((Int) -> Bool)?) {
        if let table { table.isIncluded = isIncluded } else { filtered.isIncluded = isIncluded }
    }

    private func updateStatus() {
        menuButton.menu = appMenu()
        let count = "\(filtered.selectedCount) selected · \(filtered.rowCount) of \(names.count) shown"
        status.text = failure ?? (reading ? "\(count) · reading…" : count)
    }

    /// `--timing`: how long after the start something happened, on standard error.
    var timing: ContinuousClock.Instant?
    func report(_ what: String) { if let timing { StandardStreams.printError("\(what) after \(Int((ContinuousClock.now - timing) / .milliseconds(1))) ms", program: "files") } }

    private func path(of name: [UInt8]) -> [UInt8] { (folder.last == 0x2F ? folder : folder + [0x2F]) + name }

    /// The source index of the entry `name` of the folder shown.
    private func sourceIndex(ofName name: [UInt8]) -> Int? {
        guard let table else { return names.firstIndex(of: name) }
        return table.rows.firstIndex { $0.name == name && $0.folder == folder }
    }

    /// The entry a source index names: a table row (a tree's rows are its own), or a listed name.
    func entry(atSource index: Int) -> Entry? {
        if let table { return table.rows.indices.contains(index) ? table.rows[index] : nil }
        return names.indices.contains(index) ? entries[names[index]] : nil
    }

    /// Enter or a double click: a folder opens, a file's path is printed.
    private func open(row: Int) { if let entry = filtered.sourceItem(atRow: row).flatMap(entry(atSource:)) { open(entry) } }

    private func open(_ entry: Entry) {
        if entry.isFolder { return visit(entry.path) }
        StandardStreams.write(PathLine.bytes(entry.path), to: STDOUT_FILENO)
    }

    private func handleKey(_ key: KeyEvent) -> Bool {
        if key.keysym == .backspace && window.isFocused(view) { goUp(); return true }
        if key.modifiers == .alt {
            switch key.keysym {
            case .left: goBack(); return true
            case .right: goForward(); return true
            case .up: goUp(); return true
            default: break
            }
        }
        // Ctrl+C copies the paths from the entries (the filter copies its own text); the other shortcuts are the menu's key commands.
        if key.keysym == .c && key.modifiers.contains(.control) && window.isFocused(view) { return copyPaths() }
        return false
    }

    /// Ctrl+C or the menu: every selected entry's path, the ones the filter hides too.
    @discardableResult private func copyPaths() -> Bool {
        let paths = filtered.selectedSourceIndices.compactMap(entry(atSource:)).flatMap { PathLine.bytes($0.path) }
        if !paths.isEmpty { window.copy(.bytes(paths)) }
        return true
    }

    // MARK: - What an entry shows

    private func content(of bytes: [UInt8]) -> ItemContent {
        let name = String(decoding: bytes, as: UTF8.self)
        guard let entry = entries[bytes] else { return ItemContent(title: name) }
        var content = ItemContent(title: name, image: .icon(Browser.icon(for: entry)))
        if let size = entry.size, let modified = entry.modified {
            let date = Browser.dates.string(from: Date(timeIntervalSince1970: TimeInterval(modified)))
            content.detailText = entry.isFolder ? date : "\(size < 1000 ? "\(size) B" : ByteCountFormatter.string(fromByteCount: size, countStyle: .file)) · \(date)"
        } else {
            content.detailText = "unreadable"
            content.isDisabled = true
        }
        if !field.text.isEmpty, let match = name.range(of: field.text, options: .caseInsensitive) {
            let start = name.utf8.distance(from: name.startIndex, to: match.lowerBound)
            content.titleHighlights = [start..<(start + name[match].utf8.count)]
        }
        return content
    }

    static func icon(for entry: Entry) -> ItemIcon {
        if entry.isFolder { return .folder }
        switch (String(decoding: entry.name, as: UTF8.self) as NSString).pathExtension.lowercased() {
        case "png", "jpg", "jpeg", "gif", "webp", "svg": return .image
        case "mp3", "flac", "ogg", "wav", "opus": return .audio
        case "mp4", "mkv", "webm", "avi", "mov": return .video
        case "zip", "tar", "gz", "xz", "bz2", "zst", "7z", "deb": return .archive
        default: return .document
        }
    }

    static let dates: DateFormatter = { let dates = DateFormatter(); dates.dateFormat = "yyyy-MM-dd HH:mm"; return dates }()
}

/// A right click's menu (Open, Copy Paths), and the selection dragged to other apps as files (a row's copied text is its path).
extension Browser: CollectionViewDelegate {
    func collectionView(_ view: CollectionView, contextMenuFor item: ItemPath?, trigger: MenuTrigger) -> Menu? {
        menuEntry = item.flatMap { filtered.sourceItem(atRow: $0.item) }.flatMap(entry(atSource:))
        return item == nil ? nil : Menu([.action("Open", id: "open", shortcut: "Enter"), .action("Copy Paths", id: "copy", shortcut: "Ctrl+C"),
                                         .separator, .action("Move to Trash", id: "trash", shortcut: "Delete", isDestructive: true)])
    }

    func collectionView(_ view: CollectionView, contextMenu event: MenuEvent) {
        if event == .chosen("open"), let menuEntry { open(menuEntry) }
        if event == .chosen("copy") { copyPaths() }
        if event == .chosen("trash") { trashSelection() }
    }
    func collectionView(_ view: CollectionView, dragDataFor items: [ItemRange]) -> DragData? {
        let paths = { [unowned self] (item: ItemPath) in filtered.sourceItem(atRow: item.item).flatMap(entry(atSource:))?.path ?? [] }
        return DragData(types: [("text/uri-list", .lines(of: items, terminator: "\r\n") { FileURI.encode(bytes: paths($0)) }),
                                ("text/plain;charset=utf-8", .lines(of: items, terminator: "") { PathLine.bytes(paths($0)) })], actions: .copy)
    }
}

StandardStreams.secure()   // descriptors 0-2 open, SIGPIPE ignored: writes never trap
let started = ContinuousClock.now
let arguments = Array(CommandLine.arguments.dropFirst())
let folder = arguments.first { !$0.hasPrefix("--") } ?? FileManager.default.currentDirectoryPath
do {
    let app = try Application()
    // Dark or light and the accent colour as the desktop says, for every component; --theme=light or =dark fixes it.
    app.followTheme(arguments.first { $0.hasPrefix("--theme=") }.flatMap { ThemeChoice(rawValue: String($0.dropFirst(8))) } ?? .auto)
    let window = try AppWindow(application: app, title: "Files", appID: "org.sweep.Files")
    // An absolute path, so Up and Back know where they are.
    let absolute = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
    let browser = Browser(window: window, folder: Array((absolute as NSString).standardizingPath.utf8), grid: arguments.contains("--grid"),
                          details: arguments.contains("--details"), tree: arguments.contains("--tree"))
    if arguments.contains("--timing") {
        browser.timing = started
        window.onCommit = { frames in if frames == 1 { browser.report("first frame") } }
    }
    try withExtendedLifetime(browser) { try app.run() }
} catch {
    StandardStreams.printError("\(error)", program: "files")
    exit(2)
}
