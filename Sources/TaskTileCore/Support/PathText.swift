/// Path text split without Foundation's `NSString` path methods, which trap on some inputs on
/// this toolchain (`"./"` crashes `deletingLastPathComponent`).
public enum PathText {
    /// The directory part and the last component of `path`, POSIX `dirname`/`basename` style
    /// without resolving anything: `"a/b.png"` → (`"a"`, `"b.png"`), `"b.png"` → (`"."`, `"b.png"`),
    /// `"/b"` → (`"/"`, `"b"`), `"a/"` → (`"a"`, `""`). Trailing slashes are kept out of the directory.
    public static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        var directory = String(path[..<slash])
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        if directory.isEmpty { directory = "/" }
        return (directory, name)
    }

    /// The directory part of `path` (see `split`).
    public static func directory(of path: String) -> String { split(path).directory }
}
