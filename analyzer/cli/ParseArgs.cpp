//===- ParseArgs.cpp - cuda-lint's command line, with its own error messages ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/cli/ParseArgs.h"
#include "analyzer/cli/Options.h"
#include "analyzer/support/Suggest.h"
#include "ptxas_parse/CommandLineErrors.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace cudalint::cli {
namespace {

/// The options --help shows, spelled as on a command line.
std::vector<std::string> visibleOptions() {
  std::vector<std::string> Out = {"--help", "--version"};
  for (const auto &Entry : cl::getRegisteredOptions()) {
    cl::Option *O = Entry.second;
    if (O->getOptionHiddenFlag() != cl::NotHidden || Entry.first.empty())
      continue;
    Out.push_back((Entry.first.size() == 1 ? "-" : "--") + Entry.first.str());
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

/// The values an option of enumerated values takes ("text, concise, json, ..."), or "".
std::string valuesOf(StringRef Name) {
  auto Values = [](const cl::generic_parser_base &P) {
    std::vector<std::string> Out;
    for (unsigned I = 0, N = P.getNumOptions(); I < N; ++I)
      Out.push_back(P.getOption(I).str());
    return join(Out, ", ");
  };
  if (Name == "format" || Name == "output-format")
    return Values(OutputFormat.getParser());
  if (Name == "fail-on")
    return Values(FailOn.getParser());
  if (Name == "color" && Color)
    return Values(Color->getParser());
  return "";
}

ParseErrorContext context() {
  ParseErrorContext Ctx;
  Ctx.Suggest = [](StringRef Typed) { return didYouMean(Typed, visibleOptions()); };
  Ctx.Values = valuesOf;
  return Ctx;
}

} // namespace

std::string rewriteParseError(StringRef LlvmText) {
  return cudalint::rewriteParseError(LlvmText, context());
}

std::optional<std::string> parseArguments(ArrayRef<const char *> Args, StringRef Overview) {
  return parseCommandLine(Args, Overview, context());
}

} // namespace cudalint::cli
