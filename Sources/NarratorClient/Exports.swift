/// Clients build requests and read replies with the wire's types; they come with this module.
@_exported public import NarratorWire
