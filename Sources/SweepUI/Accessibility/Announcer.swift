import SweepWayland

/// What the app says to a screen reader without an object's event (a
/// selection's count, a mode, a toggle). A burst (Shift+Down held, a sweep
/// across a million rows) is said once it pauses for `quiet` ms, the latest
/// message winning, and at most every `longest` ms while it lasts: Orca
/// drops a deluge of events, and the reader wants where things ended up.
@MainActor
final class Announcer {
    static let quiet = 250.0, longest = 1000.0
    private weak var application: Application?
    private var pending: (message: String, frame: AccessibleObject, since: Double)?
    private var timer: EventLoop.TimerID?

    init(application: Application) {
        self.application = application
    }

    func announce(_ message: String, in frame: AccessibleObject) {
        let now = EventLoop.nowMilliseconds
        pending = (message, frame, pending?.since ?? now)
        guard let loop = application?.connection.loop else { return }
        if let timer { loop.cancel(timer) }
        let wait = min(Self.quiet, max(0, (pending?.since ?? now) + Self.longest - now))
        timer = loop.schedule(after: wait) { [weak self] in
            self?.timer = nil
            self?.send()
        }
    }

    private func send() {
        guard let (message, frame, _) = pending, let application, let accessibility = application.accessibility else { return }
        pending = nil
        accessibility.announce(message, in: frame)
        application.accessibilityPump?.rearm()
    }
}

extension Application {
    /// Says `message` to a screen reader as a notification of `window` (coalesced: see `Announcer`);
    /// nothing without one.
    public func announce(_ message: String, in window: AppWindow) {
        guard accessibility != nil else { return }
        announcer.announce(message, in: window.accessibleFrame)
    }
}
