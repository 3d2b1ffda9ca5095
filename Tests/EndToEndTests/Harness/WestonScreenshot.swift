import Foundation
import SweepPNG

/// A screenshot of a weston started with `--debug`, by weston-screenshooter,
/// which writes its PNG into the current folder: each shot gets a folder.
func westonScreenshot(screenshooter: String, environment: [String: String], directory: TestDirectory,
                      number: Int, logTail: @autoclosure () -> String) throws -> PNGImage {
    let folder = try directory.subdirectory("shot-\(number)", mode: 0o755)
    try run(screenshooter, [], environment: environment, currentDirectory: folder)
    guard let file = try FileManager.default.contentsOfDirectory(atPath: folder).first(where: { $0.hasSuffix(".png") }) else {
        throw HarnessError("weston-screenshooter wrote no file\n\(logTail())")
    }
    return try PNGCodec.read(path: "\(folder)/\(file)")
}
