//! Every spec's Mermaid diagram renders with the real Mermaid CLI (`mmdc`, pinned by
//! `scripts/install-deps`, on Debian's Chromium), and the SVG names every state. The specs of
//! `specs/` and the test specs whose labels need escaping or whose diagram settings differ are
//! rendered in one `mmdc` run (one browser start), from a Markdown file with one block each.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The specs to render: all of `specs/`, and test specs chosen for their labels and settings.
fn spec_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("specs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "fsm"))
        .collect();
    files.sort();
    for name in ["odd_labels", "diagram_settings", "wildcard_and_except", "timer_alias_and_default_name"] {
        files.push(root.join("tests/data/ok").join(format!("{name}.fsm")));
    }
    files
}

/// The text of an SVG without its markup, entities decoded, white space collapsed.
fn svg_text(svg: &str) -> String {
    let mut text = String::new();
    let mut rest = svg;
    // Leave out style sheets: only what is drawn counts.
    while let Some(start) = rest.find("<style") {
        text.push_str(&rest[..start]);
        rest = rest[start..].find("</style>").map_or("", |end| &rest[start + end + 8..]);
    }
    text.push_str(rest);
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                plain.push(' ');
            }
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    let decoded = plain
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn mermaid_cli_renders_every_spec_and_names_every_state() {
    let dir = tempfile::tempdir().unwrap();
    let files = spec_files();
    let mut markdown = String::new();
    let mut machines = Vec::new();
    for path in &files {
        let m = fsm_dsl::compile(&std::fs::read_to_string(path).unwrap()).machine.unwrap();
        markdown.push_str(&format!("```mermaid\n{}```\n\n", fsm_cli::mermaid::render(&m)));
        machines.push(m);
    }
    std::fs::write(dir.path().join("all.md"), markdown).unwrap();
    // Chromium refuses to run as root without `--no-sandbox` (CI runs as root).
    std::fs::write(dir.path().join("puppeteer.json"), r#"{"args": ["--no-sandbox"]}"#).unwrap();
    let chromium = std::env::var("PUPPETEER_EXECUTABLE_PATH").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    let output = Command::new("mmdc")
        .current_dir(dir.path())
        .env("PUPPETEER_EXECUTABLE_PATH", &chromium)
        .args(["--quiet", "--puppeteerConfigFile", "puppeteer.json", "--input", "all.md", "--output", "out.md"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run the Mermaid CLI (`mmdc`): {e}; scripts/install-deps installs it"));
    assert!(
        output.status.success(),
        "mmdc failed ({chromium}): {}\n{}",
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    );
    for (i, (path, m)) in files.iter().zip(&machines).enumerate() {
        let name = path.display();
        let svg_path = dir.path().join(format!("out-{}.svg", i + 1));
        let svg = std::fs::read_to_string(&svg_path).unwrap_or_else(|e| panic!("{name}: no SVG: {e}"));
        // A diagram Mermaid cannot parse renders as its error picture, without the states.
        assert!(!svg.contains("Syntax error in text"), "{name}: Mermaid reports a syntax error");
        let text = svg_text(&svg);
        // Superstates are composite states, named in their boxes' titles.
        for named in m.states.iter().map(|s| &s.named).chain(m.superstates.iter().map(|s| &s.named)) {
            // Each word of the label, since a label with a line break is drawn on two lines.
            for word in named.display().split_whitespace() {
                assert!(text.contains(word), "{name}: the SVG does not name the state {:?}:\n{text}", named.name);
            }
        }
    }
}
