// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The cuda-lint extension for VS Code: starts `cuda-lint lsp` for CUDA files (language cuda-cpp)
// through vscode-languageclient. The server publishes the findings as diagnostics and their
// fix-its and NOLINT comments as quick fixes (docs/editors.md). Settings: cudaLint.path (the
// executable) and cudaLint.compileCommandsDir (`-p`); a change restarts the server.
import * as path from 'path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

function expand(value: string): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  return value.replace(/\$\{workspaceFolder\}/g, folder);
}

/** The command line of the server, from the settings. */
export function serverCommand(config: vscode.WorkspaceConfiguration): { command: string; args: string[] } {
  const command = expand(config.get<string>('path', 'cuda-lint') || 'cuda-lint');
  const args = ['lsp'];
  const dir = expand(config.get<string>('compileCommandsDir', '') || '');
  if (dir) {
    args.push('-p', path.resolve(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '', dir));
  }
  return { command, args };
}

async function start(): Promise<void> {
  const config = vscode.workspace.getConfiguration('cudaLint');
  const { command, args } = serverCommand(config);
  output ??= vscode.window.createOutputChannel('cuda-lint');
  output.appendLine(`starting: ${command} ${args.join(' ')}`);
  const serverOptions: ServerOptions = {
    run: { command, args, transport: TransportKind.stdio },
    debug: { command, args, transport: TransportKind.stdio },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'cuda-cpp' }],
    outputChannel: output,
    traceOutputChannel: output,
  };
  client = new LanguageClient('cudaLint', 'cuda-lint', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(
      `cuda-lint: cannot start "${command} ${args.join(' ')}": ${message}. ` +
        'Set cudaLint.path to the cuda-lint executable.');
    client = undefined;
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    await running.stop();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('cudaLint.restart', async () => {
      await stop();
      await start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('cudaLint.path') ||
          event.affectsConfiguration('cudaLint.compileCommandsDir')) {
        await stop();
        await start();
      }
    }),
  );
  await start();
}

export async function deactivate(): Promise<void> {
  await stop();
}
