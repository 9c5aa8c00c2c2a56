import Testing
import TaskTileRender
@testable import TaskTileDesktop

/// The open action of rows and headers and the exit codes of the host.
@Suite struct OpenCommandTests {
    @Test func environmentSaysWhatWasClicked() {
        let todo = OpenCommand.environment(for: .openTodo("t1"), title: "Milk", listID: "l1", widget: "desk")
        #expect(todo == ["TASKTILE_OPEN_KIND": "todo", "TASKTILE_OPEN_TODO_ID": "t1", "TASKTILE_OPEN_LIST_ID": "l1",
                         "TASKTILE_OPEN_TITLE": "Milk", "TASKTILE_OPEN_WIDGET": "desk"])
        let list = OpenCommand.environment(for: .openList("l1"), title: "Shopping", listID: "l1", widget: "desk")
        #expect(list["TASKTILE_OPEN_KIND"] == "list" && list["TASKTILE_OPEN_TODO_ID"] == "" && list["TASKTILE_OPEN_TITLE"] == "Shopping")
    }

    @Test func exitCodes() {
        #expect(DesktopError.noDisplay(wayland: nil, x11: nil).exitCode.rawValue == 69)
        #expect(DesktopError.noDisplay(wayland: nil, x11: "").description.contains("WAYLAND_DISPLAY is not set and DISPLAY is not set"))
        #expect(DesktopError.noDisplay(wayland: "wayland-9", x11: ":9").description.contains("WAYLAND_DISPLAY=wayland-9 cannot be reached and DISPLAY=:9 cannot be reached"))
        #expect(DesktopError.alreadyRunning(dataDirectory: "/d", display: ":1").exitCode.rawValue == 75)
        #expect(DesktopError.displayLost("wayland-1").exitCode.rawValue == 69)
    }
}
