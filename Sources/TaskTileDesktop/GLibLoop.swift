internal import CGtk

/// Thin Swift spellings of the GLib/GObject calls the host uses: signal connection with an object
/// as user data, one-shot timeouts, fd watches. Everything runs on the main thread, inside GTK's
/// main loop; the objects passed as user data must outlive their handlers (the host keeps them).
enum GLib {
    /// Connects `handler` (a C function of the signal's exact signature) to `signal` on `instance`,
    /// with `target` as user data (unretained).
    @discardableResult
    static func connect<Handler>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: Handler,
                                 target: AnyObject) -> UInt {
        UInt(tt_signal_connect(instance, signal, unsafeBitCast(handler, to: GCallback.self),
                               Unmanaged.passUnretained(target).toOpaque()))
    }

    /// The object passed as user data to `connect`.
    static func target<T: AnyObject>(_ data: UnsafeMutableRawPointer?, as: T.Type) -> T {
        Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Runs `body` once after `seconds` (one-shot: no timer stays armed afterwards).
    static func after(_ seconds: Double, _ body: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Callback(body)).toOpaque()
        let ms = UInt32(max(0, min(seconds * 1000, 86_400_000)).rounded(.up))
        g_timeout_add_full(G_PRIORITY_DEFAULT, ms, { data in
            Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().body()
            return 0 // G_SOURCE_REMOVE
        }, box, { data in Unmanaged<Callback>.fromOpaque(data!).release() })
    }

    /// Calls `body` with the revents whenever `fd` has one of `conditions` (GIOCondition bits),
    /// at `priority`; the watch stays while `body` returns true.
    @discardableResult
    static func watch(fd: Int32, conditions: UInt32, priority: Int32 = G_PRIORITY_DEFAULT,
                      _ body: @escaping (UInt32) -> Bool) -> UInt32 {
        let box = Unmanaged.passRetained(FDCallback(body)).toOpaque()
        return g_unix_fd_add_full(priority, fd, GIOCondition(conditions), { _, condition, data in
            Unmanaged<FDCallback>.fromOpaque(data!).takeUnretainedValue().body(UInt32(condition.rawValue)) ? 1 : 0
        }, box, { data in Unmanaged<FDCallback>.fromOpaque(data!).release() })
    }

    static let readable = UInt32(G_IO_IN.rawValue)
    static let hangUp = UInt32(G_IO_HUP.rawValue | G_IO_ERR.rawValue | G_IO_NVAL.rawValue)
    static let highPriority = G_PRIORITY_HIGH

    final class Callback {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    final class FDCallback {
        let body: (UInt32) -> Bool
        init(_ body: @escaping (UInt32) -> Bool) { self.body = body }
    }
}
