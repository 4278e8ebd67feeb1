/// The wire's requests, replies and events are made of JSON values (an event's fields are `JSONValue`s),
/// so whoever speaks the wire gets them with it, as NarratorClient's users get the wire.
@_exported public import NarratorJSON
