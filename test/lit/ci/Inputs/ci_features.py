# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""lit features for the CI-integration tests (test/lit/ci).

sarif-multitool: Microsoft's SARIF validator. $SARIF_MULTITOOL if set, else an npm install of
  @microsoft/sarif-multitool kept in the build tree (made once, on first use; skipped when npm or
  the network is missing, or CUDA_LINT_NO_NPM is set). Substitution: %sarif-validate FILE.
pre-commit: Debian's `pre-commit` on PATH.
pyyaml: a Python with PyYAML (Debian's python3-yaml comes with pre-commit). Substitution:
  %python-yaml.
"""
import os
import shutil
import subprocess
import sys

PACKAGE = "@microsoft/sarif-multitool"


def _platform_binary(prefix):
    plat = {"linux": "linux", "darwin": "darwin"}.get(sys.platform, "win32")
    exe = "Sarif.Multitool.exe" if plat == "win32" else "Sarif.Multitool"
    return os.path.join(prefix, "node_modules", "@microsoft", "sarif-multitool-" + plat, exe)


def find_sarif_multitool(build_dir, lit_config):
    env = os.environ.get("SARIF_MULTITOOL")
    if env:
        return env if os.access(env, os.X_OK) else None
    prefix = os.path.join(build_dir, "test", "tools", "sarif-multitool")
    binary = _platform_binary(prefix)
    if os.access(binary, os.X_OK):
        return binary
    npm = shutil.which("npm")
    if not npm or os.environ.get("CUDA_LINT_NO_NPM"):
        return None
    os.makedirs(prefix, exist_ok=True)
    lit_config.note("installing %s into %s (once)" % (PACKAGE, prefix))
    try:
        subprocess.run([npm, "install", "--prefix", prefix, "--no-audit", "--no-fund",
                        "--loglevel=error", PACKAGE],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300, check=True)
    except (subprocess.SubprocessError, OSError) as e:
        lit_config.note("no SARIF multitool (%s): its tests are unsupported" % e.__class__.__name__)
        return None
    if os.path.exists(binary) and not os.access(binary, os.X_OK):
        os.chmod(binary, 0o755)  # npm may skip the package's chmod postinstall script
    return binary if os.access(binary, os.X_OK) else None


def configure(config, lit_config):
    here = os.path.dirname(os.path.abspath(__file__))
    multitool = find_sarif_multitool(config.cuda_lint_build_dir, lit_config)
    if multitool:
        config.available_features.add("sarif-multitool")
        config.substitutions.append(
            ("%sarif-validate", "python3 %s %s" % (os.path.join(here, "sarif_validate.py"), multitool)))
    if shutil.which("pre-commit"):
        config.available_features.add("pre-commit")
    for python in (sys.executable, shutil.which("python3"), "/usr/bin/python3"):
        if python and os.access(python, os.X_OK) and subprocess.run(
                [python, "-c", "import yaml"], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL).returncode == 0:
            config.available_features.add("pyyaml")
            config.substitutions.append(("%python-yaml", python))
            break
    # The SARIF/GitHub root defaults to the git top level; tests pass --sarif-root explicitly.
    for var in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA", "CUDA_LINT_DOCS_DIR",
                "PRE_COMMIT_HOME", "CUDA_LINT"):
        config.environment.pop(var, None)
