/// The Packing list page's state: a fixed list of things, each packed or
/// not (an inclusive list: any number may be checked).
public struct PackingList: Hashable, Sendable {
    public let items: [String]
    public private(set) var packed: Set<String>
    /// Entries of the saved file that are not items of this list (an item
    /// only a newer version has, say): kept, in their order, and saved back
    /// after the packed items, so no version drops another's data.
    public let otherEntries: [String]

    /// A list with `packed` checked; names in `packed` that are not items
    /// are kept as `otherEntries` (sorted).
    public init(items: [String] = PackingList.defaultItems, packed: Set<String> = []) {
        self.init(items: items, savedEntries: packed.sorted())
    }

    /// A list as the saved file's `savedEntries` (in file order) left it.
    public init(items: [String] = PackingList.defaultItems, savedEntries: [String]) {
        self.items = items
        let known = Set(items)
        packed = Set(savedEntries.filter(known.contains))
        otherEntries = savedEntries.filter { !known.contains($0) }
    }

    public static let defaultItems = ["Boots", "Rain jacket", "Map", "Compass", "Headlamp", "First-aid kit",
                                      "Water bottle", "Snacks", "Sun cream", "Warm layer", "Whistle", "Phone charger"]

    public func isPacked(_ index: Int) -> Bool { packed.contains(items[index]) }

    /// Checks or unchecks item `index`; returns whether it is packed now.
    @discardableResult
    public mutating func toggle(_ index: Int) -> Bool {
        let item = items[index]
        if packed.remove(item) == nil {
            packed.insert(item)
            return true
        }
        return false
    }

    /// The packed items in list order.
    public var packedInOrder: [String] { items.filter { packed.contains($0) } }

    /// What is saved: the packed items in list order, then `otherEntries`.
    public var entriesToSave: [String] { packedInOrder + otherEntries }
}
