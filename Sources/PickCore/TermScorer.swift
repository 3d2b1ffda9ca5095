/// Scores one term against a text of bytes (`base[start..<end]`), the way
/// fzf ranks: see `ScoreModel`. A substring term scores its occurrence with
/// the best bonus at its start (the first one at a word boundary, else the
/// best); prefix, suffix and whole terms the span they match; a fuzzy term
/// its best alignment by dynamic programming over the window between the
/// first occurrence of its first character and the last of its last (fzf's
/// "v2"), or, for a term that is not ASCII or a window too large, its
/// tightest first alignment (fzf's "v1"). `fold`: the text's ASCII
/// letters compare lower-cased (the needle is lower case then).
/// Each returns nil when the term does not match.
enum TermScorer {
    /// Past this many cells (window × term length) the fuzzy scorer takes the tight alignment instead.
    static let dynamicLimit = 65_536

    @inline(__always)
    static func byte(_ base: UnsafeRawPointer, _ index: Int) -> UInt8 { base.load(fromByteOffset: index, as: UInt8.self) }

    /// The bonus of the byte at `index` (the start of the text counts as after white space).
    @inline(__always)
    static func bonus(_ base: UnsafeRawPointer, _ start: Int, _ index: Int, _ tables: ScoreModel.Tables) -> Int32 {
        let previous = index == start ? ScoreModel.CharClass.white.rawValue : tables.charClass(byte(base, index &- 1))
        return tables.bonus(previous, tables.charClass(byte(base, index)))
    }

    /// The score of `count` consecutive matched bytes at `at` (continuation
    /// bytes of a scalar add nothing: a character scores once).
    static func span(_ base: UnsafeRawPointer, _ start: Int, at: Int, count: Int, _ tables: ScoreModel.Tables) -> Int32 {
        var score: Int32 = 0, runBonus: Int32 = 0, first = true
        var previous = at == start ? ScoreModel.CharClass.white.rawValue : tables.charClass(byte(base, at &- 1))
        for index in at..<(at + count) {
            let value = byte(base, index), current = tables.charClass(value)
            defer { previous = current }
            if value & 0xC0 == 0x80 { continue }
            let bonus = tables.bonus(previous, current)
            if first {
                score &+= ScoreModel.match &+ bonus &* ScoreModel.firstCharMultiplier
                runBonus = bonus
                first = false
            } else {
                // A boundary inside the run starts a better run.
                if bonus >= ScoreModel.boundary && bonus > runBonus { runBonus = bonus }
                score &+= ScoreModel.match &+ max(bonus, runBonus, ScoreModel.consecutive)
            }
        }
        return score
    }

    /// A substring term: its occurrence with the best bonus at its start.
    static func substring(_ needle: UnsafeBufferPointer<UInt8>, _ base: UnsafeRawPointer, _ start: Int, _ end: Int,
                          fold: Bool, _ tables: ScoreModel.Tables) -> TermScore? {
        guard let first = ByteSearch.firstMatch(needle, in: base, from: start, to: end, foldASCII: fold) else { return nil }
        return substring(needle, base, start, end, fold: fold, tables, first: first)
    }

    /// A substring term whose first occurrence is at `first` (the search that
    /// decided the match found it): the first occurrence at a word boundary,
    /// else the first with the best bonus, and its span's score. A term of
    /// one ASCII character scores its bonus from the class table, no span.
    @inline(__always)
    static func substring(_ needle: UnsafeBufferPointer<UInt8>, _ base: UnsafeRawPointer, _ start: Int, _ end: Int,
                          fold: Bool, _ tables: ScoreModel.Tables, first: Int) -> TermScore {
        let count = needle.count
        if count == 1 && needle[0] < 0x80 {
            let (best, bonus) = bestOccurrence(of: needle[0], base, start, end, fold: fold, tables, first: first)
            return TermScore(score: ScoreModel.match &+ bonus &* ScoreModel.firstCharMultiplier, begin: best &- start,
                             end: best &- start &+ 1)
        }
        var best = first, bestBonus = bonus(base, start, first, tables), found = first
        while bestBonus < ScoreModel.boundary,
              let next = ByteSearch.firstMatch(needle, in: base, from: found &+ 1, to: end, foldASCII: fold) {
            let bonus = self.bonus(base, start, next, tables)
            if bonus > bestBonus {
                best = next
                bestBonus = bonus
            }
            found = next
        }
        return TermScore(score: span(base, start, at: best, count: count, tables), begin: best &- start,
                         end: best &- start &+ count)
    }

    /// The occurrence of the ASCII `byte` in `first..<end` (`first` is the
    /// first one) that a one-character term scores: the first at a word
    /// boundary, else the first with the best bonus; and that bonus. The
    /// occurrences after `first` come eight bytes a step, each one's bonus
    /// from the class tables; the last step reads the record's last eight
    /// bytes (bytes before `start` are in the buffer too when `end` ≥ 8).
    @inline(__always)
    static func bestOccurrence(of byte: UInt8, _ base: UnsafeRawPointer, _ start: Int, _ end: Int, fold: Bool,
                               _ tables: ScoreModel.Tables, first: Int) -> (Int, Int32) {
        var best = first, bestBonus = bonus(base, start, first, tables)
        if bestBonus >= ScoreModel.boundary { return (best, bestBonus) }
        let pattern = SWAR.broadcast(byte), foldMask = ByteSearch.foldMask(byte, fold)
        var index = first &+ 1
        while index < end {
            var mask: UInt64
            if index &+ 8 <= end {
                mask = SWAR.zeroBytes((SWAR.load(base, index) | foldMask) ^ pattern)
            } else if end >= 8 {
                // The last eight bytes, without the lanes before `index`.
                let word = end &- 8
                mask = SWAR.zeroBytes((SWAR.load(base, word) | foldMask) ^ pattern) & (~0 &<< UInt64((index &- word) &* 8))
                index = word
            } else {
                mask = 0
                for lane in 0..<(end &- index) where (fold ? asciiLower(self.byte(base, index &+ lane)) : self.byte(base, index &+ lane)) == byte {
                    mask |= 0x80 &<< UInt64(lane &* 8)
                }
            }
            while mask != 0 {
                // Occurrences after `first`: never at `start`.
                let at = index &+ SWAR.firstLane(mask)
                let bonus = tables.bonus(tables.charClass(self.byte(base, at &- 1)), tables.charClass(self.byte(base, at)))
                if bonus > bestBonus {
                    best = at
                    bestBonus = bonus
                    if bonus >= ScoreModel.boundary { return (best, bestBonus) }
                }
                mask &= mask &- 1
            }
            index &+= 8
        }
        return (best, bestBonus)
    }

    /// A term anchored at `at` (prefix, suffix, whole), already known to match there.
    static func anchored(_ count: Int, _ base: UnsafeRawPointer, _ start: Int, at: Int, _ tables: ScoreModel.Tables) -> TermScore {
        TermScore(score: span(base, start, at: at, count: count, tables), begin: at - start, end: at - start + count)
    }

    /// A fuzzy term (its scalars in order, not necessarily adjacent).
    static func fuzzy(_ needle: UnsafeBufferPointer<UInt8>, scalarStarts: UnsafeBufferPointer<Int>, isASCII: Bool,
                      _ base: UnsafeRawPointer, _ start: Int, _ end: Int, fold: Bool, _ tables: ScoreModel.Tables,
                      _ scratch: ScoreScratch) -> TermScore? {
        guard isASCII else { return tight(needle, scalarStarts, base, start, end, fold: fold, tables) }
        let count = needle.count
        if count == 1 {
            // One character: its occurrence with the best bonus.
            var from = start, best = -1, bestBonus: Int32 = -1
            while let found = ByteSearch.firstIndex(of: needle[0], in: base, from: from, to: end, foldASCII: fold) {
                let bonus = self.bonus(base, start, found, tables)
                if bonus > bestBonus {
                    best = found
                    bestBonus = bonus
                }
                if bonus >= ScoreModel.boundary { break }
                from = found &+ 1
            }
            guard best >= 0 else { return nil }
            return TermScore(score: ScoreModel.match &+ bestBonus &* ScoreModel.firstCharMultiplier,
                             begin: best - start, end: best - start + 1)
        }
        guard let low = ByteSearch.firstIndex(of: needle[0], in: base, from: start, to: end, foldASCII: fold) else { return nil }
        let lastByte = needle[count - 1]
        var high = end &- 1
        while high > low && (fold ? asciiLower(byte(base, high)) : byte(base, high)) != lastByte { high &-= 1 }
        let width = high &- low &+ 1
        guard width >= count else { return nil }
        if width &* count > dynamicLimit { return tight(needle, scalarStarts, base, start, end, fold: fold, tables) }
        return aligned(needle, base, start, low: low, width: width, fold: fold, tables, scratch)
    }

    /// fzf's v2 in rolling rows: for each needle character i and window
    /// position j, the best score of the needle's first i + 1 characters with
    /// character i at j, the bonus of the run it ends (kept while a run goes
    /// on) and where that alignment starts. A character continues the run of
    /// the one before it, or follows a gap from the best alignment that
    /// ended at least two positions earlier (the gap's cost grows by
    /// `gapExtension` a position, so the best is carried along the row).
    private static func aligned(_ needle: UnsafeBufferPointer<UInt8>, _ base: UnsafeRawPointer, _ start: Int, low: Int,
                                width: Int, fold: Bool, _ tables: ScoreModel.Tables, _ scratch: ScoreScratch) -> TermScore? {
        let none: Int32 = -1_000_000, valid: Int32 = -500_000
        scratch.reserve(width)
        let text = scratch.text, bonuses = scratch.bonus
        var scores = scratch.rows, runs = scores + width, starts = runs + width
        var nextScores = starts + width, nextRuns = nextScores + width, nextStarts = nextRuns + width
        var previous = low == start ? ScoreModel.CharClass.white.rawValue : tables.charClass(byte(base, low &- 1))
        let first = needle[0]
        for j in 0..<width {
            let value = byte(base, low &+ j), current = tables.charClass(value)
            let folded = fold ? asciiLower(value) : value
            let bonus = tables.bonus(previous, current)
            text[j] = folded
            bonuses[j] = bonus
            previous = current
            if folded == first {
                scores[j] = ScoreModel.match &+ bonus &* ScoreModel.firstCharMultiplier
                runs[j] = bonus
                starts[j] = Int32(truncatingIfNeeded: j)
            } else {
                scores[j] = none
            }
        }
        for i in 1..<needle.count {
            let wanted = needle[i]
            var gap = none, gapStart: Int32 = 0
            for j in 0..<width {
                if j >= 2 {
                    gap = gap > valid ? gap &+ ScoreModel.gapExtension : none
                    let from = scores[j &- 2]
                    if from > valid && from &+ ScoreModel.gapStart >= gap {
                        gap = from &+ ScoreModel.gapStart
                        gapStart = starts[j &- 2]
                    }
                }
                guard j >= i, text[j] == wanted else {
                    nextScores[j] = none
                    continue
                }
                let bonus = bonuses[j]
                var best = none, run: Int32 = 0, begin: Int32 = 0
                let before = scores[j &- 1]
                if before > valid {
                    let carried = runs[j &- 1]
                    if bonus >= ScoreModel.boundary && bonus > carried {
                        best = before &+ ScoreModel.match &+ bonus
                        run = bonus
                    } else {
                        best = before &+ ScoreModel.match &+ max(bonus, carried, ScoreModel.consecutive)
                        run = carried
                    }
                    begin = starts[j &- 1]
                }
                if gap > valid && gap &+ ScoreModel.match &+ bonus > best {
                    best = gap &+ ScoreModel.match &+ bonus
                    run = bonus
                    begin = gapStart
                }
                nextScores[j] = best
                nextRuns[j] = run
                nextStarts[j] = begin
            }
            swap(&scores, &nextScores)
            swap(&runs, &nextRuns)
            swap(&starts, &nextStarts)
        }
        var bestScore = none, bestEnd = -1
        for j in 0..<width where scores[j] > bestScore {
            bestScore = scores[j]
            bestEnd = j
        }
        guard bestScore > valid else { return nil }
        return TermScore(score: max(bestScore, 0), begin: low &+ Int(starts[bestEnd]) &- start, end: low &+ bestEnd &+ 1 &- start)
    }

    /// fzf's v1: the first alignment's end, then each character as late as
    /// it can be before it, scored as matched characters and gaps.
    static func tight(_ needle: UnsafeBufferPointer<UInt8>, _ scalarStarts: UnsafeBufferPointer<Int>,
                      _ base: UnsafeRawPointer, _ start: Int, _ end: Int, fold: Bool, _ tables: ScoreModel.Tables) -> TermScore? {
        let scalars = scalarStarts.count - 1
        guard scalars > 0 else { return TermScore(score: 0, begin: 0, end: 0) }
        @inline(__always) func part(_ k: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: needle[scalarStarts[k]..<scalarStarts[k + 1]])
        }
        @inline(__always) func isAt(_ piece: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
            index + piece.count <= end && ByteSearch.matches(piece, at: index, in: base, foldASCII: fold)
        }
        var at = start, lastStart = start
        for k in 0..<scalars {
            guard let found = ByteSearch.firstMatch(part(k), in: base, from: at, to: end, foldASCII: fold) else { return nil }
            lastStart = found
            at = found + part(k).count
        }
        let matchEnd = at
        var limit = lastStart
        for k in stride(from: scalars - 2, through: 0, by: -1) {
            let piece = part(k)
            var index = limit - piece.count
            while index >= start && !isAt(piece, index) { index -= 1 }
            guard index >= start else { return nil }
            limit = index
        }
        // Score the span: matched characters in order, the rest gaps.
        var score: Int32 = 0, runBonus: Int32 = 0, inRun = false, inGap = false, k = 0
        var index = limit
        var previous = index == start ? ScoreModel.CharClass.white.rawValue : tables.charClass(byte(base, index - 1))
        while index < matchEnd {
            let current = tables.charClass(byte(base, index))
            if k < scalars && isAt(part(k), index) {
                var bonus = tables.bonus(previous, current)
                if !inRun {
                    runBonus = bonus
                } else {
                    if bonus >= ScoreModel.boundary && bonus > runBonus { runBonus = bonus }
                    bonus = max(bonus, runBonus, ScoreModel.consecutive)
                }
                score &+= ScoreModel.match &+ (k == 0 ? bonus &* ScoreModel.firstCharMultiplier : bonus)
                inRun = true
                inGap = false
                let length = part(k).count
                previous = tables.charClass(byte(base, index + length - 1))
                index += length
                k += 1
                continue
            }
            if byte(base, index) & 0xC0 != 0x80 {
                score &+= inGap ? ScoreModel.gapExtension : ScoreModel.gapStart
                inGap = true
                inRun = false
            }
            previous = current
            index += 1
        }
        return TermScore(score: max(score, 0), begin: limit - start, end: matchEnd - start)
    }
}
