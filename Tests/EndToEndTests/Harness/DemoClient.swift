import Foundation

/// sweep-demo running under a test compositor.
final class DemoClient {
    let process: ChildProcess

    init(under compositor: Compositor, arguments: [String] = [], directory: String, environment: [String: String] = [:]) throws {
        process = try ChildProcess(name: "sweep-demo", executable: try builtProduct("sweep-demo"),
                                   arguments: arguments,
                                   environment: compositor.clientEnvironment.merging(["XDG_STATE_HOME": directory + "/state"]) { $1 }
                                       .merging(environment) { $1 },
                                   directory: directory)
    }

    var logTail: String { process.logTail }

    func stop() {
        process.stop()
    }
}
