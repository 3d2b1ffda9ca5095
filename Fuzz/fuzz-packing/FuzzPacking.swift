@testable import DemoPages
import FuzzSupport

/// The demo's packing-list file (`PackingFormat.parse`, what
/// `PackingStore.load` makes of the file's bytes), then the list it loads
/// into (`PackingList`) and its save: whatever a file holds, entries read
/// are single lines that write back and read again unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPacking(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch PackingFormat.parse(bytes) {
    case .entries(let entries):
        for entry in entries {
            fuzzCheck(!entry.isEmpty && PackingFormat.isValid(entry), "an entry that is not one line: \(entry.debugDescription)")
        }
        fuzzCheck(PackingFormat.parse(PackingFormat.bytes(entries)) == .entries(entries), "entries do not survive a save")
        let list = PackingList(savedEntries: entries)
        fuzzCheck(Set(list.entriesToSave) == Set(entries), "the list drops or adds entries")
        var toggled = list
        for index in list.items.indices where bytes.count > index && bytes[index] & 1 == 1 { toggled.toggle(index) }
        let saved = PackingFormat.bytes(toggled.entriesToSave)
        guard case .entries(let again) = PackingFormat.parse(saved) else { fatalError("a saved list does not read back") }
        fuzzCheck(PackingList(savedEntries: again) == toggled, "a saved list reads back different")
    case .newer(let version):
        fuzzCheck(version > PackingFormat.version, "newer version \(version)")
    case .corrupt(let reason):
        fuzzCheck(!reason.isEmpty, "corrupt without a reason")
    }
    return 0
}

@main enum FuzzPackingMain {
    static func main() { runFuzzer(fuzzPacking) }
}
