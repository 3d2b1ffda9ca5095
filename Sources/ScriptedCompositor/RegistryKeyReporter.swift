import CSDBus
import SweepXKB

/// Keys reported to the accessibility registry before the client gets them,
/// as GNOME Shell reports every app's: `NotifyListenersSync`, the answer
/// awaited (at most `timeout`), and a key a screen reader consumed kept from
/// the client, its release too. The client may report the same key itself
/// (GTK 3 and Sweep do); Orca knows the second by its time and key code.
public final class RegistryKeyReporter {
    /// How long a key waits for the registry (GNOME Shell's wait is of this order).
    static let timeoutMicroseconds: UInt64 = 500_000
    private let bus: OpaquePointer
    /// Keys whose press was consumed: their releases are kept from the client too.
    private var consumedCodes: Set<UInt32> = []

    /// Connects to the session's accessibility bus; nil when there is none.
    public init?() {
        guard let bus = sweep_a11y_open_bus_sync() else { return nil }
        self.bus = bus
    }

    deinit {
        sd_bus_flush_close_unref(bus)
    }

    /// Reports evdev key `code`, pressed or released at `time` (ms) with the X modifier mask
    /// `modifiers` held before it; whether the client may have it (false: a listener consumed it).
    func deliver(code: UInt32, pressed: Bool, time: UInt32, modifiers: UInt32, keyboard: Keyboard) -> Bool {
        let keysym = keyboard.keysym(forEvdevCode: code).rawValue
        let text = keyboard.text(forEvdevCode: code)
        let isText = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        let string = isText ? text : Keyboard.name(ofKeysym: keysym)
        let consumed = string.withCString { string in
            sweep_a11y_notify_key_sync(bus, pressed ? 0 : 1, Int32(bitPattern: keysym), Int32(truncatingIfNeeded: code + 8),
                                       Int32(truncatingIfNeeded: modifiers), Int32(bitPattern: time), string, isText ? 1 : 0,
                                       Self.timeoutMicroseconds) == 1
        }
        if pressed {
            if consumed { consumedCodes.insert(code) } else { consumedCodes.remove(code) }
            return !consumed
        }
        return consumedCodes.remove(code) == nil && !consumed
    }
}
