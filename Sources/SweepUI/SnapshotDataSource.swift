/// A data source whose items are named by identifiers: the app builds an
/// `ItemSnapshot` of section and item identifiers (a folder's file names,
/// a database's keys) and `apply`s it; the views showing the source work
/// out what was inserted, deleted, moved and reconfigured, and the
/// selection, the focus and the top item follow their identifiers
/// (UIKit's `UICollectionViewDiffableDataSource`).
///
/// What an item shows comes from `content`, asked only for the items being
/// drawn, with the item's identifier: keep the app's model keyed by the
/// same identifiers.
///
/// ```swift
/// let source = SnapshotDataSource<String, URL> { url in ItemContent(title: url.lastPathComponent) }
/// let list = CollectionView(layout: .list, dataSource: source)
/// var snapshot = ItemSnapshot<String, URL>()
/// snapshot.appendSections(["files"])
/// snapshot.appendItems(urls)
/// try source.apply(snapshot)
/// ```
@MainActor
public final class SnapshotDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: @MainActor ListDataSource {
    /// The snapshot shown now.
    public private(set) var snapshot = ItemSnapshot<SectionID, ItemID>()
    /// What an item shows, by identifier.
    public var content: (ItemID) -> ItemContent
    /// An item's title alone, by identifier, for what needs only the title
    /// (type-ahead reads every title until one matches); by default the
    /// `content` closure's title. Give it when `content` does costly work.
    public var title: ((ItemID) -> String)?
    /// A section's header, by identifier; nil (the default) for none.
    public var headerTitle: ((SectionID) -> String?)?
    /// What Ctrl+C copies of an item; by default its title.
    public var copiedText: ((ItemID) -> String)?
    /// Pictures by item identifier. When set, an item whose content has
    /// no image shows the loader's picture for its identifier (asked with
    /// its item, so a request scrolled away is dropped), and the views'
    /// loading ahead (`CollectionViewPrefetching`) queues the next
    /// screen's pictures and drops those scrolled past. Redraw the view in
    /// the loader's `onLoaded`.
    public var imageLoader: ImageLoader<ItemID>?
    /// The longest side asked of `imageLoader` for each picture (device
    /// pixels; nil: the loader's `size`): set it as a grid zooms, so
    /// pictures stay sharp and small ones are not decoded large.
    public var imageSize: Int?
    /// Called as a view scrolls with the items of the next screen, to load
    /// ahead whatever else they show (after `imageLoader`'s pictures).
    public var onPrefetch: (([ItemRange]) -> Void)?
    /// Called with items that left the screen and the next one: stop loading for them.
    public var onCancelPrefetching: (([ItemRange]) -> Void)?
    /// The views (and filters) showing the source, told of every snapshot.
    private var observers: [WeakObserver] = []
    private struct WeakObserver { weak var observer: (any SnapshotObserver)? }

    public init(content: @escaping (ItemID) -> ItemContent) {
        self.content = content
    }

    /// Shows `newSnapshot` in every view of this source. The items in both
    /// snapshots keep their selection; deleted ones leave it; reconfigured
    /// ones are drawn again.
    ///
    /// With `animatingDifferences` (UIKit's name), each view animates the
    /// change over a quarter of a second (at the desktop's speed, see
    /// `Animations`): the items it showed slide to their new places,
    /// inserted ones fade in while the rows after them make room, deleted
    /// ones fade out under the others, and items coming into view from
    /// off-screen (a filter's survivors) slide in from the side they were
    /// on. The reader's place is kept as without animation. Input during
    /// the animation hits items where they are going; a change during it
    /// starts from where things are drawn; a resize or a scale change ends
    /// it with everything in place.
    /// - Throws: `ItemIdentifierError` when an identifier occurs twice in
    ///   the new snapshot (naming both places); the old one stays shown.
    public func apply(_ newSnapshot: ItemSnapshot<SectionID, ItemID>,
                      animatingDifferences: Bool = false) throws(ItemIdentifierError) {
        let transition = try ItemSnapshot.transition(from: snapshot, to: newSnapshot)
        observers.removeAll { $0.observer == nil }
        // The views read what the items they show hold while the old snapshot is here.
        if animatingDifferences { for entry in observers { entry.observer?.sourceWillApply() } }
        snapshot = newSnapshot
        snapshot.clearReconfiguredItems()
        observers.removeAll { $0.observer == nil }
        for entry in observers { entry.observer?.sourceDidApply(transition) }
    }

    /// Redraws the items whose content changed, keeping everything else
    /// (UIKit's `reconfigureItems`): the same as applying the snapshot with
    /// those items marked.
    public func reconfigureItems(_ items: [ItemID]) {
        var next = snapshot
        next.reconfigureItems(items)
        try? apply(next)
    }

    /// The identifier of the item at `item`, nil when there is none.
    public func itemIdentifier(for item: ItemPath) -> ItemID? { snapshot.itemIdentifier(at: item) }

    /// Where the item named `id` is, nil when the snapshot has none.
    public func indexPath(for id: ItemID) -> ItemPath? { snapshot.indexPath(for: id) }

    /// The identifiers of `view`'s committed selection, in index order,
    /// produced as they are read.
    public func selectedIdentifiers(in view: CollectionView) -> some Sequence<ItemID> {
        let snapshot = self.snapshot
        return view.selectedItems.lazy.compactMap { snapshot.itemIdentifier(at: $0) }
    }

    /// Selects the items named `ids` in `view` (the app's choice: no
    /// did-select calls); identifiers the snapshot lacks are ignored.
    public func select(_ ids: some Sequence<ItemID>, in view: CollectionView, additive: Bool = true) {
        let paths = ids.compactMap { snapshot.indexPath(for: $0) }.sorted()
        var ranges: [ItemRange] = []
        for path in paths {
            if let last = ranges.last, last.section == path.section, path.item <= last.items.upperBound + 1 {
                ranges[ranges.count - 1] = ItemRange(section: path.section,
                                                     items: last.items.lowerBound...max(last.items.upperBound, path.item))
            } else {
                ranges.append(ItemRange(section: path.section, items: path.item...path.item))
            }
        }
        view.selectRanges(ranges, additive: additive)
    }

    /// A view showing this source (`CollectionView` calls it when made).
    func register(_ view: CollectionView) { addObserver(view) }

    /// A view or filter showing this source, to tell of each snapshot.
    func addObserver(_ observer: any SnapshotObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        observers.append(WeakObserver(observer: observer))
    }

    // MARK: - ListDataSource

    public var sectionCounts: [Int] { snapshot.sectionCounts }

    public func title(for item: ItemPath) -> String {
        guard let id = snapshot.itemIdentifier(at: item) else { return "" }
        return title?(id) ?? content(id).title
    }

    public func subtitle(for item: ItemPath) -> String? { content(for: item).secondaryText }

    public func headerTitle(forSection section: Int) -> String? {
        guard let headerTitle, let id = snapshot.sectionIdentifier(at: section) else { return nil }
        return headerTitle(id)
    }

    public func accessory(for item: ItemPath) -> RowAccessory { content(for: item).accessory }

    /// The item's content, carrying its identifier as `value` when the
    /// `content` closure gave none (`content.value(as: ItemID.self)`).
    public func content(for item: ItemPath) -> ItemContent {
        guard let id = snapshot.itemIdentifier(at: item) else { return ItemContent(title: "") }
        var content = content(id)
        if content.value == nil { content.value = ItemValue(id) }
        if content.image == nil, let imageLoader, let picture = imageLoader.image(for: id, item: item, size: imageSize) {
            content.image = .bitmap(picture)
        }
        return content
    }

    public func copiedText(for item: ItemPath) -> String {
        guard let id = snapshot.itemIdentifier(at: item) else { return "" }
        return copiedText?(id) ?? title?(id) ?? content(id).title
    }
}

/// Loading ahead: the next screen's pictures from `imageLoader`, then the app's `onPrefetch`.
extension SnapshotDataSource: CollectionViewPrefetching {
    public func prefetchItems(_ ranges: [ItemRange]) {
        let snapshot = self.snapshot
        imageLoader?.prefetch(ranges, size: imageSize) { snapshot.itemIdentifier(at: $0) }
        onPrefetch?(ranges)
    }

    public func cancelPrefetching(_ ranges: [ItemRange]) {
        imageLoader?.cancelRequests(in: ranges)
        onCancelPrefetching?(ranges)
    }
}

/// A data source that wants to know the views showing it.
@MainActor
protocol ViewRegistering: AnyObject {
    func register(_ view: CollectionView)
}

extension SnapshotDataSource: ViewRegistering {}

/// Who a `SnapshotDataSource` tells about each snapshot it applies.
@MainActor
protocol SnapshotObserver: AnyObject {
    /// An animated snapshot is about to be applied (the old one is still shown).
    func sourceWillApply()
    func sourceDidApply(_ transition: SnapshotTransition)
}

extension CollectionView: SnapshotObserver {
    func sourceWillApply() { prepareChangeAnimation() }

    func sourceDidApply(_ transition: SnapshotTransition) {
        // The view showed the old snapshot, so the transition fits it; if it was
        // told otherwise behind the source's back, it reads everything again.
        do { try apply(transition) } catch { reloadData(keepingSelection: false) }
    }
}

/// A source that tells observers of its snapshots (any `SnapshotDataSource`).
@MainActor
protocol SnapshotSourceRegistering: AnyObject {
    func addObserver(_ observer: any SnapshotObserver)
}

extension SnapshotDataSource: SnapshotSourceRegistering {}
