import SweepTestSupport
import Testing
@testable import SweepSelection

/// The natural order a file manager lists names in, checked against a
/// slow model (split into digit and non-digit runs) on random names.
@Suite struct SortKeysTests {
    private func sorted(_ texts: [String?], ascending: Bool = true) -> [String?] {
        RowSorter.sortedRows(count: texts.count, by: [SortOrderKey(SortKeys(texts: texts), ascending: ascending)]).map { texts[$0] }
    }

    @Test func numbersInNamesCompareAsNumbers() {
        #expect(sorted(["file10", "file9", "file1", "File2", "file010", "a", "file"])
                == ["a", "file", "file1", "File2", "file9", "file010", "file10"])
    }

    @Test func caseAndLatinAccentsOnlyBreakTies() {
        #expect(sorted(["éclair", "Zebra", "eclair", "apple", "Éclair", "ecru"]) == ["apple", "eclair", "Éclair", "éclair", "ecru", "Zebra"])
        #expect(NaturalTextKey.key("Ærøskøbing Straße") == NaturalTextKey.key("aroskobing strase"))
        // A decomposed accent sorts with its composed form.
        #expect(NaturalTextKey.key("e\u{301}te") == NaturalTextKey.key("été"))
    }

    @Test func missingValuesGoLastInEitherDirection() {
        #expect(sorted(["b", nil, "a"]) == ["a", "b", nil])
        #expect(sorted(["b", nil, "a"], ascending: false) == ["b", "a", nil])
        let numbers: [Double?] = [2, nil, .nan, -1, .infinity, -0.0, 0]
        let order = RowSorter.sortedRows(count: numbers.count, by: [SortOrderKey(SortKeys(numbers: numbers))])
        #expect(order == [3, 5, 6, 0, 4, 2, 1])
        let integers: [Int64?] = [.max, nil, .min, 0]
        #expect(RowSorter.sortedRows(count: 4, by: [SortOrderKey(SortKeys(integers: integers), ascending: false)]) == [0, 3, 2, 1])
    }

    @Test func tiesKeepRowOrderAndASecondKeyBreaksThem() {
        let kinds: [String?] = ["png", "txt", "png", "txt", "png"]
        let sizes: [Int64?] = [30, 10, 10, 20, 20]
        #expect(RowSorter.sortedRows(count: 5, by: [SortOrderKey(SortKeys(texts: kinds))]) == [0, 2, 4, 1, 3])
        #expect(RowSorter.sortedRows(count: 5, by: [SortOrderKey(SortKeys(texts: kinds)),
                                                    SortOrderKey(SortKeys(integers: sizes), ascending: false)]) == [0, 4, 2, 3, 1])
        // Keys of another length than the rows are ignored.
        #expect(RowSorter.sortedRows(count: 5, by: [SortOrderKey(SortKeys(integers: [1, 2]))]) == [0, 1, 2, 3, 4])
        #expect(RowSorter.sortedRows(count: 0, by: []) == [])
    }

    @Test func theExtremeIntegersKeepTheirOrderBesideMissingValues() {
        let values: [Int64?] = [.max, nil, .max - 1, .min, .min + 1, nil]
        #expect(RowSorter.sortedRows(count: 6, by: [SortOrderKey(SortKeys(integers: values))]) == [3, 4, 2, 0, 1, 5])
        #expect(RowSorter.sortedRows(count: 6, by: [SortOrderKey(SortKeys(integers: values), ascending: false)]) == [0, 2, 4, 3, 1, 5])
        // Missing values' ties are broken by the next key.
        let names: [String?] = ["a", "z", "b", "c", "d", "y"]
        #expect(RowSorter.sortedRows(count: 6, by: [SortOrderKey(SortKeys(integers: values)), SortOrderKey(SortKeys(texts: names), ascending: false)])
                == [3, 4, 2, 0, 1, 5])
    }

    @Test func textsEqualForAMegabyteSortWithoutDeepRecursion() {
        let stem = String(repeating: "x", count: 1 << 20)
        let texts: [String?] = [stem + "b", stem + "a", stem + "b", stem]
        #expect(RowSorter.sortedRows(count: 4, by: [SortOrderKey(SortKeys(texts: texts))]) == [3, 1, 0, 2])
    }

    @Test func hugeNumbersAndOddTextsSortWithoutTrapping() {
        let long = String(repeating: "9", count: 400)
        let texts: [String?] = [long + "1", long, "\u{0}", "", "日本", "x\u{0}y", "9" + long]
        let order = sorted(texts)
        #expect(order.count == texts.count)
        #expect(order.first == "")
        #expect(order.firstIndex(of: long)! < order.firstIndex(of: long + "1")!)
    }

    @Test func numberedNamesSortByTheirNumbers() {
        var random = SplitMix64(seed: 7)
        let numbers = (0..<500).map { _ in random.below(100_000) }
        let texts: [String?] = numbers.map { "IMG_" + String(repeating: "0", count: random.below(3)) + String($0) + ".jpg" }
        let order = RowSorter.sortedRows(count: texts.count, by: [SortOrderKey(SortKeys(texts: texts))])
        let sortedNumbers = order.map { numbers[$0] }
        #expect(sortedNumbers == numbers.sorted())
    }

    @Test(arguments: [true, false]) func randomNamesSortAsTheKeysSay(ascending: Bool) {
        var random = SplitMix64(seed: ascending ? 45 : 46)
        let alphabet = Array("aAbB0129 ._-é")
        for _ in 0..<200 {
            // Long names sharing long beginnings: ties past the first 8 key bytes.
            let stem = String(repeating: "photo-2024 ", count: random.below(4))
            let texts: [String?] = (0..<(1 + random.below(60))).map { _ in
                random.below(12) == 0 ? nil : stem + String((0..<random.below(random.below(2) == 0 ? 6 : 30)).map { _ in alphabet[random.below(alphabet.count)] })
            }
            let order = sorted(texts, ascending: ascending)
            // A permutation in key order, ties in UTF-8 order, missing last.
            #expect(order.count == texts.count)
            for (a, b) in zip(order, order.dropFirst()) {
                guard let a, let b else {
                    #expect(b == nil)
                    continue
                }
                let (ka, kb) = ascending ? (NaturalTextKey.key(a), NaturalTextKey.key(b)) : (NaturalTextKey.key(b), NaturalTextKey.key(a))
                let (ta, tb) = ascending ? (a, b) : (b, a)
                #expect(ka.lexicographicallyPrecedes(kb) || (ka == kb && !tb.utf8.lexicographicallyPrecedes(ta.utf8)))
            }
        }
    }
}
