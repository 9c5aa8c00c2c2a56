import TaskTileCore

/// Where a `WidgetSession` puts its frames: a PNG and hit-map pair (`tasktile-render watch`), a
/// surface on the desktop (`tasktile-render desktop`). The session decides *when* a widget needs
/// a frame and what it shows; the sink only puts it out. Every method but `present` has a default
/// that does nothing.
public protocol WidgetSink: AnyObject {
    /// Why `spec` may not be put out although it parses, given every spec that parses (`specs`,
    /// in file order); nil: it may. Default nil. (PNGs: two specs claiming one name or PNG,
    /// `WidgetSpec.outputConflict(among:dataDirectory:)`.)
    func refusal(for spec: WidgetSpec, among specs: [WidgetSpec]) -> Error?

    /// The spec of `file` is new (`previous` nil) or parses to something else than `previous`.
    /// Called before the widget's next frame is made.
    func load(_ spec: WidgetSpec, previous: WidgetSpec?, file: String)

    /// `widget`'s spec file went away (or is no longer one of the given files): drop what was put
    /// out for it.
    func remove(_ widget: WidgetSession.Widget)

    /// Whether `frame` must be put out although it shows what the frame last put out showed (a
    /// PNG or hit map someone deleted). Default false.
    func needsFrame(_ frame: WidgetFrame, file: String) -> Bool

    /// Puts `frame` out for the widget of `file`; `reason` names why, for the log (`start`,
    /// `change`, `minute`, `flash end`, `click`, …).
    /// - Returns: whether the frame is on show now. False (a surface waiting for its output):
    ///   the session puts the next frame out even when it is the same, and counts no flash as shown.
    /// - Throws: why it could not be put out (`OutputError`, `CairoError`); the session logs it
    ///   once and puts the next frame out even when it is the same.
    func present(_ frame: WidgetFrame, file: String, reason: String) throws -> Bool

    /// After a pass over the widgets; `presented`: the files whose frames were put on show, in
    /// file order (empty when none). Default nothing.
    func passEnded(presented: [String])
}

extension WidgetSink {
    public func refusal(for spec: WidgetSpec, among specs: [WidgetSpec]) -> Error? { nil }
    public func load(_ spec: WidgetSpec, previous: WidgetSpec?, file: String) {}
    public func remove(_ widget: WidgetSession.Widget) {}
    public func needsFrame(_ frame: WidgetFrame, file: String) -> Bool { false }
    public func passEnded(presented: [String]) {}
}
