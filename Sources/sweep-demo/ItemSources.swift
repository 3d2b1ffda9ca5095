import DemoPages
import SweepGeometry
import SweepUI
import SweepViews

/// A million (or any number of) rows whose text is made from the row number,
/// so nothing is stored per row.
final class GeneratedRows: RowDataSource {
    let numberOfRows: Int

    private static let adjectives = ["Amber", "Brisk", "Cedar", "Dusky", "Early", "Fern", "Granite", "Hazel",
                                     "Ivory", "Juniper", "Kestrel", "Linden", "Misty", "Northern", "Olive", "Pine"]
    private static let nouns = ["Ridge", "Brook", "Meadow", "Summit", "Hollow", "Trail", "Falls", "Pass",
                                "Grove", "Lake", "Canyon", "Bluff", "Glen", "Crest", "Valley", "Marsh"]

    private let total: String

    init(count: Int) {
        numberOfRows = count
        total = DemoApp.formatted(count)
    }

    func title(forRow row: Int) -> String {
        let adjective = GeneratedRows.adjectives[row % GeneratedRows.adjectives.count]
        let noun = GeneratedRows.nouns[(row / GeneratedRows.adjectives.count) % GeneratedRows.nouns.count]
        return "\(adjective) \(noun) \(NumberText.grouped(row + 1))"
    }

    func subtitle(forRow row: Int) -> String? {
        "Item \(NumberText.grouped(row + 1)) of \(total)"
    }
}

/// The lines of `--items FILE`, one row each; the count grows as the file
/// is read (the `ItemStore` over it takes new rows with a batch update).
final class FileRows: RowDataSource {
    let file: ItemsFile

    init(file: ItemsFile) { self.file = file }

    var numberOfRows: Int { file.count }
    func title(forRow row: Int) -> String { file.line(row) }
    func subtitle(forRow row: Int) -> String? { nil }
    /// Ctrl+C copies a line whole, however long.
    func copiedText(for item: ItemPath) -> String { file.wholeLine(item.item) }
}

/// The Trails page's rows: trails by region, each with a detail button.
final class TrailRows: ListDataSource {
    let sectionCounts = Trail.catalog.map(\.trails.count)
    func trail(_ item: ItemPath) -> Trail { Trail.catalog[item.section].trails[item.item] }
    func title(for item: ItemPath) -> String { trail(item).name }
    func subtitle(for item: ItemPath) -> String? { trail(item).summary }
    func headerTitle(forSection section: Int) -> String? { Trail.catalog[section].region }
    func accessory(for item: ItemPath) -> RowAccessory { .detailButton }
}

/// The packing list's rows: a checkmark on what is packed.
final class PackingRows: ListDataSource {
    var list: PackingList
    init(list: PackingList) { self.list = list }
    var sectionCounts: [Int] { [list.items.count] }
    func title(for item: ItemPath) -> String { list.items[item.item] }
    func accessory(for item: ItemPath) -> RowAccessory { list.isPacked(item.item) ? .checkmark : .none }
}

/// The filters' rows: a section per filter, a checkmark on its choice.
final class FilterRows: ListDataSource {
    var choices: FilterChoices
    init(choices: FilterChoices) { self.choices = choices }
    var sectionCounts: [Int] { choices.sections.map(\.options.count) }
    func title(for item: ItemPath) -> String { choices.sections[item.section].options[item.item] }
    func headerTitle(forSection section: Int) -> String? { choices.sections[section].title }
    func accessory(for item: ItemPath) -> RowAccessory { choices.isChosen(item.item, inSection: item.section) ? .checkmark : .none }
}
