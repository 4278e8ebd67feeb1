// The header from C++: it must compile with warnings as errors and link as extern "C". A small RAII
// owner is what a C++ engine (a Godot GDExtension, an SDL game) would wrap the handle in.
#include <narrator.h>

#include <cstdio>
#include <memory>

namespace {
struct Closer {
    void operator()(narrator *handle) const { narrator_close(handle); }
};
using Narrator = std::unique_ptr<narrator, Closer>;

Narrator open(const char *socket) {
    narrator_options options;
    narrator_options_init(&options);
    options.socket_path = socket;
    options.client = "C++ check";
    narrator *handle = nullptr;
    return narrator_open(&options, &handle) == NARRATOR_OK ? Narrator(handle) : Narrator();
}
}  // namespace

int main(int argc, char **argv) {
    Narrator speech = open(argc > 1 ? argv[1] : nullptr);
    if (!speech) return 1;
    narrator_speech how;
    narrator_speech_init(&how);
    how.priority = NARRATOR_PRIORITY_LOW;
    narrator_id id = 0;
    narrator_error error = narrator_say(speech.get(), "Hello from C++.", &how, &id);
    std::printf("libnarrator %s from C++: say %s, id %llu\n", narrator_version(), narrator_strerror(error),
                static_cast<unsigned long long>(id));
    return error == NARRATOR_OK ? 0 : 1;
}
