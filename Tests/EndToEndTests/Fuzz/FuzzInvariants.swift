/// What must hold after any script, read from the demo's event log: every
/// committed selection lies within the items, every provisional selection
/// ends committed or reverted, and outside editing mode (where the demo's
/// views select one item) at most one item is selected.
enum FuzzInvariants {
    /// The views whose selection events carry ranges (the canvas logs pieces).
    static let itemViews: Set<String> = ["list", "grid", "trails", "packing", "filters"]

    /// The problems found in `events` for a demo of `rows` generated items (empty: none).
    static func check(_ events: [[String: Any]], rows: Int) -> [String] {
        var problems: [String] = []
        var editing: [String: Bool] = [:]
        var lastSelection: [String: [String: Any]] = [:]
        for event in events {
            let view = event["view"] as? String ?? "?"
            switch event["event"] as? String {
            case "editing":
                editing[view] = event["editing"] as? Bool ?? false
            case "selection" where itemViews.contains(view):
                lastSelection[view] = event
                let ranges = event["ranges"] as? [[Int]] ?? []
                let count = event["count"] as? Int ?? -1
                if view == "list" || view == "grid" {
                    for range in ranges where range.count != 3 || range[1] < 0 || range[2] >= rows || range[1] > range[2] {
                        problems.append("seq \(event["seq"] ?? "?"): \(view) selects \(range) outside 0..<\(rows)")
                    }
                }
                if count != ranges.reduce(0, { $0 + ($1.count == 3 ? $1[2] - $1[1] + 1 : 0) }) {
                    problems.append("seq \(event["seq"] ?? "?"): \(view)'s count \(count) does not match its ranges")
                }
                if event["provisional"] as? Bool == false, editing[view] != true, count > 1 {
                    problems.append("seq \(event["seq"] ?? "?"): \(view) has \(count) selected outside editing mode")
                }
            default:
                break
            }
        }
        for (view, event) in lastSelection where event["provisional"] as? Bool == true {
            problems.append("\(view)'s last selection (seq \(event["seq"] ?? "?")) is still provisional: a sweep or band never ended")
        }
        return problems
    }
}
