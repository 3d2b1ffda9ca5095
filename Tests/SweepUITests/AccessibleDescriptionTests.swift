@testable import SweepUI
import Testing

/// What a screen reader reads after a row's title: that it is a folder, then the text the row shows.
@MainActor @Suite struct AccessibleDescriptionTests {
    @Test func aFolderSaysSoThenItsSecondaryAndDetailText() {
        var folder = ItemContent(title: "Music", image: .icon(.folder))
        folder.detailText = "2026-11-28 23:29"
        #expect(CollectionView.accessibleDescription(of: folder) == "folder, 2026-11-28 23:29")
        var file = ItemContent(title: "a.txt", image: .icon(.document))
        file.secondaryText = "notes"
        file.detailText = "12 B · 2026-11-28 23:29"
        #expect(CollectionView.accessibleDescription(of: file) == "notes, 12 B · 2026-11-28 23:29")
        #expect(CollectionView.accessibleDescription(of: ItemContent(title: "plain")) == "")
    }
}
