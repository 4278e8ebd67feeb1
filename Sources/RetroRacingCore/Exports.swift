/// The model's wire events are `Request.event`s of the wire's JSON values.
@_exported public import NarratorWire
