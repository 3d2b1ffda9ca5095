import CSDBus

/// Writing and reading sd-bus messages with the non-variadic calls Swift
/// can make (`sd_bus_message_append_basic`, `open_container`, `read_basic`).
struct BusMessage {
    let message: OpaquePointer

    private static func type(_ character: Character) -> CChar { CChar(character.asciiValue!) }

    func string(_ value: String) {
        value.withCString { _ = sd_bus_message_append_basic(message, Self.type("s"), $0) }
    }

    func objectPath(_ value: String) {
        value.withCString { _ = sd_bus_message_append_basic(message, Self.type("o"), $0) }
    }

    func int32(_ value: Int32) {
        var value = value
        _ = sd_bus_message_append_basic(message, Self.type("i"), &value)
    }

    func uint32(_ value: UInt32) {
        var value = value
        _ = sd_bus_message_append_basic(message, Self.type("u"), &value)
    }

    func int16(_ value: Int16) {
        var value = value
        _ = sd_bus_message_append_basic(message, Self.type("n"), &value)
    }

    func bool(_ value: Bool) {
        var value: Int32 = value ? 1 : 0
        _ = sd_bus_message_append_basic(message, Self.type("b"), &value)
    }

    func double(_ value: Double) {
        var value = value
        _ = sd_bus_message_append_basic(message, Self.type("d"), &value)
    }

    /// A container (`r` struct, `a` array, `e` dict entry, `v` variant) of `contents`.
    func container(_ kind: Character, _ contents: String, _ body: () -> Void) {
        _ = contents.withCString { sd_bus_message_open_container(message, Self.type(kind), $0) }
        body()
        _ = sd_bus_message_close_container(message)
    }

    /// An object reference `(so)`: a bus name and a path.
    func reference(_ name: String, _ path: String) {
        container("r", "so") {
            string(name)
            objectPath(path)
        }
    }

    func readInt32() -> Int32? {
        var value: Int32 = 0
        return sd_bus_message_read_basic(message, Self.type("i"), &value) > 0 ? value : nil
    }

    func readUInt32() -> UInt32? {
        var value: UInt32 = 0
        return sd_bus_message_read_basic(message, Self.type("u"), &value) > 0 ? value : nil
    }

    func readDouble() -> Double? {
        var value = 0.0
        return sd_bus_message_read_basic(message, Self.type("d"), &value) > 0 ? value : nil
    }

    func readBool() -> Bool? {
        var value: Int32 = 0
        return sd_bus_message_read_basic(message, Self.type("b"), &value) > 0 ? value != 0 : nil
    }

    func readString() -> String? {
        var value: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, Self.type("s"), &value) > 0, let value else { return nil }
        return String(cString: value)
    }

    /// Enters a variant of `contents` (`Properties.Get`'s answer) to read it.
    func enterVariant(_ contents: String) -> Bool {
        contents.withCString { sd_bus_message_enter_container(message, Self.type("v"), $0) } > 0
    }

    func enterStruct(_ contents: String) -> Bool {
        contents.withCString { sd_bus_message_enter_container(message, Self.type("r"), $0) } > 0
    }
}
