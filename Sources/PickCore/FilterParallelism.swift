/// How a filter pass spreads its work over threads. PickCore starts none
/// itself (standard library only): the program hands it a way to run
/// pieces of work at once, such as Dispatch's `concurrentPerform`.
public struct FilterParallelism: @unchecked Sendable {
    /// How many pieces a round of records is split into (the cores to use); 1: the caller's thread only.
    public let width: Int
    /// Calls `body(0)` … `body(count - 1)`, perhaps on several threads at
    /// once, and returns when every call has returned.
    public let perform: (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void

    public init(width: Int, perform: @escaping (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void) {
        self.width = max(1, width)
        self.perform = perform
    }

    /// Everything on the caller's thread.
    public static let serial = FilterParallelism(width: 1) { count, body in
        for piece in 0..<count { body(piece) }
    }
}

extension FilterPass {
    /// What passes use unless told otherwise: set it once at startup, before any pass runs.
    nonisolated(unsafe) public static var parallelism = FilterParallelism.serial
}
