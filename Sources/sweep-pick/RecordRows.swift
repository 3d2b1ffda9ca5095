import PickCore
import SweepUI

/// The list's rows: row r shows record `result[r]`'s text (its `--with-nth`
/// fields), decoded when drawn.
final class RecordRows: RowDataSource {
    let store: RecordStore
    let fields: FieldSelector?
    let delimiter: String?
    var result: FilterResult

    init(store: RecordStore, fields: FieldSelector?, delimiter: String?, result: FilterResult) {
        self.store = store
        self.fields = fields
        self.delimiter = delimiter
        self.result = result
    }

    var numberOfRows: Int { result.count }
    func record(atRow row: Int) -> Int { result[row] }
    func title(forRow row: Int) -> String { store.displayText(of: result[row], fields: fields, delimiter: delimiter) }
    func subtitle(forRow row: Int) -> String? { nil }
}
