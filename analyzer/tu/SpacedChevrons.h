// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SpacedChevrons.h - Launches written `k << <g, b >> >(...)` ----------===//
//
// nvcc accepts a launch whose chevrons are split by spaces, `k << <grid, block >> > (args)`, as
// Visual Studio's formatter writes them (3D Gaussian Splatting's rasterizer, xmrig-cuda); Clang
// wants `<<<` and `>>>` as single tokens and reports "expected expression", losing the launch and
// whatever follows it. The file system of a parse joins them, keeping every byte offset: `<< <`
// becomes `<<< ` and `>> >` becomes `>>> `, so locations, fix-its and the cache's view of the
// file's size stay those of the file on disk.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_SPACEDCHEVRONS_H
#define CUDALINT_ANALYZER_TU_SPACEDCHEVRONS_H

#include "llvm/Support/VirtualFileSystem.h"

#include <string>

namespace cudalint {

/// Joins the spaced chevrons of every launch in \p Text in place (same length); returns whether
/// it changed anything. Only `<<` + blanks + `<` after a kernel name (an identifier, `>` of its
/// template arguments or `)`), not after `operator`, whose matching `>>` + blanks + `>` (or `>>>`)
/// is followed by `(` within the same statement.
bool joinSpacedChevrons(std::string &Text);

class SpacedChevrons : public llvm::vfs::ProxyFileSystem {
public:
  explicit SpacedChevrons(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : ProxyFileSystem(std::move(FS)) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override;
};

} // namespace cudalint

#endif
