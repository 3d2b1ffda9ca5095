/// What a `ListView` shows: the rows' text, asked for only for visible rows.
public protocol ListDataSource: AnyObject {
    var numberOfRows: Int { get }
    func title(forRow row: Int) -> String
    /// nil for a one-line row.
    func subtitle(forRow row: Int) -> String?
}
