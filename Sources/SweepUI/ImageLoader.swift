import SweepGeometry
import SweepGraphics

/// Where the picture for a key stands.
public enum ImageLoadPhase: Hashable, Sendable {
    /// Not cached yet: it is being loaded (or waits to be).
    case loading
    /// Cached: the picture.
    case loaded(Bitmap)
    /// The source threw for this key; it is not asked again until `removeAll()`.
    case failed
}

/// Pictures for item views, loaded off the event loop by a pluggable
/// `ImageSource` and kept in an LRU cache. A data source's `image(for:)`
/// asks `image(for:item:)`: a cached picture comes back at once;
/// otherwise nil, and the key is queued. Results arrive on the main actor,
/// where `onLoaded` says to redraw the items showing that key; failures
/// are cached and reported once through `onError`, and show `placeholder`.
///
/// Requests follow the view without bookkeeping in the app: pass the item
/// with each request, and adopt `CollectionViewPrefetching` in the data
/// source by handing its calls to `prefetch(_:key:)` and
/// `cancelRequests(in:)`. The view then names, once a frame, the items of
/// the next screen in the scrolling direction (loaded after those on
/// screen) and the items that left both (their requests are dropped
/// before loading, an `async` load under way is cancelled). Without it, a
/// request waits until newer ones push it out of the queue.
///
/// ```swift
/// @MainActor
/// final class Photos: @MainActor RowDataSource, CollectionViewPrefetching {
///     let paths: [String]
///     let images = ImageLoader(size: 96)              // files by path, decoded by ImageDecoder
///     init(paths: [String]) { self.paths = paths }
///     var numberOfRows: Int { paths.count }
///     func title(forRow row: Int) -> String { paths[row] }
///     func subtitle(forRow row: Int) -> String? { nil }
///     func image(for item: ItemPath) -> Bitmap? { images.image(for: paths[item.item], item: item) }
///     func prefetchItems(_ ranges: [ItemRange]) { images.prefetch(ranges) { paths[$0.item] } }
///     func cancelPrefetching(_ ranges: [ItemRange]) { images.cancelRequests(in: ranges) }
/// }
/// // Once the view is made: each picture that arrives redraws it.
/// photos.images.onLoaded = { [unowned view] _ in view.setNeedsDisplay() }
/// ```
///
/// Keep the cache above the items on screen and the next screen, or
/// prefetched pictures are dropped before they show.
@MainActor
public final class ImageLoader<Key: Hashable & Sendable> {
    /// The longest side asked of the source, in pixels (device pixels, for a sharp picture).
    public let size: Int
    /// Called when the picture for a key has arrived: redraw the items that show it.
    public var onLoaded: ((Key) -> Void)?
    /// Called once for each key whose source threw, with the error.
    public var onError: ((Key, any Error) -> Void)?
    /// What `image(for:item:)` returns for a key that failed (a broken
    /// picture, say); nil shows none.
    public var placeholder: Bitmap?

    // Keyed by key and size: one key at two sizes is two pictures.
    private var cache: ImageCache<SizedKey<Key>>
    private let workers: ImageWorkers<SizedKey<Key>>
    private let prefetchLimit: Int

    /// Pictures whose longer side is `size`, from `source`, the cache
    /// holding at most `cacheLimit` of them and `cacheByteLimit` bytes of
    /// pixels (4 a pixel; 64 MiB by default).
    public convenience init(size: Int, source: ImageSource<Key>, cacheLimit: Int = 512, cacheByteLimit: Int = 64 << 20) {
        self.init(size: size, source: source, cacheLimit: cacheLimit, cacheByteLimit: cacheByteLimit,
                  onScreenLimit: 64, prefetchLimit: 256)
    }

    /// The same with the queue's bounds given (tests).
    init(size: Int, source: ImageSource<Key>, cacheLimit: Int, cacheByteLimit: Int, onScreenLimit: Int, prefetchLimit: Int) {
        self.size = max(1, size)
        self.prefetchLimit = prefetchLimit
        cache = ImageCache(countLimit: cacheLimit, byteLimit: cacheByteLimit)
        workers = ImageWorkers(source: source.sized(), size: self.size, onScreenLimit: onScreenLimit, prefetchLimit: prefetchLimit)
        workers.setDelivery { [weak self] in
            Task { @MainActor in self?.deliver() }
        }
    }

    deinit {
        workers.shutDown()
    }

    /// The picture for `key` if it is cached (`placeholder` if it failed);
    /// otherwise nil, and the key is queued for `item`, the item being
    /// drawn (nil: a request the view's scrolling never drops). `size`
    /// asks for a longest side other than the loader's `size` (a zoomed
    /// grid's cells, a preview pane): each size of a key is a picture of
    /// its own, cached and loaded apart.
    public func image(for key: Key, item: ItemPath? = nil, size: Int? = nil) -> Bitmap? {
        switch phase(for: key, item: item, size: size) {
        case .loaded(let bitmap): bitmap
        case .failed: placeholder
        case .loading: nil
        }
    }

    /// Where the picture for `key` stands, queuing it for `item` when it
    /// is not cached: for a source that shows its own placeholder (an icon
    /// while loading, another for a failure).
    public func phase(for key: Key, item: ItemPath? = nil, size: Int? = nil) -> ImageLoadPhase {
        let sized = sizedKey(key, size)
        switch cache.lookup(sized) {
        case .loaded(let bitmap): return .loaded(bitmap)
        case .failed: return .failed
        case nil:
            workers.ask(sized, item: item)
            return .loading
        }
    }

    private func sizedKey(_ key: Key, _ size: Int?) -> SizedKey<Key> {
        SizedKey(key: key, size: max(1, min(size ?? self.size, 1 << 14)))
    }

    /// Queues the pictures of the items in `ranges` after those on screen,
    /// `key` naming each item's key (nil for an item without a picture).
    /// Cached keys are skipped; past the prefetch queue's room (256 keys)
    /// the rest of the ranges is not visited, so a huge range costs no more.
    public func prefetch(_ ranges: [ItemRange], size: Int? = nil, key: (ItemPath) -> Key?) {
        var wanted: [(key: SizedKey<Key>, item: ItemPath)] = []
        visiting: for range in ranges {
            for index in range.items {
                let item = ItemPath(section: range.section, item: index)
                if let key = key(item).map({ sizedKey($0, size) }), cache.lookup(key) == nil { wanted.append((key, item)) }
                if wanted.count >= prefetchLimit { break visiting }
            }
        }
        workers.prefetch(wanted)
    }

    /// The items in `ranges` are no longer on screen or about to be: their
    /// requests are dropped before loading (a key another item still
    /// wants stays), and `async` loads no item wants now are cancelled.
    public func cancelRequests(in ranges: [ItemRange]) {
        workers.cancel(in: ranges)
    }

    /// Forgets every picture and failure (the files changed); loads under way still arrive.
    public func removeAll() {
        cache.removeAll()
    }

    /// The number of pictures and failures cached.
    public var cachedCount: Int { cache.count }

    /// The bytes of pixels cached.
    public var cachedByteCount: Int { cache.byteCount }

    /// The results the workers have finished, into the cache; each reported.
    private func deliver() {
        for (sized, outcome) in workers.takeResults() {
            switch outcome {
            case .success(let bitmap):
                cache.insert(.loaded(bitmap), for: sized)
                onLoaded?(sized.key)
            case .failure(let error):
                cache.insert(.failed, for: sized)
                onError?(sized.key, error)
            }
        }
    }
}

extension ImageLoader where Key == String {
    /// Thumbnails of PNG and JPEG files by path (`ImageSource.files`).
    public convenience init(size: Int, cacheLimit: Int = 512, cacheByteLimit: Int = 64 << 20) {
        self.init(size: size, source: .files, cacheLimit: cacheLimit, cacheByteLimit: cacheByteLimit)
    }
}

extension ImageLoader {
    /// Keys waiting for a worker, on screen (oldest first) and prefetched (for tests).
    var waitingRequests: (onScreen: [Key], prefetches: [Key]) {
        let waiting = workers.waiting
        return (waiting.onScreen.map(\.key), waiting.prefetches.map(\.key))
    }
}
