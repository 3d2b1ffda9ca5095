/// What orders matches of equal score (`--tiebreak`, fzf's names).
public enum Tiebreak: String, Sendable, CaseIterable {
    /// The shorter shown text first.
    case length
    /// The match that starts nearer the text's start first.
    case begin
    /// The match that ends nearer the text's end first.
    case end
    /// The earlier record first (input order). Always the last word: after
    /// it no other criterion can decide.
    case index

    /// fzf's default: shorter first, then input order.
    public static let defaultList: [Tiebreak] = [.length]

    /// A comma-separated list ("length,begin"); each name at most once.
    /// - Throws: `PickError.invalidTiebreak` naming the bad part.
    public static func parseList(_ text: String) throws(PickError) -> [Tiebreak] {
        var list: [Tiebreak] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingBlanks
            guard let criterion = Tiebreak(rawValue: name) else {
                throw .invalidTiebreak(token: name, list: text)
            }
            guard !list.contains(criterion) else { throw .invalidTiebreak(token: name, list: text) }
            list.append(criterion)
        }
        return list
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
