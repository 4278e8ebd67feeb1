import NarratorWire
import Testing

/// The pan law (docs/AUDIO.md, "Placing sounds") and the `pan` field of requests.
@Suite("Pan: the pan law and the pan field")
struct PanTests {
    @Test("Equal power at every place, unity at the centre, silence on the far side at the ends")
    func law() throws {
        for step in -20...20 {
            let pan = try #require(Pan(Double(step) / 20))
            let (left, right) = pan.gains
            // Equal power: the gains' squares add up to 2 wherever the sound is.
            #expect(abs(left * left + right * right - 2) < 1e-12, "at \(pan)")
            // Moving right never makes the left louder.
            if step > -20, let before = Pan(Double(step - 1) / 20) {
                #expect(before.gains.left >= left && before.gains.right <= right)
            }
        }
        #expect(Pan.centre.gains == (1, 1))
        #expect(Pan.left.gains == (2.0.squareRoot(), 0) && Pan.right.gains == (0, 2.0.squareRoot()))
        // A stereo source placed as a whole: as made at the centre, the far side faded out at an end.
        #expect(Pan.centre.balance == (1, 1) && Pan.left.balance == (1, 0) && Pan.right.balance == (0, 1))
        #expect(Pan(1.5) == nil && Pan(-1.01) == nil && Pan(.nan) == nil)
    }

    @Test("say, play and events carry pan; one out of -1...1 or not a number is invalid_field")
    func field() throws {
        let say = try Request.parse(Array(#"{"type":"say","text":"Hi","pan":-0.5}"#.utf8))
        #expect(say == .say(.init(.text("Hi"), pan: Pan(-0.5))))
        #expect(say.line == #"{"type":"say","text":"Hi","pan":-0.5}"#)
        let play = try Request.parse(Array(#"{"type":"play","sound":"beep","pan":1}"#.utf8))
        #expect(play == .play(sound: "beep", arguments: [.init("pan", .number("1"))]))
        let event = try Request.parse(Array(#"{"type":"moved","lane":0,"pan":-1}"#.utf8))
        #expect(event.typeName == "moved")
        for line in [
            #"{"type":"say","text":"Hi","pan":2}"#, #"{"type":"play","sound":"beep","pan":"left"}"#,
            #"{"type":"moved","pan":-1.5}"#,
        ] {
            #expect {
                try Request.parse(Array(line.utf8))
            } throws: { error in
                let error = error as? ProtocolError
                return error?.code == ProtocolError.Code.invalidField.rawValue
                    && error?.message.contains("\"pan\" must be a number from -1 (left) to 1 (right)") == true
            }
        }
        // null is the centre, as leaving it out.
        #expect(try Request.parse(Array(#"{"type":"say","text":"Hi","pan":null}"#.utf8)) == .say(.init(.text("Hi"))))
    }
}
