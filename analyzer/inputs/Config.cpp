//===- Config.cpp - .cuda-lint.yaml: per-directory configuration ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/Config.h"
#include "analyzer/inputs/FlagPolicy.h"
#include "analyzer/inputs/RuleSelection.h"
#include "ptxas_parse/GpuProducts.h"
#include "ptxas_parse/ReadFile.h"
#include "rules/RuleRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

using namespace llvm;

namespace cudalint {
namespace {

// The file as written; yaml::Input validates each scalar where it stands, so
// errors point at the offending line.
struct RuleGlob {
  std::string Text;
};
struct PathGlob {
  std::string Text;
};
struct Arch {
  std::string Name;
};
struct Arg {
  std::string Text;
};
struct GpuName {
  std::string Name; // the product's name as the table spells it
};
struct Threshold {
  double Value = 0.5;
};
struct SeverityEntry {
  std::string Rule; // set before the value is read, so the value can check it
  Severity Level = Severity::Warning;
};
struct SeverityMap {
  std::vector<SeverityEntry> Entries; // in file order
};
struct RawRules {
  std::optional<std::vector<RuleGlob>> Enable, Disable;
};
struct RawConfig {
  bool Inherit = false;
  std::optional<RawRules> Rules;
  std::optional<SeverityMap> Severities;
  std::optional<Threshold> OccupancyThreshold;
  std::optional<std::vector<Arch>> Archs;
  std::optional<GpuName> Gpu;
  std::optional<std::vector<PathGlob>> Include, Exclude;
  std::optional<std::vector<Arg>> ExtraArgs;
};

/// The keys of the mapping being read, for "unknown key" errors. Each
/// mapping() sets it last, because yaml::Input checks for unknown keys right
/// after mapping() returns.
struct ParseState {
  const char *ValidKeys = "";
};

void setValidKeys(yaml::IO &Io, const char *Keys) {
  if (auto *State = static_cast<ParseState *>(Io.getContext()))
    State->ValidKeys = Keys;
}

/// ScalarTraits::input returns its error as a StringRef; this keeps the text.
StringRef scalarError(std::string Msg) {
  static thread_local std::string Buffer;
  Buffer = std::move(Msg);
  return Buffer;
}

std::optional<Severity> parseSeverity(StringRef S) {
  if (S == "note")
    return Severity::Note;
  if (S == "warning")
    return Severity::Warning;
  if (S == "error")
    return Severity::Error;
  return std::nullopt;
}

} // namespace
} // namespace cudalint

using namespace cudalint;

LLVM_YAML_IS_SEQUENCE_VECTOR(RuleGlob)
LLVM_YAML_IS_SEQUENCE_VECTOR(PathGlob)
LLVM_YAML_IS_SEQUENCE_VECTOR(Arch)
LLVM_YAML_IS_SEQUENCE_VECTOR(Arg)

namespace llvm::yaml {

template <> struct ScalarTraits<RuleGlob> {
  static void output(const RuleGlob &V, void *, raw_ostream &OS) { OS << V.Text; }
  static StringRef input(StringRef S, void *, RuleGlob &V) {
    V.Text = S.str();
    return scalarError(checkRuleGlob(S));
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::Single; }
};

template <> struct ScalarTraits<PathGlob> {
  static void output(const PathGlob &V, void *, raw_ostream &OS) { OS << V.Text; }
  static StringRef input(StringRef S, void *, PathGlob &V) {
    V.Text = S.str();
    if (S.empty())
      return "empty path pattern";
    if (Expected<GlobPattern> G = GlobPattern::create(S); !G)
      return scalarError("invalid glob '" + S.str() + "': " + toString(G.takeError()));
    return "";
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::Single; }
};

template <> struct ScalarTraits<Arch> {
  static void output(const Arch &V, void *, raw_ostream &OS) { OS << V.Name; }
  static StringRef input(StringRef S, void *, Arch &V) {
    V.Name = S.str();
    StringRef Digits = S;
    unsigned N;
    if (!Digits.consume_front("sm_") || Digits.empty())
      return scalarError("invalid arch '" + S.str() + "' (expected sm_XY, e.g. sm_90)");
    if (Digits.back() == 'a' || Digits.back() == 'f')
      Digits = Digits.drop_back();
    if (Digits.getAsInteger(10, N) || N < 10)
      return scalarError("invalid arch '" + S.str() + "' (expected sm_XY, e.g. sm_90)");
    return "";
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<GpuName> {
  static void output(const GpuName &V, void *, raw_ostream &OS) { OS << V.Name; }
  static StringRef input(StringRef S, void *, GpuName &V) {
    Expected<const cudalint::GpuProduct &> P = cudalint::lookupGpuProduct(S);
    if (!P)
      return scalarError(toString(P.takeError()));
    V.Name = P->Name;
    return "";
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::Single; }
};

template <> struct ScalarTraits<Arg> {
  static void output(const Arg &V, void *, raw_ostream &OS) { OS << V.Text; }
  static StringRef input(StringRef S, void *, Arg &V) {
    V.Text = S.str();
    return "";
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::Single; }
};

template <> struct ScalarTraits<Threshold> {
  static void output(const Threshold &V, void *, raw_ostream &OS) { OS << V.Value; }
  static StringRef input(StringRef S, void *, Threshold &V) {
    StringRef Num = S.trim();
    bool Percent = Num.consume_back("%");
    if (Num.trim().getAsDouble(V.Value))
      return scalarError("invalid occupancy threshold '" + S.str() +
                         "' (expected a fraction such as 0.5, or 50%)");
    if (Percent)
      V.Value /= 100;
    if (!(V.Value > 0 && V.Value <= 1))
      return scalarError("occupancy threshold '" + S.str() +
                         "' is out of range (expected more than 0 and at most 1, or 100%)");
    return "";
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<SeverityEntry> {
  static void output(const SeverityEntry &V, void *, raw_ostream &OS) {
    OS << severityName(V.Level);
  }
  static StringRef input(StringRef S, void *, SeverityEntry &V) {
    if (std::string E = checkRuleGlob(V.Rule); !E.empty())
      return scalarError("severity: " + E);
    std::optional<Severity> Level = parseSeverity(S);
    if (!Level)
      return scalarError("invalid severity '" + S.str() + "' for '" + V.Rule +
                         "' (expected note, warning or error)");
    V.Level = *Level;
    return "";
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct CustomMappingTraits<SeverityMap> {
  static void inputOne(IO &Io, StringRef Key, SeverityMap &M) {
    SeverityEntry E;
    E.Rule = Key.str();
    Io.mapRequired(E.Rule.c_str(), E);
    M.Entries.push_back(std::move(E));
  }
  static void output(IO &Io, SeverityMap &M) {
    for (SeverityEntry &E : M.Entries)
      Io.mapRequired(E.Rule.c_str(), E);
  }
};

template <> struct MappingTraits<RawRules> {
  static void mapping(IO &Io, RawRules &R) {
    Io.mapOptional("enable", R.Enable);
    Io.mapOptional("disable", R.Disable);
    setValidKeys(Io, "enable, disable");
  }
};

template <> struct MappingTraits<RawConfig> {
  static void mapping(IO &Io, RawConfig &C) {
    Io.mapOptional("inherit", C.Inherit);
    Io.mapOptional("rules", C.Rules);
    Io.mapOptional("severity", C.Severities);
    Io.mapOptional("occupancy-threshold", C.OccupancyThreshold);
    Io.mapOptional("archs", C.Archs);
    Io.mapOptional("gpu", C.Gpu);
    Io.mapOptional("include", C.Include);
    Io.mapOptional("exclude", C.Exclude);
    Io.mapOptional("extra-args", C.ExtraArgs);
    setValidKeys(Io, "inherit, rules, severity, occupancy-threshold, archs, gpu, include, "
                     "exclude, extra-args");
  }
};

} // namespace llvm::yaml

namespace cudalint {
namespace {

std::vector<std::string> matchingRules(const std::vector<RuleGlob> &Globs) {
  std::vector<std::string> Out;
  for (const RuleGlob &G : Globs)
    append_range(Out, rulesMatching(G.Text));
  return Out;
}

/// Include-path flags whose relative value is made relative to the config's
/// directory rather than to wherever the compile runs.
bool takesPath(StringRef Flag) {
  return is_contained({"-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros"}, Flag);
}

std::string absoluteFrom(StringRef Base, StringRef Path) {
  if (Path.empty() || sys::path::is_absolute(Path))
    return Path.str();
  SmallString<256> P(Base);
  sys::path::append(P, Path);
  sys::path::remove_dots(P, true);
  return std::string(P);
}

std::vector<std::string> absoluteArgs(const std::vector<Arg> &Args, StringRef Base) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I].Text;
    if (takesPath(A) && I + 1 < Args.size()) {
      Out.push_back(A.str());
      Out.push_back(absoluteFrom(Base, Args[++I].Text));
      continue;
    }
    if (A.starts_with("-I") && A.size() > 2) {
      Out.push_back("-I" + absoluteFrom(Base, A.drop_front(2)));
      continue;
    }
    Out.push_back(A.str());
  }
  return Out;
}

std::string quoted(StringRef S) {
  // Single quotes keep everything but line breaks (folded to spaces on reading
  // back); a value with control characters is double-quoted, with escapes.
  if (none_of(S, [](char C) { return static_cast<unsigned char>(C) < 0x20 || C == 0x7f; })) {
    std::string Out = "'";
    for (char C : S)
      Out += C == '\'' ? std::string("''") : std::string(1, C);
    return Out + "'";
  }
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += std::string("\\") + C;
    else if (C == '\n')
      Out += "\\n";
    else if (C == '\t')
      Out += "\\t";
    else if (C == '\r')
      Out += "\\r";
    else if (static_cast<unsigned char>(C) < 0x20 || C == 0x7f)
      Out += "\\x" + utohexstr(static_cast<unsigned char>(C), /*LowerCase=*/true, 2);
    else
      Out += C;
  }
  return Out + "\"";
}

bool underOrEqual(StringRef File, StringRef Dir, StringRef &Rel) {
  Rel = File;
  if (!Rel.consume_front(Dir))
    return false;
  if (Rel.empty() || Dir.ends_with("/"))
    return true;
  return Rel.consume_front("/");
}

} // namespace

bool matchesPattern(const PathPattern &P, StringRef File) {
  StringRef Pat = P.Pattern;
  bool DirOnly = Pat.size() > 1 && Pat.consume_back("/");
  Expected<GlobPattern> G = GlobPattern::create(Pat);
  if (!G) {
    consumeError(G.takeError());
    return false;
  }
  StringRef Subject = File;
  if (!Pat.starts_with("/")) {
    StringRef Rel;
    if (underOrEqual(File, P.BaseDir, Rel))
      Subject = Rel;
  }
  SmallVector<StringRef, 8> Parts;
  Subject.split(Parts, '/', -1, /*KeepEmpty=*/false);
  if (Pat.find('/') == StringRef::npos) {
    // A bare name: any component (only directories with a trailing '/').
    for (size_t I = 0; I < Parts.size(); ++I)
      if ((!DirOnly || I + 1 < Parts.size()) && G->match(Parts[I]))
        return true;
    return false;
  }
  // A path: the whole subject or any leading directory of it.
  std::string Prefix = Subject.starts_with("/") ? "/" : "";
  for (size_t I = 0; I < Parts.size(); ++I) {
    Prefix += Parts[I];
    if ((!DirOnly || I + 1 < Parts.size()) && G->match(Prefix))
      return true;
    Prefix += "/";
  }
  return false;
}

Config Config::defaults() {
  Config C;
  for (const RuleInfo &R : allRules())
    C.EnabledRules.insert(R.Id);
  return C;
}

bool Config::excludes(StringRef File) const {
  return any_of(Exclude, [&](const PathPattern &P) { return matchesPattern(P, File); });
}

bool Config::selects(StringRef File) const {
  if (!Include.empty() &&
      none_of(Include, [&](const PathPattern &P) { return matchesPattern(P, File); }))
    return false;
  return !excludes(File);
}

void Config::dump(raw_ostream &OS, StringRef For) const {
  OS << "# Effective cuda-lint configuration for " << For << "\n";
  if (Sources.empty())
    OS << "# (no " << ConfigFileName << " or " << ConfigFileNameShort
       << " applies: these are the defaults)\n";
  for (const std::string &S : Sources)
    OS << "#   from " << S << "\n";
  // What was configured, not a frozen list: a dump read back with --config
  // still runs the rules a later cuda-lint adds, unless the configuration
  // enabled only a few.
  std::vector<std::string> Disabled;
  for (const RuleInfo &R : allRules())
    if (!ruleEnabled(R.Id))
      Disabled.push_back(R.Id);
  if (Disabled.empty())
    OS << "# rules: all enabled\n";
  else if (EnabledRules.size() >= Disabled.size())
    OS << "rules:\n  disable: [" << join(Disabled, ", ") << "]\n";
  else
    OS << "rules:\n  enable: ["
       << join(std::vector<std::string>(EnabledRules.begin(), EnabledRules.end()), ", ") << "]\n";
  if (Severities.empty())
    OS << "# severity: the rules' defaults\n";
  else
    OS << "severity:\n";
  for (const auto &[Id, Level] : Severities)
    OS << "  " << Id << ": " << severityName(Level) << "\n";
  if (OccupancyThreshold == defaults().OccupancyThreshold)
    OS << "# occupancy-threshold: " << format("%g", OccupancyThreshold) << " (the default)\n";
  else
    OS << "occupancy-threshold: " << format("%g", OccupancyThreshold) << "\n";
  if (Archs.empty())
    OS << "# archs: those of the compile commands\n";
  else
    OS << "archs: [" << join(Archs, ", ") << "]\n";
  if (Gpu.empty())
    OS << "# gpu: the compiled archs' product with the fewest SMs (cuda-lint --list-gpus)\n";
  else
    OS << "gpu: '" << Gpu << "'\n";
  auto Patterns = [&](const char *Key, const std::vector<PathPattern> &Ps) {
    if (Ps.empty())
      return;
    OS << Key << ": [";
    ListSeparator PSep(", ");
    for (const PathPattern &P : Ps) {
      // Relative patterns are rooted at their own file's directory; written
      // out absolute so the dump means the same wherever it is read.
      bool Relative = !StringRef(P.Pattern).starts_with("/") &&
                      StringRef(P.Pattern).drop_back().contains('/');
      OS << PSep << quoted(Relative ? P.BaseDir + "/" + P.Pattern : P.Pattern);
    }
    OS << "]\n";
  };
  Patterns("include", Include);
  Patterns("exclude", Exclude);
  if (ExtraArgs.empty())
    return;
  OS << "extra-args: [";
  ListSeparator ASep(", ");
  for (const std::string &A : ExtraArgs)
    OS << ASep << quoted(A);
  OS << "]\n";
}

namespace {

/// A configuration is a few lines; these bounds keep a hostile one (found up
/// the tree from a pull request's files) from exhausting memory or the stack:
/// llvm::yaml recurses once per nesting level.
constexpr uint64_t MaxConfigBytes = 1 << 20;
constexpr unsigned MaxConfigDepth = 64;

/// The nesting depth of the YAML in \p Text, walked with an explicit stack
/// (yaml::Stream parses lazily, so nothing here recurses), counting at most to
/// \p Limit + 1. Syntax errors end the walk: yaml::Input reports them.
unsigned yamlDepth(StringRef Text, unsigned Limit) {
  SourceMgr SM;
  SM.setDiagHandler([](const SMDiagnostic &, void *) {});
  yaml::Stream Stream(Text, SM);
  struct Frame {
    yaml::Node *N;
    bool Started = false;
    bool ChildPending = false; // the current child was pushed; step past it on return
    unsigned KeyValueStep = 0;
    yaml::SequenceNode::iterator Seq;
    yaml::MappingNode::iterator Map;
  };
  unsigned Deepest = 0;
  for (yaml::Document &Doc : Stream) {
    std::vector<Frame> Stack;
    if (yaml::Node *Root = Doc.getRoot())
      Stack.push_back({Root});
    while (!Stack.empty() && !Stream.failed()) {
      Deepest = std::max<unsigned>(Deepest, Stack.size());
      if (Deepest > Limit)
        return Deepest;
      Frame &F = Stack.back();
      yaml::Node *Child = nullptr;
      if (auto *Seq = dyn_cast<yaml::SequenceNode>(F.N)) {
        if (!F.Started) {
          F.Started = true;
          F.Seq = Seq->begin();
        } else if (F.ChildPending) {
          ++F.Seq;
        }
        F.ChildPending = F.Seq != Seq->end();
        if (F.ChildPending)
          Child = &*F.Seq;
      } else if (auto *Map = dyn_cast<yaml::MappingNode>(F.N)) {
        if (!F.Started) {
          F.Started = true;
          F.Map = Map->begin();
        } else if (F.ChildPending) {
          ++F.Map;
        }
        F.ChildPending = F.Map != Map->end();
        if (F.ChildPending)
          Child = &*F.Map;
      } else if (auto *KV = dyn_cast<yaml::KeyValueNode>(F.N)) {
        // The key must be read before the value.
        if (F.KeyValueStep == 0)
          Child = KV->getKey();
        else if (F.KeyValueStep == 1)
          Child = KV->getValue();
        ++F.KeyValueStep;
        if (F.KeyValueStep > 2)
          Child = nullptr;
        else if (!Child) // a missing key or value: go on to the other
          continue;
      }
      if (Child)
        Stack.push_back({Child});
      else
        Stack.pop_back();
    }
    if (Stream.failed())
      break;
  }
  return Deepest;
}

} // namespace

/// An error is one line: a key or value spanning lines (a multi-line plain
/// scalar) has its line breaks and other control characters escaped.
static std::string oneLine(StringRef Message) {
  std::string Out;
  for (char C : Message) {
    if (C == '\n')
      Out += "\\n";
    else if (C == '\r')
      Out += "\\r";
    else if (C == '\t')
      Out += "\\t";
    else if (static_cast<unsigned char>(C) < 0x20 || C == 0x7f)
      Out += "\\x" + utohexstr(static_cast<unsigned char>(C), /*LowerCase=*/true, 2);
    else
      Out += C;
  }
  return Out;
}

Expected<Config> parseConfig(StringRef Text, StringRef FileName,
                             function_ref<Expected<const Config &>()> Parent) {
  if (Text.size() > MaxConfigBytes)
    return createStringError(FileName + ": the configuration is larger than the " +
                             formatByteSize(MaxConfigBytes) + " allowed");
  // YAML is Unicode; a stray byte would not survive --dump-config either.
  const auto *Begin = reinterpret_cast<const UTF8 *>(Text.data());
  const UTF8 *Stop = Begin;
  if (!isLegalUTF8String(&Stop, Begin + Text.size())) {
    StringRef Before = Text.take_front(Stop - Begin);
    size_t LineStart = Before.rfind('\n') + 1; // npos + 1 == 0
    return createStringError(oneLine(FileName) + ":" + Twine(Before.count('\n') + 1) + ":" +
                             Twine(Before.size() - LineStart + 1) +
                             ": not valid UTF-8 (a configuration is YAML, which is Unicode)");
  }
  if (yamlDepth(Text, MaxConfigDepth) > MaxConfigDepth)
    return createStringError(FileName + ": the configuration nests more than " +
                             Twine(MaxConfigDepth) + " levels deep");
  struct Diag {
    std::string First;
    ParseState State;
    StringRef FileName;
  } Diags;
  Diags.FileName = FileName;
  auto Handler = [](const SMDiagnostic &D, void *Ctx) {
    auto &Out = *static_cast<Diag *>(Ctx);
    if (D.getKind() != SourceMgr::DK_Error || !Out.First.empty())
      return;
    // Some of yaml::Input's errors have no location ("<unknown>:0:0").
    if (D.getLineNo() > 0)
      Out.First = (Out.FileName + ":" + Twine(D.getLineNo()) + ":" + Twine(D.getColumnNo() + 1) +
                   ": " + D.getMessage())
                      .str();
    else
      Out.First = (Out.FileName + ": " + D.getMessage()).str();
    if (D.getMessage().starts_with("unknown key"))
      Out.First += std::string(" (valid keys: ") + Out.State.ValidKeys + ")";
    else if (D.getMessage() == "invalid boolean")
      Out.First += " (expected true or false)";
    else if (D.getMessage() == "not a sequence")
      Out.First += " (expected a list, e.g. [a, b])";
    else if (D.getMessage() == "not a mapping")
      Out.First += " (expected key: value pairs)";
  };
  RawConfig Raw;
  std::string &FirstError = Diags.First;
  {
    yaml::Input In(MemoryBufferRef(Text, FileName), &Diags.State, Handler, &Diags);
    In >> Raw; // an empty file (or only comments) is an empty configuration
    if (In.error() || !FirstError.empty())
      return createStringError(FirstError.empty() ? FileName.str() + ": invalid configuration"
                                                  : oneLine(FirstError));
  }

  Config C;
  if (Raw.Inherit) {
    Expected<const Config &> P = Parent();
    if (!P)
      return P.takeError();
    C = *P;
  } else {
    C = Config::defaults();
  }
  C.Sources.push_back(FileName.str());
  std::string Base = sys::path::parent_path(FileName).str();

  if (Raw.Rules) {
    if (Raw.Rules->Enable) {
      std::vector<std::string> On = matchingRules(*Raw.Rules->Enable);
      if (!Raw.Inherit)
        C.EnabledRules.clear();
      C.EnabledRules.insert(On.begin(), On.end());
    }
    if (Raw.Rules->Disable)
      for (const std::string &Off : matchingRules(*Raw.Rules->Disable))
        C.EnabledRules.erase(Off);
  }
  if (Raw.Severities)
    for (const SeverityEntry &E : Raw.Severities->Entries)
      for (const std::string &Id : matchingRules({RuleGlob{E.Rule}}))
        C.Severities[Id] = E.Level;
  if (Raw.OccupancyThreshold)
    C.OccupancyThreshold = Raw.OccupancyThreshold->Value;
  if (Raw.Archs) {
    C.Archs.clear();
    for (const Arch &A : *Raw.Archs)
      if (!is_contained(C.Archs, A.Name))
        C.Archs.push_back(A.Name);
  }
  if (Raw.Gpu)
    C.Gpu = Raw.Gpu->Name;
  auto AddPatterns = [&](std::vector<PathPattern> &To,
                         const std::optional<std::vector<PathGlob>> &From) {
    if (From)
      for (const PathGlob &G : *From)
        To.push_back({G.Text, Base});
  };
  AddPatterns(C.Include, Raw.Include);
  AddPatterns(C.Exclude, Raw.Exclude);
  C.DroppedExtraArgs.clear(); // this file's own, not its parent's
  if (Raw.ExtraArgs) {
    FilteredArgs Args = filterTreeArgs(absoluteArgs(*Raw.ExtraArgs, Base));
    append_range(C.ExtraArgs, Args.Kept);
    C.DroppedExtraArgs = std::move(Args.Dropped);
  }
  return C;
}

Error ConfigLoader::useFile(StringRef File) {
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  if (!sys::fs::is_regular_file(Abs))
    return createStringError("--config '" + File.str() + "': no such file");
  Explicit = std::string(Abs);
  if (Expected<const Config &> C = loadFile(*Explicit); !C)
    return C.takeError();
  return Error::success();
}

Expected<const Config &> ConfigLoader::loadFile(const std::string &Path) {
  if (auto It = Loaded.find(Path); It != Loaded.end())
    return *It->second;
  Expected<std::string> Buf = readFileBounded(Path, MaxConfigBytes);
  if (!Buf)
    return createStringError(Path + ": cannot read: " + toString(Buf.takeError()));
  auto ParentConfig = [&]() -> Expected<const Config &> {
    StringRef Dir = sys::path::parent_path(Path);
    StringRef Up = sys::path::parent_path(Dir);
    if (Up.empty() || Up == Dir)
      return Defaults;
    return configForDirectory(Up);
  };
  Expected<Config> C = parseConfig(*Buf, Path, ParentConfig);
  if (!C)
    return C.takeError();
  auto &Slot = Loaded[Path];
  Slot = std::make_unique<Config>(std::move(*C));
  return *Slot;
}

Expected<const Config &> ConfigLoader::configForDirectory(StringRef Dir) {
  if (Explicit)
    return loadFile(*Explicit);
  // Walk up to the first directory whose config file is known or exists.
  std::vector<std::string> Visited;
  std::string Found;
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D)) {
    if (auto It = DirToFile.find(D); It != DirToFile.end()) {
      Found = It->second;
      break;
    }
    Visited.push_back(D.str());
    SmallString<256> Yaml(D), Yml(D);
    sys::path::append(Yaml, ConfigFileName);
    sys::path::append(Yml, ConfigFileNameShort);
    bool HasYaml = sys::fs::is_regular_file(Yaml), HasYml = sys::fs::is_regular_file(Yml);
    if (HasYaml && HasYml)
      return createStringError("both '" + Yaml + "' and '" + Yml +
                               "' exist; keep one of them (they would disagree)");
    if (HasYaml || HasYml) {
      Found = std::string(HasYaml ? Yaml : Yml);
      break;
    }
    if (sys::path::parent_path(D) == D)
      break;
  }
  for (const std::string &V : Visited)
    DirToFile[V] = Found;
  if (Found.empty())
    return Defaults;
  return loadFile(Found);
}

std::vector<std::pair<std::string, const Config *>> ConfigLoader::loaded() const {
  std::vector<std::pair<std::string, const Config *>> Out;
  for (const auto &[Path, C] : Loaded)
    Out.emplace_back(Path, C.get());
  return Out;
}

Expected<const Config &> ConfigLoader::configFor(StringRef File) {
  return configForDirectory(sys::path::parent_path(File));
}

} // namespace cudalint
