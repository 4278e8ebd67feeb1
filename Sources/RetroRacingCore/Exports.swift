/// The model's wire events are made of `WireValue`s.
@_exported public import NarratorWire
