#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs Neovim 0.10 for the editor tests (test/lit/lsp/neovim-snippet-nvim010.test) beside the
# system's Neovim, from Debian's own packages: Debian 12 has only Neovim 0.7.2, Debian 13 (trixie)
# has 0.10.4 but needs trixie's glibc. Its packages and glibc are downloaded with apt-get into a
# private apt state (the system's sources and packages are left alone), unpacked with
# dpkg-deb -x into DIR/nvim-0.10, and DIR/bin/nvim-0.10 runs trixie's nvim through trixie's
# dynamic loader and libraries (the programs it starts use the system's as usual).
#
#   setup-nvim.sh [DIR]    DIR: $CUDA_LINT_TOOLS_DIR, default ~/.cache/cuda-lint-tools
#
# Idempotent: nothing is fetched when DIR/bin/nvim-0.10 already runs. Needs the network once.
set -euo pipefail
dir=${1:-${CUDA_LINT_TOOLS_DIR:-$HOME/.cache/cuda-lint-tools}}
wrapper=$dir/bin/nvim-0.10
if [[ -x $wrapper ]] && "$wrapper" --headless --version 2>/dev/null | grep -q '^NVIM v0\.1[0-9]'; then
  exit 0
fi
arch=$(dpkg --print-architecture 2>/dev/null || true)
[[ $arch == amd64 ]] || { echo "setup-nvim: only amd64 is set up here (this is '$arch'); skipped" >&2; exit 0; }
echo "setup-nvim: installing Neovim 0.10 from Debian 13's packages into $dir/nvim-0.10" >&2
apt_dir=$dir/apt
rm -rf "$apt_dir" "$dir/nvim-0.10"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/debs" "$dir/bin"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" \
  >"$apt_dir/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
          -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
          -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
apt-get "${apt_opts[@]}" update -qq
packages=(neovim neovim-runtime libc6 libluajit-5.1-2 libluajit-5.1-common libmsgpack-c2
          libtree-sitter0.22 libunibilium4 libuv1t64 libvterm0 lua-lpeg lua-luv)
(cd "$apt_dir/debs" && apt-get "${apt_opts[@]}" download -qq "${packages[@]}")
for deb in "$apt_dir"/debs/*.deb; do
  dpkg-deb -x "$deb" "$dir/nvim-0.10"
done
rm -rf "$apt_dir"
root=$dir/nvim-0.10
cat >"$wrapper" <<WRAP
#!/bin/sh
# Neovim 0.10 from Debian 13's packages (scripts/setup-nvim.sh), run with their glibc.
lib="$root/usr/lib/x86_64-linux-gnu"
VIMRUNTIME="$root/usr/share/nvim/runtime" exec "\$lib/ld-linux-x86-64.so.2" \\
  --library-path "\$lib:/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu" "$root/usr/bin/nvim" "\$@"
WRAP
chmod +x "$wrapper"
"$wrapper" --headless --version | head -1 >&2
