/// How the filter text matches a record's shown text.
public enum MatchMode: String, Sendable, CaseIterable {
    /// The query appears anywhere (fzf's `--exact` terms).
    case substring
    /// The shown text starts with the query.
    case prefix
    /// The shown text is the query, whole.
    case exact
    /// The query's characters (Unicode scalars) appear in order, not
    /// necessarily next to each other (fzf's default, without its scoring).
    case fuzzy
}
