import Testing
@testable import TaskTileDesktop

/// Which output a spec's `monitor` names: the connector name (any ASCII case), else the model;
/// no name = the first output; an absent one = nil (the widget waits for it).
@Suite struct MonitorsTests {
    static func output(_ index: Int, _ name: String, model: String) -> Monitors.Output {
        Monitors.Output(monitor: OpaquePointer(bitPattern: 0x1000 + index)!, index: index, name: name, model: model,
                        x: index * 1280, y: 0, width: 1280, height: 800, scale: 1)
    }

    let outputs = [output(0, "eDP-1", model: "0x0a1c"), output(1, "DP-2", model: "DELL U2720Q")]

    @Test func byConnectorNameIgnoringCase() {
        #expect(Monitors.find("DP-2", in: outputs)?.index == 1)
        #expect(Monitors.find("edp-1", in: outputs)?.index == 0)
    }

    @Test func byModelWhenNoConnectorMatches() {
        #expect(Monitors.find("dell u2720q", in: outputs)?.index == 1)
    }

    @Test func noNameIsTheFirstAnAbsentOneIsNil() {
        #expect(Monitors.find(nil, in: outputs)?.index == 0)
        #expect(Monitors.find("HDMI-A-1", in: outputs) == nil)
        #expect(Monitors.find(nil, in: []) == nil)
    }
}
