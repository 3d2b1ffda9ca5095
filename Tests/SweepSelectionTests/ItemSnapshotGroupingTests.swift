import SweepSelection
import Testing

/// `ItemSnapshot(grouping:by:)`: sections in the order their first items
/// come, each with its items in order, whether or not the items were sorted by the key.
struct ItemSnapshotGroupingTests {
    @Test func itemsGroupIntoSectionsByTheirKey() {
        let snapshot = ItemSnapshot<String, String>(grouping: ["apple", "avocado", "banana", "blueberry", "cherry"]) { String($0.prefix(1)) }
        #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
        #expect(snapshot.itemIdentifiers(inSection: "b") == ["banana", "blueberry"])
        let scattered = ItemSnapshot<Int, Int>(grouping: [1, 2, 3, 4, 5, 6]) { $0 % 2 }
        #expect(scattered.sectionIdentifiers == [1, 0] && scattered.itemIdentifiers(inSection: 0) == [2, 4, 6])
        #expect(ItemSnapshot<Int, Int>(grouping: []) { $0 }.numberOfSections == 0)
    }
}
