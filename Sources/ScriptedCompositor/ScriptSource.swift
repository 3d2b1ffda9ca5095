/// Where a `ScriptPlayer`'s steps come from: a script read whole, or a pipe
/// read as it is written (`ScriptStream`).
public protocol ScriptSource: AnyObject {
    /// The next step and its line number, nil after the last. While the next
    /// step has not arrived yet, `wait(fd)` runs: it returns true once `fd` may
    /// be readable, false when reading should stop (the script ends there), or
    /// throws to end the run.
    func next(wait: (Int32) throws(CompositorFailure) -> Bool) throws(CompositorFailure) -> (line: Int, step: ScriptStep)?
}

/// The steps of a script read whole (`ScriptParser.parse`): nothing to wait for.
public final class ScriptList: ScriptSource {
    private let steps: [(line: Int, step: ScriptStep)]
    private var index = 0

    public init(_ steps: [(line: Int, step: ScriptStep)]) { self.steps = steps }

    public func next(wait: (Int32) throws(CompositorFailure) -> Bool) throws(CompositorFailure) -> (line: Int, step: ScriptStep)? {
        guard index < steps.count else { return nil }
        defer { index += 1 }
        return steps[index]
    }
}
