// records: a table of generated orders built on SweepUI alone.
//
//   records [--rows N] [--print-selection]
//
// 1,000,000 orders (or N, up to 16,777,216) in 20 columns, wider than the window: a click on a title
// sorts (Shift+click adds a key), an edge drags to resize (a double click fits), a title drags to move
// the column, the header's menu hides and shows them; the filter field keeps the orders whose customer
// contains what is typed, and keeps the selection of those it hides. Every selection gesture of a list
// works on the rows. Enter or a double click prints the selected orders' numbers, one a line.
// --print-selection writes the selected rows' positions as JSON after each change
// ({"event":"selection","count":N,"ranges":[[first,last],...]}, the ranges of at most 100,000 rows),
// the line make bench-e2e compares with its GTK peer's.
import Foundation
import SweepUI

/// An order is its number: every cell is made from it when it is drawn, so a million cost 8 MB.
struct Order: Identifiable, Hashable, Sendable { let id: Int }

/// The generated values. Benchmarks/gtk-peer/sweep-gtk-peer.c makes the same text for its table.
enum Orders {
    static let adjectives = ["Amber", "Brisk", "Cedar", "Dusky", "Early", "Fern", "Granite", "Hazel",
                             "Ivory", "Juniper", "Kestrel", "Linden", "Misty", "Northern", "Olive", "Pine"]
    static let nouns = ["Ridge", "Brook", "Meadow", "Summit", "Hollow", "Trail", "Falls", "Pass",
                        "Grove", "Lake", "Canyon", "Bluff", "Glen", "Crest", "Valley", "Marsh"]
    /// After the order number, the columns go name, amount, date, name, amount, date, ...
    static let titles = ["Order", "Customer", "Amount", "Ordered", "City", "Quantity", "Shipped", "Product", "Price", "Due",
                         "Carrier", "Weight", "Paid", "Warehouse", "Tax", "Returned", "Rep", "Discount", "Closed", "Region"]
    static let customerColumn = 1

    /// The cell's value: a multiplicative hash of its row and column, the same on every run.
    static func hash(_ row: Int, _ column: Int) -> UInt32 {
        let h = UInt32(truncatingIfNeeded: row) &* 2_654_435_761 &+ UInt32(column) &* 40_503
        return h ^ (h >> 15)
    }
    /// One of the 256 names (an adjective and a noun): the low byte of the hash.
    static func name(_ h: UInt32) -> String { adjectives[Int(h & 15)] + " " + nouns[Int((h >> 4) & 15)] }
    static func cents(_ h: UInt32) -> Int64 { Int64(h % 100_000) }
    static func amount(_ h: UInt32) -> String { let c = h % 100_000; return "\(c / 100)." + twoDigits(c % 100) }
    static func day(_ h: UInt32) -> (month: UInt32, day: UInt32) { (h % 12 + 1, (h >> 4) % 28 + 1) }
    static func date(_ h: UInt32) -> String { let d = day(h); return "2026-" + twoDigits(d.month) + "-" + twoDigits(d.day) }
    static func twoDigits(_ value: UInt32) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func columns() -> [TableColumn<Order>] {
        var columns = [TableColumn<Order>(id: "order", title: "Order", width: .fixed(90), alignment: .trailing, isHideable: false,
                                          text: { "#\($0.id + 1)" }, sortValue: { .integer(Int64($0.id)) })]
        for (index, title) in titles.enumerated().dropFirst() {
            let id = title.lowercased()
            switch index % 3 {
            case 1:
                columns.append(TableColumn(id: id, title: title, width: .fixed(150), text: { name(hash($0.id, index)) }))
            case 2:
                columns.append(TableColumn(id: id, title: title, width: .fixed(90), alignment: .trailing,
                                           text: { amount(hash($0.id, index)) }, sortValue: { .integer(cents(hash($0.id, index))) }))
            default:
                columns.append(TableColumn(id: id, title: title, width: .fixed(110), text: { date(hash($0.id, index)) },
                                           sortValue: { let d = day(hash($0.id, index)); return .integer(Int64(d.month * 32 + d.day)) }))
            }
        }
        return columns
    }
}

/// The window: a filter field over the table over a status line.
@MainActor final class Records {
    let table: TableView<Order>
    let field = TextField(placeholder: "Filter customers", style: .search)
    let status = Label(accessibleRole: .statusBar)
    let rowCount: Int

    init(window: AppWindow, rows: Int, printsSelection: Bool) throws {
        rowCount = rows
        table = try TableView(columns: Orders.columns(), rows: (0..<rows).map(Order.init), name: "orders")
        let view = table.collectionView
        (view.allowsMultipleSelection, view.activatesOnDoubleClick) = (true, true)
        view.onSelectionChange = { [unowned self] event in
            guard !event.isProvisional else { return }
            showStatus()
            if printsSelection { printSelection() }
        }
        view.onActivate = { [unowned self] _ in
            let numbers = table.selectedRows.map { "\($0.id + 1)" }
            if !numbers.isEmpty { StandardStreams.writeLine(numbers.joined(separator: "\n"), to: STDOUT_FILENO) }
        }
        field.onChange = { [unowned self] text in filter(by: text) }
        field.onSubmit = { _ in window.focus(view) }
        let toolbar = Stack(.horizontal, padding: 2, alignment: .center, [.flexible(field)])
        toolbar.background = .theme(\.toolbarBackground)
        window.content = ColumnLayout([(toolbar, .fixed(44)), (table, .flexible), (status, .fixed(28))])
        window.focus(view)
        showStatus()
    }

    /// Keeps the orders whose customer contains `text` (ignoring case): a customer is one of 256
    /// names, so the names are matched once and each row only looks its own up.
    private func filter(by text: String) {
        let query = text.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { table.isIncluded = nil; showStatus(); return }
        let matches = (0..<256).map { Orders.name(UInt32($0)).range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        table.isIncluded = { row in matches[Int(Orders.hash(row, Orders.customerColumn) & 0xFF)] }
        showStatus()
    }

    private func showStatus() {
        let view = table.collectionView, shown = view.itemCount
        let counts = shown == rowCount ? "\(rowCount.formatted()) orders" : "\(shown.formatted()) of \(rowCount.formatted()) orders"
        status.text = counts + ", \(table.shownRows.selectedCount.formatted()) selected"
    }

    private func printSelection() {
        let ranges = table.collectionView.selectedRanges.filter { $0.section == 0 }
        let count = ranges.reduce(0) { $0 + $1.count }
        let listed = count <= 100_000 ? ranges.map { "[\($0.items.lowerBound),\($0.items.upperBound)]" }.joined(separator: ",") : ""
        StandardStreams.writeLine("{\"event\":\"selection\",\"count\":\(count),\"ranges\":[\(listed)]}", to: STDOUT_FILENO)
    }
}

StandardStreams.secure()   // descriptors 0-2 open, SIGPIPE ignored: writes never trap
var rows = 1_000_000, printsSelection = false
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--rows":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), (0...16_777_216).contains(value) else {
            StandardStreams.printError("--rows takes a number of rows from 0 to 16,777,216", program: "records")
            exit(64)
        }
        rows = value
    case "--print-selection": printsSelection = true
    case "--help", "-h":
        StandardStreams.writeLine("usage: records [--rows N] [--print-selection]", to: STDOUT_FILENO)
        exit(0)
    default:
        StandardStreams.printError("unknown argument \(argument); usage: records [--rows N] [--print-selection]", program: "records")
        exit(64)
    }
}
do {
    let app = try Application()
    let window = try AppWindow(application: app, title: "Records", appID: "org.sweep.Records")
    let records = try Records(window: window, rows: rows, printsSelection: printsSelection)
    try withExtendedLifetime(records) { try app.run() }
} catch {
    StandardStreams.printError("\(error)", program: "records")
    exit(2)
}
