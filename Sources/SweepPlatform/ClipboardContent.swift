/// What a copy puts on the clipboard: bytes made when a paster asks, a
/// chunk at a time, so copying a million selected titles costs nothing
/// until something pastes, and then never blocks the loop for long.
public struct ClipboardContent {
    /// A fresh reader of the whole content for one paster: each call gives
    /// the next chunk, nil at the end.
    public let makeReader: () -> () -> [UInt8]?
    /// How many lines it holds, when the copier knows (for logs).
    public let lineCount: Int?

    public init(lineCount: Int? = nil, makeReader: @escaping () -> () -> [UInt8]?) {
        self.makeReader = makeReader
        self.lineCount = lineCount
    }

    /// Content that is already made.
    public static func bytes(_ bytes: [UInt8]) -> ClipboardContent {
        var lines = 0
        for byte in bytes where byte == 0x0A { lines += 1 }
        return ClipboardContent(lineCount: lines) {
            var given = false
            return {
                defer { given = true }
                return given ? nil : bytes
            }
        }
    }

    public static func text(_ text: String) -> ClipboardContent { bytes(Array(text.utf8)) }

    /// The MIME types text is offered as (a copy's, a dragged text's), best first.
    public static let textMimeTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"]

    /// All of it at once (a paste from ourselves).
    public func collect(limit: Int) -> [UInt8]? {
        let next = makeReader()
        var all: [UInt8] = []
        while let chunk = next() {
            all += chunk
            if all.count > limit { return nil }
        }
        return all
    }
}
