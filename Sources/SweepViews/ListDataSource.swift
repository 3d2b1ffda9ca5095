import SweepGeometry
import SweepGraphics

/// What a row shows at its trailing edge (UIKit's accessory types).
public enum RowAccessory: Sendable, Hashable {
    case none
    /// A check in the accent colour: the chosen rows of inclusive and exclusive lists.
    case checkmark
    /// An "i" in a circle; tapping it reports the accessory and never selects.
    case detailButton
    /// A chevron: the row leads to another page.
    case disclosure
}

/// What a list or grid (`ItemsView`) shows: sections of items with text,
/// asked for only for the items being drawn.
public protocol ListDataSource: AnyObject {
    /// The number of items in each section.
    var sectionCounts: [Int] { get }
    func title(for item: ItemPath) -> String
    /// nil for a one-line row.
    func subtitle(for item: ItemPath) -> String?
    /// A section's header; nil for none.
    func headerTitle(forSection section: Int) -> String?
    func accessory(for item: ItemPath) -> RowAccessory
    /// A picture for the item: a list row shows it as a leading thumbnail,
    /// a grid cell above its title. nil for none. Asked only for items
    /// being drawn, so a source may decode lazily and cache.
    func image(for item: ItemPath) -> Bitmap?
    /// What Ctrl+C copies of the item: by default its title. A source that
    /// shortens titles for showing (a line of a file cut at 16 KB) gives
    /// the whole text here.
    func copiedText(for item: ItemPath) -> String
    /// Everything the item shows, for its renderer. By default built from
    /// `title`, `subtitle`, `image` and `accessory`; a source with icons,
    /// details, badges or highlighted matches gives it here instead. Asked
    /// only for items being drawn.
    func content(for item: ItemPath) -> ItemContent
    /// What a screen reader says for the item, when not its title (a
    /// picture's description, a file's whole path); nil: the title.
    func accessibleName(for item: ItemPath) -> String?
    /// What a screen reader says after the name, when not the secondary
    /// text ("modified yesterday, 2 MB"); nil: the secondary text.
    func accessibleDescription(for item: ItemPath) -> String?
}

extension ListDataSource {
    public func subtitle(for item: ItemPath) -> String? { nil }
    public func headerTitle(forSection section: Int) -> String? { nil }
    public func accessory(for item: ItemPath) -> RowAccessory { .none }
    public func image(for item: ItemPath) -> Bitmap? { nil }
    public func copiedText(for item: ItemPath) -> String { title(for: item) }
    public func accessibleName(for item: ItemPath) -> String? { nil }
    public func accessibleDescription(for item: ItemPath) -> String? { nil }
    public func content(for item: ItemPath) -> ItemContent {
        ItemContent(title: title(for: item), secondaryText: subtitle(for: item), image: image(for: item).map(ItemImage.bitmap),
                    accessory: accessory(for: item))
    }
}

/// A data source of one section without a header: rows by number.
public protocol RowDataSource: ListDataSource {
    var numberOfRows: Int { get }
    func title(forRow row: Int) -> String
    func subtitle(forRow row: Int) -> String?
}

extension RowDataSource {
    public var sectionCounts: [Int] { [numberOfRows] }
    public func title(for item: ItemPath) -> String { title(forRow: item.item) }
    public func subtitle(for item: ItemPath) -> String? { subtitle(forRow: item.item) }
}
