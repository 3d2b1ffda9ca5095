import FuzzSupport
import Glibc
import SweepInput
import SweepXKB

/// Quiets xkbcommon's messages about the broken keymaps most inputs are.
private let quiet: Void = { setenv("XKB_LOG_LEVEL", "critical", 1) }()

/// An unlinked temporary file the keymaps are written to, as a compositor hands one over.
private let keymapFile: Int32 = {
    var template = Array("/tmp/sweep-fuzz-keymap-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { fatalError("mkstemp: \(errno)") }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return fd
}()

/// A keymap as a compositor sends one (`wl_keyboard.keymap`: a file
/// descriptor and a size; the text may end at a NUL), compiled by
/// `Keyboard` through xkbcommon, then keys fed: the bytes after the first
/// NUL are key presses, releases and modifier masks with any key code a
/// compositor could send.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeymap(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = quiet
    guard let data, size > 0 else { return 0 }
    // The keymap file, reused: rewritten for each input.
    let fd = keymapFile
    guard ftruncate(fd, 0) == 0 else { fatalError("ftruncate: \(errno)") }
    var written = 0
    while written < size {
        let count = pwrite(fd, data + written, size - written, off_t(written))
        guard count > 0 else { fatalError("pwrite: \(errno)") }
        written += count
    }
    guard let keyboard = try? Keyboard(fileDescriptor: fd, size: size, format: 1) else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var input = FuzzBytes(bytes.firstIndex(of: 0).map { Array(bytes[($0 + 1)...]) } ?? [])
    var steps = 0
    while !input.isAtEnd && steps < 256 {
        steps += 1
        let op = input.byte()
        // Mostly codes of real keys; sometimes any 32-bit number.
        let code = op & 0x80 != 0 ? input.uint32() : UInt32(input.byte())
        switch op % 4 {
        case 0:
            keyboard.updateModifiers(depressed: input.uint32(), latched: input.uint32(), locked: input.uint32(),
                                     group: UInt32(input.byte()))
        case 1:
            _ = keyboard.updateKey(evdevCode: code, pressed: op & 0x40 != 0)
        case 2:
            let name = String(decoding: input.take(Int(input.byte() % 16)), as: UTF8.self)
            if let found = keyboard.evdevCode(forKeysymNamed: name) {
                fuzzCheck(found.code < UInt32.max - 8, "key code \(found.code) for \(name.debugDescription)")
            }
        default:
            break
        }
        _ = keyboard.modifiers
        let sym = keyboard.keysym(forEvdevCode: code)
        let shortcut = keyboard.shortcutKeysym(forEvdevCode: code)
        fuzzCheck(sym.rawValue < 0x100 || sym.rawValue >= 0xff00 || shortcut.rawValue != 0, "no shortcut keysym for \(sym.rawValue)")
        let text = keyboard.text(forEvdevCode: code)
        fuzzCheck(!text.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7f }) || text.isEmpty, "control text")
        _ = keyboard.repeats(evdevCode: code)
    }
    _ = keyboard.keymapText
    return 0
}

@main enum FuzzKeymapMain {
    static func main() { runFuzzer(fuzzKeymap) }
}
