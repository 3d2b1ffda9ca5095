import Foundation

/// An example app (`Examples/…`) run by the scripted compositor: `input`
/// is its standard input, and its standard output comes back as lines.
func playExample(_ product: String, script: String, input: String, label: String, arguments: [String] = [])
    throws -> (status: Int32?, output: [String], process: ChildProcess) {
    let directory = try TestDirectory(label)
    let scriptPath = "\(directory.path)/script.jsonl", inputPath = "\(directory.path)/input.txt"
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    try input.write(toFile: inputPath, atomically: true, encoding: .utf8)
    let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                   arguments: ["--script", scriptPath, "--", try builtProduct(product)] + arguments,
                                   environment: ["PATH": "/usr/bin:/bin"], directory: directory.path,
                                   standardInput: inputPath)
    let status = process.waitForExit(seconds: 60)
    if status == nil { process.stop() }
    return (status, process.stdout.split(separator: "\n").map(String.init), process)
}
