import PickCore
import SweepUI

/// The list's rows: row r shows record `result[r]`'s text (its `--with-nth`
/// fields), decoded when drawn.
final class RecordRows: RowDataSource {
    let store: RecordStore
    let fields: FieldSelector?
    let delimiter: String?
    var result: FilterResult
    /// Thumbnails of records that are image paths (`--images`), and of
    /// icons given as paths in rofi's and fuzzel's metadata; nil for neither.
    var thumbnails: ThumbnailLoader?
    var showsRecordsAsImages = false

    init(store: RecordStore, fields: FieldSelector?, delimiter: String?, result: FilterResult) {
        self.store = store
        self.fields = fields
        self.delimiter = delimiter
        self.result = result
    }

    var numberOfRows: Int { result.count }
    func record(atRow row: Int) -> Int { result[row] }
    func title(forRow row: Int) -> String {
        let text = store.displayText(of: result[row], fields: fields, delimiter: delimiter)
        // Under a picture the file's name says more than its directory.
        guard showsRecordsAsImages, let slash = text.lastIndex(of: "/"), text.index(after: slash) < text.endIndex else { return text }
        return String(text[text.index(after: slash)...])
    }
    func subtitle(forRow row: Int) -> String? { nil }

    func image(for item: ItemPath) -> Bitmap? {
        guard let thumbnails else { return nil }
        let record = result[item.item]
        if let icon = store.icon(of: record), icon.hasPrefix("/") { return thumbnails.thumbnail(for: icon) }
        guard showsRecordsAsImages else { return nil }
        return thumbnails.thumbnail(for: store.displayText(of: record))
    }
}
