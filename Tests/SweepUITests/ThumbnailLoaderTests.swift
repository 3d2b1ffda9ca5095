import Dispatch
import Glibc
import Synchronization
import Testing
@testable import SweepUI

/// An event loop stand-in: `poll` on the watched fds, callbacks on the
/// test's thread. (An `EventLoop` needs a compositor.)
final class PollLoop: ReadableWatching {
    private var watches: [(id: Int, fd: Int32, callback: () -> Void)] = []
    private var nextID = 0
    var watchCount: Int { watches.count }

    func watchReadable(fd: Int32, _ callback: @escaping () -> Void) -> () -> Void {
        nextID += 1
        let id = nextID
        watches.append((id, fd, callback))
        return { [weak self] in self?.watches.removeAll { $0.id == id } }
    }

    /// Runs ready callbacks until `done()` holds or `milliseconds` pass; whether it held.
    @discardableResult
    func run(for milliseconds: Double = 5000, until done: () -> Bool = { false }) -> Bool {
        let deadline = Self.now + milliseconds
        while !done() {
            let left = deadline - Self.now
            guard left > 0 else { return false }
            var descriptors = watches.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let polled = watches
            guard poll(&descriptors, nfds_t(descriptors.count), Int32(min(left, 50).rounded(.up))) > 0 else { continue }
            for (watch, result) in zip(polled, descriptors) where result.revents != 0 { watch.callback() }
        }
        return true
    }

    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}

/// What the decoders saw, from their threads.
final class DecodeLog: Sendable {
    private let state = Mutex<(paths: [String], offTheLoop: Bool)>(([], true))
    let loopThread = pthread_self()

    func record(_ path: String) {
        let thread = pthread_self()
        state.withLock { state in
            state.paths.append(path)
            if pthread_equal(thread, loopThread) != 0 { state.offTheLoop = false }
        }
    }
    var paths: [String] { state.withLock { $0.paths } }
    var offTheLoop: Bool { state.withLock { $0.offTheLoop } }
    func count(_ path: String) -> Int { paths.filter { $0 == path }.count }
}

struct Failure: Error, CustomStringConvertible {
    var description: String { "no such picture" }
}

let dot = Bitmap(width: 1, height: 1, pixels: [0xFF00_0000])!

@Suite struct ThumbnailLoaderTests {
    @Test func decodesRealFilesOffTheLoopAndReportsBadOnesOnce() throws {
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

        let loop = PollLoop()
        let loader = ThumbnailLoader(loop: loop, size: 2)
        var loaded: [String] = [], errors: [String] = []
        loader.onLoaded = { loaded.append($0) }
        loader.onError = { errors.append($0) }
        #expect(loader.thumbnail(for: good) == nil)
        #expect(loader.thumbnail(for: bad) == nil)
        #expect(loop.run { loaded == [good] && errors.count == 1 })
        let thumbnail = try #require(loader.thumbnail(for: good))
        #expect([thumbnail.width, thumbnail.height] == [2, 1])
        #expect(thumbnail.pixels == [0xFFC8_6432, 0xFFC8_6432])
        #expect(errors == ["\(bad): not a PNG or JPEG image"])
        // Asked again, the bad file stays without a thumbnail and is not reported again.
        #expect(loader.thumbnail(for: bad) == nil)
        loop.run(for: 150)
        #expect(errors.count == 1 && loaded == [good])
    }

    @Test func newestRequestsFirstAndOldestDropped() {
        let log = DecodeLog()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let loop = PollLoop()
        let loader = ThumbnailLoader(loop: loop, size: 8, cacheLimit: 16, queueLimit: 3, workers: 1) { path, _ in
            log.record(path)
            started.signal()
            gate.wait()
            return dot
        }
        var loaded: [String] = []
        loader.onLoaded = { loaded.append($0) }
        _ = loader.thumbnail(for: "a")
        #expect(started.wait(timeout: .now() + 5) == .success)   // the one worker is inside "a"
        for path in ["b", "c", "d", "e"] { _ = loader.thumbnail(for: path) }
        #expect(loader.waitingRequests == ["c", "d", "e"])          // "b", the oldest, was dropped
        _ = loader.thumbnail(for: "c")                               // on screen again: now the newest
        _ = loader.thumbnail(for: "a")                               // being decoded: not queued twice
        #expect(loader.waitingRequests == ["d", "e", "c"])
        for _ in 0..<8 { gate.signal() }
        #expect(loop.run { loaded.count == 4 })
        #expect(log.paths == ["a", "c", "e", "d"])
        #expect(Set(loaded) == ["a", "c", "d", "e"])
        #expect(log.offTheLoop)
        // The dropped request comes back when its cell asks again.
        #expect(loader.thumbnail(for: "b") == nil)
        #expect(loop.run { loaded.count == 5 })
        #expect(loader.thumbnail(for: "b") == dot)
    }

    @Test func failuresAreCachedAndReportedOnce() {
        let log = DecodeLog()
        let loop = PollLoop()
        let loader = ThumbnailLoader(loop: loop, size: 8, cacheLimit: 16, queueLimit: 8, workers: 2) { path, _ in
            log.record(path)
            throw Failure()
        }
        var errors: [String] = [], loaded: [String] = []
        loader.onError = { errors.append($0) }
        loader.onLoaded = { loaded.append($0) }
        for _ in 0..<5 { #expect(loader.thumbnail(for: "gone.png") == nil) }
        #expect(loop.run { errors.count == 1 })
        for _ in 0..<5 { #expect(loader.thumbnail(for: "gone.png") == nil) }
        loop.run(for: 100)
        #expect(errors == ["gone.png: no such picture"])
        #expect(log.count("gone.png") == 1)
        #expect(loaded.isEmpty)
    }

    @Test func theCacheKeepsTheMostRecentlyUsed() {
        let log = DecodeLog()
        let loop = PollLoop()
        let loader = ThumbnailLoader(loop: loop, size: 8, cacheLimit: 2, queueLimit: 8, workers: 2) { path, _ in
            log.record(path)
            return dot
        }
        var loaded: Set<String> = []
        loader.onLoaded = { loaded.insert($0) }
        func load(_ path: String) {
            _ = loader.thumbnail(for: path)
            #expect(loop.run { loaded.contains(path) })
        }
        load("a")
        load("b")
        #expect(loader.thumbnail(for: "a") == dot)                   // "a" is now the most recent
        load("c")                                                    // … so "b" goes
        #expect(loader.cachedCount == 2)
        #expect(loader.thumbnail(for: "a") == dot)
        #expect(loader.thumbnail(for: "c") == dot)
        loaded.remove("b")
        #expect(loader.thumbnail(for: "b") == nil)
        #expect(loop.run { loaded.contains("b") })
        #expect(log.count("b") == 2 && log.count("a") == 1)

        var cache = ThumbnailCache(limit: 2)
        cache.insert(.failed, for: "x")
        cache.insert(.loaded(dot), for: "y")
        _ = cache.lookup("x")
        cache.insert(.loaded(dot), for: "z")
        #expect(cache.lookup("x") == .failed)
        #expect(cache.lookup("y") == nil)
        #expect(cache.lookup("z") == .loaded(dot))
    }

    @Test func aLoaderReleasedMidDecodeStopsCleanly() {
        let log = DecodeLog()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let loop = PollLoop()
        var loader: ThumbnailLoader? = ThumbnailLoader(loop: loop, size: 8, cacheLimit: 4, queueLimit: 4, workers: 1) { path, _ in
            log.record(path)
            started.signal()
            gate.wait()
            finished.signal()
            return dot
        }
        var calls = 0
        loader?.onLoaded = { _ in calls += 1 }
        _ = loader?.thumbnail(for: "a")
        #expect(started.wait(timeout: .now() + 5) == .success)
        _ = loader?.thumbnail(for: "b")
        #expect(loop.watchCount == 1)
        loader = nil
        #expect(loop.watchCount == 0)                                // unwatched at once
        gate.signal()
        gate.signal()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        usleep(50_000)
        #expect(log.paths == ["a"])                                  // "b" was dropped, not decoded
        #expect(calls == 0)
    }
}
