import Glibc

/// The client under test: spawned with one end of a socket pair as
/// WAYLAND_SOCKET, so it talks to the scripted compositor and nothing else.
final class ClientProcess {
    let pid: pid_t
    private(set) var exitStatus: Int32?
    /// A description of how it ended, once it has.
    private(set) var ending: String?

    /// Starts `arguments[0]` (looked up on PATH) with the client end of the
    /// connection as fd 3.
    init(arguments: [String], clientSocket: Int32) throws(CompositorFailure) {
        guard let program = arguments.first else { throw CompositorFailure("no client command given") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, clientSocket, 3)
        var environment = ProcessEnvironment.current.filter { !$0.hasPrefix("WAYLAND_SOCKET=") && !$0.hasPrefix("WAYLAND_DISPLAY=") }
        environment.append("WAYLAND_SOCKET=3")
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawnp(&pid, program, &actions, nil, argv, envp)
            }
        }
        guard status == 0 else {
            throw CompositorFailure("cannot start the client '\(program)': \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    /// Checks without waiting whether the client has exited.
    @discardableResult
    func poll() -> Bool {
        guard exitStatus == nil else { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return false }
        record(status)
        return true
    }

    private func record(_ status: Int32) {
        let signal = status & 0x7f
        if signal == 0 {
            let code = (status >> 8) & 0xff
            exitStatus = code
            ending = "exited with status \(code)"
        } else {
            exitStatus = 128 + signal
            ending = "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
        }
    }

    func kill() {
        guard exitStatus == nil else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        if waitpid(pid, &status, 0) == pid { record(status) }
    }
}

/// The environment as `NAME=value` strings.
enum ProcessEnvironment {
    static var current: [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            result.append(String(cString: entry))
            pointer += 1
        }
        return result
    }
}

/// Runs `body` with a NULL-terminated C array of the strings.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
