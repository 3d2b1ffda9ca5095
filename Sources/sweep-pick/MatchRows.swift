import PickCore
import SweepUI

/// A filter result as the rows of a `FilteredDataSource`: row r shows
/// record `result[r]`, read from the result's own index buffer (no copy).
/// Matches keep the input order, so mapping a selection is a binary search.
struct MatchRows: FilteredRows {
    let result: FilterResult

    init(_ result: FilterResult) { self.result = result }

    var rowCount: Int { result.count }
    func sourceItem(atRow row: Int) -> Int { result[row] }
    var order: RowOrder { result.isAll ? .identity : .ascending }
    func firstRow(atOrAfter item: Int) -> Int { result.firstRow(atOrAfter: item) }
}
