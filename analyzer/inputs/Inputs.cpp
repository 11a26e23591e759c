//===- Inputs.cpp - From command-line paths to translation units ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/Inputs.h"
#include "analyzer/support/JsonDepth.h"
#include "analyzer/support/RegularFile.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using clang::tooling::CompilationDatabase;
using clang::tooling::JSONCommandLineSyntax;
using clang::tooling::JSONCompilationDatabase;

namespace cudalint {
namespace {

bool isCudaSource(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext == ".cu";
}
bool isCudaHeader(StringRef Path) { return sys::path::extension(Path) == ".cuh"; }

std::string makeAbsolute(StringRef Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, true);
  return std::string(P);
}

/// True when the database entry compiles CUDA (a .cu file, or -x cu / cuda).
bool isCudaEntry(const clang::tooling::CompileCommand &C) {
  if (isCudaSource(C.Filename) || isCudaHeader(C.Filename))
    return true;
  for (size_t I = 0; I + 1 < C.CommandLine.size(); ++I)
    if ((C.CommandLine[I] == "-x" || C.CommandLine[I] == "--x") &&
        (C.CommandLine[I + 1] == "cu" || C.CommandLine[I + 1] == "cuda"))
      return true;
  return false;
}

class Planner {
public:
  explicit Planner(const InputOptions &Opts) : Opts(Opts) {}
  InputPlan run();

private:
  CompilationDatabase *databaseFor(StringRef Path);
  CompilationDatabase *load(StringRef JsonPath);
  void addFile(StringRef Path, CompilationDatabase *DB);
  void addDatabaseEntries(CompilationDatabase &DB, StringRef Under);
  void walk(StringRef Dir, std::vector<std::string> &Found);

  const InputOptions &Opts;
  InputPlan Plan;
  StringMap<std::unique_ptr<CompilationDatabase>> Loaded; // null entry: failed
  StringSet<> Planned;
  StringSet<> PlannedReal; // by real path
};

/// The largest compile_commands.json read (a large project's is tens of MiB).
constexpr uint64_t MaxDatabaseBytes = uint64_t(1) << 30;

CompilationDatabase *Planner::load(StringRef JsonPath) {
  auto It = Loaded.find(JsonPath);
  if (It != Loaded.end())
    return It->second.get();
  std::string Err;
  std::unique_ptr<JSONCompilationDatabase> DB;
  // Only a regular file is read (a FIFO named compile_commands.json above the sources would
  // block the run). Clang parses it with llvm::yaml, which recurses once per nesting level:
  // the depth is bounded first.
  Expected<std::unique_ptr<MemoryBuffer>> Buf =
      readRegularFile(JsonPath, MaxDatabaseBytes, /*RequiresNullTerminator=*/false);
  if (!Buf) {
    Plan.Errors.push_back({JsonPath.str(), "cannot read the compilation database: " +
                                               toString(Buf.takeError()) +
                                               " (files are analysed with default flags)"});
  } else if (Error E = checkJsonDepth((**Buf).getBuffer())) {
    Err = toString(std::move(E));
  } else {
    DB = JSONCompilationDatabase::loadFromBuffer((**Buf).getBuffer(), Err,
                                                 JSONCommandLineSyntax::AutoDetect);
  }
  if (!DB && Buf) {
    StringRef Why = StringRef(Err).trim();
    Plan.Errors.push_back({JsonPath.str(), "malformed compilation database: " + Why.str() +
                                               " (files are analysed with default flags)"});
  } else if (DB) {
    Plan.Databases.push_back(JsonPath.str());
  }
  // A file of the tree that the build does not compile (a disabled template
  // instance, a new file) borrows the command of its closest neighbour, as
  // clangd does, instead of parsing without the project's flags.
  std::unique_ptr<CompilationDatabase> Inferred =
      DB ? clang::tooling::inferMissingCompileCommands(std::move(DB)) : nullptr;
  CompilationDatabase *Raw = Inferred.get();
  Loaded[JsonPath] = std::move(Inferred);
  return Raw;
}

CompilationDatabase *Planner::databaseFor(StringRef Path) {
  if (!Opts.BuildDir.empty()) {
    SmallString<256> P(Opts.BuildDir);
    if (!sys::fs::is_directory(P))
      return load(makeAbsolute(P));
    sys::path::append(P, "compile_commands.json");
    std::string Json = makeAbsolute(P);
    if (!sys::fs::exists(Json)) {
      // Reported once, however many paths ask.
      if (Loaded.try_emplace(Json, nullptr).second)
        Plan.Errors.push_back(
            {makeAbsolute(Opts.BuildDir),
             "-p: no compile_commands.json in this directory (CMake writes one with "
             "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON; Bear or compiledb for make); files are "
             "analysed with default flags"});
      return nullptr;
    }
    return load(Json);
  }
  SmallString<256> Dir(makeAbsolute(Path));
  if (!sys::fs::is_directory(Dir))
    sys::path::remove_filename(Dir);
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D)) {
    for (StringRef Sub : {"", "build"}) {
      SmallString<256> Candidate(D);
      sys::path::append(Candidate, Sub, "compile_commands.json");
      if (sys::fs::exists(Candidate))
        return load(Candidate);
    }
  }
  return nullptr;
}

/// The search follows symbolic links to directories, but enters each directory
/// (by device and inode) once: two links to `.` made it exponential.
void Planner::walk(StringRef Dir, std::vector<std::string> &Found) {
  DenseSet<std::pair<uint64_t, uint64_t>> Entered;
  auto Enter = [&](StringRef D) {
    sys::fs::UniqueID ID;
    if (sys::fs::getUniqueID(D, ID))
      return false;
    return Entered.insert({ID.getDevice(), ID.getFile()}).second;
  };
  std::error_code EC;
  if (!Enter(Dir))
    return;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef P = It->path();
    sys::fs::file_type Type = It->type();
    if (Type == sys::fs::file_type::symlink_file || Type == sys::fs::file_type::type_unknown)
      if (ErrorOr<sys::fs::basic_file_status> St = It->status()) // follows the link
        Type = St->type();
    if (Type == sys::fs::file_type::directory_file) {
      if (isSkippedDirectory(P) || !Enter(P))
        It.no_push();
      continue;
    }
    if (isCudaSource(P) || isCudaHeader(P))
      Found.push_back(makeAbsolute(P));
  }
  if (EC)
    Plan.Errors.push_back({Dir.str(), "cannot search directory: " + EC.message()});
}

void Planner::addFile(StringRef Path, CompilationDatabase *DB) {
  std::string Abs = makeAbsolute(Path);
  if (!Planned.insert(Abs).second)
    return;
  // One file reached through several links is analysed once, under the first
  // name that reaches it.
  SmallString<256> Real;
  if (!sys::fs::real_path(Abs, Real) && !PlannedReal.insert(Real).second)
    return;
  TranslatedCommand Cmd;
  std::vector<clang::tooling::CompileCommand> Entries;
  if (DB)
    Entries = DB->getCompileCommands(Abs);
  if (!Entries.empty()) {
    const auto &E = Entries.front();
    auto T = translateCompileCommand(E.CommandLine, E.Directory, Abs, Opts.Toolchain,
                                     Opts.ExtraArgs);
    if (!T) {
      Plan.Errors.push_back({Abs, toString(T.takeError())});
      return;
    }
    Cmd = std::move(*T);
  } else {
    Cmd = defaultCompileCommand(Abs, Opts.Toolchain, Opts.ExtraArgs);
  }
  (isCudaHeader(Abs) ? Plan.Headers : Plan.Sources).push_back(std::move(Cmd));
}

void Planner::addDatabaseEntries(CompilationDatabase &DB, StringRef Under) {
  for (const auto &E : DB.getAllCompileCommands()) {
    if (!isCudaEntry(E))
      continue;
    SmallString<256> File(E.Filename);
    if (!sys::path::is_absolute(File)) {
      File = E.Directory;
      sys::path::append(File, E.Filename);
    }
    std::string Abs = makeAbsolute(File);
    if (!Under.empty() && !StringRef(Abs).starts_with(Under))
      continue;
    if (!sys::fs::exists(Abs)) {
      if (Planned.insert(Abs).second)
        Plan.Errors.push_back({Abs, "the compilation database names this file, but it does not "
                                    "exist (stale build directory?)"});
      continue;
    }
    addFile(Abs, &DB);
  }
}

InputPlan Planner::run() {
  if (Opts.Paths.empty()) {
    // `cuda-lint -p build`: every CUDA entry of the database.
    if (CompilationDatabase *DB = databaseFor(".")) {
      addDatabaseEntries(*DB, "");
      if (Plan.Sources.empty() && Plan.Headers.empty() && Plan.Errors.empty())
        Plan.Errors.push_back(
            {Plan.Databases.empty() ? "" : Plan.Databases.front(),
             "the compilation database has no CUDA entries (.cu files or -x cu commands), so "
             "the CUDA sources compile outside it (CMake's legacy cuda_add_library and "
             "cuda_add_executable of FindCUDA run nvcc in custom commands, which it does not "
             "record); analyse them by path instead, e.g. cuda-lint src/, or build with "
             "CMake's CUDA language (project(... LANGUAGES CUDA)) to get their entries"});
    } else if (Opts.BuildDir.empty())
      Plan.Errors.push_back({"", "no paths given and no compile_commands.json found; usage: "
                                 "cuda-lint [options] PATH..."});
    return std::move(Plan);
  }
  for (const std::string &Path : Opts.Paths) {
    const bool Stdin = !Opts.StdinPath.empty() && Path == Opts.StdinPath;
    if (!Stdin && !sys::fs::exists(Path)) {
      Plan.Errors.push_back({Path, "no such file or directory"});
      continue;
    }
    CompilationDatabase *DB = databaseFor(Path);
    if (Stdin || !sys::fs::is_directory(Path)) {
      addFile(Path, DB);
      continue;
    }
    size_t Before = Plan.Sources.size() + Plan.Headers.size();
    std::vector<std::string> Found;
    walk(Path, Found);
    std::sort(Found.begin(), Found.end());
    for (const std::string &F : Found)
      addFile(F, DB);
    if (DB) {
      std::string Under = makeAbsolute(Path);
      if (!StringRef(Under).ends_with("/"))
        Under += "/";
      addDatabaseEntries(*DB, Under);
    }
    if (Plan.Sources.size() + Plan.Headers.size() == Before)
      Plan.Errors.push_back({Path, "no CUDA files (.cu, .cuh) found in this directory"});
  }
  return std::move(Plan);
}

} // namespace

bool isSkippedDirectory(StringRef Path) {
  StringRef Name = sys::path::filename(Path);
  if (Name.starts_with(".") && Name != "." && Name != "..")
    return true;
  if (Name == "build" || Name.starts_with("build-") || Name.starts_with("build_") ||
      Name.starts_with("cmake-build-") || Name == "CMakeFiles" || Name == "_deps" ||
      Name == "node_modules")
    return true;
  SmallString<256> Cache(Path);
  sys::path::append(Cache, "CMakeCache.txt");
  return sys::fs::exists(Cache);
}

InputPlan planInputs(const InputOptions &Opts) { return Planner(Opts).run(); }

} // namespace cudalint
