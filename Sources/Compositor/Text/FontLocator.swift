#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the DejaVu Sans files are: fontconfig's answer when `fc-match` exists and names DejaVu
/// Sans itself (fc-match always answers, with a substitute when the family is missing, so the
/// family and style it reports are checked), else the paths Debian's fonts-dejavu-core installs.
public struct FontLocator: Sendable {
    /// Ask fontconfig (`fc-match`) first.
    public var useFontconfig: Bool
    /// Checked in order after fontconfig, per weight.
    public var fallbackPaths: [FontWeight: [String]]

    public init(useFontconfig: Bool, fallbackPaths: [FontWeight: [String]]) {
        self.useFontconfig = useFontconfig
        self.fallbackPaths = fallbackPaths
    }

    public static let system = FontLocator(
        useFontconfig: true,
        fallbackPaths: [
            .regular: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
            .bold: ["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"],
        ])

    /// The family every weight must be, and the style fontconfig and FreeType call each weight.
    static let family = "DejaVu Sans"
    static func style(_ weight: FontWeight) -> String { weight == .bold ? "Bold" : "Book" }
    static func fileName(_ weight: FontWeight) -> String {
        weight == .bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"
    }

    /// Candidate files for `weight`, best first. Existence is checked by the caller, which also
    /// checks the family FreeType reads from the file.
    func candidates(for weight: FontWeight) -> [String] {
        var paths: [String] = []
        if useFontconfig, let path = Self.fontconfigPath(weight) { paths.append(path) }
        for path in fallbackPaths[weight] ?? [] where !paths.contains(path) { paths.append(path) }
        return paths
    }

    static func notFound(_ weight: FontWeight, tried: [String]) -> TextError {
        let list = tried.isEmpty ? "" : " (looked in " + tried.joined(separator: ", ") + ")"
        return TextError(
            .fontNotFound,
            "font not found: \(family) \(style(weight)) (\(fileName(weight)))\(list); "
                + "install Debian's fonts-dejavu-core package (apt-get install fonts-dejavu-core)")
    }

    /// `fc-match -f '%{family}|%{style}|%{file}' 'DejaVu Sans:style=Book'`, accepted only when
    /// the match is DejaVu Sans in the asked style. nil when fc-match is absent or substitutes.
    static func fontconfigPath(_ weight: FontWeight) -> String? {
        let tools = ["/usr/bin/fc-match", "/usr/local/bin/fc-match", "/bin/fc-match"]
        guard let tool = tools.first(where: { (path: String) in access(path, X_OK) == 0 }) else {
            return nil
        }
        let command =
            "\(tool) -f '%{family[0]}|%{style[0]}|%{file}' '\(family):style=\(style(weight))' 2>/dev/null"
        guard let pipe = popen(command, "r") else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while output.count < 8192 {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, pipe) }
            if n <= 0 { break }
            output.append(contentsOf: chunk[0..<n])
        }
        guard pclose(pipe) == 0 else { return nil }
        let fields = String(decoding: output, as: UTF8.self).split(
            separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == family, fields[1] == style(weight), !fields[2].isEmpty
        else { return nil }
        return String(fields[2])
    }
}
