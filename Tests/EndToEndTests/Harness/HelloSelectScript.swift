/// hello-select's scenario, the same under every compositor: a two-finger sweep over rows 1–4,
/// Ctrl+click on row 8, a click on row 10, Shift+click on row 12. It prints `expectedCounts`.
enum HelloSelectScript {
    /// Row n's centre (rows of 44 px from the top; the example has no toolbar).
    static func row(_ n: Int) -> Int { 22 + 44 * n }

    /// The steps, in window coordinates.
    static var sweepAndClicks: String {
        """
        {"op":"touch.drag","points":[[100,\(row(1))],[160,\(row(1))]],"by":[0,132],"steps":12,"ms":240}
        {"op":"wait","ms":100}
        {"op":"key.down","key":"Control_L"}
        \(click(row(8)))
        {"op":"key.up","key":"Control_L"}
        \(click(row(10)))
        {"op":"key.down","key":"Shift_L"}
        \(click(row(12)))
        {"op":"key.up","key":"Shift_L"}
        """
    }

    /// The sweep over rows 1–4, Ctrl+click adds row 8, a click replaces with row 10, Shift+click extends to 12.
    static let expectedCounts = ["4 selected", "5 selected", "1 selected", "3 selected"]

    private static func click(_ y: Int) -> String {
        "{\"op\":\"pointer.move\",\"x\":300,\"y\":\(y)}\n{\"op\":\"pointer.down\",\"button\":\"left\"}\n{\"op\":\"pointer.up\",\"button\":\"left\"}"
    }
}
