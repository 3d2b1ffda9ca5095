/// Why an end-to-end test could not run or check what it meant to; the
/// message carries the logs that explain it.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
