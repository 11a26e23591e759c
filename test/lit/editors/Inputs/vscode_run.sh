#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The VS Code extension end to end (test/lit/editors/vscode.test), as a user gets it: the .vsix is
# packaged from editors/vscode with @vscode/vsce, installed into code-server (from the npm
# registry, scripts/setup-editors.sh), code-server serves a workspace with k.cu, and Debian's
# headless Chromium, driven by vscode_e2e.js (puppeteer-core), opens the file, reads the Problems
# panel and applies the __launch_bounds__ quick fix. No network is used.
# usage: vscode_run.sh SRC_ROOT WORK_DIR CUDA_LINT_BINARY TOOLS_DIR CHROMIUM
set -euo pipefail
src=$1 work=$2 exe=$3 tools=$4 chromium=$5
inputs=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work/home"
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share

# The .vsix, packaged from a copy of editors/vscode (its node_modules are setup's).
mkdir -p "$work/ext"
(cd "$src/editors/vscode" && tar --exclude=./node_modules --exclude=./out --exclude='./*.vsix' \
   --exclude=./LICENSE -cf - .) | tar -xf - -C "$work/ext"
ln -s "$src/editors/vscode/node_modules" "$work/ext/node_modules"
(cd "$work/ext" && CUDA_LINT_LICENSE=$src/LICENSE ./node_modules/.bin/vsce package \
   --no-update-package-json --out "$work/cuda-lint.vsix" >"$work/vsce.log" 2>&1) ||
  { cat "$work/vsce.log"; echo "VSIX failed"; exit 1; }
# The listing is read whole: `unzip -l | grep -q` under pipefail fails when grep exits first.
listing=$(unzip -l "$work/cuda-lint.vsix")
grep -q 'extension/out/extension.js' <<<"$listing" &&
  grep -q 'extension/node_modules/vscode-languageclient/' <<<"$listing" &&
  grep -q 'extension/LICENSE' <<<"$listing" && echo "VSIX packaged"

code_server=$tools/code-server/node_modules/.bin/code-server
data=$work/data exts=$work/extensions
mkdir -p "$data/User" "$work/project"
"$code_server" --user-data-dir "$data" --extensions-dir "$exts" \
  --install-extension "$work/cuda-lint.vsix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; echo "INSTALL failed"; exit 1; }
ls "$exts" | grep -q '^cuda-lint\.cuda-lint-' && echo "INSTALLED $(ls "$exts" | grep '^cuda-lint\.')"

cp "$inputs/k.cu" "$work/project/k.cu"
cat >"$data/User/settings.json" <<JSON
{
  "cudaLint.path": "$exe",
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "update.mode": "none",
  "git.enabled": false,
  "chat.disableAIFeatures": true
}
JSON
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
CUDA_LINT_NO_CACHE=1 "$code_server" --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry \
  --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  --user-data-dir "$data" --extensions-dir "$exts" "$work/project" >"$work/code-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT
for _ in $(seq 1 120); do
  curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break
  kill -0 $server 2>/dev/null || { cat "$work/code-server.log"; echo "code-server exited"; exit 1; }
  sleep 0.5
done
echo "code-server up"
rc=0
E2E_SCREENSHOT=$work/failure.png node "$inputs/vscode_e2e.js" "http://127.0.0.1:$port/?folder=$work/project" "$chromium" \
  "$tools/puppeteer" || rc=$?
echo "E2E rc=$rc"
if ((rc)); then tail -30 "$work/code-server.log"; fi
