/// What can go wrong in the picker's core: parsing the user's options.
public enum PickError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `--with-nth` / `--accept-nth` expression with a bad part: `token`
    /// is the comma-separated part that did not parse, `expression` the
    /// whole option value.
    case invalidFieldExpression(token: String, expression: String)
    /// A `--tiebreak` list with a part that is not a criterion, or one
    /// named twice: `token` is that part, `list` the whole option value.
    case invalidTiebreak(token: String, list: String)

    /// A message for the user, naming the bad part and the syntax.
    public var description: String {
        switch self {
        case let .invalidFieldExpression(token, expression):
            return "invalid field expression \"\(expression)\": \"\(token)\" is not a field index or range "
                + "(use N, -N, N.., ..N, N..M or .., comma-separated; fields count from 1)"
        case let .invalidTiebreak(token, list):
            return "invalid tiebreak list \"\(list)\": \"\(token)\" is not a criterion or is named twice "
                + "(use length, begin, end or index, comma-separated)"
        }
    }
}
