/// The picker benchmarks' input: path-like lines of about 30 bytes
/// ("kqzvbt/mwoeyp/dhqa-48213.txt"), random lower-case letters from a fixed
/// seed, so the Swift benchmarks and `fzf --filter` see the same records.
public func pickBenchInput(records: Int) -> [UInt8] {
    var state: UInt64 = 0x5EED_1234_ABCD_0001
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(records * 31)
    func word(_ minimum: Int, _ maximum: Int) {
        let length = minimum + Int(next() % UInt64(maximum - minimum + 1))
        var bits = next()
        for _ in 0..<length {
            bytes.append(0x61 + UInt8(bits % 26))
            bits /= 26
        }
    }
    for _ in 0..<records {
        word(4, 8)
        bytes.append(UInt8(ascii: "/"))
        word(4, 8)
        bytes.append(UInt8(ascii: "/"))
        word(3, 7)
        bytes.append(UInt8(ascii: "-"))
        for digit in String(next() % 100_000).utf8 { bytes.append(digit) }
        bytes.append(contentsOf: ".txt\n".utf8)
    }
    return bytes
}
