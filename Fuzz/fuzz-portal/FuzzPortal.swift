import CSDBus
import FuzzSupport
import Glibc
@testable import SweepDesktop

/// The settings portal's answers as `AppearancePortal` reads them: the
/// colour scheme inside however many variants wrap it (`ReadOne` gives
/// one, `Read` two) and the `SettingChanged` signal (namespace, key,
/// value). sd-bus parses the wire format itself (and is fuzzed by
/// systemd); what is fuzzed here is the portal's reading of a well-formed
/// message of any shape: the bytes decode to a signal whose body is built
/// with sd-bus's append calls (strings, numbers, booleans, nested variants,
/// arrays), sealed and read back. A variant chain ending in a `u` within
/// four levels must give its number, anything else nil.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPortal(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    var values: [Value] = []
    while !input.isAtEnd && values.count < 8 { values.append(Value.decode(&input, depth: 0)) }
    guard let message = Bus.shared.message(values) else { return 0 }
    defer { sd_bus_message_unref(message) }

    let read = AppearancePortal.readUInt32(inVariantsOf: message)
    fuzzCheck(read == values.first?.schemeNumber(levels: 4), "read \(String(describing: read)) from \(values)")
    fuzzCheck(sd_bus_message_rewind(message, 1) >= 0, "rewind")
    let changed = AppearancePortal.colorSchemeValue(inSettingChanged: message)
    var expected: UInt32?
    if values.count >= 3, case .string("org.freedesktop.appearance") = values[0], case .string("color-scheme") = values[1] {
        expected = values[2].schemeNumber(levels: 4)
    }
    fuzzCheck(changed == expected, "SettingChanged gave \(String(describing: changed)) from \(values)")
    return 0
}

/// A D-Bus value the fuzzer builds.
indirect enum Value: CustomStringConvertible {
    case uint32(UInt32), int32(Int32), boolean(Bool), byte(UInt8), string(String), variant(Value), strings([String])

    static let names = ["org.freedesktop.appearance", "color-scheme", "accent-color", "org.gnome.desktop.interface", ""]

    static func decode(_ input: inout FuzzBytes, depth: Int) -> Value {
        let kind = input.byte()
        switch kind % 8 {
        case 0, 1: return .uint32(kind & 0x80 != 0 ? input.uint32() : UInt32(input.byte() % 4))
        case 2: return .int32(Int32(bitPattern: input.uint32()))
        case 3: return .boolean(input.bool())
        case 4: return .byte(input.byte())
        case 5: return .string(kind & 0x80 != 0 ? String(decoding: input.chunk().filter { $0 != 0 }, as: UTF8.self) : names[Int(kind >> 3) % names.count])
        case 6 where depth < 6: return .variant(decode(&input, depth: depth + 1))
        case 7: return .strings((0..<Int(input.byte() % 4)).map { _ in names[Int(input.byte()) % names.count] })
        default: return .uint32(0)
        }
    }

    var signature: String {
        switch self {
        case .uint32: "u"
        case .int32: "i"
        case .boolean: "b"
        case .byte: "y"
        case .string: "s"
        case .variant: "v"
        case .strings: "as"
        }
    }

    /// What the portal's reading must give: a `u` inside at most `levels - 1` variants.
    func schemeNumber(levels: Int) -> UInt32? {
        guard levels > 0 else { return nil }
        switch self {
        case .uint32(let value): return value
        case .variant(let inner): return inner.schemeNumber(levels: levels - 1)
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .uint32(let value): "u \(value)"
        case .int32(let value): "i \(value)"
        case .boolean(let value): "b \(value)"
        case .byte(let value): "y \(value)"
        case .string(let value): "s \(value.debugDescription)"
        case .variant(let inner): "v(\(inner))"
        case .strings(let list): "as \(list)"
        }
    }

    /// Appends the value; false when sd-bus refuses it (a string that is not UTF-8, say).
    func append(to message: OpaquePointer) -> Bool {
        func basic<T>(_ type: Character, _ value: T) -> Bool {
            var value = value
            return sd_bus_message_append_basic(message, CChar(type.asciiValue!), &value) >= 0
        }
        switch self {
        case .uint32(let value): return basic("u", value)
        case .int32(let value): return basic("i", value)
        case .boolean(let value): return basic("b", Int32(value ? 1 : 0))
        case .byte(let value): return basic("y", value)
        case .string(let value): return value.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) >= 0 }
        case .variant(let inner):
            return sd_bus_message_open_container(message, CChar(UInt8(ascii: "v")), inner.signature) >= 0
                && inner.append(to: message) && sd_bus_message_close_container(message) >= 0
        case .strings(let list):
            return sd_bus_message_open_container(message, CChar(UInt8(ascii: "a")), "s") >= 0
                && list.allSatisfy { Value.string($0).append(to: message) } && sd_bus_message_close_container(message) >= 0
        }
    }
}

/// A bus object messages can be made on: one end of a socket pair, never
/// connected to a real bus (sd-bus makes messages only on a started bus).
final class Bus: @unchecked Sendable {
    static let shared = Bus()
    private let bus: OpaquePointer

    private init() {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            fatalError("socketpair: \(errno)")
        }
        var bus: OpaquePointer?
        guard sd_bus_new(&bus) >= 0, let bus, sd_bus_set_fd(bus, fds[0], fds[0]) >= 0, sd_bus_start(bus) >= 0 else {
            fatalError("no sd-bus object")
        }
        self.bus = bus
    }

    /// A sealed `SettingChanged` signal whose body is `values`, rewound for reading; nil when sd-bus refuses a value.
    func message(_ values: [Value]) -> OpaquePointer? {
        var message: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &message, SWEEP_PORTAL_PATH, "org.freedesktop.portal.Settings", "SettingChanged") >= 0,
              let message else { fatalError("sd_bus_message_new_signal") }
        guard values.allSatisfy({ $0.append(to: message) }) else {
            sd_bus_message_unref(message)
            return nil
        }
        fuzzCheck(sd_bus_message_seal(message, 1, 0) >= 0, "seal")
        fuzzCheck(sd_bus_message_rewind(message, 1) >= 0, "rewind")
        return message
    }
}

@main enum FuzzPortalMain {
    static func main() { runFuzzer(fuzzPortal) }
}
