// The extension's command line, spoken to as the extension speaks: starts the server with
// `serverCommand` (src/server.js, what extension.js runs) and talks to it over stdio with
// vscode-languageserver-protocol, the library under vscode-languageclient. Opens a spec with a
// mistake, waits for its diagnostics, asks for a hover and a rename, and shuts the server down.
//
// Usage: node tests/client.test.js PATH_TO_FSM   (fsm-cli/tests/it/editors/ runs it)
"use strict";

const assert = require("assert");
const { spawn } = require("child_process");
const os = require("os");
const rpc = require("vscode-languageserver-protocol/node");
const { serverCommand } = require("../src/server");

const SPEC = `machine Door {
    initial state Shut;
    state Open;
    event Push;
    Shut -> Open on Psh;
    Open -> Shut on Push;
    ignore Push in Shut;
}
`;

function withTimeout(promise, what, ms = 20000) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer to ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main() {
  const executable = process.argv[2];
  assert.ok(executable, "usage: node tests/client.test.js PATH_TO_FSM");
  const { command, args } = serverCommand({ path: executable, extraArgs: [] }, os.homedir());
  assert.deepStrictEqual(args, ["lsp"]);
  const server = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  const connection = rpc.createProtocolConnection(
    new rpc.StreamMessageReader(server.stdout),
    new rpc.StreamMessageWriter(server.stdin),
  );
  const uri = "file:///tmp/door.fsm";
  const diagnostics = new Promise((resolve) => {
    connection.onNotification(rpc.PublishDiagnosticsNotification.type, (params) => {
      if (params.uri === uri) resolve(params.diagnostics);
    });
  });
  connection.listen();

  const init = await withTimeout(
    connection.sendRequest(rpc.InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      clientInfo: { name: "fsm-dsl client test" },
    }),
    "initialize",
  );
  const caps = init.capabilities;
  for (const capability of ["hoverProvider", "definitionProvider", "referencesProvider", "renameProvider",
    "documentFormattingProvider", "completionProvider", "codeActionProvider", "semanticTokensProvider",
    "documentSymbolProvider"]) {
    assert.ok(caps[capability], `the server offers no ${capability}`);
  }
  await connection.sendNotification(rpc.InitializedNotification.type, {});
  await connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: "fsm", version: 1, text: SPEC },
  });

  const found = await withTimeout(diagnostics, "didOpen (diagnostics)");
  const undefinedEvent = found.find((d) => d.code === "E0003");
  assert.ok(undefinedEvent, `no E0003 for the misspelt event: ${JSON.stringify(found)}`);
  assert.deepStrictEqual(undefinedEvent.range.start, { line: 4, character: 20 });
  assert.match(undefinedEvent.message, /Psh/);

  const hover = await withTimeout(
    connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line: 5, character: 5 } }),
    "hover",
  );
  const hoverText = JSON.stringify(hover);
  assert.match(hoverText, /Open/, `the hover on Open says: ${hoverText}`);

  const edit = await withTimeout(
    connection.sendRequest(rpc.RenameRequest.type, {
      textDocument: { uri },
      position: { line: 1, character: 19 },
      newName: "Closed",
    }),
    "rename",
  );
  const edits = edit.changes ? edit.changes[uri] : edit.documentChanges[0].edits;
  assert.strictEqual(edits.length, 4, `renaming Shut edits its 4 occurrences: ${JSON.stringify(edits)}`);

  await withTimeout(connection.sendRequest(rpc.ShutdownRequest.type), "shutdown");
  await connection.sendNotification(rpc.ExitNotification.type);
  const code = await withTimeout(new Promise((resolve) => server.on("exit", resolve)), "exit");
  assert.strictEqual(code, 0, `fsm lsp exited with ${code}`);
  connection.dispose();
  console.log(`fsm lsp answered: ${found.length} diagnostics, a hover, a rename of ${edits.length} places`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
