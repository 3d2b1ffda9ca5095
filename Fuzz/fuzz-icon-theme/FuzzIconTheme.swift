import FuzzSupport
import Glibc
@testable import SweepIcons

/// An icon theme's `index.theme` (anyone's file: a theme installed in
/// ~/.local/share/icons is the desktop's theme for every picker whose
/// records name icons). Each input writes the index of four themes
/// (t0 to t3) in a base directory whose icon folders are fixed, then looks
/// icons up in t0 as sweep-pick does; half the indexes are the fuzzer's raw
/// bytes, half are written from its choices with numbers from all of Int's
/// range and beyond (a huge Size= once trapped in `distance`) and inherits
/// lists that loop, repeat and name themes that do not exist (a deep chain
/// once overflowed the stack). hicolor always has `a`, so `a` is always
/// found, as a file of the base directory; `none` never is; the chain starts
/// with t0, ends with hicolor, holds each theme once and at most
/// `IconLookup.mostThemes` before hicolor.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIconTheme(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let base = Layout.base
    for theme in 0..<4 {
        let index = input.bool() ? input.take(Int(input.byte()) << 2) : Layout.index(&input)
        fuzzCheck(Layout.write(index, to: "\(base)/t\(theme)/index.theme"), "cannot write t\(theme)'s index in \(base)")
    }
    // The parsed directories against any wanted size: distances are never negative, a match is at no distance.
    let index = IconThemeIndex(parsing: Layout.read("\(base)/t0/index.theme"))
    let wanted = Layout.number(&input), wantedScale = Layout.number(&input)
    for directory in index.directories {
        let distance = directory.distance(size: wanted, scale: wantedScale)
        fuzzCheck(distance >= 0, "distance \(distance) to \(directory)")
        if (0...IconDirectory.largestSize).contains(wanted), directory.matches(size: wanted, scale: wantedScale) {
            fuzzCheck(distance == 0, "\(directory) matches \(wanted)@\(wantedScale) at distance \(distance)")
        }
    }

    let lookup = IconLookup(theme: "t0", baseDirectories: [base])
    let chain = lookup.themeChain
    fuzzCheck(chain.first == "t0" && chain.last == "hicolor" && Set(chain).count == chain.count
              && chain.count <= IconLookup.mostThemes + 1, "chain \(chain)")
    for _ in 0..<3 {
        let size = Layout.number(&input), scale = Layout.number(&input)
        guard let path = lookup.path(forIcon: "a", size: size, scale: scale) else {
            fuzzCheck(false, "a was not found at \(size)@\(scale) in \(chain)")
            return 0
        }
        var status = stat()
        fuzzCheck(path.hasPrefix(base + "/") && (path.hasSuffix("/a.png") || path.hasSuffix("/a.svg"))
                  && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "a is \(path)")
    }
    fuzzCheck(lookup.path(forIcon: "none", size: 16) == nil, "found an icon no theme has")
    return 0
}

/// The base directory: themes t0 to t3 and hicolor, each with the same icon folders.
enum Layout {
    static let folders = ["16/apps", "32/apps", "48/apps@2", "scalable/apps", "x/y/z", "..", "."]
    static let names = ["t0", "t1", "t2", "t3", "hicolor", "missing", "", ".", "..", "t0/../t1", "/"]
    static let numbers = ["16", "0", "-1", "1", "2", "64", "65536", "65537", "9223372036854775807", "-9223372036854775808",
                          "99999999999999999999999", "4294967296", "+3", " 7", "0x10", ""]

    /// Made once a process: every folder of every theme holds a.png and a.svg.
    static let base: String = {
        let base = "/tmp/sweep-fuzz-icons.\(getpid())"
        mkdir(base, 0o700)
        for theme in ["t0", "t1", "t2", "t3", "hicolor"] {
            for folder in folders.prefix(4) {
                var path = base
                for part in "\(theme)/\(folder)".split(separator: "/") {
                    path += "/\(part)"
                    mkdir(path, 0o755)
                }
                for file in ["a.png", "a.svg"] { _ = Layout.write(Array("x".utf8), to: path + "/" + file) }
            }
        }
        _ = Layout.write(Array("[Icon Theme]\nDirectories=16/apps\n[16/apps]\nSize=16\nType=Fixed\n".utf8), to: base + "/hicolor/index.theme")
        return base
    }()

    static func number(_ input: inout FuzzBytes) -> Int {
        switch input.below(4) {
        case 0: Int.max - Int(input.byte())
        case 1: Int.min + Int(input.byte())
        default: input.int16()
        }
    }

    /// An index.theme written from the fuzzer's choices.
    static func index(_ input: inout FuzzBytes) -> [UInt8] {
        var text = "[Icon Theme]\nName=Fuzz\n"
        let inherited = (0..<input.below(6)).map { _ in names[input.below(names.count)] }
        text += "Inherits=" + inherited.joined(separator: input.bool() ? "," : ";") + "\n"
        let directories = (0..<input.below(5)).map { _ in folders[input.below(folders.count)] }
        text += (input.bool() ? "Directories=" : "ScaledDirectories=") + directories.joined(separator: ",") + "\n"
        for directory in directories {
            text += "[\(directory)]\n"
            for key in ["Size", "Scale", "MinSize", "MaxSize", "Threshold"] where input.below(4) != 0 {
                text += "\(key)=\(numbers[input.below(numbers.count)])\n"
            }
            text += "Type=\(["Fixed", "Scalable", "Threshold", "Other"][input.below(4)])\n"
        }
        return Array(text.utf8)
    }

    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    static func read(_ path: String) -> [UInt8] { Files.contents(of: path) ?? [] }
}

@main enum FuzzIconThemeMain {
    static func main() { runFuzzer(fuzzIconTheme) }
}
