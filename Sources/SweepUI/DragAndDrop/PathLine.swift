/// A file's path as one line of text, for the clipboard, a terminal or a
/// pipe: its bytes as they are (a name that is not UTF-8 stays itself), and
/// a newline. A path holding a control character (a newline would make it
/// two lines) is written as the shell's `$'…'`, with `\n`, `\t`, `\'`, `\\`
/// and `\xHH`, as GNU ls quotes names in a terminal.
public enum PathLine {
    public static func bytes(_ path: [UInt8]) -> [UInt8] {
        guard path.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return path + [0x0A] }
        var line = Array("$'".utf8)
        for byte in path {
            switch byte {
            case 0x0A: line += Array("\\n".utf8)
            case 0x09: line += Array("\\t".utf8)
            case 0x27, 0x5C: line += [0x5C, byte]
            case ..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                line += [0x5C, UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: line.append(byte)
            }
        }
        return line + Array("'\n".utf8)
    }
}
