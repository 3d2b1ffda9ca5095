import CSDBus

/// A key press or release as the registry's device event controller takes it
/// (AT-SPI's `DeviceEvent`).
public struct ReportedKey: Sendable, Equatable {
    public var pressed: Bool
    /// The X keysym.
    public var keysym: UInt32
    /// The X key code (evdev's + 8).
    public var keycode: UInt32
    /// AT-SPI's modifier mask: Shift 1, Caps Lock 2, Control 4, Alt 8, Num Lock 16, Super 64.
    public var modifiers: UInt32
    /// Milliseconds, the compositor's clock.
    public var time: UInt32
    /// The text the key types, else the keysym's name (`Left`, `BackSpace`), as GTK 3 reports it.
    public var string: String
    public var isText: Bool

    public init(pressed: Bool, keysym: UInt32, keycode: UInt32, modifiers: UInt32, time: UInt32, string: String, isText: Bool) {
        self.pressed = pressed
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.time = time
        self.string = string
        self.isText = isText
    }
}

extension AccessibilityBridge {
    /// How long a key waits for the registry before it goes to the app anyway (Qt waits as long).
    public static let keyAnswerTimeout = 0.1

    /// Whether keys are reported now: while serving the bus, which (outside `SWEEP_ACCESSIBILITY=1`)
    /// means an assistive technology turned accessibility on.
    public var reportsKeys: Bool { phase == .serving }

    /// Reports `key` to the registry, as GTK 3 and Qt do, so a screen reader hears keys where the
    /// compositor does not report them (sway, Hyprland). `answer` hears, once, whether a listener
    /// consumed it (a screen reader's command: the app must not act on it); false after the
    /// timeout or an error. Returns false, and `answer` is never called, while not serving.
    public func report(_ key: ReportedKey, answer: @escaping @MainActor (Bool) -> Void) -> Bool {
        guard phase == .serving, let bus = serviceBus else { return false }
        var cookie: UInt64 = 0
        let sent = key.string.withCString { string in
            sweep_a11y_notify_key(bus, key.pressed ? 0 : 1, Int32(bitPattern: key.keysym), Int32(truncatingIfNeeded: key.keycode),
                                  Int32(truncatingIfNeeded: key.modifiers), Int32(bitPattern: key.time), string, key.isText ? 1 : 0,
                                  UInt64(Self.keyAnswerTimeout * 1_000_000), { message, context, _ in
                AccessibilityBridge.onLoop(message, context) { bridge, message in bridge.keyAnswered(message) }
                return 0
            }, Unmanaged.passUnretained(self).toOpaque(), &cookie)
        }
        guard sent >= 0 else { return false }
        keyAnswers[cookie] = answer
        return true
    }

    private func keyAnswered(_ message: OpaquePointer) {
        var cookie: UInt64 = 0
        guard sd_bus_message_get_reply_cookie(message, &cookie) >= 0, let answer = keyAnswers.removeValue(forKey: cookie) else { return }
        let consumed = sd_bus_message_is_method_error(message, nil) == 0 && BusMessage(message: message).readBool() == true
        answer(consumed)
    }
}
