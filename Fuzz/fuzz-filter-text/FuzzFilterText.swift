import FuzzSupport
import PickCore
import SweepInput
import SweepUI

/// Text pasted and typed into the picker's filter (SweepUI's `LineEditor`,
/// as sweep-pick's filter uses it), edited with key-like operations decoded
/// from the bytes, then compiled as a query and matched; the text itself is
/// also quoted as a literal query, which must find the text.
///
/// Input: operations, each an op byte and its operand (a length byte and
/// text for pastes and typed keys).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilterText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    var editor = LineEditor()
    let keys: [KeySym] = [.left, .right, .home, .end, .backspace, .delete, .w, .u, .k, .returnKey, .escape, .up, .tab]
    var steps = 0
    while !input.isAtEnd && steps < 64 {
        steps += 1
        let op = input.byte()
        switch op % 4 {
        case 0:
            // A paste: what the picker inserts (line breaks dropped).
            let text = String(decoding: input.chunk(), as: UTF8.self)
            editor.insert(text.filter { $0 != "\n" && $0 != "\r" })
        case 1:
            // A typed key with text (a layout's character, or an input method's commit).
            let text = String(decoding: input.take(Int(input.byte() % 8)), as: UTF8.self)
            let sym = text.first.flatMap { KeySym(character: $0) } ?? KeySym(rawValue: 0x1000000 + UInt32(text.unicodeScalars.first?.value ?? 0))
            let before = editor
            let outcome = editor.apply(KeyEvent(keysym: sym, text: text, modifiers: Modifiers(rawValue: op >> 4 & 0x5), isRepeat: false, time: 0))
            fuzzCheck((outcome == .edited) == (editor.characters != before.characters), "\(outcome) for \(text.debugDescription)")
        case 2:
            let key = keys[Int(op >> 2) % keys.count]
            let modifiers: Modifiers = op & 0x80 != 0 ? .control : []
            let before = editor
            let outcome = editor.apply(KeyEvent(keysym: key, text: "", modifiers: modifiers, isRepeat: false, time: 0))
            fuzzCheck(outcome != .edited || editor.characters != before.characters, "edited without a change")
        default:
            editor.moveCursor(to: input.int16())
        }
        fuzzCheck((0...editor.characters.count).contains(editor.cursor), "cursor \(editor.cursor) of \(editor.characters.count)")
        fuzzCheck(!editor.text.utf8.contains(0x0A), "a line feed in the filter")
    }
    // The filter compiled as the picker compiles it, and matched.
    let text = editor.text
    for mode in MatchMode.allCases {
        let matcher = Matcher(query: text, mode: mode)
        _ = matcher.matches(text)
        for range in matcher.highlights(in: text) {
            fuzzCheck(range.upperBound <= text.utf8.count, "highlight \(range) past \(text.utf8.count) bytes")
        }
    }
    // Quoted, the text finds itself, and also inside a longer line. Not for a backslash before a
    // blank: fzf's syntax has no way to write one (`\ ` is a space, other backslashes stay as typed).
    let scalars = Array(text.unicodeScalars)
    guard !zip(scalars, scalars.dropFirst()).contains(where: { $0 == "\\" && ($1 == " " || $1 == "\t") }) else { return 0 }
    let literal = Matcher(query: Matcher.literalQuery(text), mode: .fuzzy)
    fuzzCheck(literal.matches(text), "the literal query \(Matcher.literalQuery(text).debugDescription) misses its text \(text.debugDescription)")
    fuzzCheck(literal.matches("x " + text + " y"), "the literal query misses its text inside a line")
    return 0
}

@main enum FuzzFilterTextMain {
    static func main() { runFuzzer(fuzzFilterText) }
}
