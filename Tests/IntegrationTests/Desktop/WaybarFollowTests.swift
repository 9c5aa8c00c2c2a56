import Foundation
import Testing
import TaskTileCore
import TaskTileRender
import TestSupport

/// A real bar reading `status --follow`: waybar under headless sway, with a custom module that has
/// no `interval` (waybar reads each line the command prints). The module's CSS class comes from
/// the line (`pending`, `empty`), and the test style paints each class its own colour, so a
/// screenshot shows which line waybar is showing.
@Suite(.serialized) struct WaybarFollowTests {
    static let pendingColour = (0xD0, 0x20, 0x20)
    static let emptyColour = (0x20, 0xC0, 0x40)

    /// How many pixels of the bar's left end show `colour`.
    static func moduleArea(_ shot: Screenshot, _ colour: (Int, Int, Int)) -> Int {
        shot.count(x: 0, y: 0, width: 200, height: 24) { $0.near(colour.0, colour.1, colour.2, tolerance: 24) }
    }

    @Test func theBarFollowsAnIntentAndACommitWithoutPolling() throws {
        guard DesktopSession.require(HeadlessSway.tools + [("waybar", "waybar")]) else { return }
        let session = try DesktopSession()
        try session.cli("list", "add", "Errands")
        _ = try session.add("Post the letter", list: "Errands")
        let config = session.tmp.file("waybar.json"), style = session.tmp.file("waybar.css")
        let module: [String: Any] = ["exec": "\(session.tasktile) status --format waybar --follow", "return-type": "json",
                                     "format": "{}", "tooltip": false]
        let bar: [String: Any] = ["layer": "top", "position": "top", "height": 24, "modules-left": ["custom/tasktile"],
                                  "custom/tasktile": module]
        try JSONSerialization.data(withJSONObject: bar).write(to: URL(fileURLWithPath: config))
        try AtomicFile.write("""
            * { font-family: "Noto Sans"; font-size: 12px; border: none; border-radius: 0; min-height: 0; }
            window#waybar { background-color: #000000; }
            #custom-tasktile { min-width: 160px; padding: 0 8px; color: #ffffff; }
            #custom-tasktile.pending { background-color: #D02020; }
            #custom-tasktile.empty { background-color: #20C040; }

            """, to: style)
        session.chownToUser(session.tmp.path)
        let sway = try HeadlessSway(session: session, outputs: 1)
        let waybar = try session.start("/usr/bin/waybar", ["-c", config, "-s", style], environment: sway.environment,
                                       logName: "waybar.log")
        defer { sway.stop() }

        let pending = eventually(20) { ((try? Self.moduleArea(sway.screenshot("HEADLESS-1"), Self.pendingColour)) ?? 0) > 500 }
        try #require(pending, "waybar shows no pending module: \(waybar.output)")
        _ = try sway.screenshot("HEADLESS-1", keep: "waybar-pending")

        // A click's intent, as another process: the follower prints the "empty" line, waybar repaints.
        _ = try session.cli("intent", "complete", "--list", "Errands", "--todo", "Post the letter")
        let empty = eventually(10) { ((try? Self.moduleArea(sway.screenshot("HEADLESS-1"), Self.emptyColour)) ?? 0) > 500 }
        #expect(empty, "the bar did not change after the intent: \(waybar.output)")
        _ = try sway.screenshot("HEADLESS-1", keep: "waybar-empty")

        // A todo added from the CLI shows up too; no interval is set, so only --follow can have said so.
        _ = try session.add("Buy stamps", list: "Errands")
        let again = eventually(10) { ((try? Self.moduleArea(sway.screenshot("HEADLESS-1"), Self.pendingColour)) ?? 0) > 500 }
        #expect(again, "the bar did not change after an add: \(waybar.output)")
        #expect(!waybar.output.contains("[error]"), "\(waybar.output)")
    }
}
