import FuzzSupport
import PickCore

/// sweep-pick's history file (`--history`): anyone's bytes. Half the inputs
/// are read raw; the other half are a history the fuzzer writes (counts and
/// times from all of Int's and Int64's range, records of any bytes, comments,
/// broken lines). Whatever parses must write back to the same entries, rank
/// and take another choice without a trap (a count of Int.max once trapped on
/// `+= 1`), and keep at most the limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistory(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let bytes: [UInt8]
    if input.bool() {
        bytes = input.rest()
    } else {
        var text = Array((HistoryFormat.header + "\n").utf8)
        while !input.isAtEnd && text.count < 1 << 16 {
            switch input.below(8) {
            case 0: text += Array("# a comment\n".utf8)
            case 1: text += input.chunk() + [0x0A]
            default:
                let count: Int = input.bool() ? Int.max - Int(input.byte()) : Int(input.uint32()) - Int(input.byte())
                let time: Int64 = input.bool() ? Int64.max - Int64(input.byte()) : Int64(Int32(bitPattern: input.uint32()))
                text += Array("\(count)\t\(time)\t".utf8) + input.chunk() + [0x0A]
            }
        }
        bytes = text
    }
    guard let entries = try? HistoryFormat.decode(bytes) else { return 0 }
    fuzzCheck(entries.allSatisfy { $0.count >= 1 && $0.lastUsed >= 0 }, "a count below 1 or a negative time was read")
    let rewritten = HistoryFormat.encode(entries)
    fuzzCheck((try? HistoryFormat.decode(rewritten)) == entries, "\(entries.count) entries did not survive writing back")

    var history = History(entries: entries)
    let now = Int64(input.uint32()) * (input.bool() ? 1 : 1 << 31)
    let ranked = history.ranked(now: now)
    fuzzCheck(ranked.count == entries.count, "ranking lost entries")
    let chosen = Array(entries.prefix(3).map(\.text)) + [[UInt8(ascii: "n")]]
    let limit = 1 + input.below(2000)
    history.record(chosen, now: now, limit: limit)
    fuzzCheck(history.entries.count <= limit, "\(history.entries.count) entries kept over a limit of \(limit)")
    for text in Set(chosen) where Set(entries.map(\.text)).count + 1 <= limit {
        fuzzCheck(history.entries.contains { $0.text == text && $0.lastUsed == now && $0.count >= 1 },
                  "a chosen record was not counted")
    }
    return 0
}

@main enum FuzzHistoryMain {
    static func main() { runFuzzer(fuzzHistory) }
}
