/// The Packing list page's state: a fixed list of things, each packed or
/// not (an inclusive list: any number may be checked).
public struct PackingList: Hashable, Sendable {
    public let items: [String]
    public private(set) var packed: Set<String>

    public init(items: [String] = PackingList.defaultItems, packed: Set<String> = []) {
        self.items = items
        self.packed = packed.intersection(items)
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

    /// The packed items in list order (what is saved).
    public var packedInOrder: [String] { items.filter { packed.contains($0) } }
}
