/// Loading ahead passes through to a source that does it, with the rows
/// named as the source items they show, so the source's loader knows its
/// items by one index whatever the filter.
extension FilteredDataSource: CollectionViewPrefetching {
    public func prefetchItems(_ ranges: [ItemRange]) {
        guard let prefetcher = source as? CollectionViewPrefetching else { return }
        let items = sourceRanges(of: ranges)
        if !items.isEmpty { prefetcher.prefetchItems(items) }
    }

    public func cancelPrefetching(_ ranges: [ItemRange]) {
        guard let prefetcher = source as? CollectionViewPrefetching else { return }
        let items = sourceRanges(of: ranges)
        if !items.isEmpty { prefetcher.cancelPrefetching(items) }
    }

    /// The source items the rows in `ranges` show.
    private func sourceRanges(of ranges: [ItemRange]) -> [ItemRange] {
        sourceRanges(inRows: ranges.filter { $0.section == 0 }.map(\.items)).map { ItemRange(section: 0, items: $0) }
    }
}
