import FuzzSupport
import SweepUI

/// `FileURI.decode` (public API; what a drop's `text/uri-list` is read with).
/// Any text: nil, or a path that starts with a slash and holds no NUL; a
/// slash in the path is one the URI wrote unescaped. Any path of bytes
/// (no NUL) escaped byte by byte, with or without `localhost`, in any case
/// of its scheme and hex digits, decodes to itself; `encode` of a UTF-8
/// path decodes to its bytes, as `encode(bytes:)` of any path does; a `%00`, `%2F` or raw NUL anywhere is nil.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFileURI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    switch input.below(3) {
    case 0:
        let text = String(decoding: input.rest(), as: UTF8.self)
        if let path = FileURI.decode(text) {
            fuzzCheck(path.first == UInt8(ascii: "/") && !path.contains(0), "decoded \(path) from \(text.debugDescription)")
            fuzzCheck(path.filter { $0 == UInt8(ascii: "/") }.count <= text.utf8.filter { $0 == UInt8(ascii: "/") }.count,
                      "an escaped slash became one in \(text.debugDescription)")
        }
    case 1:
        var path: [UInt8] = [UInt8(ascii: "/")] + input.chunk().filter { $0 != 0 }
        if input.bool() { path += [UInt8(ascii: "/")] + input.chunk().filter { $0 != 0 } }
        let uppercaseHex = input.bool()
        var uri = [Array("file:".utf8), Array("FILE:".utf8), Array("File:".utf8)][input.below(3)]
        // Without an authority, a path starting "//" would have its first part read as a host.
        let authority = input.below(4)
        uri += [[], Array("//".utf8), Array("//localhost".utf8), Array("//LocalHost".utf8)][path.starts(with: [0x2F, 0x2F]) ? max(1, authority) : authority]
        for byte in path {
            let plain = byte == UInt8(ascii: "/") || (byte.isASCIIAlphanumeric && input.bool())
            uri += plain ? [byte] : Array("%".utf8) + hex(byte, uppercase: uppercaseHex)
        }
        let text = String(decoding: uri, as: UTF8.self)
        let decoded = FileURI.decode(text)
        fuzzCheck(decoded == path, "\(text) decoded to \(String(describing: decoded)), not \(path)")
        // The same with a NUL or slash escaped, or a raw NUL, somewhere in the path.
        let poison = [Array("%00".utf8), Array("%2F".utf8), Array("%2f".utf8), [0]][input.below(4)]
        let at = uri.count - input.below(max(1, path.count))
        let poisoned = String(decoding: uri[..<at] + poison + uri[at...], as: UTF8.self)
        fuzzCheck(FileURI.decode(poisoned) == nil, "\(poisoned.debugDescription) was decoded")
    default:
        let bytes = [UInt8(ascii: "/")] + input.rest().filter { $0 != 0 }
        fuzzCheck(FileURI.decode(FileURI.encode(bytes: bytes)) == bytes, "\(bytes) did not survive encoding")
        let path = String(decoding: bytes, as: UTF8.self)
        fuzzCheck(FileURI.decode(FileURI.encode(path)) == Array(path.utf8), "\(path.debugDescription) did not survive encoding")
    }
    return 0
}

private func hex(_ byte: UInt8, uppercase: Bool) -> [UInt8] {
    let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    return [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}

@main enum FuzzFileURIMain {
    static func main() { runFuzzer(fuzzFileURI) }
}
