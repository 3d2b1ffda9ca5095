import Dispatch
import Glibc
import Synchronization
import Testing
@testable import SweepUI

/// Milliseconds on the monotonic clock.
var monotonicMilliseconds: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

/// Lets the main actor run (results arrive there) until `done()` holds or
/// `milliseconds` pass; whether it held.
@MainActor
func eventually(within milliseconds: Double = 5000, _ done: () -> Bool) async -> Bool {
    let deadline = monotonicMilliseconds + milliseconds
    while !done() {
        guard monotonicMilliseconds < deadline else { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}

/// Lets the main actor run for `milliseconds`: whatever was coming has come.
@MainActor
func settle(_ milliseconds: Double = 150) async {
    _ = await eventually(within: milliseconds) { false }
}

/// What the loaders saw, from their threads.
final class DecodeLog: Sendable {
    private let state = Mutex<(keys: [String], offTheMainThread: Bool)>(([], true))
    private let mainThread = pthread_self()

    func record(_ key: String) {
        let thread = pthread_self()
        state.withLock { state in
            state.keys.append(key)
            if pthread_equal(thread, mainThread) != 0 { state.offTheMainThread = false }
        }
    }
    var keys: [String] { state.withLock { $0.keys } }
    var offTheMainThread: Bool { state.withLock { $0.offTheMainThread } }
    func count(_ key: String) -> Int { keys.filter { $0 == key }.count }
}

/// A gate an `async` load waits at, polling, until it opens.
final class AsyncGate: Sendable {
    private let isOpen = Mutex(false)
    func open() { isOpen.withLock { $0 = true } }
    /// Waits without giving up on cancellation, as a load that checks it only at the end.
    func pass() async {
        while !isOpen.withLock({ $0 }) { try? await Task.sleep(nanoseconds: 2_000_000) }
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String { "no such picture" }
}

let dot = Bitmap(width: 1, height: 1, pixels: [0xFF00_0000])!

/// A loader of strings through `decode`, with small bounds.
@MainActor
func makeLoader(threads: Int = 1, cacheLimit: Int = 16, cacheByteLimit: Int = 1 << 20, onScreenLimit: Int = 8, prefetchLimit: Int = 8,
                _ decode: @escaping @Sendable (String) throws -> Bitmap) -> ImageLoader<String> {
    ImageLoader(size: 8, source: .blocking(threads: threads) { key, _ in try decode(key) }, cacheLimit: cacheLimit,
                cacheByteLimit: cacheByteLimit, onScreenLimit: onScreenLimit, prefetchLimit: prefetchLimit)
}

// Serialized: several tests hold a worker thread at a gate and wait on the main
// actor for it; run side by side on a two-core machine they starved each
// other's loads (the async source's `eventually` then timed out).
@MainActor @Suite(.serialized) struct ImageLoaderTests {
    @Test func decodesRealFilesOffTheLoopAndShowsAPlaceholderForBadOnes() async throws {
        // A 3×2 PNG of opaque (200, 100, 50), made with Python's zlib.
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
            0x00, 0x03, 0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x9D, 0x74, 0x66, 0x1A, 0x00, 0x00, 0x00,
            0x11, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0x38, 0x91, 0x62, 0xF4, 0x1F, 0x86, 0x19, 0x90, 0x39, 0x00,
            0xB7, 0x17, 0x0E, 0x2F, 0xAC, 0x7E, 0x73, 0x53, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42,
            0x60, 0x82,
        ]
        var template = Array("/tmp/sweep-thumbs-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        func write(_ name: String, _ bytes: [UInt8]) -> String {
            let path = directory + "/" + name
            let file = fopen(path, "wb")!
            fwrite(bytes, 1, bytes.count, file)
            fclose(file)
            return path
        }
        let good = write("good.png", png), bad = write("bad.jpg", Array("not a picture".utf8))
        defer { unlink(good); unlink(bad); rmdir(directory) }

        let loader = ImageLoader(size: 2)
        loader.placeholder = .brokenImage(size: 2)
        var loaded: [String] = [], errors: [String] = []
        loader.onLoaded = { loaded.append($0) }
        loader.onError = { path, error in errors.append("\(path): \(error)") }
        #expect(loader.image(for: good) == nil)
        #expect(loader.image(for: bad) == nil)
        #expect(loader.phase(for: bad) == .loading)
        #expect(await eventually { loaded == [good] && errors.count == 1 })
        let thumbnail = try #require(loader.image(for: good))
        #expect([thumbnail.width, thumbnail.height] == [2, 1])
        #expect(thumbnail.pixels == [0xFFC8_6432, 0xFFC8_6432])
        #expect(errors == ["\(bad): not a PNG, JPEG or SVG image"])
        // Asked again, the bad file shows the placeholder and is not reported again.
        #expect(loader.image(for: bad) == .brokenImage(size: 2))
        #expect(loader.phase(for: bad) == .failed)
        await settle()
        #expect(errors.count == 1 && loaded == [good])
    }

    @Test func theBrokenImageIsFramedAndCrossed() {
        let picture = Bitmap.brokenImage(size: 32)
        #expect(picture.width == 32 && picture.height == 32)
        let line: UInt32 = 0xFF8C_8C8C, fill: UInt32 = 0xFFD4_D4D4
        #expect(picture.pixels[0] == line)                          // the frame
        #expect(picture.pixels[31 * 32] == line)                    // the diagonal's start, bottom left
        #expect(picture.pixels[8 * 32 + 8] == fill)                 // off both
        #expect(Bitmap.brokenImage(size: -5).width == 1)            // bad sizes still give a picture
    }

    @Test func newestRequestsFirstAndOldestDropped() async {
        let log = DecodeLog()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let loader = makeLoader(onScreenLimit: 3) { key in
            log.record(key)
            started.signal()
            gate.wait()
            return dot
        }
        var loaded: [String] = []
        loader.onLoaded = { loaded.append($0) }
        _ = loader.image(for: "a")
        #expect(started.wait(timeout: .now() + 5) == .success)   // the one worker is inside "a"
        for key in ["b", "c", "d", "e"] { _ = loader.image(for: key) }
        #expect(loader.waitingRequests.onScreen == ["c", "d", "e"])  // "b", the oldest, was dropped
        _ = loader.image(for: "c")                                   // on screen again: now the newest
        _ = loader.image(for: "a")                                   // being decoded: not queued twice
        #expect(loader.waitingRequests.onScreen == ["d", "e", "c"])
        for _ in 0..<8 { gate.signal() }
        #expect(await eventually { loaded.count == 4 })
        #expect(log.keys == ["a", "c", "e", "d"])
        #expect(Set(loaded) == ["a", "c", "d", "e"])
        #expect(log.offTheMainThread)
        // The dropped request comes back when its cell asks again.
        #expect(loader.image(for: "b") == nil)
        #expect(await eventually { loaded.count == 5 })
        #expect(loader.image(for: "b") == dot)
    }

    @Test func failuresAreCachedAndReportedOnce() async {
        let log = DecodeLog()
        let loader = makeLoader(threads: 2) { key in
            log.record(key)
            throw Failure()
        }
        var errors: [String] = [], loaded: [String] = []
        loader.onError = { key, error in errors.append("\(key): \(error)") }
        loader.onLoaded = { loaded.append($0) }
        for _ in 0..<5 { #expect(loader.image(for: "gone.png") == nil) }
        #expect(await eventually { errors.count == 1 })
        for _ in 0..<5 { #expect(loader.image(for: "gone.png") == nil) }   // no placeholder set: nothing shown
        await settle()
        #expect(errors == ["gone.png: no such picture"])
        #expect(log.count("gone.png") == 1)
        #expect(loaded.isEmpty)
        // Forgotten, it is tried (and reported) again.
        loader.removeAll()
        _ = loader.image(for: "gone.png")
        #expect(await eventually { errors.count == 2 })
    }

    @Test func theCacheKeepsTheMostRecentlyUsed() async {
        let log = DecodeLog()
        let loader = makeLoader(threads: 2, cacheLimit: 2) { key in
            log.record(key)
            return dot
        }
        var loaded: Set<String> = []
        loader.onLoaded = { loaded.insert($0) }
        func load(_ key: String) async {
            _ = loader.image(for: key)
            #expect(await eventually { loaded.contains(key) })
        }
        await load("a")
        await load("b")
        #expect(loader.image(for: "a") == dot)                       // "a" is now the most recent
        await load("c")                                              // … so "b" goes
        #expect(loader.cachedCount == 2)
        #expect(loader.image(for: "a") == dot)
        #expect(loader.image(for: "c") == dot)
        loaded.remove("b")
        #expect(loader.image(for: "b") == nil)
        #expect(await eventually { loaded.contains("b") })
        #expect(log.count("b") == 2 && log.count("a") == 1)
    }

    @Test func theCacheIsBoundedInBytesToo() async {
        let log = DecodeLog()
        // Room for two 1-pixel pictures (4 bytes each), whatever the count.
        let loader = makeLoader(cacheLimit: 100, cacheByteLimit: 8) { key in
            log.record(key)
            return dot
        }
        var loaded: Set<String> = []
        loader.onLoaded = { loaded.insert($0) }
        for key in ["a", "b", "c"] {
            _ = loader.image(for: key)
            #expect(await eventually { loaded.contains(key) })
        }
        #expect(loader.cachedCount == 2 && loader.cachedByteCount == 8)
        #expect(loader.image(for: "a") == nil)                       // the oldest went
        #expect(await eventually { log.count("a") == 2 })

        let square = Bitmap(width: 2, height: 2, pixels: [1, 2, 3, 4])!     // 16 bytes
        let large = Bitmap(width: 3, height: 3, pixels: Array(repeating: 5, count: 9))!   // 36 bytes
        var cache = ImageCache<String>(countLimit: 10, byteLimit: 40)
        cache.insert(.loaded(square), for: "x")
        cache.insert(.loaded(square), for: "y")
        _ = cache.lookup("x")
        cache.insert(.loaded(square), for: "z")                     // 48 bytes: "y", least recently used, goes
        #expect(cache.byteCount == 32 && cache.lookup("y") == nil)
        cache.insert(.failed, for: "bad")                            // a failure costs no bytes
        #expect(cache.byteCount == 32 && cache.count == 3)
        cache.insert(.loaded(large), for: "big")                     // 68: "x" and "z" go, oldest first
        #expect(cache.lookup("x") == nil && cache.lookup("z") == nil)
        #expect(cache.lookup("bad") == .failed && cache.lookup("big") == .loaded(large))
        #expect(cache.byteCount == 36)
        // Alone over the limit, the newest still stays: dropping it would load it at every draw.
        var small = ImageCache<String>(countLimit: 4, byteLimit: 10)
        small.insert(.loaded(large), for: "big")
        #expect(small.count == 1 && small.lookup("big") == .loaded(large))
        small.insert(.loaded(square), for: "big")                    // replaced: its bytes are recounted
        #expect(small.byteCount == 16)
    }

    @Test func theCacheOfEntriesDropsTheLeastRecentlyUsedInOrder() {
        var cache = ImageCache<Int>(countLimit: 3, byteLimit: .max)
        for key in 0..<3 { cache.insert(.failed, for: key) }
        _ = cache.lookup(0)
        cache.insert(.failed, for: 3)                                // 1 is the least recently used
        cache.insert(.failed, for: 4)                                // then 2
        #expect(cache.lookup(1) == nil && cache.lookup(2) == nil)
        #expect([0, 3, 4].allSatisfy { cache.lookup($0) == .failed })
        cache.removeAll()
        #expect(cache.count == 0 && cache.lookup(0) == nil)
        cache.insert(.loaded(dot), for: 9)                           // reused after being emptied
        #expect(cache.lookup(9) == .loaded(dot) && cache.byteCount == 4)
    }

    @Test func aLoaderReleasedMidDecodeStopsCleanly() async {
        let log = DecodeLog()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        var loader: ImageLoader<String>? = makeLoader(onScreenLimit: 4) { key in
            log.record(key)
            started.signal()
            gate.wait()
            finished.signal()
            return dot
        }
        var calls = 0
        loader?.onLoaded = { _ in calls += 1 }
        _ = loader?.image(for: "a")
        #expect(started.wait(timeout: .now() + 5) == .success)
        _ = loader?.image(for: "b")
        loader = nil
        gate.signal()
        gate.signal()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        await settle(100)
        #expect(log.keys == ["a"])                                   // "b" was dropped, not decoded
        #expect(calls == 0)
    }

    @Test func aCustomSourceLoadsAnyKeyAndAnAsyncOneIsAwaited() async {
        let log = DecodeLog()
        // Keys that are database ids, fetched by an `async` function that suspends.
        let loader = ImageLoader<Int>(size: 4, source: .async { id, size in
            log.record("\(id)")
            try await Task.sleep(nanoseconds: 5_000_000)
            return Bitmap(width: size, height: size, pixels: Array(repeating: UInt32(id), count: size * size))!
        })
        var loaded: [Int] = []
        loader.onLoaded = { loaded.append($0) }
        #expect(loader.image(for: 7) == nil && loader.image(for: 8) == nil)
        #expect(await eventually { Set(loaded) == [7, 8] })
        #expect(loader.image(for: 7)?.pixels == Array(repeating: 7, count: 16))
        #expect(loader.image(for: 8)?.width == 4)
        #expect(log.offTheMainThread)
        await settle(50)
        #expect(log.keys.sorted() == ["7", "8"])
    }

    @Test func requestsOfItemsScrolledAwayAreDroppedBeforeDecoding() async {
        let log = DecodeLog()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let loader = makeLoader { key in
            log.record(key)
            started.signal()
            gate.wait()
            return dot
        }
        var loaded: Set<String> = []
        loader.onLoaded = { loaded.insert($0) }
        func item(_ n: Int) -> ItemPath { ItemPath(item: n) }
        _ = loader.image(for: "a", item: item(0))
        #expect(started.wait(timeout: .now() + 5) == .success)
        _ = loader.image(for: "b", item: item(1))
        _ = loader.image(for: "c", item: item(2))
        _ = loader.image(for: "shared", item: item(3))
        _ = loader.image(for: "shared", item: item(8))              // one icon for two rows
        _ = loader.image(for: "pinned")                              // asked without an item
        loader.cancelRequests(in: [ItemRange(section: 0, items: 1...3), ItemRange(section: 1, items: 0...9)])
        // "b" and "c" scrolled away; "shared" is still wanted by row 8; "pinned" is never dropped.
        #expect(loader.waitingRequests.onScreen == ["shared", "pinned"])
        loader.cancelRequests(in: [ItemRange(section: 0, items: 5...9)])
        #expect(loader.waitingRequests.onScreen == ["pinned"])
        for _ in 0..<8 { gate.signal() }
        #expect(await eventually { loaded == ["a", "pinned"] })
        await settle(50)
        #expect(log.keys == ["a", "pinned"])
        // A load under way is not stopped (a blocking one cannot be); its picture is kept.
        #expect(loader.image(for: "a") == dot)
        // Scrolled back, a dropped row asks again and is loaded.
        _ = loader.image(for: "b", item: item(1))
        gate.signal()
        #expect(await eventually { loaded.contains("b") })
    }

    @Test func prefetchedKeysLoadAfterThoseOnScreen() async {
        let log = DecodeLog()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let loader = makeLoader(prefetchLimit: 3) { key in
            log.record(key)
            started.signal()
            gate.wait()
            return dot
        }
        var loaded: Set<String> = []
        loader.onLoaded = { loaded.insert($0) }
        _ = loader.image(for: "row0", item: ItemPath(item: 0))
        #expect(started.wait(timeout: .now() + 5) == .success)
        // Rows 10 to 14 come next; row 13 has no picture; the queue holds three.
        loader.prefetch([ItemRange(section: 0, items: 10...14)]) { $0.item == 13 ? nil : "row\($0.item)" }
        #expect(loader.waitingRequests.prefetches == ["row10", "row11", "row12"])
        _ = loader.image(for: "row1", item: ItemPath(item: 1))
        _ = loader.image(for: "row11", item: ItemPath(item: 11))   // shown before its turn: on screen now
        #expect(loader.waitingRequests.onScreen == ["row1", "row11"])
        #expect(loader.waitingRequests.prefetches == ["row10", "row12"])
        loader.cancelRequests(in: [ItemRange(section: 0, items: 12...12)])
        for _ in 0..<8 { gate.signal() }
        #expect(await eventually { loaded.count == 4 })
        #expect(log.keys == ["row0", "row11", "row1", "row10"])
        // Cached keys are not asked for again.
        loader.prefetch([ItemRange(section: 0, items: 10...11)]) { "row\($0.item)" }
        #expect(loader.waitingRequests.prefetches.isEmpty)
        // A huge range is visited only as far as the queue has room.
        var visited = 0
        loader.prefetch([ItemRange(section: 0, items: 0...1_000_000_000)]) { visited += 1; return "far\($0.item)" }
        #expect(visited == 3)
    }

    @Test func anAsyncLoadNoItemWantsIsCancelledAndNotAFailure() async {
        let log = DecodeLog()
        let started = DispatchSemaphore(value: 0)
        let gate = AsyncGate()
        let loader = ImageLoader<String>(size: 4, source: .async { key, _ in
            log.record(key)
            started.signal()
            await gate.pass()
            try Task.checkCancellation()
            return dot
        })
        var loaded: [String] = [], errors: [String] = []
        loader.onLoaded = { loaded.append($0) }
        loader.onError = { key, error in errors.append("\(key): \(error)") }
        _ = loader.image(for: "slow", item: ItemPath(item: 0))
        #expect(started.wait(timeout: .now() + 5) == .success)
        loader.cancelRequests(in: [ItemRange(section: 0, items: 0...0)])
        gate.open()
        await settle()
        // Its task saw the cancellation and threw: no picture, no failure cached or reported.
        #expect(loaded.isEmpty && errors.isEmpty && loader.cachedCount == 0)
        _ = loader.image(for: "slow", item: ItemPath(item: 0))
        #expect(await eventually { loaded == ["slow"] })
        #expect(log.count("slow") == 2 && errors.isEmpty)
    }

    @Test func anAsyncLoadCancelledThenWantedAgainIsLoadedAgain() async {
        let log = DecodeLog()
        let started = DispatchSemaphore(value: 0)
        let gate = AsyncGate()
        let loader = ImageLoader<String>(size: 4, source: .async { key, _ in
            log.record(key)
            started.signal()
            await gate.pass()
            try Task.checkCancellation()
            return dot
        })
        var loaded: [String] = [], errors: [String] = []
        loader.onLoaded = { loaded.append($0) }
        loader.onError = { key, error in errors.append("\(key): \(error)") }
        _ = loader.image(for: "back", item: ItemPath(item: 0))
        #expect(started.wait(timeout: .now() + 5) == .success)
        loader.cancelRequests(in: [ItemRange(section: 0, items: 0...0)])
        _ = loader.image(for: "back", item: ItemPath(item: 1))     // scrolled back before the load ended
        gate.open()
        // The cancelled load's error is no failure; the key is loaded once more, without the view asking again.
        #expect(await eventually { loaded == ["back"] })
        #expect(log.count("back") == 2 && errors.isEmpty)
    }
}

/// A request's own size, a source mapped off the main thread, and a
/// snapshot source whose pictures and loading ahead go through a loader.
@MainActor @Suite struct ImageLoaderAppTests {
    nonisolated private static func solid(_ side: Int, _ colour: UInt32 = 0xff20_4080) -> Bitmap {
        Bitmap(width: side, height: side, pixels: Array(repeating: colour, count: side * side))!
    }

    @Test func aRequestAsksForItsOwnSizeAndEachSizeIsAPictureOfItsOwn() async {
        let log = DecodeLog()
        let loader = ImageLoader<String>(size: 64, source: .blocking { key, size in
            log.record("\(key)@\(size)")
            return Self.solid(size)
        })
        #expect(loader.image(for: "a") == nil && loader.image(for: "a", size: 200) == nil)
        #expect(await eventually { loader.cachedCount == 2 })
        #expect(loader.image(for: "a")?.width == 64 && loader.image(for: "a", size: 200)?.width == 200)
        #expect(Set(log.keys) == ["a@64", "a@200"])
    }

    @Test func aMappedSourceTransformsEachPictureOffTheMainThread() async {
        let log = DecodeLog()
        let source = ImageSource<String>.blocking { _, size in Self.solid(size * 2) }.mapped { key, size, bitmap in
            log.record(key)
            return bitmap.croppedToSquare().withRoundedCorners(radius: Double(size) / 4)
        }
        let loader = ImageLoader<String>(size: 40, source: source)
        _ = loader.image(for: "round")
        #expect(await eventually { loader.cachedCount == 1 })
        let picture = loader.image(for: "round")
        #expect(picture?.width == 80 && log.keys == ["round"] && log.offTheMainThread)
        #expect(picture?.pixels.first == 0, "the corner is rounded away")
        #expect(picture?.pixels[40 * 80 + 40] == 0xff20_4080, "the middle is untouched")
        // An async source maps the same way, and what the transform throws is the key's failure.
        let failing = ImageSource<String>.async { _, size in Self.solid(size) }.mapped { _, _, _ in throw Failure() }
        let other = ImageLoader<String>(size: 10, source: failing)
        var failed: [String] = []
        other.onError = { key, _ in failed.append(key) }
        _ = other.image(for: "x")
        #expect(await eventually { failed == ["x"] })
    }

    @Test func aSnapshotSourceShowsItsLoadersPicturesAndLoadsAhead() async throws {
        let log = DecodeLog()
        let loader = ImageLoader<String>(size: 32, source: .blocking { key, size in
            log.record(key)
            return Self.solid(size)
        })
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        source.imageLoader = loader
        var snapshot = ItemSnapshot<String, String>()
        snapshot.appendSections(["s"])
        _ = snapshot.appendItems((0..<100).map { "p\($0)" })
        try source.apply(snapshot)
        #expect(source.content(for: ItemPath(item: 3)).image == nil, "asked, not there yet")
        #expect(source.content(for: ItemPath(item: 3)).value(as: String.self) == "p3", "the content carries its identifier")
        source.prefetchItems([ItemRange(section: 0, items: 10...12)])
        #expect(await eventually { loader.cachedCount == 4 })
        #expect(Set(log.keys) == ["p3", "p10", "p11", "p12"])
        #expect(source.content(for: ItemPath(item: 11)).image == .bitmap(Self.solid(32)))
    }

    @Test func roundedCornersAndCropsKeepTheirPixelsInside() {
        let square = Self.solid(20)
        #expect(square.cropped(x: 15, y: 15, width: 10, height: 10)?.width == 5, "cut to the picture")
        #expect(square.cropped(x: 30, y: 0, width: 5, height: 5) == nil)
        #expect(Bitmap(width: 30, height: 10, pixels: Array(repeating: 1, count: 300))!.croppedToSquare().width == 10)
        let round = square.withRoundedCorners(radius: 10)
        #expect(round.pixels[0] == 0 && round.pixels[19] == 0 && round.pixels[399] == 0)
        #expect(round.pixels[10 * 20 + 10] == square.pixels[0])
        let edge = round.pixels[3 * 20 + 2]
        #expect(edge >> 24 > 0 && edge >> 24 < 0xff, "antialiased on the arc: \(String(edge, radix: 16))")
    }
}
