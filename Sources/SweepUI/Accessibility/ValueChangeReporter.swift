import SweepAccessibility
import SweepLoop

/// Tells screen readers that an object's value changed (a scroll bar's
/// position) at most once per `ValueChangeTiming.interval` while it keeps
/// changing, and once more after the last change, so the reader ends on the
/// value where things stopped. A list scrolling reported every frame: at 60
/// frames a second that is most of Orca's time, and under a compositor that
/// does not pace frames it was thousands of events Orca took a minute to work
/// through, speaking nothing else meanwhile.
@MainActor
final class ValueChangeReporter {
    private let loop: EventLoop
    private let send: (AccessibleObject) -> Void
    /// Objects changed within the last interval, by id, held weakly: a view closed right after a
    /// scroll takes its bar with it (whose closures read the view), and is told nothing more.
    private var changed: [Int: Entry] = [:]
    private var timer: EventLoop.TimerID?

    private struct Entry {
        weak var object: AccessibleObject?
        var timing = ValueChangeTiming()
    }

    /// Tells `send` of changes, timed by `loop`'s timers.
    init(loop: EventLoop, send: @escaping (AccessibleObject) -> Void) {
        self.loop = loop
        self.send = send
    }

    func valueChanged(_ object: AccessibleObject) {
        let now = EventLoop.nowMilliseconds
        var entry = changed[object.id] ?? Entry(object: object)
        if entry.timing.changed(at: now) { send(object) }
        changed[object.id] = entry
        scheduleIfNeeded(now: now)
    }

    /// One timer, for the earliest object whose interval ends (each ends at a send, and sends only
    /// move forward, so a timer already set is never later than a new object's).
    private func scheduleIfNeeded(now: Double) {
        guard timer == nil, let next = changed.values.map(\.timing.intervalEnd).min() else { return }
        timer = loop.schedule(after: max(0, next - now)) { [weak self] in
            self?.timer = nil
            self?.intervalEnded()
        }
    }

    private func intervalEnded() {
        let now = EventLoop.nowMilliseconds
        for (id, var entry) in changed where entry.timing.intervalEnd <= now {
            if let object = entry.object, entry.timing.intervalEnded(at: now) {
                send(object)
                changed[id] = entry
            } else {
                changed[id] = nil
            }
        }
        scheduleIfNeeded(now: now)
    }
}

/// When one object's value changes are told: at once when none was told in
/// the last `interval` ms, else when that interval ends (however many came in
/// it), so the last change is always told.
struct ValueChangeTiming {
    static let interval = 100.0
    /// When the latest change was told.
    private var told = -Double.infinity
    /// A change came after the latest was told, not yet told.
    private(set) var isPending = false

    /// When the interval since the latest told change ends.
    var intervalEnd: Double { told + Self.interval }

    /// A change at `now` (ms): whether to tell it now (else it waits for `intervalEnd`).
    mutating func changed(at now: Double) -> Bool {
        guard now >= intervalEnd else {
            isPending = true
            return false
        }
        told = now
        isPending = false
        return true
    }

    /// The interval ended at `now`: whether a change waiting in it is to be told now
    /// (if not, the object is quiet and can be forgotten).
    mutating func intervalEnded(at now: Double) -> Bool {
        guard isPending else { return false }
        told = now
        isPending = false
        return true
    }
}
