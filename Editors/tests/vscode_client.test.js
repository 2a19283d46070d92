// Runs Editors/vscode/extension.js under Node with stand-ins for the `vscode` API and
// `vscode-languageclient`, which need VS Code and npm. Checks what the extension asks of them:
// the server command, the document selector, the settings it sends, restart and shutdown.
// Run: node --test Editors/tests/vscode_client.test.js
'use strict';

const assert = require('node:assert/strict');
const Module = require('node:module');
const path = require('node:path');
const test = require('node:test');

const EXTENSION = path.join(__dirname, '..', 'vscode', 'extension.js');

function makeWorld(settings) {
  const world = {
    settings: { ...settings },
    clients: [],
    commands: {},
    configurationListeners: [],
    errors: [],
  };

  class LanguageClient {
    constructor(id, name, serverOptions, clientOptions) {
      Object.assign(this, { id, name, serverOptions, clientOptions });
      this.running = false;
      this.notifications = [];
      this.requests = [];
      world.clients.push(this);
    }
    async start() {
      if (world.failStart) {
        throw new Error('spawn plumb ENOENT');
      }
      this.running = true;
    }
    async stop() {
      this.running = false;
      this.stopped = true;
    }
    isRunning() {
      return this.running;
    }
    async sendNotification(type, params) {
      this.notifications.push({ type, params });
    }
    async sendRequest(method, params) {
      this.requests.push({ method, params });
      return world.answer || { version: 1, layouts: [] };
    }
  }

  const languageclient = {
    LanguageClient,
    TransportKind: { stdio: 0, ipc: 1, pipe: 2, socket: 3 },
    DidChangeConfigurationNotification: { type: { method: 'workspace/didChangeConfiguration' } },
  };

  const vscode = {
    Uri: { parse: (value) => ({ toString: () => value, fsPath: value.replace('file://', '') }) },
    ViewColumn: { Beside: -2 },
    env: { clipboard: { readText: async () => world.clipboard || '' } },
    workspace: {
      workspaceFolders: [{ uri: { fsPath: '/work/project' } }],
      getConfiguration(section) {
        assert.equal(section, 'plumb');
        return {
          get: (key, fallback) => (key in world.settings ? world.settings[key] : fallback),
        };
      },
      createFileSystemWatcher(glob) {
        return { glob, dispose() {} };
      },
      onDidChangeConfiguration(listener) {
        world.configurationListeners.push(listener);
        return { dispose() {} };
      },
      onDidChangeTextDocument(listener) {
        world.textListeners = (world.textListeners || []).concat(listener);
        return { dispose() { world.textListeners = world.textListeners.filter((other) => other !== listener); } };
      },
      async openTextDocument(options) {
        world.opened = options;
        return options;
      },
    },
    window: {
      activeTextEditor: undefined,
      createWebviewPanel(viewType, title, showOptions, options) {
        const panel = {
          viewType, title, showOptions, options,
          webview: { html: '' },
          disposeListeners: [],
          onDidDispose(listener) { this.disposeListeners.push(listener); return { dispose() {} }; },
          reveal() { this.revealed = true; },
          dispose() { for (const listener of this.disposeListeners) listener(); },
        };
        world.panels = (world.panels || []).concat(panel);
        return panel;
      },
      onDidChangeTextEditorSelection(listener) {
        world.selectionListeners = (world.selectionListeners || []).concat(listener);
        return { dispose() { world.selectionListeners = world.selectionListeners.filter((other) => other !== listener); } };
      },
      onDidChangeActiveTextEditor(listener) {
        world.editorListeners = (world.editorListeners || []).concat(listener);
        return { dispose() { world.editorListeners = world.editorListeners.filter((other) => other !== listener); } };
      },
      createOutputChannel: (name) => ({ name, lines: [], appendLine(line) { this.lines.push(line); }, show() {}, dispose() {} }),
      async showErrorMessage(message) {
        world.errors.push(message);
        return undefined;
      },
      async showWarningMessage(message) {
        world.errors.push(message);
      },
      async showInformationMessage(message) {
        world.errors.push(message);
      },
      async showTextDocument(document) {
        world.shown = document;
      },
    },
    commands: {
      registerCommand(name, callback) {
        world.commands[name] = callback;
        return { dispose() {} };
      },
      executeCommand() {},
    },
  };

  return { world, vscode, languageclient };
}

function loadExtension(stubs) {
  const originalLoad = Module._load;
  Module._load = function load(request, parent, isMain) {
    if (request === 'vscode') return stubs.vscode;
    if (request === 'vscode-languageclient/node') return stubs.languageclient;
    return originalLoad.call(this, request, parent, isMain);
  };
  try {
    delete require.cache[require.resolve(EXTENSION)];
    return require(EXTENSION);
  } finally {
    Module._load = originalLoad;
  }
}

/** The clients of layout and Interface Builder files (not the source-code one). */
function plumbClients(world) {
  return world.clients.filter((client) => client.id === 'plumb');
}

function sourceClients(world) {
  return world.clients.filter((client) => client.id === 'plumb-source');
}

async function activated(settings = {}) {
  const stubs = makeWorld(settings);
  const extension = loadExtension(stubs);
  const context = { subscriptions: [] };
  await extension.activate(context);
  return { ...stubs, extension, context };
}

test('starts plumb lsp over stdio for layout and vfl documents', async () => {
  const { world } = await activated();
  assert.equal(plumbClients(world).length, 1);
  const client = plumbClients(world)[0];
  assert.equal(client.id, 'plumb', 'the id is the settings prefix, so plumb.trace.server works');
  assert.equal(client.serverOptions.run.command, 'plumb');
  assert.deepEqual(client.serverOptions.run.args, ['lsp']);
  assert.equal(client.serverOptions.run.transport, 0);
  const languages = new Set(client.clientOptions.documentSelector.filter((selector) => selector.language).map((selector) => selector.language));
  assert.deepEqual([...languages].sort(), ['layout', 'vfl']);
  assert.ok(client.running);
});

test('tells the server when a .plumb.json changes', async () => {
  const { world } = await activated();
  assert.equal(world.clients[0].clientOptions.synchronize.fileEvents.glob, '**/.plumb.json');
});

test('expands ~ and ${workspaceFolder} in the server path', async () => {
  const os = require('node:os');
  let { world } = await activated({ 'server.path': '~/bin/plumb' });
  assert.equal(plumbClients(world)[0].serverOptions.run.command, path.join(os.homedir(), 'bin/plumb'));
  ({ world } = await activated({ 'server.path': '${workspaceFolder}/.build/debug/plumb' }));
  assert.equal(plumbClients(world)[0].serverOptions.run.command, '/work/project/.build/debug/plumb');
});

test('sends the settings in the server shape', async () => {
  const { world } = await activated({
    primaryCanvas: 'iPad',
    primaryDirection: 'rtl',
    'inlayHints.frames': false,
  });
  const client = plumbClients(world)[0];
  const expected = { primaryCanvas: 'iPad', primaryDirection: 'rtl', inlayHints: { frames: false, ambiguity: true } };
  assert.deepEqual(client.clientOptions.initializationOptions, expected);
  const answer = client.clientOptions.middleware.workspace.configuration({ items: [{ section: 'plumb' }, { section: 'other' }] });
  assert.deepEqual(answer, [expected, null]);
});

test('defaults map to nulls the server understands', async () => {
  const { world } = await activated();
  assert.deepEqual(plumbClients(world)[0].clientOptions.initializationOptions, {
    primaryCanvas: null,
    primaryDirection: null,
    inlayHints: { frames: true, ambiguity: true },
  });
});

test('a settings change is sent; a server path change restarts', async () => {
  const { world } = await activated();
  const first = plumbClients(world)[0];
  world.settings.primaryCanvas = 'phone';
  for (const listener of world.configurationListeners) {
    await listener({ affectsConfiguration: (key) => key === 'plumb' || key === 'plumb.primaryCanvas' });
  }
  assert.equal(first.notifications.length, 1);
  assert.equal(first.notifications[0].type.method, 'workspace/didChangeConfiguration');
  assert.equal(first.notifications[0].params.settings.plumb.primaryCanvas, 'phone');

  world.settings['server.path'] = '/opt/plumb';
  for (const listener of world.configurationListeners) {
    await listener({ affectsConfiguration: (key) => key === 'plumb' || key === 'plumb.server' || key === 'plumb.server.path' });
  }
  assert.ok(first.stopped, 'the old client was stopped');
  assert.equal(plumbClients(world).length, 2);
  assert.equal(plumbClients(world)[1].serverOptions.run.command, '/opt/plumb');
  assert.ok(plumbClients(world)[1].running);
});

test('the restart command replaces the client; deactivate stops it', async () => {
  const { world, extension } = await activated();
  await world.commands['plumb.restartServer']();
  assert.equal(plumbClients(world).length, 2);
  assert.ok(plumbClients(world)[0].stopped);
  await extension.deactivate();
  assert.ok(plumbClients(world)[1].stopped);
});

test('show frames asks the server for plumb/frames', async () => {
  const { world, vscode } = await activated({ primaryCanvas: 'phone' });
  vscode.window.activeTextEditor = { document: { languageId: 'layout', uri: { toString: () => 'file:///a.layout' } } };
  await world.commands['plumb.showFrames']();
  const request = plumbClients(world)[0].requests[0];
  assert.equal(request.method, 'plumb/frames');
  assert.deepEqual(request.params, { textDocument: { uri: 'file:///a.layout' }, canvas: 'phone' });
  assert.equal(world.opened.language, 'json');
});

test('a server that cannot start is reported, not thrown', async () => {
  const stubs = makeWorld({ 'server.path': '/nowhere/plumb' });
  stubs.world.failStart = true;
  const extension = loadExtension(stubs);
  await extension.activate({ subscriptions: [] });
  assert.equal(stubs.world.errors.length, 1);
  assert.match(stubs.world.errors[0], /could not start "\/nowhere\/plumb lsp"/);
});

test('every contributed command is registered', async () => {
  const { world } = await activated();
  const manifest = require(path.join(__dirname, '..', 'vscode', 'package.json'));
  for (const { command } of manifest.contributes.commands) {
    assert.equal(typeof world.commands[command], 'function', command);
  }
});

const INTERFACE_BUILDER = { scheme: 'file', pattern: '**/*.{storyboard,xib}' };

function interfaceBuilderSelectors(client) {
  return client.clientOptions.documentSelector.filter((selector) => selector.language === undefined);
}

test('storyboards and xibs are selected by name, leaving their language alone', async () => {
  const { world } = await activated();
  const selectors = interfaceBuilderSelectors(plumbClients(world)[0]);
  assert.deepEqual(selectors, [INTERFACE_BUILDER]);
  const pattern = selectors[0].pattern;
  assert.ok(!('language' in selectors[0]), 'no language: the XML language and its extensions stay as they are');
  // The glob's alternatives are the two extensions the server reads as Interface Builder XML.
  assert.deepEqual(pattern.match(/\{(.*)\}/)[1].split(',').sort(), ['storyboard', 'xib']);
  const manifest = require(path.join(__dirname, '..', 'vscode', 'package.json'));
  assert.ok(!manifest.contributes.languages.some((language) => (language.extensions || []).some((extension) => ['.storyboard', '.xib'].includes(extension))),
    'the extension contributes no language for .storyboard or .xib');
});

test('plumb.interfaceBuilder.enable = false leaves storyboards and xibs out', async () => {
  const { world } = await activated({ 'interfaceBuilder.enable': false });
  assert.deepEqual(interfaceBuilderSelectors(plumbClients(world)[0]), []);
  const languages = plumbClients(world)[0].clientOptions.documentSelector.map((selector) => selector.language);
  assert.deepEqual([...new Set(languages)].sort(), ['layout', 'vfl']);
});

test('turning plumb.interfaceBuilder.enable off or on restarts the client with the new selector', async () => {
  const { world } = await activated();
  const first = plumbClients(world)[0];
  world.settings['interfaceBuilder.enable'] = false;
  for (const listener of world.configurationListeners) {
    await listener({ affectsConfiguration: (key) => ['plumb', 'plumb.interfaceBuilder', 'plumb.interfaceBuilder.enable'].includes(key) });
  }
  assert.ok(first.stopped, 'the old client was stopped');
  assert.equal(plumbClients(world).length, 2);
  assert.deepEqual(interfaceBuilderSelectors(plumbClients(world)[1]), []);
  assert.equal(first.notifications.length, 0, 'a restart, not a settings notification');
  world.settings['interfaceBuilder.enable'] = true;
  for (const listener of world.configurationListeners) {
    await listener({ affectsConfiguration: (key) => ['plumb', 'plumb.interfaceBuilder', 'plumb.interfaceBuilder.enable'].includes(key) });
  }
  assert.equal(plumbClients(world).length, 3);
  assert.deepEqual(interfaceBuilderSelectors(plumbClients(world)[2]), [INTERFACE_BUILDER]);
});

function storyboardEditor() {
  const uri = 'file:///work/project/Main.storyboard';
  return { document: { languageId: 'xml', uri: { toString: () => uri, path: '/work/project/Main.storyboard', fsPath: '/work/project/Main.storyboard' } } };
}

test('show frames works on a storyboard in the xml language', async () => {
  const { world, vscode } = await activated();
  vscode.window.activeTextEditor = storyboardEditor();
  await world.commands['plumb.showFrames']();
  assert.equal(world.errors.length, 0, world.errors.join('; '));
  const request = plumbClients(world)[0].requests[0];
  assert.equal(request.method, 'plumb/frames');
  assert.deepEqual(request.params, { textDocument: { uri: 'file:///work/project/Main.storyboard' } });
});

test('show frames declines a storyboard when Interface Builder files are turned off, and other XML', async () => {
  let { world, vscode } = await activated({ 'interfaceBuilder.enable': false });
  vscode.window.activeTextEditor = storyboardEditor();
  await world.commands['plumb.showFrames']();
  assert.equal(plumbClients(world)[0].requests.length, 0);
  assert.equal(world.errors.length, 1);
  ({ world, vscode } = await activated());
  vscode.window.activeTextEditor = { document: { languageId: 'xml', uri: { toString: () => 'file:///a/pom.xml', path: '/a/pom.xml' } } };
  await world.commands['plumb.showFrames']();
  assert.equal(plumbClients(world)[0].requests.length, 0);
});

test('Swift and Objective-C documents get a second server that offers only what it checks there', async () => {
  const { world } = await activated({ primaryCanvas: 'phone' });
  assert.equal(sourceClients(world).length, 1);
  const source = sourceClients(world)[0];
  assert.equal(source.serverOptions.run.command, 'plumb');
  assert.deepEqual(source.serverOptions.run.args, ['lsp']);
  assert.deepEqual(source.clientOptions.documentSelector.map((selector) => selector.language).sort(), ['objective-c', 'objective-cpp', 'swift']);
  assert.equal(source.clientOptions.initializationOptions.sourceCodeOnly, true);
  assert.equal(source.clientOptions.initializationOptions.primaryCanvas, 'phone');
  assert.ok(source.running);
  // The layout server is not given source files.
  const languages = plumbClients(world)[0].clientOptions.documentSelector.map((selector) => selector.language);
  assert.ok(!languages.includes('swift'));
  const manifest = require(path.join(__dirname, '..', 'vscode', 'package.json'));
  for (const language of ['swift', 'objective-c', 'objective-cpp']) {
    assert.ok(manifest.activationEvents.includes(`onLanguage:${language}`), language);
  }
});

test('plumb.sourceCode.enable = false starts no source server; turning it on restarts with one', async () => {
  const { world, extension } = await activated({ 'sourceCode.enable': false });
  assert.equal(sourceClients(world).length, 0);
  world.settings['sourceCode.enable'] = true;
  for (const listener of world.configurationListeners) {
    await listener({ affectsConfiguration: (key) => ['plumb', 'plumb.sourceCode', 'plumb.sourceCode.enable'].includes(key) });
  }
  assert.equal(sourceClients(world).length, 1);
  assert.ok(plumbClients(world)[0].stopped, 'the servers were restarted');
  await extension.deactivate();
  assert.ok(sourceClients(world)[0].stopped, 'deactivate stops the source server too');
});

const EXPLAINED = {
  version: 1,
  problem: null,
  conflicts: [
    {
      line: 0,
      missing: [],
      explanation: 'Minimal conflicting set: 2 constraints of 2:\nUIKit broke 0x600002, which is in the minimal set.',
    },
  ],
};

test('explain sends the selection as plumb/explain and shows the explanation', async () => {
  const { world, vscode } = await activated();
  world.answer = EXPLAINED;
  const selection = { isEmpty: false };
  vscode.window.activeTextEditor = {
    selection,
    document: { languageId: 'log', uri: { toString: () => 'file:///console.log' }, getText: (range) => (range === selection ? 'the log' : 'all') },
  };
  await world.commands['plumb.explainLog']();
  const request = world.clients[0].requests[0];
  assert.equal(request.method, 'plumb/explain');
  assert.deepEqual(request.params, { text: 'the log' });
  assert.equal(world.opened.language, 'plaintext');
  assert.equal(
    world.opened.content,
    'Conflict 1 (line 1 of the log)\n  Minimal conflicting set: 2 constraints of 2:\n  UIKit broke 0x600002, which is in the minimal set.\n');
});

test('explain falls back to the clipboard, and says when there is nothing to explain', async () => {
  let { world, vscode } = await activated();
  world.answer = EXPLAINED;
  world.clipboard = 'copied log';
  vscode.window.activeTextEditor = { selection: { isEmpty: true }, document: { languageId: 'plaintext', uri: { toString: () => 'untitled:1' } } };
  await world.commands['plumb.explainLog']();
  assert.deepEqual(world.clients[0].requests[0].params, { text: 'copied log' });

  ({ world, vscode } = await activated());
  await world.commands['plumb.explainLog']();
  assert.equal(world.clients[0].requests.length, 0);
  assert.match(world.errors[0], /select the console output/);

  ({ world, vscode } = await activated());
  world.clipboard = 'no log here';
  world.answer = { version: 1, problem: 'No conflict report found: …', conflicts: [] };
  await world.commands['plumb.explainLog']();
  assert.match(world.errors[0], /No conflict report found/);
  assert.equal(world.opened, undefined);
});

/** An editor of a layout document whose cursor is on `line` of `lines`. */
function layoutEditor(uri, lines, line) {
  return {
    selection: { isEmpty: true, active: { line } },
    document: { languageId: 'layout', uri: { toString: () => uri, path: uri.replace('file://', '') }, lineAt: (index) => ({ text: lines[index] }) },
  };
}

const LAYOUT_LINES = ['canvas phone 375x667', 'canvas pad 768x1024', 'view Banner', 'H:|-8-[Banner]'];

test('the layout preview shows plumb/render beside the editor, in the canvas at the cursor', async () => {
  const { world, vscode } = await activated();
  world.answer = { version: 1, svg: '<svg xmlns="http://www.w3.org/2000/svg"><g class="view" data-view="Banner"/></svg>' };
  vscode.window.activeTextEditor = layoutEditor('file:///a.layout', LAYOUT_LINES, 1);
  await world.commands['plumb.showPreview']();
  assert.equal(world.errors.length, 0, world.errors.join('; '));
  const request = plumbClients(world)[0].requests[0];
  assert.equal(request.method, 'plumb/render');
  assert.deepEqual(request.params, { textDocument: { uri: 'file:///a.layout' }, canvas: 'pad' });
  const panel = world.panels[0];
  assert.equal(panel.showOptions.viewColumn, vscode.ViewColumn.Beside);
  assert.equal(panel.showOptions.preserveFocus, true);
  assert.equal(panel.options.enableScripts, false, 'the page runs no script');
  assert.match(panel.webview.html, /data-view="Banner"/);
  assert.match(panel.webview.html, /Content-Security-Policy" content="default-src 'none'/);
  assert.equal(panel.title, 'Plumb Preview: a.layout');
});

test('the layout preview follows typing and the cursor, and stops when closed', async () => {
  const { world, vscode } = await activated({ primaryDirection: 'rtl' });
  world.answer = { version: 1, svg: '<svg/>' };
  const editor = layoutEditor('file:///a.layout', LAYOUT_LINES, 3);
  vscode.window.activeTextEditor = editor;
  await world.commands['plumb.showPreview']();
  const requests = plumbClients(world)[0].requests;
  assert.deepEqual(requests[0].params, { textDocument: { uri: 'file:///a.layout' }, direction: 'rtl' });
  // An edit of another document does nothing; an edit of this one draws again after a pause.
  for (const listener of world.textListeners) listener({ document: { uri: { toString: () => 'file:///other.layout' } } });
  for (const listener of world.textListeners) listener({ document: { uri: { toString: () => 'file:///a.layout' } } });
  for (const listener of world.textListeners) listener({ document: { uri: { toString: () => 'file:///a.layout' } } });
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.equal(requests.length, 2, 'two quick edits are drawn once');
  // The cursor on a canvas line: that canvas.
  const onPhone = layoutEditor('file:///a.layout', LAYOUT_LINES, 0);
  for (const listener of world.selectionListeners) listener({ textEditor: onPhone });
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.equal(requests.length, 3);
  assert.equal(requests[2].params.canvas, 'phone');
  // Closed: nothing more is asked.
  world.panels[0].dispose();
  assert.equal(world.textListeners.length, 0);
  assert.equal(world.selectionListeners.length, 0);
});

test('the layout preview says when the server cannot draw', async () => {
  const { world, vscode } = await activated();
  const client = plumbClients(world)[0];
  client.sendRequest = async () => { throw new Error('the document has no canvas'); };
  vscode.window.activeTextEditor = layoutEditor('file:///a.layout', LAYOUT_LINES, 3);
  await world.commands['plumb.showPreview']();
  assert.match(world.panels[0].webview.html, /plumb\/render failed: the document has no canvas/);
  vscode.window.activeTextEditor = { document: { languageId: 'plaintext', uri: { toString: () => 'untitled:1' } } };
  await world.commands['plumb.showPreview']();
  assert.equal(world.panels.length, 1);
  assert.match(world.errors[0], /open a \.layout/);
});

test('on a storyboard the preview sends the cursor, and the server draws its scene', async () => {
  const { world, vscode } = await activated();
  world.answer = { version: 1, svg: '<svg/>' };
  const editor = storyboardEditor();
  editor.selection = { isEmpty: true, active: { line: 12, character: 4 } };
  editor.document.lineAt = () => ({ text: '<view key="view">' });
  vscode.window.activeTextEditor = editor;
  await world.commands['plumb.showPreview']();
  const requests = plumbClients(world)[0].requests;
  assert.deepEqual(requests[0].params, { textDocument: { uri: 'file:///work/project/Main.storyboard' }, position: { line: 12, character: 4 } });
  // Another line: drawn again for the scene there; the same line: nothing.
  for (const listener of world.selectionListeners) listener({ textEditor: { ...editor, selection: { active: { line: 12, character: 9 } } } });
  for (const listener of world.selectionListeners) listener({ textEditor: { ...editor, selection: { active: { line: 40, character: 2 } } } });
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.equal(requests.length, 2);
  assert.deepEqual(requests[1].params.position, { line: 40, character: 2 });
  world.panels[0].dispose();
});
