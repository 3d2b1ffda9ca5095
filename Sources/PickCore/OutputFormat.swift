/// What the picker prints for the chosen records.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Each record's bytes (or its `--accept-nth` fields), then the terminator.
    case lines
    /// Each record's 0-based input position in decimal, then the terminator.
    case indices
    /// One JSON array of `{"index": n, "text": "…"}` objects, then a newline.
    /// `text` is what `lines` would print, as a JSON string: `"` `\` and
    /// control characters escaped, other characters as UTF-8, and each
    /// ill-formed UTF-8 part as `\ufffd` (the replacement character; JSON
    /// has no way to carry the bytes, and fzf has no JSON output to follow).
    /// Use `indices` with the input when the exact bytes matter.
    case json
}
