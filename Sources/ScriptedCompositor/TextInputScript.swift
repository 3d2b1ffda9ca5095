/// A `textInput.send` step: what the script's input method sends before
/// `done`. Strings travel in one protocol message each, so each holds at
/// most 4,000 bytes; `repeat` sends the update that many times (a long
/// stream of commits), and `bytes` commits raw bytes (invalid UTF-8 too).
public struct TextInputScriptUpdate: Sendable, Equatable {
    public var preedit: String?
    /// The preedit's cursor as byte offsets; nil puts it at the preedit's end.
    public var cursor: [Int]?
    public var commit: String?
    public var delete: [Int]?
    /// How many commits older than the client's latest the `done` serial is.
    public var stale: Int
    public var bytes: [UInt8]?
    public var repeatCount: Int

    static let maximumBytes = 4000

    init(_ get: ScriptParser.Fields) throws(ScriptError) {
        preedit = get.fields["preedit"] == nil ? nil : try get.string("preedit")
        commit = get.fields["commit"] == nil ? nil : try get.string("commit")
        for text in [preedit, commit].compactMap({ $0 }) where text.utf8.count > Self.maximumBytes {
            throw get.fail("a text may hold at most \(Self.maximumBytes) bytes (one protocol message); use \"repeat\"")
        }
        cursor = try Self.integers(get, "cursor", range: -1...Self.maximumBytes)
        delete = try Self.integers(get, "delete", range: 0...Int(UInt32.max))
        if let bytes = try Self.integers(get, "bytes", range: 1...255, count: 1...Self.maximumBytes) {
            self.bytes = bytes.map { UInt8($0) }
        }
        stale = try get.int("stale", 0...1000, default: 0)
        repeatCount = try get.int("repeat", 1...100_000, default: 1)
    }

    /// A list of whole numbers in `range` (two, unless `count` says otherwise), nil when absent.
    private static func integers(_ get: ScriptParser.Fields, _ name: String, range: ClosedRange<Int>,
                                 count: ClosedRange<Int> = 2...2) throws(ScriptError) -> [Int]? {
        guard let field = get.fields[name] else { return nil }
        guard case .array(let items) = field, count.contains(items.count) else {
            throw get.fail("\"\(name)\" must be a list of \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)") whole numbers")
        }
        var result: [Int] = []
        for item in items {
            guard case .number(let number) = item, number == number.rounded(), range.contains(Int(exactly: number) ?? range.upperBound + 1) else {
                throw get.fail("\"\(name)\" must hold whole numbers from \(range.lowerBound) to \(range.upperBound)")
            }
            result.append(Int(number))
        }
        return result
    }
}

/// A `textInput.expect` step: the committed state to wait for; absent fields are not checked.
public struct TextInputExpectation: Sendable, Equatable {
    public var text: String?
    public var cursor: Int?
    public var anchor: Int?
    public var hint: Int?
    public var purpose: Int?
    /// Whether a cursor rectangle must have been sent.
    public var rectangle: Bool?

    init(_ get: ScriptParser.Fields) throws(ScriptError) {
        text = get.fields["text"] == nil ? nil : try get.string("text")
        cursor = get.fields["cursor"] == nil ? nil : try get.int("cursor", 0...100_000)
        anchor = get.fields["anchor"] == nil ? nil : try get.int("anchor", 0...100_000)
        hint = get.fields["hint"] == nil ? nil : try get.int("hint", 0...0xffff)
        purpose = get.fields["purpose"] == nil ? nil : try get.int("purpose", 0...64)
        rectangle = get.fields["rectangle"] == nil ? nil : try get.bool("rectangle", default: true)
    }

    /// Whether `state` says what is expected.
    func matches(_ state: TextInputServer.Input.State) -> Bool {
        matches(enabled: state.enabled, surrounding: state.surrounding.map { ($0.text, Int($0.cursor), Int($0.anchor)) },
                hint: Int(state.hint), purpose: Int(state.purpose), hasRectangle: state.rectangle != nil)
    }

    /// Whether a text input's state, as a compositor or an input method sees
    /// it, says what is expected (`hasRectangle` nil: not known, not checked).
    public func matches(enabled: Bool, surrounding: (text: String, cursor: Int, anchor: Int)?, hint seenHint: Int,
                        purpose seenPurpose: Int, hasRectangle: Bool?) -> Bool {
        guard enabled else { return false }
        if let text, surrounding?.text != text { return false }
        if let cursor, surrounding?.cursor != cursor { return false }
        if let anchor, surrounding?.anchor != anchor { return false }
        if let hint, seenHint != hint { return false }
        if let purpose, seenPurpose != purpose { return false }
        if let rectangle, let hasRectangle, hasRectangle != rectangle { return false }
        return true
    }
}
