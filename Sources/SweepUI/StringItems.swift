/// The simplest data source: one section of rows titled by strings.
public final class StringItems: RowDataSource {
    public var strings: [String]

    public init(_ strings: [String]) { self.strings = strings }

    public var numberOfRows: Int { strings.count }
    public func title(forRow row: Int) -> String { strings[row] }
    public func subtitle(forRow row: Int) -> String? { nil }
}
