//! Links the addon as Node loads it (on macOS, symbols left to be resolved at load time).
fn main() {
    napi_build::setup();
}
