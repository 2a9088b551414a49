//! Windows builds only: embeds the application icon, version information and manifest (DPI
//! awareness, UTF-8 code page) into `cardtable.exe`. For any other target it does nothing.
//!
//! The target is read at run time (`CARGO_CFG_TARGET_OS`), not with `#[cfg]`: a build script
//! runs on the host, so a cross build from Linux must still embed the resources.

use std::env;

fn main() -> std::io::Result<()> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=../assets/icon/cardtable.ico");
    println!("cargo::rerun-if-changed=../dist/windows/cardtable.manifest");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return Ok(());
    }
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon("../assets/icon/cardtable.ico")
        .set_manifest_file("../dist/windows/cardtable.manifest")
        .set("ProductName", "Cardtable")
        // Windows shows FileDescription as the program's name (Task Manager, "Open with").
        .set("FileDescription", "Cardtable")
        .set("LegalCopyright", "© 2026 Cardtable developers. MIT OR Apache-2.0")
        .set("OriginalFilename", "cardtable.exe");
    resource.compile()
}
