import PickCore
import SweepUI

/// A filter result as the rows of a `FilteredDataSource`: row r shows
/// record `result[r]`, read from the result's own index buffers (no copy).
/// Matches in input order map a selection by binary search; ranked ones
/// (any order) by walking the rows.
struct MatchRows: FilteredRows {
    let result: FilterResult

    init(_ result: FilterResult) { self.result = result }

    var rowCount: Int { result.count }
    func sourceItem(atRow row: Int) -> Int { result[row] }
    var order: RowOrder { result.isRanked ? .arbitrary : result.isAll ? .identity : .ascending }
    func firstRow(atOrAfter item: Int) -> Int { result.firstRow(atOrAfter: item) }
}
