import PickCore
import SweepUI

/// The records as items: item r is record r's text (its `--with-nth`
/// fields), decoded when drawn. The filter's rows show them through a
/// `FilteredDataSource`.
@MainActor
final class RecordRows: @MainActor RowDataSource, CollectionViewPrefetching {
    let store: RecordStore
    let fields: FieldSelector?
    let delimiter: String?
    /// Thumbnails of records that are image paths (`--images`), and of
    /// icons in rofi's and fuzzel's metadata, by path or by name; nil for neither.
    var thumbnails: ImageLoader<RecordPicture>?
    var showsRecordsAsImages = false
    /// The query of the rows shown: its matched characters are highlighted.
    var highlighted: Matcher?
    /// The fields matched when they are not the fields shown (--nth): only
    /// matches inside them are highlighted, or none when the shown text is
    /// itself a selection of fields (--with-nth) other than those.
    var matchedFields: FieldSelector?

    init(store: RecordStore, fields: FieldSelector?, delimiter: String?) {
        self.store = store
        self.fields = fields
        self.delimiter = delimiter
    }

    var numberOfRows: Int { store.count }
    func title(forRow record: Int) -> String {
        let text = store.displayText(of: record, fields: fields, delimiter: delimiter)
        // Under a picture the file's name says more than its directory.
        guard showsRecordsAsImages, let slash = text.lastIndex(of: "/"), text.index(after: slash) < text.endIndex else { return text }
        return String(text[text.index(after: slash)...])
    }
    func subtitle(forRow row: Int) -> String? { nil }
    /// A picture's row shows the file's name; a screen reader says the whole record (its path).
    func accessibleName(for item: ItemPath) -> String? {
        showsRecordsAsImages && (0..<store.count).contains(item.item) ? store.displayText(of: item.item, fields: fields, delimiter: delimiter) : nil
    }

    /// The record's text with the characters the query matched highlighted,
    /// found only for the rows being drawn.
    func content(for item: ItemPath) -> ItemContent {
        let title = title(for: item)
        let highlights = highlighted.map { matcher -> [Range<Int>] in
            if matcher.matchesEverything { return [] }
            guard let matchedFields, matchedFields != fields else { return matcher.highlights(in: title) }
            guard fields == nil, !showsRecordsAsImages else { return [] }
            return matcher.highlights(in: title, fields: matchedFields, delimiter: delimiter)
        } ?? []
        return ItemContent(title: title, image: image(for: item).map(ItemImage.bitmap), titleHighlights: highlights)
    }

    func image(for item: ItemPath) -> Bitmap? {
        guard let thumbnails, let path = imagePath(forRow: item.item) else { return nil }
        return thumbnails.image(for: path, item: item)
    }

    /// Where a record's picture comes from: its icon (a path or a name in
    /// the icon theme), else with `--images` the record itself; nil for none.
    private func imagePath(forRow record: Int) -> RecordPicture? {
        guard thumbnails != nil, (0..<store.count).contains(record) else { return nil }
        if let icon = store.icon(of: record).flatMap(RecordPicture.init(icon:)) { return icon }
        return showsRecordsAsImages ? .file(store.displayText(of: record)) : nil
    }

    func prefetchItems(_ ranges: [ItemRange]) {
        thumbnails?.prefetch(ranges) { imagePath(forRow: $0.item) }
    }

    func cancelPrefetching(_ ranges: [ItemRange]) {
        thumbnails?.cancelRequests(in: ranges)
    }
}
