// mail: a mailbox of generated messages built on SweepUI alone.
//
//   mail [--messages N] [--arrivals] [MAILBOX]
//
// The messages of MAILBOX (one a line: ISO date, sender, subject, flags "u" unread and "f" flagged, snippet,
// separated by tabs), or N generated ones (100,000 by default), newest first under a header per day that
// stays at the top while its day scrolls under it. Each
// row is as tall as its snippet, which wraps to three lines (`SelfSizingListLayout`). The search field keeps
// the messages whose sender, subject or snippet holds what is typed, and the selection of those it hides.
// Delete archives the selected messages and Ctrl+Z brings them back; the row's menu marks them read or
// unread, and so does swiping a message right (left: Archive; all the way: archived); Enter prints the selected
// messages' subjects. Changes animate (SWEEP_ANIMATIONS=0: not). With --arrivals a new message arrives every second
// from a background task, at the top, without moving the rows being read or touching the selection.
import Foundation
import SweepUI

/// One message; its number is its identity.
struct Message: Sendable {
    var id: Int
    var date: Date
    var sender: String
    var subject: String
    var snippet: String
    var isUnread: Bool
    var isFlagged: Bool
}

/// Messages made up from a number, the same on every run.
enum Mailbox {
    static let senders = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov",
                          "Donald Knuth", "Frances Allen", "Ken Thompson", "Margaret Hamilton", "Dennis Ritchie"]
    static let topics = ["Quarterly report", "Lunch on Friday?", "Build is green again", "Review requested",
                         "Travel plans", "Re: the benchmark figures", "Invoice 2291", "Team offsite agenda"]
    static let words = ["the", "figures", "attached", "look", "good", "but", "please", "check", "second", "table",
                        "before", "we", "send", "them", "out", "tomorrow", "morning", "thanks", "again", "for"]

    /// Message `n`, half an hour before message `n - 1`.
    static func message(_ n: Int, newest: Date) -> Message {
        // A snippet of 6, 20 or 45 words: one, two or three lines.
        let length = [6, 20, 45][(n * 7) % 3]
        let snippet = (0..<length).map { words[(n + $0 * 3) % words.count] }.joined(separator: " ")
        return Message(id: n, date: date(n, newest: newest), sender: senders[n % senders.count],
                       subject: topics[(n / 3) % topics.count], snippet: snippet, isUnread: n % 4 == 0, isFlagged: n % 11 == 0)
    }

    static func date(_ n: Int, newest: Date) -> Date { newest.addingTimeInterval(-Double(n) * 1_800) }

    /// Reads a mailbox file; a line that is no message is skipped and counted.
    static func read(_ path: String) throws -> (messages: [Message], skipped: Int) {
        // Bytes that are not UTF-8 show as U+FFFD in their message, not lose the mailbox.
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        var messages: [Message] = [], skipped = 0
        let dates = ISO8601DateFormatter()
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let date = dates.date(from: fields[0]) else { skipped += 1; continue }
            let parts = fields[3]
            messages.append(Message(id: messages.count, date: date, sender: fields[1], subject: fields[2], snippet: fields[4],
                                    isUnread: parts.contains("u"), isFlagged: parts.contains("f")))
        }
        return (messages.sorted { $0.date > $1.date }, skipped)
    }
}

/// The messages by number: read from a file, or made up from their number when asked (a million cost
/// nothing until shown), with what changed (read marks, arrivals) kept.
struct MessageStore {
    var kept: [Int: Message] = [:]
    var generated = 0, newest = Date()

    subscript(id: Int) -> Message? {
        get { kept[id] ?? ((0..<generated).contains(id) ? Mailbox.message(id, newest: newest) : nil) }
        set { kept[id] = newValue }
    }

    func date(of id: Int) -> Date { kept[id]?.date ?? Mailbox.date(id, newest: newest) }
}

/// The window: a search field over the messages.
@MainActor final class MailWindow: CollectionViewDelegate {
    let window: AppWindow
    let source = SnapshotDataSource<String, Int> { _ in ItemContent(title: "") }
    let layout = SelfSizingListLayout(estimatedRowHeight: 62, headerHeight: 28)
    let view: CollectionView
    let field = TextField(placeholder: "Search", style: .search)
    private var messages: MessageStore
    /// Newest first; archived messages leave it (and come back with Ctrl+Z).
    private var order: [Int] = []
    private var archived: [[Int]] = []
    /// Selected messages the search hides, selected again when it shows them.
    private var hiddenSelection = Set<Int>()
    private var query = ""
    private var menuItem: ItemPath?
    /// The last local day a message fell in, and its header: messages come in date order, so
    /// the calendar is asked once a day rather than once a message (summer time included).
    private var lastDay: (start: Date, end: Date, title: String)?
    static let day: DateFormatter = { let f = DateFormatter(); f.dateFormat = "EEEE d MMMM yyyy"; return f }()
    static let time: DateFormatter = { let f = DateFormatter(); f.dateFormat = "HH:mm"; return f }()

    init(window: AppWindow, store: MessageStore, order: [Int]) {
        (self.window, messages, self.order) = (window, store, order)
        view = CollectionView(layout: layout, dataSource: source, name: "messages")
        (view.allowsMultipleSelection, view.activatesOnDoubleClick, view.delegate) = (true, true, self)
        view.renderer = ListRowRenderer(secondaryLineLimit: 3, minimumHeight: 48)
        view.pinsSectionHeaders = true
        source.content = { [unowned self] id in content(of: id) }
        source.headerTitle = { $0 }
        view.onActivate = { [unowned self] _ in
            let subjects = source.selectedIdentifiers(in: view).compactMap { messages[$0]?.subject }
            if !subjects.isEmpty { StandardStreams.writeLine(subjects.joined(separator: "\n"), to: STDOUT_FILENO) }
        }
        field.onChange = { [unowned self] text in search(text) }
        field.onSubmit = { [unowned self] _ in window.focus(view) }
        window.content = ColumnLayout([(field, .fixed(TextField.preferredHeight)), (view, .flexible)])
        window.onKey = { [unowned self] key in handleKey(key) }
        window.focus(view)
        show(animated: false)
    }

    private func content(of id: Int) -> ItemContent {
        guard let message = messages[id] else { return ItemContent(title: "") }
        var content = ItemContent(title: (message.isUnread ? "● " : "") + message.sender + " — " + message.subject)
        content.secondaryText = message.snippet
        content.detailText = (message.isFlagged ? "★ " : "") + Self.time.string(from: message.date)
        return content
    }

    private func matches(_ id: Int) -> Bool {
        guard !query.isEmpty, let message = messages[id] else { return true }
        return [message.sender, message.subject, message.snippet].contains { $0.range(of: query, options: .caseInsensitive) != nil }
    }

    /// Shows the messages the search keeps, by day, the selection kept across what it hides; the
    /// change animated (archived messages fade out, the rest slide up; a search slides its survivors in).
    private func show(animated: Bool = true) {
        let selected = Set(source.selectedIdentifiers(in: view)).union(hiddenSelection)
        let snapshot = ItemSnapshot<String, Int>(grouping: order.lazy.filter { self.matches($0) }) { id in
            self.dayTitle(of: self.messages.date(of: id))
        }
        try? source.apply(snapshot, animatingDifferences: animated)
        source.select(selected, in: view, additive: false)
        hiddenSelection = selected.filter { source.indexPath(for: $0) == nil }
    }

    private func dayTitle(of date: Date) -> String {
        if let day = lastDay, day.start <= date, date < day.end { return day.title }
        let calendar = Calendar.current, start = calendar.startOfDay(for: date)
        let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        lastDay = (start, end, Self.day.string(from: date))
        return lastDay?.title ?? ""
    }

    private func search(_ text: String) {
        query = text.trimmingCharacters(in: .whitespaces)
        show()
    }

    /// A new message at the top (from the arrivals task).
    func arrive(_ message: Message) {
        messages[message.id] = message
        order.insert(message.id, at: 0)
        show()
    }

    private func handleKey(_ key: KeyEvent) -> Bool {
        if key.keysym == .delete, view.selectedCount > 0 {
            archive(Array(source.selectedIdentifiers(in: view)))
            return true
        }
        if key.keysym.matches(letter: "z"), key.modifiers.contains(.control), let back = archived.popLast() {
            // The messages back, and selected alone (those the search hides once it shows them).
            order = (order + back).sorted { messages.date(of: $0) > messages.date(of: $1) }
            source.select([], in: view, additive: false)
            hiddenSelection = Set(back)
            show()
            return true
        }
        return false
    }

    private func archive(_ ids: [Int]) {
        let gone = Set(ids)
        archived.append(order.filter { gone.contains($0) })
        order.removeAll { gone.contains($0) }
        hiddenSelection.subtract(gone)
        show()
    }

    private func mark(unread: Bool) {
        let ids = Array(source.selectedIdentifiers(in: view))
        for id in ids { messages[id]?.isUnread = unread }
        source.reconfigureItems(ids)
    }

    func collectionView(_ view: CollectionView, contextMenuFor item: ItemPath?, trigger: MenuTrigger) -> Menu? {
        menuItem = item
        guard item != nil else { return nil }
        return Menu([.action("Mark as Read", id: "read"), .action("Mark as Unread", id: "unread"),
                     .action("Archive", id: "archive", shortcut: "Delete")])
    }

    /// Swiped left, a message offers Archive (a full swipe archives it); swiped right, Read or Unread.
    func collectionView(_ view: CollectionView, trailingSwipeActionsFor item: ItemPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [SwipeAction(id: "archive", title: "Archive", backgroundColor: Color(rgb: 0x9141AC)) {
            [unowned self] item in if let id = source.itemIdentifier(for: item) { archive([id]) }
        }])
    }

    func collectionView(_ view: CollectionView, leadingSwipeActionsFor item: ItemPath) -> SwipeActionsConfiguration? {
        guard let id = source.itemIdentifier(for: item), let unread = messages[id].map({ !$0.isUnread }) else { return nil }
        return SwipeActionsConfiguration(actions: [SwipeAction(id: unread ? "unread" : "read", title: unread ? "Unread" : "Read",
                                                               backgroundColor: Color(rgb: 0x3584E4)) { [unowned self] _ in
            messages[id]?.isUnread = unread
            source.reconfigureItems([id])
        }])
    }

    func collectionView(_ view: CollectionView, contextMenu event: MenuEvent) {
        switch event {
        case .chosen("read"): mark(unread: false)
        case .chosen("unread"): mark(unread: true)
        case .chosen("archive"): archive(Array(source.selectedIdentifiers(in: view)))
        default: break
        }
    }
}

StandardStreams.secure()   // descriptors 0-2 open, SIGPIPE ignored: writes never trap
var count = 100_000, arrivals = false, path: String?
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--messages":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), (0...1_000_000).contains(value) else {
            StandardStreams.printError("--messages takes a number from 0 to 1,000,000", program: "mail")
            exit(64)
        }
        count = value
    case "--arrivals": arrivals = true
    case _ where !argument.hasPrefix("-") && path == nil: path = argument
    default:
        StandardStreams.printError("unknown argument \(argument); usage: mail [--messages N] [--arrivals] [MAILBOX]", program: "mail")
        exit(64)
    }
}
var store = MessageStore(generated: count), order = Array(0..<count)
if let path {
    do {
        let (read, skipped) = try Mailbox.read(path)
        if skipped > 0 { StandardStreams.printError("\(path): skipped \(skipped) lines that are no message", program: "mail") }
        store = MessageStore(kept: Dictionary(uniqueKeysWithValues: read.map { ($0.id, $0) }))
        order = read.map(\.id)
    } catch {
        StandardStreams.printError("cannot read \(path): \(error.localizedDescription)", program: "mail")
        exit(66)
    }
}
do {
    let app = try Application()
    let window = try AppWindow(application: app, title: "Mail", appID: "org.sweep.Mail")
    let mail = MailWindow(window: window, store: store, order: order)
    if arrivals {
        let first = (order.max() ?? -1) + 1
        Task.detached {
            for n in 0... {
                try? await Task.sleep(nanoseconds: 1_000_000_000)
                var message = Mailbox.message(0, newest: Date())
                message.id = first + n
                message.subject = "New message \(n + 1)"
                await MainActor.run { mail.arrive(message) }
            }
        }
    }
    try withExtendedLifetime(mail) { try app.run() }
} catch {
    StandardStreams.printError("\(error)", program: "mail")
    exit(2)
}
