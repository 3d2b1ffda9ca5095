import SweepGeometry

/// The sections and items a list or grid shows, by identifier, in order:
/// a diffable data source's snapshot, after UIKit's
/// `NSDiffableDataSourceSnapshot`.
///
/// Build the snapshot the data should look like (append, insert, delete,
/// move sections and items; mark items whose content changed with
/// `reconfigureItems`), then hand the one on screen and the new one to
/// `transition(from:to:)`: the `SnapshotTransition` it returns keeps the
/// selection, the anchor and the activated item on the same identifiers
/// (`SelectionController.apply(_:)`) and maps any other index path.
///
/// ```swift
/// var next = shown
/// next.insertItems([newMail], beforeItem: firstMail)
/// next.reconfigureItems([editedMail])
/// let transition = try ItemSnapshot.transition(from: shown, to: next)
/// try controller.apply(transition)
/// shown = next
/// shown.clearReconfiguredItems()
/// ```
///
/// Identifiers must be unique: an item identifier once among all sections,
/// a section identifier once. A snapshot that holds one twice can still be
/// built and edited (nothing traps); `transition(from:to:)` refuses it with
/// `ItemIdentifierError`. Calls that name an identifier the snapshot does
/// not hold change nothing: those with an anchor (`beforeItem:`,
/// `toSection:`, …) return false, deletes and marks skip it, queries return
/// nil or 0.
///
/// Storage: each section's items are kept in order in chunks of at most
/// 512 identifiers, with a hash table from each item identifier to its
/// chunk. An edit touches one chunk (splitting it when full, merging small
/// neighbours after deletes) and renumbers the chunks after it in its
/// section; a lookup by identifier is one hash lookup and a search of one
/// chunk. With n items, c chunks in the section concerned and s sections:
/// - `indexPath(for:)`, `section(containing:)`, `contains(_:)`: O(1) expected
///   (plus O(512) to find the item in its chunk for `indexPath(for:)`);
/// - `itemIdentifier(at:)`: O(log c);
/// - inserting or appending k items: O(k + 512 + c); deleting k items:
///   O(k + 512 · chunks touched + c); moving an item: O(512 + c);
/// - section edits: O(s + n / 512) (every chunk learns its section's place);
/// - copying a snapshot: O(1), the storage is shared until one copy changes.
public struct ItemSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// Consecutive items of one section, stored together.
    @usableFromInline
    struct Chunk: Sendable {
        @usableFromInline var items: [ItemID]
        /// The place of its section in `sections` (-1 for a free slot).
        @usableFromInline var section: Int
        /// Its place in its section's `chunks`.
        @usableFromInline var index: Int
        /// The index in its section of its first item.
        @usableFromInline var offset: Int

        @inlinable
        init(items: [ItemID], section: Int) {
            self.items = items
            self.section = section
            index = 0
            offset = 0
        }
    }

    /// One section: its identifier and its chunks in order.
    @usableFromInline
    struct Section: Sendable {
        @usableFromInline var id: SectionID
        /// Handles into `chunks`, in item order; none is empty.
        @usableFromInline var chunks: [Int] = []
        @usableFromInline var count = 0

        @inlinable
        init(id: SectionID) { self.id = id }
    }

    @usableFromInline var sections: [Section] = []
    /// Every chunk, by handle; freed handles are listed in `freeChunks` for reuse.
    @usableFromInline var chunks: [Chunk] = []
    @usableFromInline var freeChunks: [Int] = []
    /// Each item identifier's chunk (one holding it, if it occurs more than once).
    @usableFromInline var chunkOfItem: [ItemID: Int] = [:]
    /// How many more times than once an item identifier occurs (only those that repeat).
    @usableFromInline var extraOccurrences: [ItemID: Int] = [:]
    /// Each section identifier's first place in `sections`.
    @usableFromInline var sectionPlaces: [SectionID: Int] = [:]
    @usableFromInline var hasDuplicateSections = false
    @usableFromInline var reconfiguredItems: Set<ItemID> = []
    @usableFromInline var itemCount = 0
    /// The most items a chunk holds; small only in tests, to exercise splits and merges.
    @usableFromInline let chunkCapacity: Int

    /// An empty snapshot: no sections, no items.
    @inlinable
    public init() {
        self.init(chunkCapacity: 512)
    }

    /// An empty snapshot whose chunks hold at most `chunkCapacity` items (at least 2).
    @inlinable
    init(chunkCapacity: Int) {
        self.chunkCapacity = max(2, chunkCapacity)
    }

    // MARK: - Sections

    /// The number of sections. - Complexity: O(1).
    @inlinable
    public var numberOfSections: Int { sections.count }

    /// The section identifiers in order. - Complexity: O(s).
    @inlinable
    public var sectionIdentifiers: [SectionID] { sections.map(\.id) }

    /// The number of items in each section, in order: the item counts a
    /// `SelectionController` and a layout take. - Complexity: O(s).
    @inlinable
    public var sectionCounts: [Int] { sections.map(\.count) }

    /// The place of section `section` among the sections, nil when the
    /// snapshot has no such section. - Complexity: O(1) expected.
    @inlinable
    public func index(ofSection section: SectionID) -> Int? { sectionPlaces[section] }

    /// The identifier of the section at `index`, nil when there is none. - Complexity: O(1).
    @inlinable
    public func sectionIdentifier(at index: Int) -> SectionID? {
        index >= 0 && index < sections.count ? sections[index].id : nil
    }

    // MARK: - Items

    /// The number of items in all sections. - Complexity: O(1).
    @inlinable
    public var numberOfItems: Int { itemCount }

    /// The number of items in section `section`; 0 when there is no such
    /// section (`index(ofSection:)` tells the two apart). - Complexity: O(1) expected.
    @inlinable
    public func numberOfItems(inSection section: SectionID) -> Int {
        sectionPlaces[section].map { sections[$0].count } ?? 0
    }

    /// The identifiers of section `section`'s items in order; empty when there
    /// is no such section. - Complexity: O(items in the section).
    @inlinable
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        guard let place = sectionPlaces[section] else { return [] }
        return items(inSectionAt: place)
    }

    /// Every item identifier, section after section. - Complexity: O(n).
    @inlinable
    public var itemIdentifiers: [ItemID] {
        var result: [ItemID] = []
        result.reserveCapacity(itemCount)
        for place in sections.indices { result.append(contentsOf: items(inSectionAt: place)) }
        return result
    }

    /// Whether the snapshot holds item `item`. - Complexity: O(1) expected.
    @inlinable
    public func contains(_ item: ItemID) -> Bool { chunkOfItem[item] != nil }

    /// Where item `item` is, nil when the snapshot does not hold it.
    /// - Complexity: O(1) expected, plus a search of the item's chunk (at most 512 identifiers).
    @inlinable
    public func indexPath(for item: ItemID) -> ItemPath? {
        guard let (handle, position) = location(of: item) else { return nil }
        return ItemPath(section: chunks[handle].section, item: chunks[handle].offset + position)
    }

    /// The identifier of the section holding item `item`, nil when the
    /// snapshot does not hold it. - Complexity: O(1) expected.
    @inlinable
    public func section(containing item: ItemID) -> SectionID? {
        guard let handle = chunkOfItem[item] else { return nil }
        return sections[chunks[handle].section].id
    }

    /// The identifier of the item at `path`, nil when there is no such item.
    /// - Complexity: O(log c) for c chunks in the section.
    @inlinable
    public func itemIdentifier(at path: ItemPath) -> ItemID? {
        guard path.section >= 0 && path.section < sections.count,
              path.item >= 0 && path.item < sections[path.section].count else { return nil }
        let handle = sections[path.section].chunks[chunkIndex(containing: path.item, inSectionAt: path.section)]
        return chunks[handle].items[path.item - chunks[handle].offset]
    }

    // MARK: - Reconfigured items

    /// The items marked by `reconfigureItems(_:)` (content changed, identity
    /// kept), in index order. - Complexity: O(k · 512 + k log k) for k marked items.
    @inlinable
    public var reconfiguredItemIdentifiers: [ItemID] {
        reconfiguredItems.compactMap { id in indexPath(for: id).map { ($0, id) } }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Whether any identifier occurs twice (an item among all sections, or a
    /// section): `transition(from:to:)` refuses such a snapshot. - Complexity: O(1).
    @inlinable
    public var containsDuplicateIdentifiers: Bool { !extraOccurrences.isEmpty || hasDuplicateSections }

    // MARK: - Internal lookups

    /// The chunk holding `item` and its position there.
    @inlinable
    func location(of item: ItemID) -> (handle: Int, position: Int)? {
        guard let handle = chunkOfItem[item], let position = chunks[handle].items.firstIndex(of: item) else { return nil }
        return (handle, position)
    }

    /// The index in section `place`'s chunk list of the chunk holding item
    /// `item`, which must be below the section's count: the last chunk that
    /// starts at or before it.
    @inlinable
    func chunkIndex(containing item: Int, inSectionAt place: Int) -> Int {
        let list = sections[place].chunks
        var low = 0, high = list.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if chunks[list[mid]].offset <= item { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The item identifiers of the section at `place`, in order.
    @inlinable
    func items(inSectionAt place: Int) -> [ItemID] {
        var result: [ItemID] = []
        result.reserveCapacity(sections[place].count)
        for handle in sections[place].chunks { result.append(contentsOf: chunks[handle].items) }
        return result
    }
}
