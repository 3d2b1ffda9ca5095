/// What a theme's index.theme says: its directories (Directories, then
/// ScaledDirectories, KDE's list of the @2x ones) and the themes it inherits.
struct IconThemeIndex: Sendable {
    var directories: [IconDirectory]
    var inherits: [String]

    init(directories: [IconDirectory], inherits: [String]) {
        self.directories = directories
        self.inherits = inherits
    }

    init(parsing bytes: [UInt8]) {
        let file = KeyFile(bytes)
        let main = "Icon Theme"
        var seen = Set<String>()
        var directories: [IconDirectory] = []
        for path in file.list("Directories", in: main) + file.list("ScaledDirectories", in: main) where seen.insert(path).inserted {
            // A directory without a size is not one the lookup can use.
            guard let size = file.integer("Size", in: path), size > 0 else { continue }
            let kind: IconDirectory.Kind = switch file.value("Type", in: path) {
            case "Fixed": .fixed
            case "Scalable": .scalable
            default: .threshold
            }
            directories.append(IconDirectory(path: path, size: size, scale: file.integer("Scale", in: path) ?? 1, kind: kind,
                                             minSize: file.integer("MinSize", in: path), maxSize: file.integer("MaxSize", in: path),
                                             threshold: file.integer("Threshold", in: path) ?? 2))
        }
        self.directories = directories
        inherits = file.list("Inherits", in: main)
    }
}
