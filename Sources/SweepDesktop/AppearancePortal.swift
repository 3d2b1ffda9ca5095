import CSDBus
import Glibc

/// The desktop's colour-scheme preference, accent colour and animation
/// setting, read from
/// xdg-desktop-portal's Settings interface over the session bus (sd-bus) and
/// followed live through its `SettingChanged` signal; the way GTK 4, Qt 6
/// and Firefox learn that the desktop is dark.
///
/// Nothing here blocks: the question is asked asynchronously, and the owner
/// polls `fd` for `pollEvents` (with `timeoutMilliseconds`) in its own loop
/// and calls `process()` when it is ready (SweepUI's `Application` does).
/// No session bus, no portal, or a portal without the setting all mean
/// "no preference", reported once through `onChange`.
public final class AppearancePortal {
    /// The preference, nil until the portal (or its absence) has answered.
    public private(set) var colorScheme: ColorScheme?
    /// Called with the first answer and with every change after it.
    public var onChange: ((ColorScheme) -> Void)?
    /// The desktop's accent colour: nil when it has none (or the portal does
    /// not know the setting), and until `accentColorAnswered`.
    public private(set) var accentColor: AccentColor?
    /// Whether the portal has answered (or failed to answer) the accent colour question.
    public private(set) var accentColorAnswered = false
    /// Called when the accent colour changes after its first answer (and with that answer when it names a colour).
    public var onAccentColorChange: ((AccentColor?) -> Void)?
    /// The factor on animation durations the desktop asks for: 0 when
    /// GNOME's `enable-animations` is off or KDE's animation speed is
    /// instant, KDE's `AnimationDurationFactor` otherwise, 1 when the desktop
    /// says animations are on; nil until the portal answered either.
    public var animationScale: Double? {
        if animationsEnabled == false { return 0 }
        return animationDurationFactor ?? (animationsEnabled == true ? 1 : nil)
    }
    /// Called when `animationScale` changes.
    public var onAnimationScaleChange: ((Double?) -> Void)?
    private var animationsEnabled: Bool?
    private var animationDurationFactor: Double?
    /// Why the portal gave no answer (no bus, no portal, an error), for a debug message; nil when it answered.
    public private(set) var failure: String?

    /// Whether the portal was running when asked (nil until the bus said): one that was not is
    /// being started for the question (D-Bus activation), which takes longer to answer.
    public private(set) var portalWasRunning: Bool?

    private var bus: OpaquePointer?
    private var runningSlot: OpaquePointer?
    private var readSlots: [Setting: OpaquePointer] = [:]
    private var signalSlot: OpaquePointer?
    private var triedOlderRead: Set<Setting> = []

    /// The settings read: the appearance namespace's, and the animation
    /// settings of GNOME's and KDE's own namespaces (which their portals
    /// pass through; another desktop's portal answers not found).
    fileprivate enum Setting: String, CaseIterable {
        case colorScheme = "color-scheme"
        case accentColor = "accent-color"
        case enableAnimations = "enable-animations"
        case animationDurationFactor = "AnimationDurationFactor"

        var namespace: String {
            switch self {
            case .colorScheme, .accentColor: "org.freedesktop.appearance"
            case .enableAnimations: "org.gnome.desktop.interface"
            case .animationDurationFactor: "org.kde.kdeglobals.KDE"
            }
        }
    }

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else
    /// `$XDG_RUNTIME_DIR/bus`) and asks for the colour scheme. Returns nil
    /// when there is no session bus to connect to: then there is no
    /// preference to follow.
    public init?() {
        var bus: OpaquePointer?
        guard sd_bus_open_user(&bus) >= 0, let bus else { return nil }
        self.bus = bus
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard sweep_portal_match_setting_changed(bus, &signalSlot, settingChanged, context) >= 0,
              sweep_portal_is_running(bus, &runningSlot, runningAnswer, context) >= 0,
              ask(.colorScheme, readOne: true), ask(.accentColor, readOne: true),
              ask(.enableAnimations, readOne: true), ask(.animationDurationFactor, readOne: true) else {
            close()
            return nil
        }
    }

    deinit { close() }

    /// The bus connection's fd, to poll; -1 once closed.
    public var fd: Int32 { bus.map { sd_bus_get_fd($0) } ?? -1 }

    /// The poll events (`POLLIN`, `POLLOUT`) the connection waits for now.
    public var pollEvents: Int16 {
        guard let bus else { return 0 }
        let events = sd_bus_get_events(bus)
        return events < 0 ? 0 : Int16(truncatingIfNeeded: events)
    }

    /// How long until the connection needs `process()` even without input
    /// (a call's timeout), or nil for no deadline.
    public var timeoutMilliseconds: Double? {
        guard let bus else { return nil }
        var deadline: UInt64 = 0
        guard sd_bus_get_timeout(bus, &deadline) >= 0, deadline != UInt64.max else { return nil }
        let now = Self.monotonicMicroseconds()
        return deadline > now ? Double(deadline - now) / 1000 : 0
    }

    /// Reads and writes what the connection has ready, running the
    /// callbacks. A connection that broke is closed (the last preference
    /// stays); `fd` is -1 after that.
    public func process() {
        while let bus {
            let result = sd_bus_process(bus, nil)
            if result < 0 {
                finish(failure: "the session bus closed the connection (\(String(cString: strerror(-result))))")
                close()
                return
            }
            if result == 0 { return }
        }
    }

    /// Waits up to `milliseconds` for the first answers (colour scheme and accent colour), processing the bus
    /// only (for an app's first frame, so a dark desktop does not see a light
    /// window flash first); up to `startingMilliseconds` when the portal was
    /// not running and is being started for the question (a desktop's first
    /// app after login: GNOME's portal took 240–280 ms to answer cold here,
    /// KDE's 670–720 ms; a running one answers in 1–2 ms). Returns whether
    /// the colour scheme's answer came.
    @discardableResult
    public func waitForAnswer(milliseconds: Double, startingMilliseconds: Double? = nil) -> Bool {
        let start = Self.monotonicMicroseconds()
        func deadline() -> UInt64 {
            let wait = portalWasRunning == false ? max(milliseconds, startingMilliseconds ?? milliseconds) : milliseconds
            return start + UInt64(max(0, wait) * 1000)
        }
        func waiting() -> Bool { colorScheme == nil || !accentColorAnswered }
        while waiting(), let bus {
            process()
            let now = Self.monotonicMicroseconds()
            guard waiting(), now < deadline() else { break }
            _ = sd_bus_wait(bus, deadline() - now)
        }
        return colorScheme != nil
    }

    // MARK: - Asking and answers

    private func ask(_ setting: Setting, readOne: Bool) -> Bool {
        guard let bus else { return false }
        if let slot = readSlots.removeValue(forKey: setting) { sd_bus_slot_unref(slot) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        var slot: OpaquePointer?
        let handler: sd_bus_message_handler_t = switch setting {
        case .colorScheme: readAnswer
        case .accentColor: accentAnswer
        case .enableAnimations: enableAnimationsAnswer
        case .animationDurationFactor: durationFactorAnswer
        }
        let result = sweep_portal_read(bus, &slot, readOne ? 1 : 0, setting.namespace, setting.rawValue, handler, context)
        readSlots[setting] = slot
        return result >= 0
    }

    /// The error's name when `message` is one; a portal older than version 2
    /// has no ReadOne, so that error asks again with Read and says nil.
    private func failure(of message: OpaquePointer, asking setting: Setting) -> String? {
        guard let error = sd_bus_message_get_error(message) else { return nil }
        let name = error.pointee.name.map { String(cString: $0) } ?? "an error"
        if name == "org.freedesktop.DBus.Error.UnknownMethod" && !triedOlderRead.contains(setting) {
            triedOlderRead.insert(setting)
            if ask(setting, readOne: false) { return nil }
        }
        return name
    }

    fileprivate func handleReadAnswer(_ message: OpaquePointer) {
        if sd_bus_message_is_method_error(message, nil) != 0 {
            if let name = failure(of: message, asking: .colorScheme) { finish(failure: "the settings portal answered \(name)") }
            return
        }
        guard let value = Self.readUInt32(inVariantsOf: message) else {
            finish(failure: "the settings portal's color-scheme is not a number")
            return
        }
        finish(with: ColorScheme(portalValue: value))
    }

    /// The accent colour's answer: an error (no such setting: most desktops
    /// before 2024) or anything but three numbers in 0…1 is no accent colour.
    fileprivate func handleAccentAnswer(_ message: OpaquePointer) {
        if sd_bus_message_is_method_error(message, nil) != 0 {
            if failure(of: message, asking: .accentColor) != nil { finishAccent(with: nil) }
            return
        }
        finishAccent(with: Self.readAccentColor(inVariantsOf: message))
    }

    /// An animation setting's answer; an error (a desktop whose portal
    /// does not pass the setting through) or a value of another type leaves
    /// it unknown.
    fileprivate func handleAnimationAnswer(_ message: OpaquePointer, setting: Setting) {
        if sd_bus_message_is_method_error(message, nil) != 0 {
            _ = failure(of: message, asking: setting)
            return
        }
        setAnimationSetting(setting, from: message)
    }

    private func setAnimationSetting(_ setting: Setting, from message: OpaquePointer) {
        let before = animationScale
        switch setting {
        case .enableAnimations: animationsEnabled = Self.readBool(inVariantsOf: message)
        case .animationDurationFactor: animationDurationFactor = Self.readDurationFactor(inVariantsOf: message)
        case .colorScheme, .accentColor: return
        }
        if animationScale != before { onAnimationScaleChange?(animationScale) }
    }

    fileprivate func handleRunningAnswer(_ message: OpaquePointer) {
        var running: Int32 = 0
        if sd_bus_message_is_method_error(message, nil) == 0,
           sd_bus_message_read_basic(message, CChar(UInt8(ascii: "b")), &running) > 0 {
            portalWasRunning = running != 0
        }
        if let runningSlot { sd_bus_slot_unref(runningSlot) }
        runningSlot = nil
    }

    fileprivate func handleSettingChanged(_ message: OpaquePointer) {
        switch Self.setting(inSettingChanged: message) {
        case .colorScheme?:
            guard let value = Self.readUInt32(inVariantsOf: message) else { return }
            finish(with: ColorScheme(portalValue: value))
        case .accentColor?:
            finishAccent(with: Self.readAccentColor(inVariantsOf: message))
        case let setting? where setting == .enableAnimations || setting == .animationDurationFactor:
            setAnimationSetting(setting, from: message)
        default:
            return
        }
    }

    /// Which of our settings a `SettingChanged` signal (namespace, key,
    /// value) is about, with the message left at its value; nil for others.
    private static func setting(inSettingChanged message: OpaquePointer) -> Setting? {
        var space: UnsafePointer<CChar>?
        var key: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &space) > 0,
              sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &key) > 0,
              let space, let key, let setting = Setting(rawValue: String(cString: key)),
              setting.namespace == String(cString: space) else { return nil }
        return setting
    }

    /// The colour scheme's number in a `SettingChanged` signal, or nil when
    /// the signal is another setting's or the value is not a number.
    static func colorSchemeValue(inSettingChanged message: OpaquePointer) -> UInt32? {
        guard setting(inSettingChanged: message) == .colorScheme else { return nil }
        return readUInt32(inVariantsOf: message)
    }

    private func finishAccent(with accent: AccentColor?) {
        let changed = accent != accentColor
        accentColor = accent
        accentColorAnswered = true
        if changed { onAccentColorChange?(accent) }
    }

    private func finish(with scheme: ColorScheme) {
        let changed = scheme != colorScheme
        colorScheme = scheme
        failure = nil
        if changed { onChange?(scheme) }
    }

    /// No answer: no preference, said once.
    private func finish(failure reason: String) {
        guard colorScheme == nil else { return }
        failure = reason
        colorScheme = .noPreference
        onChange?(.noPreference)
    }

    /// What however many variants wrap (ReadOne: one; Read: two), entered:
    /// its type and contents signature; nil when the message ends first.
    private static func enterVariants(of message: OpaquePointer) -> (type: UInt8, contents: String?)? {
        for _ in 0..<4 {
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            guard sd_bus_message_peek_type(message, &type, &contents) > 0 else { return nil }
            guard UInt8(bitPattern: type) == UInt8(ascii: "v") else {
                return (UInt8(bitPattern: type), contents.map { String(cString: $0) })
            }
            guard let contents, sd_bus_message_enter_container(message, type, contents) > 0 else { return nil }
        }
        return nil
    }

    /// The `(ddd)` inside the variants: an accent colour, nil when it is
    /// not one (another type, a component outside 0…1).
    static func readAccentColor(inVariantsOf message: OpaquePointer) -> AccentColor? {
        guard let inside = enterVariants(of: message), inside.type == UInt8(ascii: "r"), inside.contents == "ddd",
              sd_bus_message_enter_container(message, CChar(UInt8(ascii: "r")), "ddd") > 0 else { return nil }
        var channels: [Double] = []
        for _ in 0..<3 {
            var value = 0.0
            guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "d")), &value) > 0 else { return nil }
            channels.append(value)
        }
        return AccentColor(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// The `u` inside however many variants wrap it (ReadOne: one; Read: two).
    static func readUInt32(inVariantsOf message: OpaquePointer) -> UInt32? {
        guard enterVariants(of: message)?.type == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        return sd_bus_message_read_basic(message, CChar(UInt8(ascii: "u")), &value) > 0 ? value : nil
    }

    /// The `b` inside the variants.
    static func readBool(inVariantsOf message: OpaquePointer) -> Bool? {
        guard enterVariants(of: message)?.type == UInt8(ascii: "b") else { return nil }
        var value: Int32 = 0
        return sd_bus_message_read_basic(message, CChar(UInt8(ascii: "b")), &value) > 0 ? value != 0 : nil
    }

    /// KDE's animation speed inside the variants: a number (`d`, or the
    /// text kdeglobals holds, `s`), 0 for instant; nil when it is no finite
    /// number at least 0. Large factors are kept to 10 (a slow-motion desktop
    /// should not leave lists moving for seconds).
    static func readDurationFactor(inVariantsOf message: OpaquePointer) -> Double? {
        var factor: Double?
        switch enterVariants(of: message)?.type {
        case UInt8(ascii: "d"):
            var value = 0.0
            if sd_bus_message_read_basic(message, CChar(UInt8(ascii: "d")), &value) > 0 { factor = value }
        case UInt8(ascii: "s"):
            var text: UnsafePointer<CChar>?
            if sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &text) > 0, let text {
                factor = Double(String(cString: text).filter { $0 != " " })
            }
        default:
            return nil
        }
        guard let factor, factor.isFinite, factor >= 0 else { return nil }
        return min(factor, 10)
    }

    /// CLOCK_MONOTONIC in microseconds, sd-bus's time base.
    private static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec / 1000)
    }

    private func close() {
        if let runningSlot { sd_bus_slot_unref(runningSlot) }
        runningSlot = nil
        for slot in readSlots.values { sd_bus_slot_unref(slot) }
        if let signalSlot { sd_bus_slot_unref(signalSlot) }
        readSlots = [:]
        signalSlot = nil
        accentColorAnswered = true
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
    }
}

// sd-bus calls these with the portal object as its userdata.
private func readAnswer(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                        _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata else { return 0 }
    Unmanaged<AppearancePortal>.fromOpaque(userdata).takeUnretainedValue().handleReadAnswer(message)
    return 0
}

private func accentAnswer(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                          _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata else { return 0 }
    Unmanaged<AppearancePortal>.fromOpaque(userdata).takeUnretainedValue().handleAccentAnswer(message)
    return 0
}

private func enableAnimationsAnswer(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                                    _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata else { return 0 }
    Unmanaged<AppearancePortal>.fromOpaque(userdata).takeUnretainedValue().handleAnimationAnswer(message, setting: .enableAnimations)
    return 0
}

private func durationFactorAnswer(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                                  _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata else { return 0 }
    Unmanaged<AppearancePortal>.fromOpaque(userdata).takeUnretainedValue()
        .handleAnimationAnswer(message, setting: .animationDurationFactor)
    return 0
}

private func runningAnswer(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                           _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata else { return 0 }
    Unmanaged<AppearancePortal>.fromOpaque(userdata).takeUnretainedValue().handleRunningAnswer(message)
    return 0
}

private func settingChanged(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                            _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata else { return 0 }
    Unmanaged<AppearancePortal>.fromOpaque(userdata).takeUnretainedValue().handleSettingChanged(message)
    return 0
}
