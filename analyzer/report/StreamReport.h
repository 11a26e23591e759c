//===- StreamReport.h - Findings printed as their files are analysed ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Text, concise and GitHub reports print each translation unit's findings as soon as it is
// analysed (in the plan's order, whatever the number of jobs), as clang-tidy and ruff do;
// the end of the run prints the findings that only the whole program gives (and those of
// TUs that were not final), then the summary. --sort keeps everything to the end, in the
// order of the whole report. JSON and SARIF are documents, printed whole at the end.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_REPORT_STREAMREPORT_H
#define CUDALINT_ANALYZER_REPORT_STREAMREPORT_H

#include "analyzer/report/Report.h"
#include "analyzer/run/Runner.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace cudalint {

class FindingStream {
public:
  enum class Kind { Text, Github };
  /// \p Filter applies to a TU's findings what the end of the run applies to every finding
  /// (the configurations, NOLINT); what it leaves is printed.
  FindingStream(llvm::raw_ostream &OS, Kind K, TextOptions Text, CiReportOptions Ci,
                std::function<void(std::vector<Finding> &)> Filter);

  /// Prints the findings of \p R not printed yet (RunOptions::OnResult).
  void add(const TUResult &R);
  /// Whether \p F was printed (the end of the run leaves it out).
  bool printed(const Finding &F) const;

private:
  using Key = std::tuple<std::string, unsigned, unsigned, std::string, std::string>;
  static Key keyOf(const Finding &F);

  llvm::raw_ostream &OS;
  Kind K;
  TextOptions Text;
  CiReportOptions Ci;
  std::function<void(std::vector<Finding> &)> Filter;
  std::set<Key> Printed;
};

} // namespace cudalint

#endif
