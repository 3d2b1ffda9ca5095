import Glibc
import SweepGraphics
import SweepImages

/// How an `ImageLoader` gets the picture for a key (a file path, a URL, a
/// database id), given the longest side wanted in device pixels: a
/// blocking function run on background threads (decoding a file), or an
/// `async` one run in tasks (awaiting a network fetch). Either is called
/// off the event loop, several keys at once, so it must be thread-safe; a
/// thrown error is the key's failure, cached and reported once.
public struct ImageSource<Key: Hashable & Sendable>: Sendable {
    enum Load: Sendable {
        case blocking(@Sendable (Key, Int) throws -> Bitmap)
        case async(@Sendable (Key, Int) async throws -> Bitmap)
    }

    let load: Load
    /// Loads under way at once: threads for a blocking source, tasks for an `async` one.
    let concurrency: Int

    /// A blocking loader, run on `threads` background threads (by default
    /// one on a machine of two cores, where the other draws, two on more).
    public static func blocking(threads: Int = defaultThreads,
                                _ load: @escaping @Sendable (_ key: Key, _ size: Int) throws -> Bitmap) -> ImageSource {
        ImageSource(load: .blocking(load), concurrency: max(1, threads))
    }

    /// An `async` loader, up to `concurrentLoads` keys at a time. A load
    /// whose items all scrolled away is cancelled (its task's
    /// cancellation): a loader that checks it, as `URLSession` and
    /// `Task.sleep` do, stops early, and the error it then throws is not
    /// counted as the key's failure.
    public static func async(concurrentLoads: Int = 4,
                             _ load: @escaping @Sendable (_ key: Key, _ size: Int) async throws -> Bitmap) -> ImageSource {
        ImageSource(load: .async(load), concurrency: max(1, concurrentLoads))
    }

    /// This source with `transform` applied to each picture it loads, on
    /// the same background thread or task, never on the event loop: round
    /// its corners, crop it to a square, draw a badge over it. It gets the
    /// key, the longest side asked for and the loaded picture; what it
    /// throws is the key's failure, as the source's own errors are.
    public func mapped(_ transform: @escaping @Sendable (_ key: Key, _ size: Int, _ bitmap: Bitmap) throws -> Bitmap) -> ImageSource {
        switch load {
        case .blocking(let load):
            return ImageSource(load: .blocking { key, size in try transform(key, size, try load(key, size)) }, concurrency: concurrency)
        case .async(let load):
            return ImageSource(load: .async { key, size in try transform(key, size, try await load(key, size)) }, concurrency: concurrency)
        }
    }

    /// The source over keys that carry their size (an `ImageLoader`'s requests).
    func sized() -> ImageSource<SizedKey<Key>> {
        switch load {
        case .blocking(let load):
            return ImageSource<SizedKey<Key>>(load: .blocking { sized, _ in try load(sized.key, sized.size) }, concurrency: concurrency)
        case .async(let load):
            return ImageSource<SizedKey<Key>>(load: .async { sized, _ in try await load(sized.key, sized.size) }, concurrency: concurrency)
        }
    }

    /// One decoding thread on a machine of two cores or fewer, two on more.
    public static var defaultThreads: Int {
        sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 2 ? 2 : 1
    }
}

extension ImageSource where Key == String {
    /// Thumbnails of PNG and JPEG files by path, decoded by `ImageDecoder`
    /// (box-filtered to fit, premultiplied, Exif orientation applied).
    public static var files: ImageSource {
        .blocking { path, size in try ImageDecoder.thumbnail(path: path, fitting: size) }
    }
}

/// A key and the longest side asked of it: one key at two sizes is two pictures.
struct SizedKey<Key: Hashable & Sendable>: Hashable, Sendable {
    let key: Key
    let size: Int
}
