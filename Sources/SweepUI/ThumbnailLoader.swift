import Glibc
import SweepGraphics
import SweepImages

/// Thumbnails of image files (PNG, JPEG) for item views, decoded off the
/// event loop. A data source's `image(for:)` asks `thumbnail(for:)`:
/// a cached thumbnail comes back at once; otherwise nil, and the file is
/// queued. Background threads decode the most recent requests first (the
/// cells on screen) and drop the oldest past the queue's limit (cells
/// scrolled away); each result comes back on the loop, where `onLoaded`
/// says to redraw the items showing that path.
///
/// Failures are cached as "no thumbnail" and reported once through
/// `onError`. The cache keeps `cacheLimit` entries, least recently used
/// dropped first; keep it above the number of cells on screen. Use it on
/// the loop's thread only.
public final class ThumbnailLoader {
    /// The longest side of a thumbnail, in pixels (device pixels, for a sharp picture).
    public let size: Int
    /// Called on the loop when the thumbnail for a path has arrived: redraw the items that show it.
    public var onLoaded: ((String) -> Void)?
    /// Called on the loop, once per file that gave no thumbnail: "path: reason".
    public var onError: ((String) -> Void)?

    private var cache: ThumbnailCache
    private let queue: ThumbnailQueue?
    private var endWatch: (() -> Void)?
    private var reportedNoPipe = false

    /// Thumbnails whose longer side is `size`, decoded by `ImageDecoder`,
    /// their results delivered on `loop` (an `EventLoop`: `app.loop`).
    public convenience init(loop: any ReadableWatching, size: Int, cacheLimit: Int = 512) {
        self.init(loop: loop, size: size, cacheLimit: cacheLimit, queueLimit: 64,
                  workers: ThumbnailLoader.defaultWorkers) { path, size in
            try ImageDecoder.thumbnail(path: path, fitting: size)
        }
    }

    /// The same with the queue's bounds and the decoder given (tests).
    init(loop: any ReadableWatching, size: Int, cacheLimit: Int, queueLimit: Int, workers: Int,
         decode: @escaping ThumbnailQueue.Decode) {
        self.size = max(1, size)
        cache = ThumbnailCache(limit: cacheLimit)
        queue = ThumbnailQueue(size: self.size, queueLimit: queueLimit, workers: workers, decode: decode)
        if let queue {
            endWatch = loop.watchReadable(fd: queue.readFD) { [weak self] in self?.deliver() }
        }
    }

    deinit {
        endWatch?()
        queue?.shutDown()
    }

    /// The thumbnail of the file at `path` if it is cached; otherwise nil,
    /// and the file is queued (nil for good if it failed before).
    public func thumbnail(for path: String) -> Bitmap? {
        switch cache.lookup(path) {
        case .loaded(let bitmap): return bitmap
        case .failed: return nil
        case nil: break
        }
        if let queue {
            queue.request(path)
        } else if !reportedNoPipe {
            reportedNoPipe = true
            onError?("no thumbnails: cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        return nil
    }

    /// Forgets every thumbnail and failure (the files changed); decodes under way still arrive.
    public func removeAll() {
        cache.removeAll()
    }

    /// The number of thumbnails and failures cached.
    public var cachedCount: Int { cache.count }

    /// On the loop: files the queue's decoders wrote results for.
    private func deliver() {
        guard let queue else { return }
        for (path, outcome) in queue.takeResults() {
            switch outcome {
            case .loaded(let bitmap):
                cache.insert(.loaded(bitmap), for: path)
                onLoaded?(path)
            case .failed(let message):
                cache.insert(.failed, for: path)
                onError?("\(path): \(message)")
            }
        }
    }

    /// One decoding thread on a machine of two cores (the other draws), two on more.
    static var defaultWorkers: Int {
        sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 2 ? 2 : 1
    }
}

extension ThumbnailLoader {
    /// Paths waiting for a decoding thread, oldest first (for tests).
    var waitingRequests: [String] { queue?.waiting ?? [] }
}
