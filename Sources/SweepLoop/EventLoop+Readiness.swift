import Glibc

extension EventLoop {
    /// What a watched fd is waited for (`readable`, `writable`) and what it
    /// is ready for when its callback runs. `hangUp`, `error` and `invalid`
    /// are always reported, asked for or not.
    public struct Readiness: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Data can be read (or end of file, or a hang-up, will be seen by `read`).
        public static let readable = Readiness(rawValue: 1 << 0)
        /// A write will not block (at least some bytes).
        public static let writable = Readiness(rawValue: 1 << 1)
        /// The other end hung up (a pipe's writer closed, a socket peer left).
        public static let hangUp = Readiness(rawValue: 1 << 2)
        /// An error on the fd (a pipe's reader closed while we write).
        public static let error = Readiness(rawValue: 1 << 3)
        /// The fd is not open: it was closed without `unwatch`.
        public static let invalid = Readiness(rawValue: 1 << 4)

        /// The `poll` events to ask for.
        var pollEvents: Int16 {
            (contains(.readable) ? Int16(POLLIN) : 0) | (contains(.writable) ? Int16(POLLOUT) : 0)
        }

        /// What `poll` returned in `revents`.
        init(pollEvents events: Int16) {
            var readiness: Readiness = []
            if events & Int16(POLLIN | POLLPRI) != 0 { readiness.insert(.readable) }
            if events & Int16(POLLOUT) != 0 { readiness.insert(.writable) }
            if events & Int16(POLLHUP) != 0 { readiness.insert(.hangUp) }
            if events & Int16(POLLERR) != 0 { readiness.insert(.error) }
            if events & Int16(POLLNVAL) != 0 { readiness.insert(.invalid) }
            self = readiness
        }
    }
}
