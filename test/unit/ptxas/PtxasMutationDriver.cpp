//===- PtxasMutationDriver.cpp - Deterministic fuzzing without libFuzzer --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Runs LLVMFuzzerTestOneInput over the seed files, every 7-byte truncation of them, and then
// seeded random mutations (byte flips, insertions of report punctuation, line deletions,
// duplications and swaps, number rewrites, splices of two seeds) until --iterations or
// --max-seconds is reached. Built with AddressSanitizer and UBSan; a crash fails the test.
//
// usage: cudalint_ptxas_mutation_fuzz [--max-seconds=N] [--iterations=N] [--seed=N] DIR...
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);

namespace {

void run(const std::string &Input) {
  // A copy in its own allocation, so that AddressSanitizer sees reads past the end.
  std::vector<uint8_t> Bytes(Input.begin(), Input.end());
  LLVMFuzzerTestOneInput(Bytes.data(), Bytes.size());
}

std::vector<std::string> loadSeeds(const std::vector<std::string> &Dirs) {
  std::vector<std::string> Seeds;
  for (const std::string &Dir : Dirs) {
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC)) {
      auto Buffer = llvm::MemoryBuffer::getFile(It->path());
      if (Buffer)
        Seeds.push_back((*Buffer)->getBuffer().str());
    }
  }
  return Seeds;
}

class Mutator {
public:
  explicit Mutator(uint64_t Seed) : Rng(Seed) {}

  std::string mutate(const std::vector<std::string> &Seeds) {
    std::string S = Seeds[below(Seeds.size())];
    unsigned Count = 1 + unsigned(below(4));
    for (unsigned I = 0; I < Count; ++I)
      apply(S, Seeds);
    return S;
  }

private:
  uint64_t below(uint64_t N) { return N ? Rng() % N : 0; }

  static constexpr const char *Tokens[] = {"\n",
                                           "\0",
                                           "'",
                                           ":",
                                           ",",
                                           "[",
                                           "]",
                                           " ",
                                           "0",
                                           "9",
                                           "99999999999999999999",
                                           "+",
                                           "=",
                                           "ptxas info    : ",
                                           "Used ",
                                           " registers",
                                           " bytes smem",
                                           " bytes cmem[",
                                           " for 'sm_",
                                           "Compiling entry function '",
                                           "Function properties for ",
                                           " bytes stack frame, ",
                                           "nvlink info    : ",
                                           "Resource usage:\n",
                                           " Function ",
                                           "  REG:",
                                           "\xff",
                                           "\x1b[31m"};

  void apply(std::string &S, const std::vector<std::string> &Seeds) {
    size_t Pos = below(S.size() + 1);
    switch (below(9)) {
    case 0: // flip a byte
      if (!S.empty())
        S[below(S.size())] ^= char(1u << below(8));
      break;
    case 1: { // insert a token
      const char *T = Tokens[below(std::size(Tokens))];
      S.insert(Pos, T[0] ? std::string(T) : std::string(1, '\0'));
      break;
    }
    case 2: // delete a range
      S.erase(Pos, below(64));
      break;
    case 3: // truncate
      S.resize(Pos);
      break;
    case 4:   // duplicate a line
    case 5: { // delete a line
      size_t Start = S.rfind('\n', Pos ? Pos - 1 : 0);
      Start = Start == std::string::npos ? 0 : Start + 1;
      size_t End = S.find('\n', Pos);
      End = End == std::string::npos ? S.size() : End + 1;
      std::string Line = S.substr(Start, End - Start);
      if (below(2))
        S.insert(Start, Line);
      else
        S.erase(Start, End - Start);
      break;
    }
    case 6: { // rewrite a number
      size_t D = S.find_first_of("0123456789", Pos);
      if (D != std::string::npos) {
        size_t E = S.find_first_not_of("0123456789", D);
        const char *Repl[] = {"", "0", "4294967296", "18446744073709551616", "-1", "1e9"};
        S.replace(D, (E == std::string::npos ? S.size() : E) - D, Repl[below(std::size(Repl))]);
      }
      break;
    }
    case 7: { // splice another seed
      const std::string &Other = Seeds[below(Seeds.size())];
      size_t From = below(Other.size() + 1);
      S.insert(Pos, Other.substr(From, below(512)));
      break;
    }
    default: // random bytes
      for (unsigned I = 0, N = unsigned(1 + below(8)); I < N; ++I)
        S.insert(S.begin() + Pos, char(below(256)));
      break;
    }
  }

  std::mt19937_64 Rng;
};

} // namespace

int main(int argc, char **argv) {
  double MaxSeconds = 20;
  uint64_t Iterations = 100000, Seed = 1;
  std::vector<std::string> Dirs;
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef A(argv[I]);
    if (A.consume_front("--max-seconds="))
      A.getAsDouble(MaxSeconds);
    else if (A.consume_front("--iterations="))
      A.getAsInteger(10, Iterations);
    else if (A.consume_front("--seed="))
      A.getAsInteger(10, Seed);
    else
      Dirs.push_back(A.str());
  }
  std::vector<std::string> Seeds = loadSeeds(Dirs);
  if (Seeds.empty()) {
    llvm::errs() << "no seed files in the given folders\n";
    return 2;
  }
  auto Start = std::chrono::steady_clock::now();
  auto Elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  };
  uint64_t Runs = 0;
  for (const std::string &S : Seeds) {
    run(S);
    for (size_t Cut = 0; Cut < S.size(); Cut += 7, ++Runs)
      run(S.substr(0, Cut));
  }
  Mutator M(Seed);
  uint64_t Mutated = 0;
  for (; Mutated < Iterations && Elapsed() < MaxSeconds; ++Mutated)
    run(M.mutate(Seeds));
  llvm::outs() << "ran " << Seeds.size() << " seeds, " << Runs << " truncations and " << Mutated
               << " mutated inputs in " << llvm::format("%.1f", Elapsed()) << " s\n";
  return 0;
}
