import SweepGeometry

/// A list: sections of rows of one height, each section under a header
/// where the data source titles one (UIKit's list layout, GTK's
/// `GtkListView`). Changing a size lays the list out again with the top row
/// in place.
public final class CollectionListLayout: GeometryBackedLayout {
    public let invalidation = LayoutInvalidation()
    /// The geometry as last prepared.
    public private(set) var geometry: SectionedListLayout

    /// Height of a section header unless set otherwise.
    public static let defaultHeaderHeight = 32.0

    /// The height of every row (1 to 100,000; other heights are ignored).
    public var rowHeight: Double {
        didSet {
            guard ItemLength.isValid(rowHeight, minimum: 1) else { rowHeight = oldValue; return }
            if rowHeight != oldValue { invalidateLayout() }
        }
    }

    /// The height of a section header, shown where the data source titles a
    /// section (0 to 100,000; 0 hides them; other heights are ignored).
    public var headerHeight: Double {
        didSet {
            guard ItemLength.isValid(headerHeight, minimum: 0) else { headerHeight = oldValue; return }
            if headerHeight != oldValue { invalidateLayout() }
        }
    }

    public init(rowHeight: Double = 44, headerHeight: Double = CollectionListLayout.defaultHeaderHeight) {
        self.rowHeight = ItemLength.isValid(rowHeight, minimum: 1) ? rowHeight : 44
        self.headerHeight = ItemLength.isValid(headerHeight, minimum: 0) ? headerHeight : Self.defaultHeaderHeight
        geometry = SectionedListLayout(itemCounts: [], rowHeight: self.rowHeight, width: 0)
    }

    public func prepare(for context: LayoutContext) {
        geometry = SectionedListLayout(itemCounts: context.itemCounts, rowHeight: rowHeight,
                                       headerHeight: context.showsHeaders ? headerHeight : 0, width: context.width)
    }

    public var itemShape: ItemShape { .rows }
    public var lineHeight: Double { geometry.rowHeight }
}

extension CollectionViewLayout where Self == CollectionListLayout {
    /// A list of 44 px rows.
    public static var list: CollectionListLayout { CollectionListLayout() }
}
