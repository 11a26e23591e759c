# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# lit configuration for cuda-lint, loaded by the lit.site.cfg.py that CMake writes into the build tree.
# Run through CTest (`ctest -R lit`) or directly: `lit -sv build/test/lit [--filter REGEX]`.
import os
import shutil

import lit.formats
import lit.util

config.name = "cuda-lint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".cuh", ".test", ".cpp"]
config.excludes = ["Inputs", "CMakeLists.txt", "expect_exit.py", "check_json.py", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cuda_lint_build_dir, "test", "lit")

config.environment["NO_COLOR"] = "1"
# Every test analyses afresh; the tests of the result cache (test/lit/cache) turn it on with
# `env -u CUDA_LINT_NO_CACHE` and their own --cache-dir.
config.environment["CUDA_LINT_NO_CACHE"] = "1"
config.environment.pop("GITHUB_STEP_SUMMARY", None)
config.environment["PATH"] = os.pathsep.join(
    [config.cuda_lint_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])

config.substitutions.append(("%cuda-lint", os.path.join(config.cuda_lint_bin_dir, "cuda-lint")))
# The prefix whose lib/cuda-lint and share/cuda-lint the build tree's cuda-lint reads
# (analyzer/support/Resources.h): for tests that run a copy of the binary elsewhere.
config.substitutions.append(("%cuda_lint_prefix", config.cuda_lint_build_dir))
config.substitutions.append(("%cuda_path", config.cuda_path))
config.substitutions.append(("%src_root", config.cuda_lint_src_dir))
config.substitutions.append(("%cmake", config.cmake_command))

nvcc = os.path.join(config.cuda_path, "bin", "nvcc")
if os.access(nvcc, os.X_OK):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))
if shutil.which("nvidia-smi") and lit.util.executeCommand(["nvidia-smi", "-L"])[2] == 0:
    config.available_features.add("gpu")
config.substitutions.append(
    ("%expect-exit", "python3 " + os.path.join(os.path.dirname(__file__), "expect_exit.py")))
# CI integration (test/lit/ci): the SARIF multitool and pre-commit features.
import sys
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "ci", "Inputs"))
import ci_features
ci_features.configure(config, lit_config)
# cuda-lint finds an omp.h for the parse in Clang's resource dir or a GCC installation.
import glob
if glob.glob("/usr/lib/gcc/*/*/include/omp.h") or glob.glob(
        os.path.join(config.llvm_tools_dir, "..", "lib", "clang", "*", "include", "omp.h")):
    config.available_features.add("omp-header")
# clang-tidy's fix applier (clang-tools-22, installed by scripts/setup.sh): --export-fixes output
# must give the same files as --fix.
apply_replacements = shutil.which("clang-apply-replacements-22") or shutil.which(
    "clang-apply-replacements", path=config.llvm_tools_dir)
if apply_replacements:
    config.available_features.add("clang-apply-replacements")
    config.substitutions.append(("%clang-apply-replacements", apply_replacements))
# Ninja (scripts/setup.sh installs it) drives the build-system launcher test (test/lit/scale).
if shutil.which("ninja"):
    config.available_features.add("ninja")
# util-linux's script(1) gives a command a pseudo-terminal (progress display on a terminal).
if shutil.which("script"):
    config.available_features.add("script")
# Neovim's built-in LSP client (scripts/setup.sh installs neovim) drives `cuda-lint lsp`.
if shutil.which("nvim"):
    config.available_features.add("nvim")
# A network namespace without a network (unshare -rn) for the offline tests.
if shutil.which("unshare") and lit.util.executeCommand(["unshare", "-rn", "true"])[2] == 0:
    config.available_features.add("netns")
else:
    lit_config.note("no network namespace (unshare -rn): ci/pre-commit-offline.test is unsupported")
# Neovim 0.10 beside Debian 12's 0.7.2 (scripts/setup-nvim.sh, from Debian 13's packages).
tools_dir = os.environ.get("CUDA_LINT_TOOLS_DIR") or os.path.join(
    os.path.expanduser("~"), ".cache", "cuda-lint-tools")
nvim010 = os.path.join(tools_dir, "bin", "nvim-0.10")
if os.access(nvim010, os.X_OK):
    config.available_features.add("nvim-0.10")
    config.substitutions.append(("%nvim010", nvim010))
else:
    lit_config.note("no Neovim 0.10 at %s (scripts/setup-nvim.sh installs it): "
                    "lsp/neovim-snippet-nvim010.test is unsupported" % nvim010)
# The VS Code extension in code-server with Debian's headless Chromium (scripts/setup-editors.sh
# installs them; nothing is fetched at test time).
vscode_missing = []
code_server = os.path.join(tools_dir, "code-server", "node_modules", ".bin", "code-server")
if not os.access(code_server, os.X_OK):
    vscode_missing.append("code-server (%s)" % code_server)
if not os.path.isdir(os.path.join(tools_dir, "puppeteer", "node_modules", "puppeteer-core")):
    vscode_missing.append("puppeteer-core (%s/puppeteer)" % tools_dir)
chromium = shutil.which("chromium")
if not chromium:
    vscode_missing.append("Debian's chromium")
if not os.access(os.path.join(config.cuda_lint_src_dir, "editors", "vscode", "node_modules", ".bin",
                              "vsce"), os.X_OK):
    vscode_missing.append("editors/vscode/node_modules (npm ci)")
if not shutil.which("node"):
    vscode_missing.append("node")
if vscode_missing:
    lit_config.note("editors/vscode.test is unsupported: missing " + ", ".join(vscode_missing) +
                    "; scripts/setup-editors.sh installs them")
else:
    config.available_features.add("vscode")
    config.substitutions.append(("%tools_dir", tools_dir))
    config.substitutions.append(("%chromium", chromium))
