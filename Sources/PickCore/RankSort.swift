/// Orders matches by their `RankLayout` keys, equal keys in input order,
/// in O(n): only the bits that differ between keys are sorted on (gathered
/// by table into one number), by one stable counting pass when they are at
/// most 16, else two (least significant half first).
enum RankSort {
    /// The records (ascending) ordered by `keys` (one per record), or nil
    /// when every key is the same (input order is the ranked order).
    /// `keys` is consumed: emptied when two passes need the memory.
    /// - Complexity: O(n + 2¹⁶).
    static func order(records: [UInt32], keys: inout [UInt32]) -> [UInt32]? {
        precondition(records.count == keys.count)
        guard records.count > 1 else { return nil }
        var any: UInt32 = 0, all: UInt32 = .max
        keys.withUnsafeBufferPointer { keys in
            for key in keys {
                any |= key
                all &= key
            }
        }
        let mask = any ^ all
        guard mask != 0 else { return nil }
        let gather = Gather(mask: mask)
        if gather.bits <= 16 {
            return countingPass(records: records, keys: keys, digit: { gather.compact($0) }, bits: gather.bits)
        }
        // Two passes: compact once, sort by the low half, then stably by the high half.
        let lowBits = gather.bits / 2, highBits = gather.bits - lowBits
        let lowMask = UInt32((1 << lowBits) - 1)
        keys.withUnsafeMutableBufferPointer { keys in
            for index in keys.indices { keys[index] = gather.compact(keys[index]) }
        }
        var movedKeys = [UInt32](repeating: 0, count: keys.count)
        let movedRecords = countingPass(records: records, keys: keys, digit: { $0 & lowMask }, bits: lowBits,
                                        carrying: &movedKeys)
        keys = []
        var unusedKeys: [UInt32] = []
        return countingPass(records: movedRecords, keys: movedKeys, digit: { $0 >> UInt32(lowBits) }, bits: highBits,
                            carrying: &unusedKeys)
    }

    /// One stable counting pass by `digit(key)`; when `carrying` is not
    /// empty, the keys are moved with their records into it.
    private static func countingPass(records: [UInt32], keys: [UInt32], digit: (UInt32) -> UInt32, bits: Int,
                                     carrying movedKeys: inout [UInt32]) -> [UInt32] {
        var counts = [Int](repeating: 0, count: (1 << bits) + 1)
        var output = [UInt32](repeating: 0, count: records.count)
        let carries = !movedKeys.isEmpty
        keys.withUnsafeBufferPointer { keys in
            counts.withUnsafeMutableBufferPointer { counts in
                for key in keys { counts[Int(digit(key)) &+ 1] &+= 1 }
                for index in 1..<counts.count { counts[index] &+= counts[index &- 1] }
                records.withUnsafeBufferPointer { records in
                    output.withUnsafeMutableBufferPointer { output in
                        movedKeys.withUnsafeMutableBufferPointer { moved in
                            for index in 0..<records.count {
                                let key = keys[index], bucket = Int(digit(key))
                                let at = counts[bucket]
                                counts[bucket] = at &+ 1
                                output[at] = records[index]
                                if carries { moved[at] = key }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    private static func countingPass(records: [UInt32], keys: [UInt32], digit: (UInt32) -> UInt32, bits: Int) -> [UInt32] {
        var none: [UInt32] = []
        return countingPass(records: records, keys: keys, digit: digit, bits: bits, carrying: &none)
    }

    /// Gathers the bits of `mask` from a key into the low bits of a number,
    /// in order: four table lookups, one a byte of the key.
    struct Gather {
        let bits: Int
        private let tables: [UInt32]

        init(mask: UInt32) {
            var tables = [UInt32](repeating: 0, count: 4 * 256)
            var below = 0
            for byteIndex in 0..<4 {
                let byteMask = (mask >> UInt32(8 * byteIndex)) & 0xFF
                for value in 0..<256 {
                    var gathered: UInt32 = 0, position = below
                    for bit in 0..<8 where byteMask & (1 << UInt32(bit)) != 0 {
                        if value & (1 << bit) != 0 { gathered |= 1 << UInt32(position) }
                        position += 1
                    }
                    tables[byteIndex * 256 + value] = gathered
                }
                below += byteMask.nonzeroBitCount
            }
            self.tables = tables
            bits = mask.nonzeroBitCount
        }

        @inline(__always)
        func compact(_ key: UInt32) -> UInt32 {
            tables.withUnsafeBufferPointer { table in
                table[Int(key & 0xFF)] | table[256 &+ Int((key >> 8) & 0xFF)]
                    | table[512 &+ Int((key >> 16) & 0xFF)] | table[768 &+ Int(key >> 24)]
            }
        }
    }
}
