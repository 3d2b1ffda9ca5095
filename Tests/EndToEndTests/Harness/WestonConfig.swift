/// Writes the weston.ini both weston harnesses use: no panel and a plain
/// background, so screenshots are stable. Returns its path.
func writeWestonConfig(in directory: TestDirectory) throws -> String {
    let path = "\(directory.path)/weston.ini"
    try """
    [core]
    idle-time=0
    [shell]
    panel-position=none
    background-color=0xff202020
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
