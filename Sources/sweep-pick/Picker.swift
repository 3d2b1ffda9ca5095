import Foundation
import PickCore
import SweepUI

/// sweep-pick's behaviour: records stream in, the filter narrows them in
/// slices on the loop, the selection is kept by record (a record hidden by
/// the filter stays selected), and Enter prints the chosen records.
@MainActor
final class Picker {
    let options: PickOptions
    let window: AppWindow
    let store: RecordStore
    let rows: RecordRows
    /// The filter's matches as the view's rows, with the selection kept by
    /// record: a record hidden by the filter stays selected.
    let matches: FilteredDataSource
    let view: CollectionView
    let header: PickHeader
    let log: PickLog?
    /// The fields shown (--with-nth) and the fields matched (--nth, else those shown).
    private let fields: FieldSelector?
    private let matchFields: FieldSelector?
    private let acceptFields: FieldSelector?
    private let expectKeys: [ExpectKey]
    /// The records' context menu and drags.
    private let menu: PickDelegate
    /// How matches are ranked (nil: --no-sort), and the history's records found in the input.
    private let ranking: Ranking?
    private let historyRanks: HistoryRanks?
    /// When the rows were last ranked (monotonic seconds): while input streams, at most every `rankingInterval`.
    private var lastRanked = 0.0

    /// The running filter pass.
    private var pass: FilterPass
    /// The result the rows show: the pass's last finished one, or a growing one of the same query.
    private var shown: FilterResult
    private var passTimer: TimerToken?
    private(set) var query = ""
    /// The filter's text and cursor.
    private var editor = LineEditor()
    /// How many more input records go to the header (--header-lines), and the one coming in.
    private var headerRecordsWanted = 0
    private var pendingHeaderLine: [UInt8] = []
    private var pickerView: PickerView!
    private var inputFinished = false
    /// What ends the run: the status and what to print.
    var onFinish: (Int32, _ output: PickOutput?) -> Void = { _, _ in }

    /// Records checked at a time while filtering, and how long a loop turn
    /// goes on checking: long enough that a pass over millions of records
    /// pays few turns of the event loop, short enough that a key typed
    /// meanwhile waits less than a frame.
    static let filterBudget = 1 << 19
    static let filterSliceSeconds = 0.008
    /// How often matches that keep arriving are ranked again, in milliseconds (ranking is O(matches)).
    static let rankingInterval = 250.0

    init(options: PickOptions, window: AppWindow, log: PickLog?, history: HistoryRanks? = nil) throws {
        self.options = options
        historyRanks = history
        ranking = options.ranking(history: history)
        self.window = window
        self.log = log
        menu = PickDelegate(log: log)
        menu.dragsFiles = options.images
        fields = try options.withNth.map { try FieldSelector(parsing: $0) }
        matchFields = try options.matchFields()
        acceptFields = try options.acceptNth.map { try FieldSelector(parsing: $0) }
        expectKeys = try ExpectKey.parseList(options.expect ?? "")
        store = RecordStore(separator: options.read0 ? 0 : 0x0A)
        pass = FilterPass(store: store, query: "", mode: options.plainMatchMode, foldsAccents: !options.literal,
                          fields: matchFields, delimiter: options.delimiter, ranking: ranking)
        shown = pass.result
        rows = RecordRows(store: store, fields: fields, delimiter: options.delimiter)
        rows.matchedFields = matchFields
        matches = FilteredDataSource(source: rows, rows: MatchRows(shown))
        let layout: any CollectionViewLayout = options.grid ? CollectionGridLayout() : CollectionListLayout()
        view = CollectionView(layout: layout, dataSource: matches, name: "list")
        view.accessibleLabel = "Matches"
        // Records are lines of text in a grid too: the picks stay the primary selection.
        view.ownsPrimarySelection = true
        header = PickHeader(prompt: options.prompt, placeholder: options.placeholder, theme: .light)
        // Pictures are decoded off the loop; each one that arrives repaints the rows.
        let thumbnails = ImageLoader(size: options.grid ? 96 : 40, source: RecordPicture.source(iconTheme: options.iconTheme, grid: options.grid))
        thumbnails.placeholder = .brokenImage(size: thumbnails.size)
        thumbnails.onLoaded = { [unowned view] _ in view.setNeedsDisplay() }
        thumbnails.onError = { path, error in StandardStreams.printError("\(path): \(error)", program: "sweep-pick") }
        rows.thumbnails = thumbnails
        rows.showsRecordsAsImages = options.images
        if options.single {
            view.allowsSelection = true
        } else {
            view.allowsMultipleSelectionDuringEditing = true
            view.isEditing = true
        }
        matches.onSelectionChange = { [unowned self] event in selectionChanged(event) }
        if let limit = options.multiMax {
            // Over --multi: the change is refused and the view shows the records as they were.
            matches.shouldChangeSelection = { [unowned self] count in
                guard count > limit else { return true }
                updateStatus(note: "at most \(limit)")
                return false
            }
        }
        view.onActivate = { [unowned self] row in if options.single { accept(row: row, key: nil) } }
        view.delegate = menu
        header.onDone = { [unowned self] in accept(row: nil, key: nil) }
        header.onQueryEdited = { [unowned self] text in setQuery(text) }
        // Input methods and on-screen keyboards type into the filter, wherever the focus is.
        window.textInputClient = self
        header.onPlaceCursor = { [unowned self] offset in
            editor.moveCursor(to: offset)
            filterEdited()
        }
        header.onCaretSet = header.onPlaceCursor
        header.headerLines = options.headerTextLines
        headerRecordsWanted = options.headerLines
        pickerView = PickerView(header: header, records: view)
        pickerView.border = Double(options.border)
        pickerView.radius = Double(options.radius)
        window.cornerRadius = Double(options.radius)
        window.content = pickerView
        // Typing goes to the filter: a screen reader is on it from the start (its caret and edits are heard).
        if let accessibility = window.application.accessibility { header.announceFocus(on: accessibility) }
        window.onKey = { [unowned self] key in handleKey(key) }
        window.onClose = { [unowned self] in onFinish(1, nil) }
        // The middle button pastes the primary selection into the filter, as Ctrl+V pastes the clipboard.
        window.onPrimaryPaste = { [unowned self] text, _ in
            editor.moveCursor(to: editor.characters.count)
            pasteIntoFilter(text)
        }
        window.keyComponent = view
        if !options.query.isEmpty { setQuery(options.query.filter { $0 != "\n" && $0 != "\r" }) }
        menu.onChoice = { [unowned self] id in menuChose(id) }
        menu.recordText = { [unowned self] item in matches.sourceItem(atRow: item.item).map { store.displayText(of: $0) } ?? "" }
        updateStatus()
    }

    private func menuChose(_ id: String) {
        switch id {
        case "accept": accept(row: nil, key: nil)
        case "copy": if let content = view.clipboardContent { window.copy(content) }
        case "invert": matches.invertShown()
        default: break
        }
    }

    /// Draws the header and the records in `theme` (at the start, and when the desktop's colour scheme changes).
    func apply(theme: Theme) {
        let theme = options.themed(theme)
        header.theme = theme
        view.theme = theme
        pickerView.borderColor = options.borderColor(theme)
        window.invalidateAll()
    }

    // MARK: - Input

    /// Input of about `bytes` is coming (a regular file's size): room is made once.
    func expect(bytes: Int) {
        // A hint, and a sparse file may claim a terabyte: past 256 MiB the store grows as records come.
        store.reserveCapacity(bytes: min(bytes, 1 << 28))
    }

    func receive(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes[...]
        // --header-lines: the first records are the header's, never the store's.
        let separator: UInt8 = options.read0 ? 0 : 0x0A
        while headerRecordsWanted > 0, let end = rest.firstIndex(of: separator) {
            pendingHeaderLine += rest[rest.startIndex..<end]
            addHeaderLine()
            rest = rest[(end + 1)...]
        }
        if headerRecordsWanted > 0 {
            pendingHeaderLine += rest
            return
        }
        guard !rest.isEmpty else { return }
        store.append(UnsafeRawBufferPointer(rebasing: rest))
        historyRanks?.index(store)
        advanceFilter()
    }

    /// A header line came in whole: shown under the filter, the records moved down to make room.
    private func addHeaderLine() {
        headerRecordsWanted -= 1
        header.headerLines.append(String(decoding: pendingHeaderLine, as: UTF8.self))
        pendingHeaderLine = []
        pickerView.setFrame(pickerView.frame)
        window.invalidate(Region(pickerView.frame))
    }

    func inputEnded() {
        if headerRecordsWanted > 0 && !pendingHeaderLine.isEmpty { addHeaderLine() }   // a last header line without its newline
        headerRecordsWanted = 0
        store.finish()
        historyRanks?.index(store)
        inputFinished = true
        advanceFilter()
        applyPreselection()
        log?.write("input", ["count": store.count])
    }

    // MARK: - Filtering

    /// Pasted text goes into the filter at the cursor, newlines dropped; past
    /// `LineEditor.maximumLength` characters it is cut, and the status line says so.
    private func pasteIntoFilter(_ text: String) {
        let fitted = editor.insert(text)
        filterEdited()
        if !fitted {
            // Said until the filter is edited again (the filter's progress redraws the status line meanwhile).
            filterNote = "the filter takes \(NumberText.grouped(LineEditor.maximumLength)) characters at most: the paste was cut"
            updateStatus()
        }
    }

    /// What the status line says of the filter until it is edited again.
    private var filterNote: String?

    /// The filter became `newQuery` (pasted, set by a screen reader): the cursor goes to its end.
    private func setQuery(_ newQuery: String) {
        editor.text = newQuery
        filterEdited()
    }

    /// The filter's editor changed: the header shows its text and cursor, and a new text filters.
    private func filterEdited() {
        filterNote = nil
        let newQuery = editor.text
        // The text before the cursor: a screen reader hears the edit, then where the caret went.
        defer {
            header.cursor = editor.cursor
            header.selection = editor.selection
        }
        guard newQuery != query else { return }
        query = newQuery
        header.query = newQuery
        log?.write("query", ["query": newQuery])
        // A new keystroke replaces the pass that was running.
        pass = FilterPass(store: store, query: newQuery, mode: options.plainMatchMode, foldsAccents: !options.literal,
                          fields: matchFields, delimiter: options.delimiter, previous: shown.inInputOrder, ranking: ranking)
        advanceFilter()
    }

    /// Runs the pass a slice at a time; shows its result, ranked, when it has
    /// caught up. For a growing result of the same query (input still
    /// arriving) rows are appended after the ranked ones, and the whole is
    /// ranked again at most every `rankingInterval` and when the input ends.
    private func advanceFilter() {
        if let passTimer { window.cancel(passTimer) }
        passTimer = nil
        let sliceEnd = Self.now() + Self.filterSliceSeconds
        var done = pass.run(budget: Self.filterBudget)
        while !done && Self.now() < sliceEnd { done = pass.run(budget: Self.filterBudget) }
        if pass.matcher == shown.matcher {
            if done && !pass.isRankedUpToDate && (inputFinished || Self.now() - lastRanked >= Self.rankingInterval / 1000) {
                rankAgain()
            } else {
                let result = pass.result
                // The same query over more records: rows are only appended.
                if result.count >= shown.count { appendRows(result) }
            }
        } else if done {
            lastRanked = Self.now()
            replaceRows(pass.rankedResult())
        }
        if !done {
            passTimer = window.schedule(after: 0) { [weak self] in self?.advanceFilter() }
        } else if !pass.isRankedUpToDate {
            passTimer = window.schedule(after: Self.rankingInterval) { [weak self] in self?.advanceFilter() }
        }
        updateStatus()
    }

    /// Ranks the rows of the same query again (more matches came): the focus stays on its record
    /// unless it is still on the first row at the top, which then shows the best match.
    private func rankAgain() {
        lastRanked = Self.now()
        shown = pass.rankedResult()
        rows.highlighted = shown.matcher
        let untouched = (view.focusedItem?.item ?? 0) == 0 && view.contentOffset == 0
        matches.show(MatchRows(shown), position: untouched ? .top : .keepingItems)
        log?.write("items", ["count": shown.count, "query": query, "ranked": true])
    }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func appendRows(_ result: FilterResult) {
        let old = shown.count
        shown = result
        rows.highlighted = result.matcher
        matches.extend(to: MatchRows(result))
        guard result.count > old else { return }
        log?.write("items", ["count": result.count])
    }

    private func replaceRows(_ result: FilterResult) {
        shown = result
        rows.highlighted = result.matcher
        // A new query: the first match takes the focus, as in fzf; the records keep their selection.
        matches.show(MatchRows(result), position: .top)
        log?.write("items", ["count": result.count, "query": query])
    }

    // MARK: - Selection

    private func selectionChanged(_ event: SelectionEvent) {
        updateStatus()
        guard !event.isProvisional else { return }
        let selected = matches.selectedSourceItems
        log?.write("selection", ["count": selected.count, "ranges": selected.ranges.map { [$0.lowerBound, $0.upperBound] }])
    }

    private func applyPreselection() {
        var chosen = IndexRanges()
        if let list = options.preselectIndex {
            for range in PickOptions.indexRanges(list) where range.lowerBound < store.count {
                chosen.insert(range.lowerBound...min(range.upperBound, store.count - 1)) { _ in }
            }
        }
        if let pattern = options.preselect, !pattern.isEmpty {
            // The records whose shown text contains PATTERN, found as a filter finds them (no String per record).
            let search = FilterPass(store: store, query: Matcher.literalQuery(pattern), mode: .substring,
                                    foldsAccents: !options.literal, fields: matchFields, delimiter: options.delimiter)
            search.run(budget: .max)
            for record in search.result { chosen.insert(record...record) { _ in } }
        }
        guard !chosen.isEmpty else { return }
        matches.selectSourceItems(chosen.ranges)
    }

    private func updateStatus(note: String? = nil) {
        var text = "\(NumberText.grouped(matches.selectedCount)) of \(NumberText.grouped(store.count)) selected"
        if !query.isEmpty { text += " · \(NumberText.grouped(shown.count)) \(shown.count == 1 ? "match" : "matches")" }
        if !inputFinished { text += " · reading…" }
        if let note = note ?? filterNote { text += " · \(note)" }
        header.status = text
    }

    // MARK: - Keys

    private func handleKey(_ key: KeyEvent) -> Bool {
        let control = key.modifiers.contains(.control), shift = key.modifiers.contains(.shift)
        if let expected = expectKeys.first(where: { $0.matches(key) }) {
            accept(row: nil, key: expected.name)
            return true
        }
        switch key.keysym {
        case .returnKey:
            accept(row: nil, key: nil)
            return true
        case .escape:
            if view.isBandActive { return false }   // the view cancels the band
            onFinish(1, nil)
            return true
        case .tab, .leftTab:   // Shift+Tab arrives as ISO_Left_Tab
            toggleFocused(moving: shift || key.keysym != .tab ? .up : .down)
            return true
        default:
            break
        }
        if editsFilter(key) {
            var edited = editor
            if edited.apply(key) != .ignored {
                editor = edited
                filterEdited()
                return true
            }
        }
        if control {
            switch key.keysym {
            case .a where shift, KeySym(character: "A"), .d:   // Ctrl+Shift+A, Ctrl+D: clear the matching records
                matches.deselectAllShown()
            case .a: matches.selectAllShown()  // Ctrl+A: every matching record
            case .i: matches.invertShown()     // Ctrl+I
            case .v:                           // Ctrl+V: paste into the filter at the cursor, never waiting
                window.paste { [weak self] text in
                    guard let self, let text else { return }
                    pasteIntoFilter(text)
                }
            default: return false
            }
            return true
        }
        return false
    }

    /// Whether `key` is the filter's (`LineEditor`'s keys) rather than the list's: typing,
    /// Backspace, Delete, Ctrl+W, Ctrl+U, Ctrl+K and Ctrl+Left / Right always; Left and Right
    /// in a list (a grid moves between cells with them); Home and End while there is a filter
    /// (else they go to the first and last record).
    private func editsFilter(_ key: KeyEvent) -> Bool {
        let control = key.modifiers.contains(.control)
        switch key.keysym {
        case .left, .right: return control || !options.grid
        case .home, .end: return !control && !query.isEmpty
        case .backspace, .delete: return true
        case .w, .u, .k: return control || !key.text.isEmpty
        case _ where control && key.keysym.matches(letter: "z"): return true   // undo, and redo with Shift
        default: return !control && !key.text.isEmpty
        }
    }

    private enum Direction { case up, down }

    /// Tab: toggles the focused record and moves the focus (fzf's binding).
    private func toggleFocused(moving direction: Direction) {
        guard let focus = view.focusedItem ?? (matches.rowCount == 0 ? nil : ItemPath(item: 0)) else { return }
        let wasSelected = view.isSelected(focus)
        defer {
            // The focus has moved on: a screen reader hears the toggle and the count after it.
            window.application.announce("\(wasSelected ? "Not selected" : "Selected"), \(NumberText.grouped(matches.selectedCount)) selected",
                                        in: window)
        }
        if wasSelected {
            view.deselectItem(at: focus)
        } else {
            view.selectRanges([ItemRange(section: 0, items: focus.item...focus.item)], additive: true)
        }
        let next = direction == .down ? min(focus.item + 1, matches.rowCount - 1) : max(focus.item - 1, 0)
        view.setFocus(ItemPath(item: next))
        view.scrollToItem(ItemPath(item: next))
    }

    // MARK: - Accepting

    /// Enter, Done, an expected key, or (with --single) a tap: the selected
    /// records, else the focused (or first) one.
    private func accept(row: ItemPath?, key: String?) {
        var chosen = matches.selectedSourceItems.ranges
        if options.single || chosen.isEmpty {
            let pick = row ?? view.focusedItem ?? (matches.rowCount == 0 ? nil : ItemPath(item: 0))
            if let pick, let record = matches.sourceItem(atRow: pick.item) {
                chosen = [record...record]
            } else {
                chosen = []
            }
        }
        if chosen.isEmpty && key == nil && !options.printQuery {
            return   // nothing to print: Enter on an empty list does nothing
        }
        log?.write("accept", ["count": chosen.reduce(0) { $0 + $1.count }, "key": key ?? ""])
        let order = options.printOrder == .ranked && shown.isRanked ? shownOrder(of: chosen) : nil
        onFinish(0, PickOutput(records: chosen, order: order, key: key))
    }

    /// The chosen records in the order the rows show them, then those the filter hides in input order.
    /// - Complexity: O(rows · log ranges).
    private func shownOrder(of chosen: [ClosedRange<Int>]) -> [Int] {
        var set = IndexRanges()
        for range in chosen { set.insert(range) { _ in } }
        var order: [Int] = []
        var shownSet = IndexRanges()
        for row in 0..<matches.rowCount {
            guard let record = matches.sourceItem(atRow: row), set.contains(record) else { continue }
            order.append(record)
            shownSet.insert(record...record) { _ in }
            if order.count == set.count { return order }
        }
        for range in chosen { for record in range where !shownSet.contains(record) { order.append(record) } }
        return order
    }

    /// Prints the chosen records to standard output, in input order or the order given.
    func write(_ output: PickOutput, to fd: Int32) -> Bool {
        let writer = OutputWriter(store: store, acceptFields: acceptFields, delimiter: options.delimiter)
        var ok = true
        let sink: (UnsafeRawBufferPointer) -> Void = { chunk in
            guard ok else { return }
            ok = writeAll(chunk, to: fd)
        }
        let terminator: UInt8 = options.print0 ? 0 : 0x0A
        if let order = output.order {
            writer.write(records: order, format: options.output.format, terminator: terminator,
                         query: options.printQuery ? query : nil, key: output.key, to: sink)
        } else {
            writer.write(ranges: output.records, format: options.output.format, terminator: terminator,
                         query: options.printQuery ? query : nil, key: output.key, to: sink)
        }
        return ok
    }

    /// The exact bytes of each chosen record (what the history remembers).
    func recordBytes(_ output: PickOutput) -> [[UInt8]] {
        output.records.flatMap { range in range.map { record in store.withBytes(of: record) { Array($0) } } }
    }
}

/// What Enter chose: the records (sorted ranges), their printing order when it is not input
/// order (--print-order ranked), and the key that accepted.
struct PickOutput {
    var records: [ClosedRange<Int>]
    var order: [Int]?
    var key: String?
}

/// Writes all of `bytes`, waiting as long as the reader needs (a slow pipe).
func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 { offset += written; continue }
        if written < 0 && errno == EINTR { continue }
        if written < 0 && errno == EAGAIN {
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, -1)
            continue
        }
        return false
    }
    return true
}

/// The filter is what input methods (fcitx5, IBus, an on-screen keyboard)
/// type into: they hear its text around the cursor and where its caret is,
/// and their commits edit it as typing does.
extension Picker: TextInputClient {
    var textInputState: TextInputState? {
        let caret = header.caretRect ?? Rect(x: header.frame.minX + 12, y: header.frame.minY + 8, width: 2, height: 20)
        return TextInputState(surrounding: SurroundingText(characters: editor.characters, cursor: editor.cursor, anchor: editor.anchor),
                              cursorRectangle: caret, contentType: .search)
    }

    func applyTextInput(_ update: TextInputUpdate) {
        if update.editsText, editor.applyInputMethodEdit(deleteBefore: update.deleteBefore, deleteAfter: update.deleteAfter,
                                                          commit: update.commit) {
            filterEdited()
        }
        header.preedit = update.preedit
    }
}

