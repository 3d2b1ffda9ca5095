import SweepLoop
import Glibc
internal import SweepWayland

/// Keeps a D-Bus connection (sd-bus) in the app's loop: a watch on its fd
/// for the events it waits for, and a timer for its deadline. The
/// connection says what it needs through the closures after each `pump`.
@MainActor
final class BusPump {
    private let loop: EventLoop
    private let fd: () -> Int32
    private let events: () -> Int16
    private let timeout: () -> Double?
    private let process: () -> Void
    private var watch: EventLoop.WatchID?
    private var watched: (fd: Int32, events: Int16) = (-1, 0)
    private var timer: EventLoop.TimerID?

    init(loop: EventLoop, fd: @escaping () -> Int32, events: @escaping () -> Int16, timeout: @escaping () -> Double?,
         process: @escaping () -> Void) {
        self.loop = loop
        self.fd = fd
        self.events = events
        self.timeout = timeout
        self.process = process
    }

    isolated deinit {
        stop()
    }

    func stop() {
        if let watch { loop.unwatch(watch) }
        if let timer { loop.cancel(timer) }
        watch = nil
        timer = nil
    }

    /// Processes what is ready, then watches for what is wanted next.
    func pump() {
        process()
        rearm()
    }

    /// Watches the fd for what the connection waits for now (again when
    /// the fd or the events change), and arms its deadline.
    func rearm() {
        let fd = fd(), events = events()
        if fd != watched.fd || events != watched.events {
            if let watch { loop.unwatch(watch) }
            watch = nil
            watched = (fd, events)
            if fd >= 0 {
                var readiness: EventLoop.Readiness = []
                if events & Int16(POLLIN) != 0 { readiness.insert(.readable) }
                if events & Int16(POLLOUT) != 0 { readiness.insert(.writable) }
                watch = loop.watch(fd: fd, events: readiness) { [unowned self] _ in pump() }
            }
        }
        if let timer { loop.cancel(timer) }
        timer = timeout().map { milliseconds in
            loop.schedule(after: milliseconds) { [unowned self] in
                timer = nil
                pump()
            }
        }
    }
}
