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

// The layout preview: a webview beside the editor showing `plumb/render`'s SVG of one
// document, in the canvas the cursor is in (the `canvas` line it is on, else the last one it
// was on, else plumb.primaryCanvas), drawn again as the text changes.

/** @type {{panel: any, uri: string, canvas: string | null, timer: any, listeners: any[]} | undefined} */
let preview;
const PREVIEW_DELAY_MS = 250;

/** Whether a document is an Interface Builder file (its scenes are its canvases). */
function isInterfaceBuilder(document) {
  const name = (document.uri.path || document.uri.fsPath || document.uri.toString()).toLowerCase();
  return INTERFACE_BUILDER_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** The cursor of an Interface Builder editor, as a protocol position; null for other files. */
function cursorPosition(editor) {
  if (!editor || !editor.selection || !editor.selection.active || !isInterfaceBuilder(editor.document)) {
    return null;
  }
  return { line: editor.selection.active.line, character: editor.selection.active.character || 0 };
}

/** The canvas a `canvas NAME …` line at the cursor declares, or null. */
function canvasAtCursor(editor) {
  if (!editor || !editor.selection || !editor.document.lineAt) {
    return null;
  }
  const line = editor.document.lineAt(editor.selection.active.line).text;
  const match = /^\s*canvas\s+([^\s#]+)/.exec(line);
  return match ? match[1] : null;
}

/** The webview's page: the SVG and nothing that loads anything (no script, no network). */
function previewHTML(svg, message) {
  const body = message ? `<p class="message">${escapeHTML(message)}</p>` : svg;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:;">
<style>body{margin:0;padding:8px;background:var(--vscode-editor-background)} .message{font-family:var(--vscode-font-family);color:var(--vscode-foreground)} svg{max-width:100%;height:auto}</style>
</head><body>${body}</body></html>`;
}

function escapeHTML(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Asks the server for the previewed document's picture and shows it. */
async function renderPreview() {
  if (!preview) {
    return;
  }
  const current = preview;
  if (!client || !client.isRunning()) {
    current.panel.webview.html = previewHTML('', 'The Plumb language server is not running.');
    return;
  }
  const params = { textDocument: { uri: current.uri } };
  const settings = serverSettings();
  const canvas = current.canvas || settings.primaryCanvas;
  if (canvas) {
    params.canvas = canvas;
  } else if (current.position) {
    // An Interface Builder file: the server draws the scene the cursor is in.
    params.position = current.position;
  }
  if (settings.primaryDirection) {
    params.direction = settings.primaryDirection;
  }
  try {
    const result = await client.sendRequest('plumb/render', params);
    if (preview === current) {
      current.panel.webview.html = result && result.svg ? previewHTML(result.svg) : previewHTML('', 'Nothing to draw.');
    }
  } catch (error) {
    if (preview === current && params.canvas && current.canvas) {
      // A canvas that is gone (renamed as it is typed): every canvas instead.
      current.canvas = null;
      return renderPreview();
    }
    if (preview === current) {
      current.panel.webview.html = previewHTML('', `plumb/render failed: ${error && error.message ? error.message : error}`);
    }
  }
}

/** Draws the preview again after a pause in typing. */
function schedulePreview() {
  if (!preview) {
    return;
  }
  clearTimeout(preview.timer);
  preview.timer = setTimeout(renderPreview, PREVIEW_DELAY_MS);
}

/** "Plumb: Show Layout Preview": the active document's picture, beside it, kept up to date. */
async function showPreview() {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isServed(editor.document)) {
    vscode.window.showInformationMessage('Plumb: open a .layout, .vfl, .storyboard or .xib file to preview it.');
    return;
  }
  const uri = editor.document.uri.toString();
  if (!preview) {
    const panel = vscode.window.createWebviewPanel(
      'plumb.preview',
      'Plumb Preview',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: false },
    );
    preview = { panel, uri, canvas: canvasAtCursor(editor), position: cursorPosition(editor), timer: undefined, listeners: [] };
    const current = preview;
    current.listeners.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (preview === current && event.document.uri.toString() === current.uri) {
          schedulePreview();
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (preview !== current || event.textEditor.document.uri.toString() !== current.uri) {
          return;
        }
        const canvas = canvasAtCursor(event.textEditor);
        if (canvas && canvas !== current.canvas) {
          current.canvas = canvas;
          schedulePreview();
        }
        const position = cursorPosition(event.textEditor);
        if (position && (!current.position || position.line !== current.position.line)) {
          current.position = position;
          schedulePreview();
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((active) => {
        // Follows the editor: another served document becomes the one previewed.
        if (preview === current && active && isServed(active.document) && active.document.uri.toString() !== current.uri) {
          current.uri = active.document.uri.toString();
          current.canvas = canvasAtCursor(active);
          current.position = cursorPosition(active);
          current.panel.title = `Plumb Preview: ${path.basename(active.document.uri.path || current.uri)}`;
          schedulePreview();
        }
      }),
    );
    panel.onDidDispose(() => {
      if (preview === current) {
        clearTimeout(current.timer);
        for (const listener of current.listeners) {
          listener.dispose();
        }
        preview = undefined;
      }
    });
  } else {
    preview.uri = uri;
    preview.canvas = canvasAtCursor(editor) || preview.canvas;
    preview.position = cursorPosition(editor);
    preview.panel.reveal(vscode.ViewColumn.Beside, true);
  }
  preview.panel.title = `Plumb Preview: ${path.basename(editor.document.uri.path || uri)}`;
  await renderPreview();
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
    vscode.commands.registerCommand('plumb.showPreview', showPreview),
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
  if (preview) {
    preview.panel.dispose();
  }
  return stopClient();
}

module.exports = { activate, deactivate };
