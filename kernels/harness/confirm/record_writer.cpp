// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Implementation of the JSON-lines record writer (see record_writer.h).
#include "record_writer.h"

#include <cxxabi.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace cuda_lint_confirm {

namespace {
constexpr size_t kFlushThreshold = 1 << 20;
}

bool RecordWriter::open(const char *path) {
  std::lock_guard<std::mutex> lock(mutex_);
  fd_ = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  return fd_ >= 0;
}

void RecordWriter::writeLine(const std::string &json) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (fd_ < 0)
    return;
  buffer_ += json;
  buffer_ += '\n';
  if (buffer_.size() >= kFlushThreshold)
    flushLocked();
}

void RecordWriter::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (fd_ < 0)
    return;
  flushLocked();
  ::close(fd_);
  fd_ = -1;
}

void RecordWriter::flushLocked() {
  const char *p = buffer_.data();
  size_t left = buffer_.size();
  while (left > 0) {
    ssize_t n = ::write(fd_, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    p += n;
    left -= static_cast<size_t>(n);
  }
  buffer_.clear();
}

std::string recordStart(const char *type) {
  return std::string("{\"type\": \"") + type + "\", \"pid\": " + std::to_string(getpid());
}

std::string jsonString(const char *s) {
  if (!s)
    return "null";
  std::string out = "\"";
  for (const unsigned char *c = reinterpret_cast<const unsigned char *>(s); *c; ++c) {
    switch (*c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (*c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", *c);
        out += buf;
      } else {
        out += static_cast<char>(*c);
      }
    }
  }
  out += '"';
  return out;
}

std::string demangle(const char *name) {
  if (!name)
    return std::string();
  int status = 0;
  char *d = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  if (status != 0 || !d)
    return name;
  std::string out = d;
  std::free(d);
  return out;
}

} // namespace cuda_lint_confirm
