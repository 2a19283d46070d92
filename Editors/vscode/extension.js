// The Plumb extension: runs `plumb lsp` for .layout and .vfl files, and for Interface Builder
// .storyboard and .xib files, which keep their XML language (plumb.interfaceBuilder.enable);
// and a second `plumb lsp`, for the Visual Format strings of Swift and Objective-C files, beside
// their own language server (plumb.sourceCode.enable).
// Plain JavaScript, so there is nothing to compile: `npm install` then `npx vsce package`.
'use strict';

const os = require('os');
const path = require('path');
const vscode = require('vscode');
const {
  LanguageClient,
  TransportKind,
  DidChangeConfigurationNotification,
} = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;
/** The server of Swift and Objective-C documents. @type {LanguageClient | undefined} */
let sourceClient;
/** @type {vscode.OutputChannel | undefined} */
let outputChannel;

const LANGUAGES = ['layout', 'vfl'];
// Interface Builder files are selected by name, whatever their language (usually `xml`): the
// server reads a document as Interface Builder XML from its URI's extension.
const INTERFACE_BUILDER_PATTERN = '**/*.{storyboard,xib}';
const INTERFACE_BUILDER_EXTENSIONS = ['.storyboard', '.xib'];

// Swift and Objective-C documents get a server of their own, started with
// `sourceCodeOnly`: it offers diagnostics, hover, completion and quick fixes in Visual Format
// strings and nothing else, so that sourcekit-lsp or clangd keep everything else.
const SOURCE_LANGUAGES = ['swift', 'objective-c', 'objective-cpp'];

function sourceCodeEnabled() {
  return vscode.workspace.getConfiguration('plumb').get('sourceCode.enable', true) !== false;
}

function interfaceBuilderEnabled() {
  return vscode.workspace.getConfiguration('plumb').get('interfaceBuilder.enable', true) !== false;
}

/** The documents the server is given: Plumb's languages, and Interface Builder files unless turned off. */
function documentSelector() {
  const selector = LANGUAGES.flatMap((language) => [
    { scheme: 'file', language },
    { scheme: 'untitled', language },
  ]);
  if (interfaceBuilderEnabled()) {
    selector.push({ scheme: 'file', pattern: INTERFACE_BUILDER_PATTERN });
  }
  return selector;
}

/** Whether the server serves this document: one of Plumb's languages, or an Interface Builder file. */
function isServed(document) {
  if (LANGUAGES.includes(document.languageId)) {
    return true;
  }
  const name = document.uri.path || document.uri.fsPath || '';
  return interfaceBuilderEnabled() && INTERFACE_BUILDER_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));
}

/** The executable from `plumb.server.path`, with `~` and `${workspaceFolder}` expanded. */
function serverPath() {
  const configured = vscode.workspace.getConfiguration('plumb').get('server.path', 'plumb') || 'plumb';
  let expanded = configured;
  if (expanded === '~' || expanded.startsWith('~/')) {
    expanded = path.join(os.homedir(), expanded.slice(1));
  }
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  if (folder) {
    expanded = expanded.replace(/\$\{workspaceFolder\}/g, folder.uri.fsPath);
  }
  return expanded;
}

/** The settings `plumb lsp` reads (Protocol/README.md, "Settings"), for one file or the workspace. */
function serverSettings(scope) {
  const config = vscode.workspace.getConfiguration('plumb', scope);
  const canvas = config.get('primaryCanvas', '');
  const direction = config.get('primaryDirection', 'auto');
  return {
    primaryCanvas: canvas ? canvas : null,
    primaryDirection: direction === 'ltr' || direction === 'rtl' ? direction : null,
    inlayHints: {
      frames: config.get('inlayHints.frames', true),
      ambiguity: config.get('inlayHints.ambiguity', true),
    },
  };
}

function createClient() {
  const command = serverPath();
  const serverOptions = {
    run: { command, args: ['lsp'], transport: TransportKind.stdio },
    debug: { command, args: ['lsp'], transport: TransportKind.stdio },
  };
  const clientOptions = {
    documentSelector: documentSelector(),
    initializationOptions: serverSettings(),
    outputChannel,
    // The server reads the .plumb.json above each document; tell it when one changes.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/.plumb.json') },
    middleware: {
      workspace: {
        // The server asks for section `plumb`; answer with the settings in its shape,
        // not VS Code's (`primaryDirection: "auto"` means null, `server.path` is ours).
        configuration: (params) =>
          params.items.map((item) => {
            if (item.section && item.section !== 'plumb') {
              return null;
            }
            const scope = item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined;
            return serverSettings(scope);
          }),
      },
    },
  };
  // The id 'plumb' makes vscode-languageclient honour the `plumb.trace.server` setting.
  return new LanguageClient('plumb', 'Plumb', serverOptions, clientOptions);
}

function createSourceClient() {
  const command = serverPath();
  const serverOptions = {
    run: { command, args: ['lsp'], transport: TransportKind.stdio },
    debug: { command, args: ['lsp'], transport: TransportKind.stdio },
  };
  const clientOptions = {
    documentSelector: SOURCE_LANGUAGES.map((language) => ({ scheme: 'file', language })),
    initializationOptions: { ...serverSettings(), sourceCodeOnly: true },
    outputChannel,
  };
  return new LanguageClient('plumb-source', 'Plumb (Swift and Objective-C)', serverOptions, clientOptions);
}

async function startClient() {
  client = createClient();
  if (sourceCodeEnabled()) {
    sourceClient = createSourceClient();
  }
  try {
    await client.start();
    if (sourceClient) {
      await sourceClient.start();
    }
  } catch (error) {
    const message = `Plumb: could not start "${serverPath()} lsp" (${error && error.message ? error.message : error}).`;
    const choice = await vscode.window.showErrorMessage(message, 'Open Settings', 'Show Output');
    if (choice === 'Open Settings') {
      vscode.commands.executeCommand('workbench.action.openSettings', 'plumb.server.path');
    } else if (choice === 'Show Output') {
      outputChannel.show(true);
    }
  }
}

async function stopClient() {
  const stopping = [client, sourceClient].filter((running) => running !== undefined);
  client = undefined;
  sourceClient = undefined;
  for (const running of stopping) {
    try {
      // Sends shutdown and exit; the server ends with status 0.
      await running.stop();
    } catch (error) {
      outputChannel.appendLine(`Stopping the server failed: ${error}`);
    }
  }
}

async function restartClient() {
  await stopClient();
  await startClient();
}

/** `plumb/frames` for the active editor, shown as JSON beside it. */
async function showFrames() {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isServed(editor.document)) {
    vscode.window.showInformationMessage('Plumb: open a .layout, .vfl, .storyboard or .xib file to see its frames.');
    return;
  }
  if (!client || !client.isRunning()) {
    vscode.window.showWarningMessage('Plumb: the language server is not running.');
    return;
  }
  const settings = serverSettings(editor.document.uri);
  const params = { textDocument: { uri: editor.document.uri.toString() } };
  if (settings.primaryCanvas) {
    params.canvas = settings.primaryCanvas;
  }
  if (settings.primaryDirection) {
    params.direction = settings.primaryDirection;
  }
  try {
    const frames = await client.sendRequest('plumb/frames', params);
    const document = await vscode.workspace.openTextDocument({
      language: 'json',
      content: JSON.stringify(frames, null, 2),
    });
    await vscode.window.showTextDocument(document, vscode.ViewColumn.Beside, true);
  } catch (error) {
    vscode.window.showErrorMessage(`Plumb: plumb/frames failed: ${error && error.message ? error.message : error}`);
  }
}

/** The log to explain: the active editor's selection, else the clipboard. */
async function logText() {
  const editor = vscode.window.activeTextEditor;
  if (editor && editor.selection && !editor.selection.isEmpty) {
    return editor.document.getText(editor.selection);
  }
  return vscode.env.clipboard.readText();
}

/** `plumb/explain`'s answer as text, one section per report, as `plumb explain` prints it. */
function explanationText(result) {
  const conflicts = result.conflicts || [];
  return conflicts
    .map((conflict, index) => {
      const count = conflicts.length > 1 ? ` of ${conflicts.length}` : '';
      const lines = [`Conflict ${index + 1}${count} (line ${conflict.line + 1} of the log)`];
      for (const missing of conflict.missing || []) {
        lines.push(`  ${missing}`);
      }
      for (const line of (conflict.explanation || '').split('\n')) {
        lines.push(`  ${line}`);
      }
      return lines.join('\n') + '\n';
    })
    .join('\n');
}

/**
 * Explains UIKit's "Unable to simultaneously satisfy constraints" output: the selection, or
 * the clipboard when nothing is selected, sent as `plumb/explain`; the answer opens beside.
 */
async function explainLog() {
  if (!client || !client.isRunning()) {
    vscode.window.showWarningMessage('Plumb: the language server is not running.');
    return;
  }
  const text = await logText();
  if (!text || !text.trim()) {
    vscode.window.showInformationMessage('Plumb: select the console output (or copy it) to explain it.');
    return;
  }
  try {
    const result = await client.sendRequest('plumb/explain', { text });
    if (result.problem) {
      vscode.window.showInformationMessage(`Plumb: ${result.problem}`);
      return;
    }
    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: explanationText(result) });
    await vscode.window.showTextDocument(document, vscode.ViewColumn.Beside, true);
  } catch (error) {
    vscode.window.showErrorMessage(`Plumb: plumb/explain failed: ${error && error.message ? error.message : error}`);
  }
}

async function activate(context) {
  outputChannel = vscode.window.createOutputChannel('Plumb');
  context.subscriptions.push(
    outputChannel,
    vscode.commands.registerCommand('plumb.restartServer', restartClient),
    vscode.commands.registerCommand('plumb.showFrames', showFrames),
    vscode.commands.registerCommand('plumb.explainLog', explainLog),
    vscode.commands.registerCommand('plumb.showOutput', () => outputChannel.show(true)),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      // The document selector is fixed when the client starts: a change to it restarts too.
      if (
        event.affectsConfiguration('plumb.server') ||
        event.affectsConfiguration('plumb.interfaceBuilder') ||
        event.affectsConfiguration('plumb.sourceCode')
      ) {
        await restartClient();
      } else if (event.affectsConfiguration('plumb') && client && client.isRunning()) {
        // The server applies these at once and refreshes its inlay hints.
        await client.sendNotification(DidChangeConfigurationNotification.type, {
          settings: { plumb: serverSettings() },
        });
      }
    }),
  );
  await startClient();
}

function deactivate() {
  return stopClient();
}

module.exports = { activate, deactivate };
