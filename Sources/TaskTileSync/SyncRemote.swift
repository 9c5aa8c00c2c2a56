import Foundation

/// A collection on the other side: a CalDAV calendar collection that holds VTODOs, or a vdir
/// subdirectory.
struct RemoteCollection: Sendable {
    /// URL path (CalDAV, ending in `/`) or directory name (vdir).
    var href: String
    var displayName: String?
    /// Apple's `calendar-order` (our list order), when the server keeps it.
    var order: Int?
    /// When the list was created (tasktile's dead property), when kept.
    var createdAt: Date?
    /// The collection's current RFC 6578 `sync-token` as the home's PROPFIND reported it; nil
    /// when the server keeps none (or for a vdir).
    var syncToken: String?
}

/// What changed in a collection since the stored token (or, without one, everything there is).
struct RemoteChanges: Sendable {
    /// Resources added or changed, with their ETags.
    var changed: [(href: String, etag: String?)] = []
    /// Resources removed since the token (only from `sync-collection`; a full listing says `complete`).
    var removed: [String] = []
    /// True when `changed` lists every resource (an ETag listing): a known href missing from it was removed.
    var complete = false
    /// The token to store once this collection is synced.
    var newToken: String?
}

/// A server's refusal to create a collection for a new local list (MKCALENDAR answered 403,
/// 405, 409 …): the list stays local and the pass reports it (docs/sync.md "Lists ↔ collections").
struct CollectionRefusal: Sendable {
    /// The collection's URL, where the user (or an administrator) can create it.
    var url: String
    /// The server's answer: `MKCALENDAR: HTTP 403 Forbidden`.
    var answer: String
}

/// The outcome of a conditional write.
enum RemoteWrite: Sendable {
    /// Written; the new ETag when the server sent one.
    case written(etag: String?)
    /// `If-Match`/`If-None-Match` failed (412): someone changed it between our read and our write.
    case preconditionFailed
    /// The resource is not there (404 on DELETE: already gone).
    case gone
}

/// The other side of a sync: a CalDAV account or a vdir. `SyncEngine` does the merging; a
/// remote only lists, reads and writes.
protocol SyncRemote: AnyObject {
    /// Where the account points (for messages).
    var location: String { get }
    /// Every collection that can hold VTODOs.
    func collections() throws -> [RemoteCollection]
    /// Creates a collection for a new local list; nil with the server's answer when it does not allow it.
    func createCollection(listID: String, title: String, order: Int, createdAt: Date) throws -> (RemoteCollection?, CollectionRefusal?)
    /// Sets a collection's display name (a list renamed here).
    func rename(collection href: String, to title: String) throws
    /// Deletes a collection and its items (its list was deleted here).
    func deleteCollection(_ href: String) throws
    /// What changed since `token` (nil: list everything).
    func changes(in collection: RemoteCollection, since token: String?) throws -> RemoteChanges
    /// Reads resources: (href, etag, text); a missing one is left out.
    func fetch(_ hrefs: [String], in collection: RemoteCollection) throws -> [(href: String, etag: String?, text: String)]
    /// Writes a resource: `ifMatch` an ETag, or nil for "must not exist yet" (`If-None-Match: *`).
    func put(_ href: String, text: String, ifMatch: String?) throws -> RemoteWrite
    /// Deletes a resource if it still has `ifMatch`.
    func delete(_ href: String, ifMatch: String?) throws -> RemoteWrite
    /// The href a new item with `uid` gets in `collection`.
    func itemHref(collection: RemoteCollection, uid: String) -> String
    /// Requests made so far (0 for a vdir).
    var requestCount: Int { get }
    /// The CalDAV calendar home this pass used, kept for the next pass (nil for a vdir).
    var calendarHomeURL: String? { get }
}
