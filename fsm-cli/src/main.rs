//! The `fsm` command: check specs, draw them, simulate them, regenerate `generated/`.
//! Run `fsm --help` for the subcommands.

use clap::Parser as _;
use fsm_cli::cli::{self, Cli, Color};
use std::io::IsTerminal as _;

fn main() {
    let cli = Cli::parse();
    if let cli::Command::Lsp = cli.command {
        // The server's own threads read standard input and write standard output: they must
        // not be locked here.
        std::process::exit(match fsm_cli::lsp::run_stdio() {
            Ok(()) => 0,
            Err(message) => {
                eprintln!("error: {message}");
                1
            }
        });
    }
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stderr().is_terminal(),
    };
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let stdin = std::io::stdin();
    let mut io = cli::Io { out: &mut stdout.lock(), err: &mut stderr.lock(), input: &mut stdin.lock(), color };
    let code = cli::run(cli, &mut io);
    std::process::exit(code);
}
