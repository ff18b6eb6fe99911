// @ts-check
// How the extension starts the language server: the command line of `fsm lsp`, from the
// settings. Kept apart from `extension.js`, which needs VS Code, so that a plain Node test
// (test/client.test.js) starts the server with the very same command line.
"use strict";

/**
 * The settings of the `fsm` section that decide the command line.
 * @typedef {{ path?: string, extraArgs?: string[] }} ServerSettings
 */

/**
 * The command line of the language server: `<path> <extraArgs...> lsp`, spoken to over stdio.
 * An empty or missing path means `fsm` on `PATH`; a path that starts with `~/` is taken from the
 * home directory, as a shell would (VS Code passes settings through unexpanded).
 *
 * @param {ServerSettings} settings the `fsm.server` settings
 * @param {string} home the user's home directory (`os.homedir()`)
 * @returns {{ command: string, args: string[] }}
 */
function serverCommand(settings, home) {
  let command = (settings.path ?? "").trim() || "fsm";
  if (command.startsWith("~/")) {
    command = home + command.slice(1);
  }
  const extra = Array.isArray(settings.extraArgs) ? settings.extraArgs.filter((a) => typeof a === "string") : [];
  return { command, args: [...extra, "lsp"] };
}

module.exports = { serverCommand };
