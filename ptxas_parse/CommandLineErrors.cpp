//===- CommandLineErrors.cpp - LLVM option-parser errors as one clear line -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ptxas_parse/CommandLineErrors.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstring>
#include <unistd.h>

using namespace llvm;

namespace cudalint {
namespace {

/// "--name" for a long option, "-p" for a one-letter one, as --help shows them.
std::string spelled(StringRef Name) { return (Name.size() == 1 ? "-" : "--") + Name.str(); }

/// X of the first "'X'" in \p S.
StringRef quoted(StringRef S) {
  size_t Open = S.find('\'');
  if (Open == StringRef::npos)
    return "";
  size_t Close = S.find('\'', Open + 1);
  return Close == StringRef::npos ? S.substr(Open + 1) : S.slice(Open + 1, Close);
}

} // namespace

std::string rewriteParseError(StringRef LlvmText, const ParseErrorContext &Ctx) {
  SmallVector<StringRef, 8> Lines;
  LlvmText.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    // An unknown option: LLVM first tries it as a group of one-letter options ("-o" of
    // "--output-formt") and complains about that; the unknown option is what matters.
    size_t Unknown = Line.find("Unknown command line argument '");
    if (Unknown != StringRef::npos) {
      StringRef Arg = quoted(Line.substr(Unknown));
      StringRef Name = Arg.ltrim('-').split('=').first;
      std::string Hint = Ctx.Suggest ? Ctx.Suggest(spelled(Name)) : "";
      if (Hint.empty() && Ctx.Suggest && Name.size() > 1 && Arg.starts_with("-") &&
          !Arg.starts_with("--"))
        Hint = Ctx.Suggest("--" + Name.str()); // -format for --format
      return "unknown option '" + Arg.str() + "'" + Hint + " (see " + Ctx.Help + ")";
    }
  }
  for (StringRef Line : Lines) {
    size_t For = Line.find("for the ");
    if (For == StringRef::npos || Line.contains("may not occur within a group"))
      continue;
    StringRef Rest = Line.substr(For + strlen("for the "));
    auto [Option, Message] = Rest.split(" option: ");
    StringRef Name = Option.ltrim('-');
    std::string Spelled = spelled(Name);
    Message = Message.trim();
    if (Message.starts_with("Cannot find option named '")) {
      std::string Values = Ctx.Values ? Ctx.Values(Name) : "";
      return Spelled + ": invalid value '" + quoted(Message).str() + "'" +
             (Values.empty() ? "" : " (expected one of: " + Values + ")");
    }
    if (Message.contains("is invalid value for boolean argument"))
      return Spelled + ": invalid value '" + quoted(Message).str() +
             "' (it is a switch: give it alone, or =true / =false)";
    if (Message.contains("value invalid for uint argument") ||
        Message.contains("value invalid for integer argument"))
      return Spelled + ": invalid value '" + quoted(Message).str() + "' (expected a whole number)";
    if (Message.contains("value invalid for floating point argument"))
      return Spelled + ": invalid value '" + quoted(Message).str() + "' (expected a number)";
    if (Message.starts_with("requires a value"))
      return Spelled + " needs a value";
    if (Message.starts_with("does not allow a value"))
      return Spelled + " takes no value";
    if (Message.starts_with("may only occur zero or one times"))
      return Spelled + " was given more than once";
    return Spelled + ": " + Message.rtrim("!").str();
  }
  // Anything else LLVM says, on its first line, without the program's path.
  StringRef First = Lines.empty() ? "" : Lines.front();
  if (size_t Colon = First.find(": "); Colon != StringRef::npos && First.take_front(Colon).contains('/'))
    First = First.substr(Colon + 2);
  First = First.split("  Try: ").first.rtrim();
  return First.empty() ? std::string("invalid command line") : First.str();
}

std::optional<std::string> parseCommandLine(ArrayRef<const char *> Args, StringRef Overview,
                                            const ParseErrorContext &Ctx) {
  // LLVM prints option errors to stderr itself: they go to a temporary file meanwhile.
  std::fflush(stderr);
  errs().flush();
  FILE *Held = std::tmpfile();
  int Saved = Held ? ::dup(2) : -1;
  if (Saved >= 0)
    ::dup2(::fileno(Held), 2);
  std::string Errors;
  raw_string_ostream ErrStream(Errors);
  bool Ok = cl::ParseCommandLineOptions(Args.size(), Args.data(), Overview, &ErrStream);
  errs().flush();
  std::fflush(stderr);
  if (Saved >= 0) {
    ::dup2(Saved, 2);
    ::close(Saved);
    std::rewind(Held);
    char Buf[4096];
    size_t N;
    std::string Printed;
    while ((N = std::fread(Buf, 1, sizeof Buf, Held)) > 0)
      Printed.append(Buf, N);
    Errors = Printed + Errors;
  }
  if (Held)
    std::fclose(Held);
  if (Ok) {
    errs() << Errors; // nothing, unless LLVM warned about something that parsed
    return std::nullopt;
  }
  return rewriteParseError(Errors, Ctx);
}

} // namespace cudalint
