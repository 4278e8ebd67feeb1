/// Clients build events from `WireValue`s; they come with this module.
@_exported public import NarratorWire
