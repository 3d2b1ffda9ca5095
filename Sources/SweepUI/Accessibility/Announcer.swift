import SweepLoop
internal import SweepWayland

/// What the app says to a screen reader without an object's event (a
/// selection's count, a mode, a toggle). A burst (Shift+Down held, a sweep
/// across a million rows) is said once it pauses, the latest message
/// winning, and at most once a second while it lasts (`AnnouncementTiming`):
/// Orca drops a deluge of events, and the reader wants where things ended up.
@MainActor
final class Announcer {
    private weak var application: Application?
    private var pending: (message: String, frame: AccessibleObject)?
    private var timing = AnnouncementTiming()
    private var timer: EventLoop.TimerID?

    init(application: Application) {
        self.application = application
    }

    func announce(_ message: String, in frame: AccessibleObject) {
        pending = (message, frame)
        let wait = timing.received(at: EventLoop.nowMilliseconds)
        guard let loop = application?.connection.loop else { return }
        if let timer { loop.cancel(timer) }
        timer = loop.schedule(after: wait) { [weak self] in
            self?.timer = nil
            self?.send()
        }
    }

    private func send() {
        timing.said()
        guard let (message, frame) = pending, let application, let accessibility = application.accessibility else { return }
        pending = nil
        accessibility.announce(message, in: frame)
        application.accessibilityPump?.rearm()
    }
}

/// When a burst of announcements is said: once it pauses for `quiet` ms,
/// and at most `longest` ms after it began while it lasts.
struct AnnouncementTiming {
    static let quiet = 250.0, longest = 1000.0
    /// When the burst not yet said began.
    private var since: Double?

    /// A message came at `now` (ms): how long until it is said, unless another comes first.
    mutating func received(at now: Double) -> Double {
        let start = since ?? now
        since = start
        return min(Self.quiet, max(0, start + Self.longest - now))
    }

    /// The latest message was said: the next one begins a new burst.
    mutating func said() { since = nil }
}

extension Application {
    /// Says `message` to a screen reader as a notification of `window` (coalesced: see `Announcer`);
    /// nothing without one.
    public func announce(_ message: String, in window: AppWindow) {
        guard accessibility != nil else { return }
        announcer.announce(message, in: window.accessibleFrame)
    }
}
