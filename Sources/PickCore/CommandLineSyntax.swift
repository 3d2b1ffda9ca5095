/// How a command line's words divide into options and operands, fzf's way,
/// in one linear pass: an option that takes a value takes the next word
/// whatever it looks like (`--prompt '-> '`, `--nth -1`, `-q -x`), an option
/// whose value may be left out (bare `--history`) takes the next word only
/// when it does not start with `-`, `--` ends the options, and every other
/// word starting with `-` is a flag (or an unknown option, left for the
/// parser to name). Only the last of an option's occurrences is kept: the
/// last one wins, and the parser after this one never sees a repeat (swift-
/// argument-parser's time grows with the square of an option's repeats).
public struct CommandLineSyntax: Sendable {
    /// Every spelling of an option that takes a value (`--query`, `-q`) to its long one.
    public var valueOptions: [String: String]
    /// The value a bare option gets, by long spelling (`--history`: the cache's file).
    public var optionalValues: [String: String]
    /// Every spelling of a flag to its long one (`--auto-select` to `--select-1`).
    public var flags: [String: String]

    public init(valueOptions: [String: String], optionalValues: [String: String] = [:], flags: [String: String] = [:]) {
        self.valueOptions = valueOptions
        self.optionalValues = optionalValues
        self.flags = flags
    }

    /// `words` sorted: each option once, as `--name=value` or a flag's word, in the order of
    /// their last occurrences; the operands in order.
    public func sort(_ words: [String]) -> SortedCommandLine {
        var lastIndex: [String: Int] = [:]
        var options: [(key: String, word: String)] = []
        var operands: [String] = []
        var endsOptions = false
        var lacksValue: String?
        func add(_ key: String, _ word: String) {
            lastIndex[key] = options.count
            options.append((key, word))
        }
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if endsOptions || word == "-" || !word.hasPrefix("-") {
                operands.append(word)
                continue
            }
            if word == "--" {
                endsOptions = true
                continue
            }
            if let name = valueOptions[word] {
                if let bare = optionalValues[name], index == words.count || words[index].hasPrefix("-") {
                    add(name, name + "=" + bare)
                } else if index < words.count {
                    add(name, name + "=" + words[index])
                    index += 1
                } else {
                    add(name, word)  // the parser says the value is missing
                    lacksValue = name
                }
                continue
            }
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "="), let name = valueOptions[String(word[..<equals])] {
                add(name, name + word[equals...])
                continue
            }
            // -qVALUE: a one-letter option with its value attached.
            if !word.hasPrefix("--"), word.count > 2, let name = valueOptions[String(word.prefix(2))] {
                add(name, name + "=" + word.dropFirst(2))
                continue
            }
            add(flags[word] ?? word, word)
        }
        var kept: [String] = []
        kept.reserveCapacity(lastIndex.count)
        for (position, option) in options.enumerated() where lastIndex[option.key] == position {
            kept.append(option.word)
        }
        return SortedCommandLine(options: kept, operands: operands, endsOptions: endsOptions, lacksValue: lacksValue)
    }
}

/// A command line as `CommandLineSyntax.sort` leaves it.
public struct SortedCommandLine: Equatable, Sendable {
    /// Each option at most once, `--name=value` or a flag's word.
    public var options: [String]
    /// The words that are not options (file names), in order.
    public var operands: [String]
    /// Whether a `--` ended the options.
    public var endsOptions: Bool
    /// The option that ends the words without the value it takes (its bare word is the last
    /// option, for the parser to report; sorted again after other words, it would take one of them).
    public var lacksValue: String?

    public init(options: [String], operands: [String], endsOptions: Bool, lacksValue: String? = nil) {
        self.options = options
        self.operands = operands
        self.endsOptions = endsOptions
        self.lacksValue = lacksValue
    }
}
