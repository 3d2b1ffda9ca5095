import SweepLoop
internal import SweepWayland
import SweepXKB

/// Keys reported to the accessibility registry before the app acts on them,
/// as GTK 3 and Qt report them: on sway and Hyprland (which, unlike GNOME
/// Shell, report nothing) a screen reader hears typing, Backspace, the
/// arrows and its own commands only this way. A press waits for the
/// registry's answer (at most `AccessibilityBridge.keyAnswerTimeout`, with a
/// backstop timer here) and is dropped when a listener consumed it; keys go
/// to the app in the order they came. Releases are reported and never wait.
/// With no screen reader running, nothing is reported and nothing waits.
@MainActor
final class KeyReporter {
    private struct Waiting {
        let deliver: () -> Void
        var answered = false
        var consumed = false
    }

    private weak var application: Application?
    /// Presses not yet delivered, oldest first, by a number that grows.
    private var waiting: [(number: Int, key: Waiting)] = []
    private var nextNumber = 0
    private var backstop: EventLoop.TimerID?

    init(application: Application) {
        self.application = application
    }

    /// A press (or a repeat): reported, then `deliver` runs unless a listener consumed it.
    func press(_ key: KeyEvent, deliver: @escaping () -> Void) {
        let number = nextNumber
        nextNumber += 1
        let reported = report(key, pressed: true) { [weak self] consumed in self?.answered(number, consumed: consumed) }
        waiting.append((number, Waiting(deliver: deliver, answered: !reported)))
        if reported { armBackstop() }
        drain()
    }

    func release(_ key: KeyEvent) {
        _ = report(key, pressed: false) { _ in }
    }

    private func report(_ key: KeyEvent, pressed: Bool, answer: @escaping @MainActor (Bool) -> Void) -> Bool {
        guard let application, let bridge = application.accessibility, bridge.reportsKeys else { return false }
        let name = Keyboard.name(ofKeysym: key.keysym.rawValue)
        let isText = !key.text.isEmpty && key.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        var modifiers: UInt32 = 0
        if key.modifiers.contains(.shift) { modifiers |= 1 }
        if key.modifiers.contains(.control) { modifiers |= 4 }
        if key.modifiers.contains(.alt) { modifiers |= 8 }
        if key.modifiers.contains(.superKey) { modifiers |= 64 }
        let report = ReportedKey(pressed: pressed, keysym: key.keysym.rawValue, keycode: key.keycode, modifiers: modifiers,
                                 time: key.time, string: isText ? key.text : name, isText: isText)
        guard bridge.report(report, answer: answer) else { return false }
        application.accessibilityPump?.rearm()
        return true
    }

    private func answered(_ number: Int, consumed: Bool) {
        guard let index = waiting.firstIndex(where: { $0.number == number }) else { return }
        waiting[index].key.answered = true
        waiting[index].key.consumed = consumed
        drain()
    }

    /// Delivers the answered presses at the front, in order.
    private func drain() {
        while let first = waiting.first, first.key.answered {
            waiting.removeFirst()
            if !first.key.consumed { first.key.deliver() }
        }
        if waiting.isEmpty, let backstop {
            application?.connection.loop.cancel(backstop)
            self.backstop = nil
        }
    }

    /// Should an answer never come (a registry that hangs), the keys still reach the app.
    private func armBackstop() {
        guard backstop == nil, let loop = application?.connection.loop else { return }
        backstop = loop.schedule(after: AccessibilityBridge.keyAnswerTimeout * 1000 * 3) { [weak self] in
            guard let self else { return }
            backstop = nil
            for index in waiting.indices { waiting[index].key.answered = true }
            drain()
        }
    }
}
