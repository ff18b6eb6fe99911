// @ts-check
// The VS Code side of the `.fsm` language: starts `fsm lsp` over stdio with
// vscode-languageclient, which turns the server's diagnostics, hovers, definitions, references,
// renames, completions, quick fixes, semantic tokens and formatting into VS Code's. Highlighting
// before the server answers comes from the TextMate grammar (syntaxes/fsm.tmLanguage.json).
//
// Plain JavaScript with `// @ts-check`: the client is a few dozen lines, and shipping the file as
// written spares the extension a TypeScript build and its toolchain.
"use strict";

const os = require("os");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");
const { serverCommand } = require("./src/server");

/** @type {LanguageClient | undefined} */
let client;

/** @returns {LanguageClient} a client for the server the settings name */
function createClient() {
  const settings = vscode.workspace.getConfiguration("fsm.server");
  const { command, args } = serverCommand(
    { path: settings.get("path"), extraArgs: settings.get("extraArgs") },
    os.homedir(),
  );
  /** @type {import("vscode-languageclient/node").ServerOptions} */
  const serverOptions = { command, args, transport: TransportKind.stdio };
  /** @type {import("vscode-languageclient/node").LanguageClientOptions} */
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "fsm" },
      { scheme: "untitled", language: "fsm" },
      { scheme: "file", language: "fsys" },
    ],
  };
  // The id `fsm` makes the client read `fsm.trace.server`.
  return new LanguageClient("fsm", "FSM language server", serverOptions, clientOptions);
}

/** @param {string} command @param {unknown} error */
function reportStartFailure(command, error) {
  const message = error instanceof Error ? error.message : String(error);
  void vscode.window.showErrorMessage(
    `Could not start the FSM language server (\`${command} lsp\`): ${message}. ` +
      "Install it with `cargo install --path fsm-cli`, or set `fsm.server.path`.",
  );
}

async function start() {
  client = createClient();
  try {
    await client.start();
  } catch (error) {
    const settings = vscode.workspace.getConfiguration("fsm.server");
    reportStartFailure(settings.get("path") || "fsm", error);
  }
}

async function stop() {
  const running = client;
  client = undefined;
  if (running && running.isRunning()) {
    await running.stop();
  }
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("fsm.restartServer", async () => {
      await stop();
      await start();
    }),
    // A new executable or new arguments take effect at once.
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("fsm.server")) {
        await stop();
        await start();
      }
    }),
  );
  await start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
