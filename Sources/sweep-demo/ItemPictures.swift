import SweepUI

/// `--images`: the list's or the grid's items with a picture each, from an
/// `ImageLoader` of the view's own (the two views draw them at different
/// sizes, and each view's scrolling drops only its own requests). Lines of
/// `--items` are paths of PNG or JPEG files; generated items get a
/// generated landscape, keyed by row number, to show a source that is not
/// files. Everything else comes from the shared `ItemStore`.
@MainActor
final class PicturedItems<Key: Hashable & Sendable>: @MainActor RowDataSource, CollectionViewPrefetching, RedrawnView {
    let items: ItemStore
    let images: ImageLoader<Key>
    /// The key of a base row's picture.
    private let key: (Int) -> Key?
    /// The view to redraw when a picture arrives.
    weak var view: CollectionView?

    init(items: ItemStore, images: ImageLoader<Key>, key: @escaping (Int) -> Key?) {
        self.items = items
        self.images = images
        self.key = key
        images.placeholder = .brokenImage(size: images.size)
        images.onLoaded = { [weak self] _ in self?.view?.setNeedsDisplay() }
        images.onError = { key, error in printError("\(key): \(error)") }
    }

    var numberOfRows: Int { items.numberOfRows }
    func title(forRow row: Int) -> String { items.title(forRow: row) }
    func subtitle(forRow row: Int) -> String? { items.subtitle(forRow: row) }
    func copiedText(for item: ItemPath) -> String { items.copiedText(for: item) }
    func accessibleName(for item: ItemPath) -> String? { items.accessibleName(for: item) }
    func accessibleDescription(for item: ItemPath) -> String? { items.accessibleDescription(for: item) }

    func image(for item: ItemPath) -> Bitmap? {
        guard let key = pictureKey(for: item) else { return nil }
        return images.image(for: key, item: item)
    }

    func prefetchItems(_ ranges: [ItemRange]) {
        images.prefetch(ranges) { pictureKey(for: $0) }
    }

    func cancelPrefetching(_ ranges: [ItemRange]) {
        images.cancelRequests(in: ranges)
    }

    private func pictureKey(for item: ItemPath) -> Key? {
        guard item.section == 0, (0..<items.numberOfRows).contains(item.item), let row = items.baseRow(at: item.item) else { return nil }
        return key(row)
    }
}

/// A data source that redraws its view when its pictures arrive.
@MainActor
protocol RedrawnView: AnyObject {
    var view: CollectionView? { get set }
}

/// Where `--images` meets the demo's split view.
@MainActor
enum DemoPictures {
    /// What the list (`size` 40) or the grid (96) shows: the items
    /// themselves, or with `--images` the items with pictures.
    static func source(for items: ItemStore, size: Int, options: Options) -> RowDataSource {
        guard options.images else { return items }
        if let file = items.base as? FileRows {
            return PicturedItems<String>(items: items, images: ImageLoader(size: size)) { file.file.line($0) }
        }
        return PicturedItems<Int>(items: items, images: ImageLoader(size: size, source: .blocking(Landscape.picture))) { $0 }
    }

    /// Lets each view's pictures redraw it as they arrive (nothing without `--images`).
    static func connect(_ views: [CollectionView]) {
        for view in views { (view.dataSource as? RedrawnView)?.view = view }
    }
}

/// A small made-up landscape for a generated item: sky, a hill and ground
/// in colours picked by the row number, so neighbours differ.
enum Landscape {
    private static let skies: [UInt32] = [0xFF8E_C5E8, 0xFFF2_B880, 0xFF2E_3A66, 0xFFC9_D6DF]
    private static let grounds: [UInt32] = [0xFF5E_8C3A, 0xFFB0_8D57, 0xFF3F_5F4F, 0xFF8A_8F96, 0xFFD8_C9A3]

    @Sendable static func picture(row: Int, size: Int) throws -> Bitmap {
        let side = max(1, min(size, 1024))
        let sky = skies[row % skies.count], ground = grounds[(row / skies.count) % grounds.count]
        let crest = Double((row * 7919) % 97) / 97
        var pixels = [UInt32](repeating: sky, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                // A hill whose top moves along the picture with the row number.
                let across = Double(x) / Double(side) - crest
                let height = 0.45 + 0.2 * max(0, 1 - 4 * across * across)
                if Double(side - y) / Double(side) < height { pixels[y * side + x] = ground }
            }
        }
        return Bitmap(width: side, height: side, pixels: pixels)!
    }
}
