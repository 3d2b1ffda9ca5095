/// The adapter as a data source: one section of its rows, each row asking
/// the source about the item it shows. A row that names an item the source
/// does not have shows nothing rather than asking for it.
extension FilteredDataSource: @MainActor ListDataSource {
    public var sectionCounts: [Int] { [rows.rowCount] }

    public func title(for item: ItemPath) -> String {
        sourcePath(of: item).map { source.title(for: $0) } ?? ""
    }

    public func subtitle(for item: ItemPath) -> String? {
        sourcePath(of: item).flatMap { source.subtitle(for: $0) }
    }

    /// The source's header of its one section.
    public func headerTitle(forSection section: Int) -> String? {
        section == 0 ? source.headerTitle(forSection: 0) : nil
    }

    public func accessory(for item: ItemPath) -> RowAccessory {
        sourcePath(of: item).map { source.accessory(for: $0) } ?? .none
    }

    public func image(for item: ItemPath) -> Bitmap? {
        sourcePath(of: item).flatMap { source.image(for: $0) }
    }

    public func copiedText(for item: ItemPath) -> String {
        sourcePath(of: item).map { source.copiedText(for: $0) } ?? ""
    }

    public func content(for item: ItemPath) -> ItemContent {
        sourcePath(of: item).map { source.content(for: $0) } ?? ItemContent(title: "")
    }

    public func accessibleName(for item: ItemPath) -> String? {
        sourcePath(of: item).flatMap { source.accessibleName(for: $0) }
    }

    public func accessibleDescription(for item: ItemPath) -> String? {
        sourcePath(of: item).flatMap { source.accessibleDescription(for: $0) }
    }

    /// The source's index path of the item a row shows.
    private func sourcePath(of item: ItemPath) -> ItemPath? {
        guard item.section == 0, let sourceItem = sourceItem(atRow: item.item) else { return nil }
        return ItemPath(item: sourceItem)
    }
}
