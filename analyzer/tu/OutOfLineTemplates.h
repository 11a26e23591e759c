// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- OutOfLineTemplates.h - Definitions nvcc takes for new templates ------===//
//
// nvcc (EDG) takes a qualified definition of a function template at namespace scope that matches
// no declaration of the namespace for the declaration of a new template there; Clang rejects it
// ("out-of-line definition of 'f' does not match any declaration in namespace 'n'") and every call
// of it is an error too, so the kernels calling it are lost. cuSZ's spline3.inl declares
// `device_api::spline3d_layout2_interpolate` with five parameters and defines it, qualified, with
// six; its kernels call the six. (A non-template function or a class member nvcc rejects too.)
//
// When the namespace declares one template of that name, never defined, the parse is done again
// with that declaration's parameter list rewritten in place to the definition's, every byte at
// its offset and every line break where it was (the names of the parameters, comments and blanks
// make the room; no room, no rewrite). The rewritten parse is kept only when it has fewer errors:
// a call of the old declaration still in the code then fails, and the first parse stands.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_OUTOFLINETEMPLATES_H
#define CUDALINT_ANALYZER_TU_OUTOFLINETEMPLATES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FileID;
class SourceLocation;
class SourceManager;
} // namespace clang

namespace cudalint {

/// One declaration's parameter list, rewritten in place.
struct DeclarationRewrite {
  llvm::sys::fs::UniqueID File;
  std::string RealPath;     // as collectReadFiles names the file
  std::string OriginalHash; // contentHash of the bytes the first parse read
  size_t Offset = 0;        // of the first byte after '('
  std::string Text;         // as long as what it replaces
};

/// The rewrite of the bytes of \p File from \p Offset to \p Text (as long as what it replaces);
/// nothing when the file has no real path or is too short.
std::optional<DeclarationRewrite> rewriteAt(const clang::SourceManager &SM, clang::FileID File,
                                            size_t Offset, std::string Text);

/// The rewrites that give the invalid definitions named at \p Errors (the locations of "does not
/// match any declaration" errors) a declaration to match; empty when there is none to make.
std::vector<DeclarationRewrite> rewritesForUnmatchedTemplates(clang::ASTContext &AST,
                                                              llvm::ArrayRef<clang::SourceLocation>
                                                                  Errors);

/// A parse's file system with the rewrites applied to what it reads (none until set).
class RewrittenDeclarations : public llvm::vfs::ProxyFileSystem {
public:
  explicit RewrittenDeclarations(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : ProxyFileSystem(std::move(FS)) {}
  void set(std::vector<DeclarationRewrite> R) { Rewrites = std::move(R); }
  llvm::ArrayRef<DeclarationRewrite> rewrites() const { return Rewrites; }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override;

private:
  std::vector<DeclarationRewrite> Rewrites;
};

} // namespace cudalint

#endif
