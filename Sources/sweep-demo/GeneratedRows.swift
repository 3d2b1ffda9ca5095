import SweepViews

/// A million (or any number of) rows whose text is made from the row number,
/// so nothing is stored per row.
final class GeneratedRows: ListDataSource {
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
        return "\(adjective) \(noun) \(row + 1)"
    }

    func subtitle(forRow row: Int) -> String? {
        "Item \(row + 1) of \(total)"
    }
}
