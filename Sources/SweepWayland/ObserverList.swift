/// Callbacks for one kind of event, where several parts of an app (two
/// windows, two seats) each need to hear it.
final class ObserverList<Argument> {
    private var entries: [(token: ObserverToken, callback: (Argument) -> Void)] = []

    func add(_ callback: @escaping (Argument) -> Void) -> ObserverToken {
        let token = ObserverToken.next()
        entries.append((token, callback))
        return token
    }

    /// Removes the observer; false when it is not in this list.
    @discardableResult
    func remove(_ token: ObserverToken) -> Bool {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Calls every observer; one removed by an earlier one is not called.
    func notify(_ argument: Argument) {
        for entry in entries where entries.contains(where: { $0.token == entry.token }) {
            entry.callback(argument)
        }
    }
}
