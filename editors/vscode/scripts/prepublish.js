// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Run by `vsce package` (vscode:prepublish): the extension ships the project's LICENSE, taken
// from $CUDA_LINT_LICENSE or the repository two levels up.
const fs = require('fs');
const path = require('path');
const here = path.join(__dirname, '..');
const licence = process.env.CUDA_LINT_LICENSE || path.join(here, '..', '..', 'LICENSE');
fs.copyFileSync(licence, path.join(here, 'LICENSE'));
