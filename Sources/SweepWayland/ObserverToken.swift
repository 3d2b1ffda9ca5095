/// Identifies an observer added to a `Connection` or a `Window`, to remove it.
public struct ObserverToken: Hashable, Sendable {
    let value: UInt64

    /// Tokens are unique in the process, so removing one from the wrong list does nothing.
    nonisolated(unsafe) private static var last: UInt64 = 0

    static func next() -> ObserverToken {
        last += 1
        return ObserverToken(value: last)
    }
}
