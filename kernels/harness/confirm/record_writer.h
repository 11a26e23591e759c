// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Thread-safe writer of the JSON-lines record file of the cuda-lint confirm injection library.
// Lines are buffered in memory and appended to the file (O_APPEND, so several processes of one
// program can share it) when the buffer fills and at close.
#pragma once

#include <mutex>
#include <string>

namespace cuda_lint_confirm {

class RecordWriter {
public:
  // Opens `path` for appending; returns false (and stays closed) if it cannot.
  bool open(const char *path);
  // Appends one complete JSON object as a line; dropped silently once closed.
  void writeLine(const std::string &json);
  // Writes what is buffered and closes the file; later lines are dropped.
  void close();

private:
  void flushLocked();
  std::mutex mutex_;
  std::string buffer_;
  int fd_ = -1;
};

// `{"type": "<type>", "pid": <pid>`: the start of every record, so that the records of a program's
// several processes can share one file and still be joined per process.
std::string recordStart(const char *type);

// `s` as a JSON string literal, quotes included; a null pointer gives `null`.
std::string jsonString(const char *s);

// The demangled form of an Itanium-mangled name, or the name itself when it is not mangled.
std::string demangle(const char *name);

} // namespace cuda_lint_confirm
