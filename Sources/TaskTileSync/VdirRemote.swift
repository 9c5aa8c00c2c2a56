import Foundation
import TaskTileCore
#if canImport(Glibc)
import Glibc
#endif

/// A vdir (https://vdirsyncer.pimutils.org/en/stable/vdir.html) as a `SyncRemote`: the layout
/// vdirsyncer and todoman use. `DIR/<collection>/` per list, its name in a `displayname` file;
/// one `<uid>.ics` per item. The "ETag" of a file is its mtime (ns), size and inode, so a change
/// by another program — even one that rewrites in place — is seen. Files are written atomically
/// (temp file + rename in the same directory).
final class VdirRemote: SyncRemote {
    let root: String
    var location: String { root }
    var requestCount: Int { 0 }

    /// - Throws: `DAVError.vdir` when `root` is not a directory that can be read.
    init(root: String) throws {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: self.root, isDirectory: &isDir), isDir.boolValue else {
            throw DAVError.vdir(path: root, detail: "not a directory")
        }
    }

    static func etag(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return "\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)-\(st.st_size)-\(st.st_ino)"
    }

    func collections() throws -> [RemoteCollection] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: root).sorted() } catch {
            throw DAVError.vdir(path: root, detail: "\(error)")
        }
        return names.compactMap { name in
            let dir = root + "/" + name
            var isDir: ObjCBool = false
            guard !name.hasPrefix("."), FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else { return nil }
            let display = (try? String(contentsOfFile: dir + "/displayname", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            return RemoteCollection(href: dir + "/", displayName: display ?? name)
        }
    }

    var calendarHomeURL: String? { nil }

    func createCollection(listID: String, title: String, order: Int, createdAt: Date) throws -> (RemoteCollection?, CollectionRefusal?) {
        let dir = root + "/" + listID
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try AtomicFile.write(title + "\n", to: dir + "/displayname", mode: 0o644)
        } catch {
            throw DAVError.vdir(path: dir, detail: "\(error)")
        }
        return (RemoteCollection(href: dir + "/", displayName: title), nil)
    }

    func rename(collection href: String, to title: String) throws {
        do { try AtomicFile.write(title + "\n", to: href + "displayname", mode: 0o644) } catch {
            throw DAVError.vdir(path: href, detail: "\(error)")
        }
    }

    func deleteCollection(_ href: String) throws {
        do { try FileManager.default.removeItem(atPath: href) } catch { throw DAVError.vdir(path: href, detail: "\(error)") }
    }

    func changes(in collection: RemoteCollection, since token: String?) throws -> RemoteChanges {
        var c = RemoteChanges(complete: true, newToken: nil)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: collection.href)) ?? []
        for name in names.sorted() where name.hasSuffix(".ics") && !name.hasPrefix(".") {
            let path = collection.href + name
            c.changed.append((path, VdirRemote.etag(path)))
        }
        return c
    }

    func fetch(_ hrefs: [String], in collection: RemoteCollection) throws -> [(href: String, etag: String?, text: String)] {
        hrefs.compactMap { href in
            guard let etag = VdirRemote.etag(href), let bytes = try? Posix.readFile(href) else { return nil }
            return (href, etag, String(decoding: bytes, as: UTF8.self))
        }
    }

    func put(_ href: String, text: String, ifMatch: String?) throws -> RemoteWrite {
        let current = VdirRemote.etag(href)
        if let ifMatch, current != ifMatch { return .preconditionFailed }
        if ifMatch == nil, current != nil { return .preconditionFailed }
        do { try AtomicFile.write(text, to: href, mode: 0o644) } catch { throw DAVError.vdir(path: href, detail: "\(error)") }
        return .written(etag: VdirRemote.etag(href))
    }

    func delete(_ href: String, ifMatch: String?) throws -> RemoteWrite {
        guard let current = VdirRemote.etag(href) else { return .gone }
        if let ifMatch, current != ifMatch { return .preconditionFailed }
        guard unlink(href) == 0 else { throw DAVError.vdir(path: href, detail: String(cString: strerror(errno))) }
        return .written(etag: nil)
    }

    func itemHref(collection: RemoteCollection, uid: String) -> String {
        let safe = String(uid.map { $0.isLetter || $0.isNumber || "-_.@".contains($0) ? $0 : "_" })
        return collection.href + safe + ".ics"
    }
}
