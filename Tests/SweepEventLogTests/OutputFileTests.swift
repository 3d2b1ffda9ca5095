import Glibc
import SweepEventLog
import Testing

/// The programs' one way to read files back and replace outputs, on the real file system.
@Suite struct OutputFileTests {
    private func temporaryDirectory() -> String {
        var template = Array("/tmp/sweep-output-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    private func contents(_ path: String) -> [UInt8]? { try? OutputFile(path).read(limit: 1 << 20) }

    /// A file kept by a dotfile manager is a link: the replace writes the file it names (a relative
    /// link, through a second link), the links stay, and so does a read-only mode.
    @Test func aReplaceWritesThroughLinksAndKeepsTheMode() throws {
        let directory = temporaryDirectory()
        mkdir(directory + "/dots", 0o700)
        try OutputFile(directory + "/dots/history").replace(with: Array("old\n".utf8))
        chmod(directory + "/dots/history", 0o444)
        symlink("dots/history", directory + "/middle")
        symlink(directory + "/middle", directory + "/history")
        let file = OutputFile(directory + "/history")
        #expect(file.target() == directory + "/dots/history")
        try file.replace(with: Array("new\n".utf8))
        var info = stat()
        #expect(lstat(directory + "/history", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link stays a link")
        #expect(stat(directory + "/dots/history", &info) == 0 && info.st_mode & 0o777 == 0o444, "still read-only")
        #expect(contents(directory + "/history") == Array("new\n".utf8))
        // Nothing else was left beside it.
        #expect(Set((try? FileManagerless.names(in: directory + "/dots")) ?? []) == ["history"])
    }

    @Test func aNewFileGetsItsModeAndItsDirectories() throws {
        let directory = temporaryDirectory()
        let path = directory + "/a/b/state"
        try OutputFile(path).replace(with: [1, 2, 3], newMode: 0o600, makingDirectories: true)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(contents(path) == [1, 2, 3])
    }

    /// A directory, a FIFO or a device is refused without blocking and left as it is; reads stop at the cap.
    @Test func onlyRegularFilesAreReadOrReplaced() throws {
        let directory = temporaryDirectory()
        mkfifo(directory + "/fifo", 0o600)
        #expect(throws: OutputFileError.self) { try OutputFile(directory + "/fifo").read(limit: 10) }
        #expect(throws: OutputFileError.self) { try OutputFile(directory + "/fifo").replace(with: [1]) }
        #expect(throws: OutputFileError.self) { try OutputFile(directory).replace(with: [1]) }
        #expect(throws: OutputFileError.self) { try OutputFile("/dev/zero").read(limit: 1 << 16) }
        #expect(try OutputFile(directory + "/missing").read(limit: 10) == nil)
        var info = stat()
        #expect(stat(directory + "/fifo", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is kept")
        try OutputFile(directory + "/big").replace(with: [UInt8](repeating: 7, count: 100))
        #expect(throws: OutputFileError.self) { try OutputFile(directory + "/big").read(limit: 99) }
    }

    /// A full disk at the write: the old file is whole and no temporary file is left.
    @Test func aFailedReplaceLosesNothing() throws {
        let directory = temporaryDirectory()
        let path = directory + "/list"
        try OutputFile(path).replace(with: Array("kept\n".utf8))
        struct FullDisk: OutputFileSystem {
            func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int { errno = ENOSPC; return -1 }
        }
        #expect(throws: OutputFileError.self) { try OutputFile(path, fileSystem: FullDisk()).replace(with: Array("lost\n".utf8)) }
        #expect(contents(path) == Array("kept\n".utf8))
        #expect(Set((try? FileManagerless.names(in: directory)) ?? []) == ["list"])
    }
}

/// Directory listing without Foundation.
enum FileManagerless {
    static func names(in path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw OutputFileError("cannot list \(path)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
