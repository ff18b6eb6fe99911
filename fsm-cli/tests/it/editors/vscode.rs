//! The VS Code extension: its grammar's tests, its manifest, its client's command line.

use std::process::Command;

use super::{assert_success, node_present, read, run, textmate_grammar, tool_present, vscode_dir};

#[test]
fn the_textmate_grammar_tests_pass() {
    let installed = vscode_dir().join("node_modules/.bin/vscode-tmgrammar-snap").exists();
    if tool_present("vscode-tmgrammar-test (npm ci in editors/vscode)", installed && node_present()).is_none() {
        return;
    }
    let out = run(Command::new(vscode_dir().join("test.sh")));
    assert_success("editors/vscode/test.sh", &out);
}

#[test]
fn the_vscode_extension_command_line_starts_a_server_that_answers() {
    let installed = vscode_dir().join("node_modules/vscode-languageserver-protocol").exists();
    if tool_present("the extension's npm packages (npm ci in editors/vscode)", installed && node_present()).is_none() {
        return;
    }
    let mut command = Command::new("node");
    command.current_dir(vscode_dir()).arg("tests/client.test.js").arg(env!("CARGO_BIN_EXE_fsm"));
    let out = run(command);
    assert_success("editors/vscode/tests/client.test.js", &out);
}

#[test]
fn the_vscode_manifest_names_its_files_and_pins_its_packages() {
    let manifest: serde_json::Value = serde_json::from_str(&read(&vscode_dir().join("package.json"))).unwrap();
    let file = |path: &serde_json::Value| {
        let path = vscode_dir().join(path.as_str().unwrap());
        assert!(path.is_file(), "package.json names {}, which is missing", path.display());
    };
    file(&manifest["main"]);
    assert_eq!(manifest["activationEvents"], serde_json::json!(["onLanguage:fsm"]));
    let language = &manifest["contributes"]["languages"][0];
    assert_eq!(language["id"], "fsm");
    assert_eq!(language["extensions"], serde_json::json!([".fsm"]));
    file(&language["configuration"]);
    let grammar = &manifest["contributes"]["grammars"][0];
    file(&grammar["path"]);
    assert_eq!(grammar["language"], "fsm");
    assert_eq!(grammar["scopeName"], textmate_grammar()["scopeName"]);
    assert_eq!(manifest["contributes"]["configuration"]["properties"]["fsm.server.path"]["default"], "fsm");
    // Exact versions, which package-lock.json holds with their dependencies.
    let lock: serde_json::Value = serde_json::from_str(&read(&vscode_dir().join("package-lock.json"))).unwrap();
    for section in ["dependencies", "devDependencies"] {
        for (name, version) in manifest[section].as_object().unwrap() {
            let version = version.as_str().unwrap();
            assert!(version.chars().all(|c| c.is_ascii_digit() || c == '.'), "{name} is not pinned: {version}");
            let locked = &lock["packages"][format!("node_modules/{name}")]["version"];
            assert_eq!(locked, version, "package-lock.json has another {name}");
        }
    }
    // The language configuration is JSON (VS Code reads it leniently, this test does not).
    let configuration: serde_json::Value =
        serde_json::from_str(&read(&vscode_dir().join("language-configuration.json"))).unwrap();
    assert_eq!(configuration["comments"]["lineComment"], "//");
}
